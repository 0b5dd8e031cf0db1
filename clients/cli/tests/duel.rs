//! `lodestone duel`'s contract, with the real binary and tiny budgets: a
//! header, one line per result kind, `score A: X%` and the Elo line; games
//! reported on standard error, with how each ended in the terminal's
//! language; bad arguments refused with exit code 2.

use std::process::{Command, Output};

fn lodestone(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(args)
        // English whatever the test's own language (the lines per game).
        .env("LC_ALL", "C")
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The number after `prefix` on the line that starts with it.
fn count(out: &str, prefix: &str) -> usize {
    let line = out
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix:?} line in:\n{out}"));
    line[prefix.len()..].trim().parse().unwrap()
}

#[test]
fn a_duel_prints_each_result_kind_the_score_and_the_elo_difference() {
    let args = "duel magneton --a easy --b random --games 4 --iterations 30 --seed 5";
    let o = lodestone(&args.split(' ').collect::<Vec<_>>());
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "duel magneton: A=easy B=random, 4 games, 30 iterations a move"
    );
    let (a, b, d) = (
        count(&out, "A wins:"),
        count(&out, "B wins:"),
        count(&out, "draws:"),
    );
    assert_eq!(a + b + d, 4, "{out}");
    let score = lines.iter().find(|l| l.starts_with("score A: ")).unwrap();
    let expected = 100.0 * (a as f64 + 0.5 * d as f64) / 4.0;
    assert_eq!(*score, format!("score A: {expected:.1}%"));
    let elo = lines.last().unwrap();
    assert!(
        elo.starts_with("elo A-B: ") && elo.contains(" (95%: ") && elo.contains(" to "),
        "{elo}"
    );
    // Every game is reported on standard error as it ends.
    let err = text(&o.stderr);
    for i in 1..=4 {
        assert!(err.contains(&format!("game {i}/4: ")), "{err}");
    }
    // The same seed and budget play the same games.
    let again = lodestone(&args.split(' ').collect::<Vec<_>>());
    assert_eq!(text(&again.stdout), out);
}

/// The reason in brackets of each game's line on standard error (`game
/// 2/4: A wins (…), 31 actions…`), in order.
fn reasons(err: &str) -> Vec<String> {
    err.lines()
        .filter_map(|line| {
            let (_, rest) = line.split_once(" (")?;
            let (reason, _) = rest.split_once("), ")?;
            Some(reason.to_string())
        })
        .collect()
}

/// The rules' reason for a result is said in the terminal's language,
/// with the table's sentences (those of `lodestone play`) and A and B as
/// the sides: the same games, the same seed, English and French.
#[test]
fn a_duel_says_how_each_game_ended_in_the_terminals_language() {
    let args = [
        "duel",
        "magneton",
        "--a",
        "easy",
        "--b",
        "random",
        "--games",
        "4",
        "--iterations",
        "30",
        "--seed",
        "5",
    ];
    let english = lodestone(&args);
    assert!(english.status.success(), "{}", text(&english.stderr));
    let french = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "fr_FR.UTF-8")
        .output()
        .unwrap();
    assert!(french.status.success(), "{}", text(&french.stderr));
    let (said, dit) = (reasons(&text(&english.stderr)), reasons(&text(&french.stderr)));
    assert_eq!(said.len(), 4, "{}", text(&english.stderr));
    let sentences = [
        (
            "{} made four in a row, moved into place by the magnetic effect",
            "{} a aligné quatre pierres, mises en place par l'effet magnétique",
        ),
        (
            "Neither side could move: a draw",
            "Aucun camp ne pouvait jouer : partie nulle",
        ),
        (
            "The same position came back a third time: a draw",
            "La même position est revenue une troisième fois : partie nulle",
        ),
    ];
    for (english, french) in said.iter().zip(&dit) {
        let known = ["A", "B"].iter().find_map(|side| {
            sentences
                .iter()
                .find(|(en, _)| en.replace("{}", side) == *english)
                .map(|(_, fr)| fr.replace("{}", side))
        });
        let known = known.unwrap_or_else(|| panic!("a reason this test does not know: {english:?}"));
        assert_eq!(*french, known, "{english:?}");
    }
}

#[test]
fn a_magma_duel_spreads_the_levels_over_the_teams() {
    let o = lodestone(&[
        "duel",
        "magma",
        "--a",
        "greedy",
        "--b",
        "easy",
        "--games",
        "2",
        "--iterations",
        "20",
        "--option",
        "players=4",
        "--jobs",
        "2",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.starts_with("duel magma (players=4): A=greedy B=easy, 2 games"),
        "{out}"
    );
    assert_eq!(
        count(&out, "A wins:") + count(&out, "B wins:") + count(&out, "draws:"),
        2
    );
}

#[test]
fn bad_duel_arguments_are_usage_errors() {
    for (args, needle) in [
        (
            vec!["duel", "chess", "--a", "easy", "--b", "hard"],
            "unknown game",
        ),
        (
            vec!["duel", "magneton", "--a", "genius", "--b", "hard"],
            "unknown bot level",
        ),
        (
            vec!["duel", "magneton", "--a", "easy", "--b", "hard", "--games", "0"],
            "--games",
        ),
        (
            vec![
                "duel",
                "magma",
                "--a",
                "easy",
                "--b",
                "hard",
                "--option",
                "players=9",
            ],
            "players",
        ),
        (
            vec!["duel", "magneton", "--a", "easy", "--b", "hard", "--think", "0"],
            "--think",
        ),
    ] {
        let o = lodestone(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(text(&o.stderr).contains(needle), "{args:?}: {}", text(&o.stderr));
        assert!(o.stdout.is_empty());
    }
}
