//! A tournament from the terminal: an organizer makes a round robin with
//! a computer player (`lodestone tournament --create`, `--add-bot`); Ann
//! enters it in tmux with `--join --play`, which waits for her game; the
//! organizer starts it; Ann's terminal opens the game's room in `lodestone
//! play` and she plays it to the end; then the tournament shows it over,
//! in English (the lines docs/tournaments.md shows), in French
//! (`LANG=fr_FR.UTF-8`) and as JSON (`--json`, what programs read).

use std::path::Path;
use std::process::Command;

use super::{Tmux, enter_to_the_end, fresh, result};

/// The environment of a terminal in `lang` (`C`: English), whatever the
/// test's own.
fn language(lang: &str) -> [(&'static str, String); 3] {
    [
        ("LC_ALL", String::new()),
        ("LC_MESSAGES", String::new()),
        ("LANG", lang.to_string()),
    ]
}

/// Runs `lodestone ARGS…` in English to its end; returns its output (it
/// must succeed).
fn lodestone(args: &[&str]) -> String {
    lodestone_in("C", args)
}

/// Runs `lodestone ARGS…` with `LANG=lang` to its end; returns its
/// output (it must succeed).
fn lodestone_in(lang: &str, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(args)
        .envs(language(lang))
        .output()
        .expect("lodestone runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "lodestone {args:?} failed: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

pub fn joined_and_played() {
    let (dir, server, ann) = fresh("tournament");
    let url = server.url();
    let org = dir.join("org.json");
    let created = lodestone(&[
        "tournament",
        &url,
        "--create",
        "Terminal cup",
        "--format",
        "round-robin",
        "--bots",
        "--identity",
        path(&org),
        "--name",
        "Org",
    ]);
    let id = created
        .lines()
        .find_map(|l| l.strip_prefix("tournament "))
        .expect("the new tournament's id")
        .to_string();
    lodestone(&[
        "tournament",
        &url,
        &id,
        "--add-bot",
        "greedy",
        "--identity",
        path(&org),
    ]);
    let listed = lodestone(&["tournament", &url, "--identity", path(&org)]);
    assert!(
        listed.contains(&format!("{id} upcoming round-robin magneton 1 Terminal cup")),
        "{listed}"
    );
    // Programs read --json: the same in every language.
    let json = lodestone_in(
        "fr_FR.UTF-8",
        &["tournament", &url, "--json", "--identity", path(&org)],
    );
    let listed: serde_json::Value = serde_json::from_str(json.trim()).expect("one line of JSON");
    assert_eq!(listed["type"], "tournaments", "{json}");
    assert_eq!(listed["tournaments"][0]["id"], id.as_str(), "{json}");
    assert_eq!(listed["tournaments"][0]["status"], "upcoming", "{json}");
    let english: Vec<String> = language("C")
        .into_iter()
        .flat_map(|(k, v)| ["-e".to_string(), format!("{k}={v}")])
        .collect();
    let tmux = Tmux::start_with(
        "tournament",
        (100, 30),
        "tournament",
        &[
            &url,
            &id,
            "--join",
            "--play",
            "--identity",
            path(&ann),
            "--name",
            "Ann",
        ],
        &dir,
        &english,
    );
    tmux.wait_text("waiting for your game in Terminal cup");
    lodestone(&["tournament", &url, &id, "--start", "--identity", path(&org)]);
    // The play screen opens in the game's room, where Ann plays.
    let screen = enter_to_the_end(&tmux);
    tmux.save("tournament-result-100x30");
    assert!(screen.contains("Ann (you)"), "{screen}");
    assert!(result(&screen).is_some());
    // The tournament is over, with the game's result in its standings.
    let shown = {
        let start = std::time::Instant::now();
        loop {
            let shown = lodestone(&["tournament", &url, &id, "--identity", path(&org)]);
            if shown.contains("Terminal cup: round-robin of magneton, finished") {
                break shown;
            }
            assert!(
                start.elapsed() < super::PATIENCE,
                "the tournament did not finish:\n{shown}"
            );
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
    };
    assert!(
        shown.contains("round 1:") && shown.contains("Ann - Bot 1 (greedy)")
            || shown.contains("Bot 1 (greedy) - Ann"),
        "{shown}"
    );
    assert!(!shown.contains("playing"), "{shown}");
    // The same in French: its words, the names and rooms as they are.
    let french = lodestone_in(
        "fr_FR.UTF-8",
        &["tournament", &url, &id, "--identity", path(&org)],
    );
    for words in [
        "Terminal cup : toutes rondes de magneton, terminé",
        "classement :",
        "ronde 1 :",
        "gagnées",
        "votre partie : aucune",
    ] {
        assert!(french.contains(words), "{words:?} is missing:\n{french}");
    }
    for words in ["round-robin of", "standings:", "won ", "your game"] {
        assert!(!french.contains(words), "{words:?} is still English:\n{french}");
    }
    assert!(french.contains("Bot 1 (greedy)"), "{french}");
    // And as JSON: the server's `tournament`, finished.
    let json = lodestone(&["tournament", &url, &id, "--json", "--identity", path(&org)]);
    let shown: serde_json::Value = serde_json::from_str(json.trim()).expect("one line of JSON");
    assert_eq!(shown["tournament"]["status"], "finished", "{json}");
}
