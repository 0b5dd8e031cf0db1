//! Replays every record in `tests/records/<game>/{valid,invalid}/` with the
//! real `lodestone` binary and compares what it prints with the record's
//! `.out` file: standard output, then standard error with each line marked
//! `stderr: `. Valid records must exit 0, invalid ones 1.
//!
//! `LODESTONE_BLESS=1 cargo test -p lodestone-cli --test records` rewrites
//! the `.out` files; review the diff before committing it.

use std::path::{Path, PathBuf};
use std::process::Command;

fn records_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/records")
}

/// The record files of every game in `folder` (`valid` or `invalid`).
fn records(folder: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for game in std::fs::read_dir(records_dir()).unwrap() {
        let dir = game.unwrap().path().join(folder);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Runs `lodestone replay NAME` in the record's folder; returns the exit
/// code and the combined output.
fn replay(path: &Path) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .arg("replay")
        .arg(path.file_name().unwrap())
        .current_dir(path.parent().unwrap())
        .output()
        .unwrap();
    let mut text = String::from_utf8(output.stdout).unwrap();
    for line in String::from_utf8(output.stderr).unwrap().lines() {
        text.push_str(&format!("stderr: {line}\n"));
    }
    (output.status.code().unwrap_or(-1), text)
}

fn check(folder: &str, expected_code: i32) {
    let files = records(folder);
    assert!(!files.is_empty(), "no {folder} records found");
    let bless = std::env::var_os("LODESTONE_BLESS").is_some();
    let mut failures = Vec::new();
    for path in files {
        let (code, output) = replay(&path);
        let golden = path.with_extension("out");
        if bless {
            std::fs::write(&golden, &output).unwrap();
        }
        let expected = std::fs::read_to_string(&golden)
            .unwrap_or_else(|_| panic!("{} is missing (run with LODESTONE_BLESS=1)", golden.display()));
        if code != expected_code || output != expected {
            failures.push(format!(
                "{}: exit {code} (want {expected_code})\n--- got\n{output}--- want\n{expected}",
                path.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn valid_records_replay_to_their_recorded_end() {
    check("valid", 0);
}

#[test]
fn invalid_records_name_the_failing_action() {
    check("invalid", 1);
}
