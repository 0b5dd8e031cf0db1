//! `scripts/test.sh` runs every suite and reports every failure (issue 26
//! J): run on a copy of the script whose suites are stand-ins that record
//! that they ran, with a `cargo` that fails.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

/// An executable shell script at `path` with `body`.
fn script(path: &Path, body: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, format!("#!/usr/bin/env bash\n{body}\n")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
/// The workspace's tests fail: the doc tests, the fuzz run and the browser
/// tests still run, cargo is asked not to stop at its first failing test
/// binary, and the script ends with 1 and names what failed.
fn a_failing_suite_does_not_hide_the_others() {
    let root = lodestone_tests::temp_dir();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/test.sh");
    std::fs::create_dir_all(root.join("scripts")).unwrap();
    std::fs::copy(&source, root.join("scripts/test.sh")).unwrap();
    let log = root.join("ran.log");
    let log = log.display();
    // Stand-ins: each records what ran; the workspace's tests fail.
    script(
        &root.join("bin/cargo"),
        &format!("echo \"cargo $*\" >> {log}\ncase \" $* \" in *' --all-targets '*) exit 101;; esac"),
    );
    for tool in ["tmux", "promtool", "pebble", "systemd-analyze"] {
        script(&root.join("bin").join(tool), "exit 0");
    }
    script(&root.join("scripts/with-postgres.sh"), "\"$@\"");
    script(
        &root.join("scripts/fuzz.sh"),
        &format!("echo \"fuzz $*\" >> {log}"),
    );
    script(
        &root.join("clients/web/test.sh"),
        &format!("echo browser >> {log}"),
    );
    let path = format!(
        "{}:{}",
        root.join("bin").display(),
        std::env::var("PATH").unwrap()
    );
    let out = Command::new("bash")
        .arg(root.join("scripts/test.sh"))
        .env("PATH", path)
        .env_remove("LODESTONE_TEST_SKIP_POSTGRES")
        .output()
        .unwrap();
    let ran = std::fs::read_to_string(root.join("ran.log")).unwrap_or_default();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{ran}\n{stderr}");
    let lines: Vec<&str> = ran.lines().collect();
    assert_eq!(
        lines,
        [
            "cargo test --workspace --all-targets --no-fail-fast",
            "cargo test --workspace --doc --no-fail-fast",
            "fuzz 12",
            "browser",
        ],
        "{stderr}"
    );
    assert!(
        stderr.contains("1 part(s) failed") && stderr.contains("cargo test --workspace (exit 101)"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&root);
}
