//! The `lodestone` command's contract: help, perft output, `--as`, and its
//! errors for bad input.

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
    let text = stdout(&lodestone(&["replay", "--help"]));
    assert!(
        text.contains("result: ongoing") && text.contains("action N"),
        "{text}"
    );
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
    let o = lodestone(&["perft", "chess", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown game \"chess\""), "{}", stderr(&o));
    let o = lodestone(&["perft", "magneton", "1", "--option", "speed=fast"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown option \"speed\""), "{}", stderr(&o));
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
    let o = lodestone(&["perft", "magneton", "1", "--record", "no/such/file.txt"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("cannot read no/such/file.txt"),
        "{}",
        stderr(&o)
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
    let o = lodestone(&["replay", "magneton/valid/per-ray.txt", "--as", "red"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("\"red\" is not a seat of magneton (white, black or spectator)"),
        "{}",
        stderr(&o)
    );
}
