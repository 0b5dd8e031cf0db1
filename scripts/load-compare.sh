#!/usr/bin/env bash
# Closed-loop load on several servers and databases in one run, for
# docs/performance.md: for each row (Magneton and six-player Magma, 10, 100
# and 500 games at once) it runs every configuration in turn, each on a
# fresh server and a fresh database, and prints one line per run.
#
#   scripts/load-compare.sh SECONDS LABEL=SERVER_BINARY:sqlite|postgres ...
#
# e.g. (a PostgreSQL configuration needs LODESTONE_TEST_POSTGRES, as
# scripts/with-postgres.sh provides; each run gets a new database there):
#
#   scripts/with-postgres.sh scripts/load-compare.sh 10 \
#       before=/tmp/old-server:sqlite after=target/release/lodestone-server:sqlite \
#       after=target/release/lodestone-server:postgres
#
# The load generator is target/release/lodestone (build it first).
# ROWS, if set, runs only the rows it names, comma-separated (e.g.
# ROWS="magneton 10,magneton 500"). LOAD_ARGS, if set, is added to every
# `lodestone load` (e.g. LOAD_ARGS=--risks: the players ask for risks, as
# before they could say they judge them, to compare with older builds).
# SERVER_ARGS, if set, is added to every server's command line (e.g.
# SERVER_ARGS="--sync full" for SQLite at PostgreSQL's durability).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/server-address.sh
seconds="${1:?usage: scripts/load-compare.sh SECONDS LABEL=SERVER:sqlite|postgres ...}"
shift
configs=("$@")
[ ${#configs[@]} -gt 0 ] || { echo "give at least one LABEL=SERVER:sqlite|postgres" >&2; exit 2; }
load=target/release/lodestone
[ -x "$load" ] || { echo "build the load generator first: cargo build --release --bin lodestone" >&2; exit 1; }
dir="$(mktemp -d)"
server_pid=
cleanup() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$dir"
}
trap cleanup EXIT

run=0
printf '%-12s %-10s %5s %9s %8s %8s %8s %10s %s\n' config game games moves/s p50_ms p90_ms p99_ms cpu_us errors
rows=("magneton 10" "magneton 100" "magneton 500" "magma 10" "magma 100" "magma 500")
[ -n "${ROWS:-}" ] && IFS=, read -r -a rows <<<"$ROWS"
for row in "${rows[@]}"; do
    read -r game games <<<"$row"
    options=()
    [ "$game" = magma ] && options=(--option players=6)
    for config in "${configs[@]}"; do
        label="${config%%=*}" rest="${config#*=}"
        binary="${rest%:*}" kind="${rest##*:}"
        run=$((run + 1))
        case "$kind" in
            sqlite) url="sqlite://$dir/run$run.db" ;;
            postgres)
                : "${LODESTONE_TEST_POSTGRES:?a postgres configuration needs LODESTONE_TEST_POSTGRES}"
                psql -q "$LODESTONE_TEST_POSTGRES" -c "CREATE DATABASE load_run$run$$" >/dev/null
                url="${LODESTONE_TEST_POSTGRES%/*}/load_run$run$$"
                ;;
            *) echo "unknown database kind $kind (sqlite or postgres)" >&2; exit 2 ;;
        esac
        # Every game comes from this machine: no per-address limits, no
        # message rate, no watch or room quotas.
        "$binary" --bind 127.0.0.1:0 --database "$url" --per-address 0 --connect-rate 0 \
            --request-rate 0 --rate-limit 0 --guests-per-hour 0 --rooms-per-address 0 \
            --rooms-per-guest 0 --watch-limit 0 ${SERVER_ARGS:-} >"$dir/out" 2>"$dir/log" &
        server_pid=$!
        addr="$(server_address "$dir/out" "$dir/log" "$label" 600)"
        "$load" load "ws://$addr" --game "$game" "${options[@]}" --games "$games" \
            --duration "$seconds" --sources 4 --server-pid "$server_pid" ${LOAD_ARGS:-} >"$dir/load" 2>&1 || true
        kill "$server_pid"
        wait "$server_pid" 2>/dev/null || true
        server_pid=
        awk -v label="$label" -v game="$game" -v games="$games" '
            /moves\/s/ { rate = $(NF - 1) }
            /^latency/ { p50 = $4; p90 = $6; p99 = $8 }
            /^server cpu per move/ { cpu = $5 }
            /^errors/ { errors = $2 $3 " " $4 }
            END { printf "%-12s %-10s %5s %9s %8s %8s %8s %10s %s\n", label, game, games, rate, p50, p90, p99, cpu, errors }
        ' "$dir/load"
    done
done
