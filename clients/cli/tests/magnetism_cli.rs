//! The `lodestone` command on Magnetism: `replay --as` hides the other
//! side's unrevealed magnet, and `perft` needs the opening to be over.

use std::process::{Command, Output};

fn lodestone(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(args)
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
    let o = lodestone(&[
        "perft",
        "magnetism",
        "1",
        "--record",
        "magnetism/valid/seed-partial-game.txt",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "107\n");
    let o = lodestone(&[
        "perft",
        "magnetism",
        "2",
        "--option",
        "repetition=off",
        "--position",
        "BBBBBBBBBBBB/12/12/12/12/12/12/WWWWWWWWWWWW w g4 d5",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "17285\n");
    // From the start both seats still have to choose: perft refuses.
    let o = lodestone(&["perft", "magnetism", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("perft starts after the simultaneous phase"),
        "{}",
        stderr(&o)
    );
    let o = lodestone(&["perft", "magnetism", "1", "--position", "12/12 w - -"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("bad Magnetism position: expected 8 ranks"),
        "{}",
        stderr(&o)
    );
}
