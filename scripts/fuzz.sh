#!/usr/bin/env bash
# Runs every cargo-fuzz target of fuzz/ for SECONDS each (default 12: the
# smoke run of scripts/test.sh, under a minute in all). A long run:
# `scripts/fuzz.sh 3600` (docs/fuzzing.md). Only a stable toolchain is
# needed: RUSTC_BOOTSTRAP=1 lets it take the sanitizer flags cargo-fuzz
# passes. Installs cargo-fuzz if it is missing. Exits non-zero when a
# target finds a crash (the input is kept under fuzz/artifacts/).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-12}"

if ! command -v cargo-fuzz >/dev/null 2>&1; then
    echo "scripts/fuzz.sh: installing cargo-fuzz" >&2
    cargo install cargo-fuzz --locked --version 0.13.2
fi
export RUSTC_BOOTSTRAP=1
cd fuzz
cargo fuzz build
for target in protocol_message actions positions record; do
    mkdir -p "corpus/$target"
    seeds=()
    # Real records seed the record target (libFuzzer only reads them; new
    # inputs go to the first folder).
    if [ "$target" = record ]; then
        seeds=(../tests/records/*/valid ../tests/records/*/invalid)
    fi
    echo "-- $target (${seconds} s)"
    cargo fuzz run "$target" "corpus/$target" "${seeds[@]}" -- \
        -max_total_time="$seconds" -max_len=4096 -print_final_stats=0 2>&1 |
        grep -E '^(Done|==[0-9]+==|SUMMARY|thread .* panicked|artifact_prefix|Test unit written)' || true
    # A crash ends the run with its input saved; say so and fail.
    if compgen -G "artifacts/$target/*" >/dev/null; then
        echo "scripts/fuzz.sh: $target found a failing input: fuzz/artifacts/$target/" >&2
        exit 1
    fi
done
