#!/usr/bin/env bash
# The browser client's checks, run by scripts/test.sh after the Rust tests:
# installs what is missing (Debian's chromium, the pinned npm packages),
# type-checks the client, builds the server and runs the browser tests in
# headless Chromium. Screenshots land in test-artifacts/ at the top.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v chromium >/dev/null 2>&1; then
    echo "== installing Debian's chromium"
    if [ "$(id -u)" -ne 0 ]; then
        echo "clients/web/test.sh: chromium is missing; install it (apt-get install chromium) or run as root" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium >/dev/null
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "clients/web/test.sh: Node.js and npm are needed for the browser tests" >&2
    exit 1
fi

echo "== npm ci (clients/web)"
npm ci --no-audit --no-fund --loglevel=error

echo "== tsc: type-check the browser client"
npx --no-install tsc -p .

echo "== cargo build --bin lodestone-server"
(cd ../.. && cargo build --quiet --bin lodestone-server)
target="${CARGO_TARGET_DIR:-$(cd ../.. && pwd)/target}"

echo "== browser tests (headless Chromium)"
LODESTONE_SERVER="$target/debug/lodestone-server" CHROMIUM="$(command -v chromium)" \
    node --test --test-concurrency=1 tests/
