#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: builds what it needs
# and runs the whole workspace's test suite (the server's black-box tests
# on SQLite and on a throwaway PostgreSQL cluster), then the browser
# client's checks and tests in headless Chromium. `.ci/run` calls this.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
    echo "scripts/test.sh: cargo is not installed; install Rust from https://rustup.rs" >&2
    exit 1
fi

# `lodestone play`'s tests drive the client in tmux (clients/cli/tests/play.rs).
if ! command -v tmux >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "== installing tmux"
    apt-get install -y tmux >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y tmux >/dev/null; }
fi

# The host's tests check /metrics and the alert rules with promtool
# (Debian's prometheus package), get certificates from Debian's pebble (an
# ACME test server they start themselves), and verify the systemd units
# with systemd-analyze. A terminal and a browser test hold the SQLite
# database's write lock with Debian's sqlite3 (a move the server cannot
# store is sent again: clients/cli/tests/storage, clients/web/tests/storage.test.js).
for tool in promtool:prometheus pebble:pebble systemd-analyze:systemd sqlite3:sqlite3; do
    if ! command -v "${tool%%:*}" >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        echo "== installing ${tool#*:}"
        apt-get install -y --no-install-recommends "${tool#*:}" >/dev/null 2>&1 ||
            { apt-get update >/dev/null && apt-get install -y --no-install-recommends "${tool#*:}" >/dev/null; }
    fi
done

# The black-box tests run on SQLite and on PostgreSQL: a throwaway cluster
# is started for them (and Debian's postgresql installed first when run as
# root without it), unless LODESTONE_TEST_POSTGRES names a server already,
# or LODESTONE_TEST_SKIP_POSTGRES=1 skips the PostgreSQL half.
#
# Every suite runs even when one before it fails (cargo with
# --no-fail-fast runs every test binary): the failures are listed at the
# end, and the script then exits 1.
failed=()
# Every test's files (SQLite databases, configuration files, browser
# profiles) go under one throwaway directory, removed when the run ends,
# so a run leaves nothing behind in the system's temporary directory. The
# PostgreSQL cluster stays beside it (LODESTONE_PG_PARENT): a run stopped
# by a signal removes this directory at once, while the cluster is still
# being stopped by scripts/with-postgres.sh from its own.
export LODESTONE_PG_PARENT="${TMPDIR:-/tmp}"
scratch="$(mktemp -d "$LODESTONE_PG_PARENT/lodestone-tests.XXXXXX")"
# Open to all, as /tmp is: a test run as root starts a server as `nobody`
# in a directory of its own below it (api host::readiness_fails_on_a_read_only_sqlite_file).
chmod 755 "$scratch"
trap 'rm -rf "$scratch"' EXIT
export TMPDIR="$scratch"
step() {
    local what=$1
    shift
    "$@" || failed+=("$what (exit $?)")
}

echo "== cargo test --workspace (SQLite and PostgreSQL)"
if [ "${LODESTONE_TEST_SKIP_POSTGRES:-}" = 1 ]; then
    step "cargo test --workspace" cargo test --workspace --all-targets --no-fail-fast
else
    step "cargo test --workspace" scripts/with-postgres.sh cargo test --workspace --all-targets --no-fail-fast
fi
step "cargo test --doc" cargo test --workspace --doc --no-fail-fast

echo "== fuzz smoke run (scripts/fuzz.sh: 4 targets, 12 s each)"
step "fuzz smoke run" scripts/fuzz.sh 12

echo "== browser client (clients/web/test.sh)"
step "browser client" clients/web/test.sh

if [ ${#failed[@]} -gt 0 ]; then
    echo "scripts/test.sh: ${#failed[@]} part(s) failed:" >&2
    printf '  - %s\n' "${failed[@]}" >&2
    exit 1
fi
echo "== every part passed"
