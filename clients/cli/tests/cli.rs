//! The `lodestone` command's contract: help, perft output, `--as` (hiding
//! what a seat may not see), and its errors for bad input.

use std::process::{Command, Output, Stdio};

fn lodestone(args: &[&str]) -> Output {
    lodestone_in("C", args)
}

/// `lodestone ARGS…` in a terminal whose language is `lang` (`C`:
/// English), whatever the test's own.
fn lodestone_in(lang: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(args)
        .env("LC_ALL", "")
        .env("LC_MESSAGES", "")
        .env("LANG", lang)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/records"))
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Runs `lodestone` with `args`, which must succeed; its standard output.
fn succeeds(args: &[&str]) -> String {
    let o = lodestone(args);
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

/// Runs `lodestone` with `args`, which must fail with the exit code `code`
/// and say `says` on its standard error.
fn refused(args: &[&str], code: i32, says: &str) {
    let o = lodestone(args);
    assert_eq!(o.status.code(), Some(code), "{}", stderr(&o));
    assert!(stderr(&o).contains(says), "{}", stderr(&o));
}

#[test]
fn help_documents_replay_and_perft_with_examples() {
    let o = lodestone(&["--help"]);
    assert!(o.status.success());
    let text = stdout(&o);
    for needle in [
        "replay",
        "perft",
        "Examples:",
        "lodestone perft magneton 2",
        "--as black",
    ] {
        assert!(text.contains(needle), "--help lacks {needle:?}:\n{text}");
    }
    // Every file the examples name is there, and replays (run from the
    // repository's root, where the examples are written from).
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    for path in text.split_whitespace().filter(|w| w.starts_with("tests/")) {
        let replayed = Command::new(env!("CARGO_BIN_EXE_lodestone"))
            .args(["replay", path])
            .current_dir(root)
            .output()
            .unwrap();
        assert!(
            replayed.status.success(),
            "--help names {path}: {}",
            stderr(&replayed)
        );
    }
    let text = stdout(&lodestone(&["replay", "--help"]));
    assert!(
        text.contains("result: ongoing") && text.contains("action N"),
        "{text}"
    );
}

/// The help `args` print in language `lang`: it has every one of
/// `present` and not `absent`.
fn help_says(lang: &str, args: &[&str], present: &[&str], absent: &str) -> String {
    let o = lodestone_in(lang, args);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for words in present {
        assert!(text.contains(words), "{args:?} lacks {words:?}:\n{text}");
    }
    assert!(!text.contains(absent), "{absent:?} is still English:\n{text}");
    text
}

#[test]
fn help_is_in_the_terminals_language() {
    let french = [
        "Le client en ligne de commande de Lodestone pour les jeux d'aimants",
        "Exemples :",
        "afficher la position finale et le résultat d'une partie enregistrée",
        "lodestone perft magneton 2",
    ];
    help_says("fr_FR.UTF-8", &["--help"], &french, "command-line client");
    // A command's own help, and its arguments' help.
    let german = [
        "Turniere im Terminal",
        "Die Kennung des Turniers; ohne sie die Liste der Turniere",
        "Mit --create: das Spiel",
        "Beispiele:",
    ];
    let text = help_says(
        "de_DE.UTF-8",
        &["tournament", "--help"],
        &german,
        "The tournament's id",
    );
    // clap's own words stay (docs/translating.md).
    assert!(text.contains("Usage:"), "{text}");
}

#[test]
fn perft_prints_the_count() {
    let o = lodestone(&["perft", "magneton", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "4032\n");
    let o = lodestone(&[
        "perft",
        "MAGNETON",
        "1",
        "--option",
        "move-rule=per-ray",
        "--position",
        "8/W1BB2W1/3W4/8/1B1W4/4B1B1/2W5/6B1 w 0 0",
    ]);
    assert_eq!(stdout(&o), "10\n");
    let o = lodestone(&["perft", "magneton", "1", "--record", "magneton/valid/per-ray.txt"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "13\n"); // black's moves after E4-E7, per ray
    let o = lodestone(&["perft", "magneton", "0"]);
    assert_eq!(stdout(&o), "1\n");
}

#[test]
fn perft_errors_are_explained() {
    refused(&["perft", "chess", "1"], 2, "unknown game \"chess\"");
    refused(
        &["perft", "magneton", "1", "--option", "speed=fast"],
        2,
        "unknown option \"speed\"",
    );
    let o = lodestone(&["perft", "magneton", "1", "--option", "move-rule"]);
    assert!(stderr(&o).contains("not KEY=VALUE"), "{}", stderr(&o));
    let o = lodestone(&["perft", "magneton", "1", "--position", "8/8 w 1 1"]);
    assert!(stderr(&o).contains("expected 8 ranks"), "{}", stderr(&o));
    let o = lodestone(&[
        "perft",
        "magneton",
        "1",
        "--record",
        "magneton/valid/per-ray.txt",
        "--option",
        "move-rule=line",
    ]);
    assert!(stderr(&o).contains("cannot be combined"), "{}", stderr(&o));
    refused(
        &["perft", "magneton", "1", "--record", "no/such/file.txt"],
        1,
        "cannot read no/such/file.txt",
    );
}

#[test]
fn replay_as_a_seat_or_spectator() {
    let full = lodestone(&["replay", "magneton/valid/per-ray.txt"]);
    for viewer in ["white", "Black", "spectator"] {
        let o = lodestone(&["replay", "magneton/valid/per-ray.txt", "--as", viewer]);
        assert!(o.status.success());
        // Magneton hides nothing: every viewer sees the full position.
        assert_eq!(stdout(&o), stdout(&full));
    }
    refused(
        &["replay", "magneton/valid/per-ray.txt", "--as", "red"],
        2,
        "\"red\" is not a seat of magneton (white, black or spectator)",
    );
}

#[test]
fn replay_as_a_magnet_seat_hides_the_opponents_kinds() {
    let record = "magnet/valid/trap-victim-stays-secret.txt";
    let red = "D4:K D5:2^2 E4:T2^2 E9:2^2 E10:3^3 F8:4^4 F10:2^2 x:3 x:3 x:T3 x:4 x:4";
    let blue = "D1:2 D2:T3^2 F3:T2^2 F4:4^4 G2:2^2 G4:2^2 G5:3^3 J5:K x:3 x:4 x:4 t:3";
    let hidden_red = "D4:? D5:?^2 E4:?^2 E9:?^2 E10:?^3 F8:?^4 F10:?^2 x:3 x:3 x:T3 x:4 x:4";
    let hidden_blue = "D1:? D2:?^2 F3:?^2 F4:?^4 G2:?^2 G4:?^2 G5:?^3 J5:? x:3 x:4 x:4 t:?";
    for (viewer, expected) in [
        (None, format!("{red} | {blue} | red")),
        (Some("red"), format!("{red} | {hidden_blue} | red")),
        (Some("BLUE"), format!("{hidden_red} | {blue} | red")),
        (Some("spectator"), format!("{hidden_red} | {hidden_blue} | red")),
    ] {
        let mut args = vec!["replay", record];
        args.extend(viewer.map(|v| ["--as", v]).into_iter().flatten());
        let o = lodestone(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), format!("{expected}\nresult: ongoing\n"), "{viewer:?}");
    }
    // Once the game is over, every viewer sees everything.
    let full = lodestone(&["replay", "magnet/valid/king-takes-a-trap.txt"]);
    let o = lodestone(&["replay", "magnet/valid/king-takes-a-trap.txt", "--as", "blue"]);
    assert_eq!(stdout(&o), stdout(&full));
}

#[test]
fn perft_counts_magnet_from_a_record_or_a_position() {
    succeeds(&[
        "perft",
        "magnet",
        "1",
        "--record",
        "magnet/valid/random-setup.txt",
    ]);
    let position = "F4:K x:2 x:2 x:2 x:T2 x:3 x:3 x:3 x:T3 x:4 x:4 x:4 | F8:K x:2 x:2 x:2 x:T2 x:3 x:3 x:3 x:T3 x:4 x:4 x:4 | red";
    assert_eq!(
        succeeds(&["perft", "magnet", "2", "--position", position]),
        "36\n"
    );
    // Perft starts after the secret setup.
    refused(&["perft", "magnet", "1"], 1, "simultaneous phase");
}

// Magnetism: `replay --as` hides the other side's unrevealed magnet, and
// `perft` needs the opening to be over.

const HALF: &str = "magnetism/valid/opening-half-done.txt";

#[test]
fn replay_as_the_other_side_hides_an_unrevealed_magnet() {
    let full = lodestone(&["replay", HALF]);
    assert_eq!(
        stdout(&full),
        "BBBBBBBBBBBB/12/12/12/12/12/12/WWWWWWWWWWWW w g4 -\nresult: ongoing\n"
    );
    let own = lodestone(&["replay", HALF, "--as", "white"]);
    assert_eq!(stdout(&own), stdout(&full));
    for viewer in ["black", "spectator"] {
        let o = lodestone(&["replay", HALF, "--as", viewer]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        assert_eq!(
            text,
            "BBBBBBBBBBBB/12/12/12/12/12/12/WWWWWWWWWWWW w ? -\nresult: ongoing\n"
        );
        assert!(!text.contains("g4"), "{viewer} sees white's magnet: {text}");
    }
}

#[test]
fn replay_as_either_side_shows_both_magnets_once_both_are_in() {
    let full = lodestone(&["replay", "magnetism/valid/seed-partial-game.txt"]);
    for viewer in ["white", "black", "spectator"] {
        let o = lodestone(&["replay", "magnetism/valid/seed-partial-game.txt", "--as", viewer]);
        assert_eq!(stdout(&o), stdout(&full));
    }
}

#[test]
fn perft_counts_magnetism_after_the_opening() {
    let record = "magnetism/valid/seed-partial-game.txt";
    assert_eq!(
        succeeds(&["perft", "magnetism", "1", "--record", record]),
        "107\n"
    );
    let position = "BBBBBBBBBBBB/12/12/12/12/12/12/WWWWWWWWWWWW w g4 d5";
    let args = [
        "perft",
        "magnetism",
        "2",
        "--option",
        "repetition=off",
        "--position",
        position,
    ];
    assert_eq!(succeeds(&args), "17285\n");
    // From the start both seats still have to choose: perft refuses.
    refused(
        &["perft", "magnetism", "1"],
        1,
        "perft starts after the simultaneous phase",
    );
    refused(
        &["perft", "magnetism", "1", "--position", "12/12 w - -"],
        2,
        "bad Magnetism position: expected 8 ranks",
    );
}

/// Runs `lodestone ARGS` with its standard output on a real pipe whose
/// reading end is closed before the command starts (`lodestone ... | head
/// -0`, without the race): every write to it fails.
fn lodestone_into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/records"))
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn every_command_ends_quietly_on_a_closed_pipe() {
    for args in [
        &["replay", "magneton/valid/forced-pass.txt"][..],
        &["replay", "magnet/valid/random-setup.txt", "--as", "blue"],
        &["perft", "magneton", "1"],
        &["--help"],
        &["replay", "--help"],
        &["--version"],
    ] {
        let o = lodestone_into_closed_pipe(args);
        assert_eq!(
            (o.status.code(), stderr(&o).as_str()),
            (Some(0), ""),
            "lodestone {}",
            args.join(" ")
        );
    }
    // verify ends as quietly.
    let (headers, lines) = dealt_magnet_record(4);
    let good = temp_record("piped.txt", &record_text(&headers, &lines));
    let o = lodestone_into_closed_pipe(&["verify", good.to_str().unwrap()]);
    assert_eq!((o.status.code(), stderr(&o).as_str()), (Some(0), ""));
    // duel reports its progress on stderr, which stays open: every game is
    // still played and said there, and the exit is clean.
    let o = lodestone_into_closed_pipe(&[
        "duel", "magneton", "--a", "random", "--b", "random", "--games", "2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("game 2/2: "), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    // The exit code still tells an illegal record, without a panic.
    let o = lodestone_into_closed_pipe(&["replay", "magneton/invalid/drop-on-occupied-square.txt"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), "lodestone: the record has an illegal action\n");
}

/// Writes `text` to a new file; returns its path.
fn temp_record(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("lodestone-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn verify(name: &str, text: &str) -> Output {
    let path = temp_record(name, text);
    lodestone(&["verify", path.to_str().unwrap()])
}

const SEED: &str = "5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed";

/// A Magnet game with dealt setups, as the server writes its record once
/// the game is over: the seed with its commitment, each setup committed
/// (salts `00…01`, `00…02`), then `moves` of play.
fn dealt_magnet_record(moves: usize) -> (String, Vec<String>) {
    use lodestone_rules::{AnyGame, GameKind, Millis};
    let mut game = AnyGame::new(GameKind::Magnet, &[("setup", "random")]).unwrap();
    let dealt = game.chance_actions(&mut lodestone_protocol::chance_rng(SEED, 0));
    assert_eq!(dealt.len(), 2);
    let mut lines = Vec::new();
    let mut headers = format!(
        "[Game \"magnet\"]\n[Option \"setup=random\"]\n[SeedCommitment \"{}\"]\n[Seed \"{SEED}\"]\n",
        lodestone_protocol::seed_commitment(SEED)
    );
    for (i, (seat, action)) in dealt.into_iter().enumerate() {
        let salt = format!("{:032x}", i + 1);
        let text = action.to_string();
        headers.push_str(&format!(
            "[Commitment \"{} {} {salt}\"]\n",
            i + 1,
            lodestone_protocol::commitment(&salt, &text)
        ));
        game.apply(seat, &action, Millis(0)).unwrap();
        lines.push(text);
    }
    for _ in 0..moves {
        let seat = game.to_act().first_seat().unwrap();
        let action = game.legal_actions(seat).remove(0);
        game.apply(seat, &action, Millis(0)).unwrap();
        lines.push(action.to_string());
    }
    (headers, lines)
}

fn record_text(headers: &str, lines: &[String]) -> String {
    format!("{headers}\n{}\n", lines.join("\n"))
}

#[test]
fn verify_accepts_a_good_record_line_by_line() {
    let (headers, lines) = dealt_magnet_record(4);
    // The setups the seed deals, as computed from docs/protocol.md's
    // description of the generator and the shuffle by a separate
    // implementation: the algorithm is a contract.
    assert_eq!(
        lines[..2],
        [
            "setup A2:4 A3:2 A4:2 A5:T2 B7:2 C8:K D9:T3 E10:4 G10:3 H9:3 I8:3 J7:4",
            "setup B1:2 C1:T3 D1:4 E1:4 G1:2 H1:K I1:3 J1:4 K2:2 K3:3 K4:T2 K5:3",
        ]
    );
    let o = verify("good.txt", &record_text(&headers, &lines));
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let expected = format!(
        "seed: SHA-256 of [Seed] is [SeedCommitment] {}\n\
         action 1: dealt from the seed\n\
         action 1: commitment {} matches\n\
         action 2: dealt from the seed\n\
         action 2: commitment {} matches\n\
         result: verified (5 checks)\n",
        lodestone_protocol::seed_commitment(SEED),
        lodestone_protocol::commitment(&format!("{:032x}", 1), &lines[0]),
        lodestone_protocol::commitment(&format!("{:032x}", 2), &lines[1]),
    );
    assert_eq!(stdout(&o), expected);
    assert_eq!(stderr(&o), "");
}

#[test]
fn verify_finds_every_kind_of_tampering() {
    let (headers, lines) = dealt_magnet_record(4);
    let swapped = |text: &str| {
        // Blue's setup with its first two pieces swapped.
        let mut parts: Vec<String> = text.split(' ').map(String::from).collect();
        let (a, b) = (parts[1].clone(), parts[2].clone());
        let kind = |p: &str| p.split(':').nth(1).unwrap().to_string();
        let vertex = |p: &str| p.split(':').next().unwrap().to_string();
        parts[1] = format!("{}:{}", vertex(&a), kind(&b));
        parts[2] = format!("{}:{}", vertex(&b), kind(&a));
        parts.join(" ")
    };
    assert_ne!(swapped(&lines[1]), lines[1], "the first two pieces differ");
    let commitment_of =
        |salt: usize, text: &str| lodestone_protocol::commitment(&format!("{salt:032x}"), text);
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "a salt changed",
            record_text(
                &headers.replace(&format!("{:032x}", 2), &format!("{:032x}", 3)),
                &lines,
            ),
            "action 2: SHA-256 of",
        ),
        (
            "a commitment names the other setup's line (the old ply numbering)",
            record_text(
                &headers
                    .replace("[Commitment \"1 ", "[Commitment \"x ")
                    .replace("[Commitment \"2 ", "[Commitment \"1 ")
                    .replace("[Commitment \"x ", "[Commitment \"2 "),
                &lines,
            ),
            "action 1: SHA-256 of",
        ),
        (
            "a dealt setup rearranged (and committed to anew)",
            {
                let mut tampered = lines.clone();
                tampered[1] = swapped(&lines[1]);
                let headers = headers.replace(&commitment_of(2, &lines[1]), &commitment_of(2, &tampered[1]));
                record_text(&headers, &tampered)
            },
            "action 2: setup ",
        ),
        (
            "another seed revealed",
            record_text(
                &headers.replace(
                    &format!("[Seed \"{SEED}\"]"),
                    &format!("[Seed \"{}\"]", "0".repeat(64)),
                ),
                &lines,
            ),
            "seed: SHA-256 of [Seed] is ",
        ),
        (
            "a commitment left out",
            record_text(
                &headers
                    .lines()
                    .filter(|l| !l.starts_with("[Commitment \"2 "))
                    .map(|l| format!("{l}\n"))
                    .collect::<String>(),
                &lines,
            ),
            "action 2: setup B1:",
        ),
        (
            "a commitment for an action the record does not have",
            record_text(
                &format!("{headers}[Commitment \"9 {} 00\"]\n", "a".repeat(64)),
                &lines,
            ),
            "[Commitment] names action 9, but the record has 6 actions",
        ),
        (
            "an illegal action",
            record_text(&headers, &[lines[0].clone(), lines[1].clone(), "Z99".into()]),
            "action 3: Z99: ",
        ),
    ];
    for (what, text, expected) in cases {
        let o = verify("tampered.txt", &text);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(1), "{what}: not refused\n{out}");
        assert!(
            out.lines().any(|l| l.starts_with(expected)),
            "{what}: no line starting {expected:?}\n{out}"
        );
        assert!(
            out.lines().last().unwrap().contains("checks failed"),
            "{what}\n{out}"
        );
        assert!(
            stderr(&o).ends_with("does not verify\n"),
            "{what}: {}",
            stderr(&o)
        );
    }
}

/// Issue 33: replay's and verify's words follow `LANG` (the real binary,
/// real record files), while their results for programs stay as they are:
/// the position, the `result:` lines and `action N: …`.
#[test]
fn replay_and_verify_speak_the_terminals_language() {
    let (headers, lines) = dealt_magnet_record(2);
    let good = temp_record("good-lang.txt", &record_text(&headers, &lines));
    let tampered = temp_record(
        "tampered-lang.txt",
        &record_text(
            &headers.replace(&format!("{:032x}", 2), &format!("{:032x}", 3)),
            &lines,
        ),
    );
    let (good, tampered) = (good.to_str().unwrap(), tampered.to_str().unwrap());
    let illegal = "magneton/invalid/drop-on-occupied-square.txt";
    let english = stdout(&lodestone(&["replay", illegal]));
    // (language, a check, a tampered commitment, the verdict on stderr,
    // an illegal record, a seat that is none, the English they replace)
    let cases = [
        (
            "fr_FR.UTF-8",
            "action 1 : distribuée par la graine",
            "action 2 : le SHA-256 de \"",
            "lodestone : ",
            "ne passe pas la vérification",
            "la partie enregistrée contient une action illégale",
            "\"nobody\" n'est pas une place de magneton (white, black ou spectator)",
        ),
        (
            "de_DE.UTF-8",
            "Aktion 1: vom Seed ausgeteilt",
            "Aktion 2: der SHA-256 von \"",
            "lodestone: ",
            "besteht die Prüfung nicht",
            "die Aufzeichnung enthält eine unzulässige Aktion",
            "\"nobody\" ist kein Platz von magneton (white, black oder spectator)",
        ),
    ];
    for (lang, dealt, differs, prefix, fails, illegal_words, no_seat) in cases {
        let o = lodestone_in(lang, &["verify", good]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{lang}: {out}{}", stderr(&o));
        assert!(out.lines().any(|l| l == dealt), "{lang}: {out}");
        assert!(
            !out.contains("dealt from the seed") && !out.contains(" matches"),
            "{lang}: {out}"
        );
        assert_eq!(out.lines().last(), Some("result: verified (5 checks)"), "{lang}");

        let o = lodestone_in(lang, &["verify", tampered]);
        let (out, err) = (stdout(&o), stderr(&o));
        assert_eq!(o.status.code(), Some(1), "{lang}: {out}{err}");
        assert!(out.lines().any(|l| l.starts_with(differs)), "{lang}: {out}");
        assert!(
            out.ends_with("checks failed\n") && out.contains("result: 1 of 5 "),
            "{lang}: {out}"
        );
        assert!(
            err.starts_with(prefix) && err.trim_end().ends_with(fails),
            "{lang}: {err}"
        );

        let o = lodestone_in(lang, &["replay", illegal]);
        assert_eq!(o.status.code(), Some(1), "{lang}");
        assert_eq!(stdout(&o), english, "{lang}: the contract line is the same");
        assert_eq!(stderr(&o), format!("{prefix}{illegal_words}\n"), "{lang}");

        let o = lodestone_in(
            lang,
            &["replay", "magneton/valid/forced-pass.txt", "--as", "nobody"],
        );
        assert_eq!(o.status.code(), Some(2), "{lang}");
        assert_eq!(stderr(&o), format!("{prefix}{no_seat}\n"), "{lang}");
    }
}

/// `lodestone duel`'s lines per game on standard error follow `LANG`, its
/// decimals too, while its report on standard output stays as it is.
#[test]
fn duel_reports_each_game_in_the_terminals_language() {
    let args = [
        "duel",
        "magneton",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "1",
        "--max-actions",
        "40",
    ];
    let english = lodestone(&args);
    assert_eq!(english.status.code(), Some(0), "{}", stderr(&english));
    for (lang, game, decimal) in [
        ("fr_FR.UTF-8", "partie 1/1 : ", ','),
        ("de_DE.UTF-8", "Partie 1/1: ", ','),
    ] {
        let o = lodestone_in(lang, &args);
        assert_eq!(o.status.code(), Some(0), "{lang}: {}", stderr(&o));
        let err = stderr(&o);
        let line = err
            .lines()
            .find(|l| l.starts_with(game))
            .unwrap_or_else(|| panic!("{lang}: {err}"));
        // `… actions, 0,0 s (…`: the game's seconds with the language's mark.
        let seconds = line
            .split(", ")
            .find(|part| part.ends_with(" s") || part.contains(" s ("))
            .unwrap();
        assert!(
            seconds.contains(decimal) && !seconds.contains('.'),
            "{lang}: {line}"
        );
        assert_eq!(stdout(&o), stdout(&english), "{lang}: the report is the same");
    }
}
