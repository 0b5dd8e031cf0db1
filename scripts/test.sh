#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: builds what it needs
# and runs the whole workspace's test suite, then the browser client's
# checks and tests in headless Chromium. `.ci/run` calls this.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
    echo "scripts/test.sh: cargo is not installed; install Rust from https://rustup.rs" >&2
    exit 1
fi

echo "== cargo test --workspace"
cargo test --workspace --all-targets
cargo test --workspace --doc

echo "== fuzz smoke run (scripts/fuzz.sh: 4 targets, 12 s each)"
scripts/fuzz.sh 12

echo "== browser client (clients/web/test.sh)"
clients/web/test.sh
