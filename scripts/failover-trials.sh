#!/usr/bin/env bash
# Failover trials (issue 29): three release nodes (a, b, c) on one
# throwaway PostgreSQL cluster, default lease; in each trial
# `lodestone load` plays GAMES games over the three nodes, open loop at
# 20 moves/s a game, and after 3 s one node is killed (SIGKILL), or with
# SIGNAL=STOP stopped (SIGSTOP: alive, its sockets open, answering
# nothing). The players of its rooms reconnect to the other nodes (after
# a drop, or after 2 s without a word from a stopped node), which take
# the rooms over: at once when a node died, once its leases lapse when it
# is only stopped. The figure of a trial is the run's largest move latency: in open
# loop a move counts from its scheduled time, so the first move
# acknowledged after the failover counts from within one interval (50 ms)
# of the kill; it is the time until the slowest of the victim's rooms is
# served again. The
# victim is then killed if it was only stopped, restarted under its name,
# and the next trial takes the next node. Prints every trial, then
# p50/p90/p99/max.
#
#   scripts/failover-trials.sh [TRIALS] [GAMES]
#   SIGNAL=STOP scripts/failover-trials.sh [TRIALS] [GAMES]
#
# Needs the release binaries (cargo build --release -p lodestone-server
# -p lodestone-cli; CARGO_TARGET_DIR is honoured; LODESTONE_BIN=DIR takes
# them from DIR) and PostgreSQL's server binaries (see
# scripts/pg-cluster.sh). LODESTONE_FAILOVER_LOGS=DIR keeps the nodes'
# logs (RUST_LOG, default info) there.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in -h | --help)
    sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//'
    exit 0
    ;;
esac
trials="${1:-30}"
games="${2:-9}"
signal="${SIGNAL:-KILL}"
case "$trials$games" in *[!0-9]*)
    echo "usage: [SIGNAL=KILL|STOP] scripts/failover-trials.sh [TRIALS] [GAMES]" >&2
    exit 2
    ;;
esac
# A stopped node's rooms wait for its leases (10 s by default): the run
# lasts long enough to see them served again.
case "$signal" in
    KILL) duration=10 ;;
    STOP) duration=20 ;;
    *)
        echo "failover: SIGNAL is KILL or STOP, not $signal" >&2
        exit 2
        ;;
esac
bin="${LODESTONE_BIN:-${CARGO_TARGET_DIR:-target}/release}"
for b in lodestone-server lodestone; do
    [ -x "$bin/$b" ] || {
        echo "failover: no $bin/$b (cargo build --release -p lodestone-server -p lodestone-cli)" >&2
        exit 1
    }
done

. scripts/pg-cluster.sh
. scripts/server-address.sh
dir="$(mktemp -d)"
logs="${LODESTONE_FAILOVER_LOGS:-$dir}"
mkdir -p "$logs"
declare -A pid url
cleanup() {
    for n in "${!pid[@]}"; do
        kill -CONT "${pid[$n]}" 2>/dev/null || true
        kill "${pid[$n]}" 2>/dev/null || true
    done
    sleep 0.5
    lodestone_pg_stop
    rm -rf "$dir"
}
trap cleanup EXIT
lodestone_pg_start
database="$LODESTONE_TEST_POSTGRES"

# Starts node $1 (again) and waits for its address.
start_node() {
    local n="$1" out="$dir/out-$1"
    : >"$out"
    RUST_LOG="${RUST_LOG:-info}" "$bin/lodestone-server" --bind 127.0.0.1:0 --database "$database" --node "$n" \
        --per-address 0 --connect-rate 0 --request-rate 0 --rate-limit 0 \
        --guests-per-hour 0 --rooms-per-address 0 --rooms-per-guest 0 >"$out" 2>>"$logs/node-$n.log" &
    pid[$n]=$!
    disown "${pid[$n]}" # no "Killed" notice from bash
    url[$n]="ws://$(server_address "$out" "$logs/node-$n.log" "failover: node $n" 300)" || exit 1
}

names=(a b c)
for n in "${names[@]}"; do start_node "$n"; done
# A node judges other runs dead only once it has held its own lock for two
# renewals (2 x 3 s by default, seen on its renewal ticks): before that a
# killed node's rooms wait for that, not for the failover measured here.
sleep 7
echo "failover: $trials trials of SIG$signal, $games games, nodes ${url[a]} ${url[b]} ${url[c]}; $(uptime)"
results="$dir/results"
: >"$results"
for t in $(seq "$trials"); do
    victim="${names[$(((t - 1) % 3))]}"
    "$bin/lodestone" load "${url[a]}" --server "${url[b]}" --server "${url[c]}" \
        --games "$games" --rate "$((games * 20))" --duration "$duration" --seed "$t" >"$dir/load" 2>&1 &
    load=$!
    sleep 3
    kill "-$signal" "${pid[$victim]}"
    killed_at=$(date -u +%T.%3N)
    wait "$load" || {
        echo "failover: trial $t: the load tool failed" >&2
        cat "$dir/load" >&2
        exit 1
    }
    # A stopped node ends here (SIGKILL reaches a stopped process too).
    [ "$signal" = KILL ] || kill -KILL "${pid[$victim]}"
    while kill -0 "${pid[$victim]}" 2>/dev/null; do sleep 0.05; done
    start_node "$victim"
    worst=$(sed -n 's/^latency ms: .* max \([0-9.]*\)$/\1/p' "$dir/load")
    dropped=$(sed -n 's/^node .*dropped \([0-9]*\)$/\1/p' "$dir/load" | awk '{ s += $1 } END { print s + 0 }')
    errors=$(sed -n 's/^errors \(.*\)$/\1/p' "$dir/load")
    echo "trial $t: SIG$signal $victim at $killed_at, slowest room served again after ${worst:-?} ms (dropped sockets $dropped; errors $errors)"
    [ -n "$worst" ] && echo "$worst" >>"$results"
done
sort -n "$results" | awk '
    { v[NR] = $1 }
    END {
        if (NR == 0) { print "failover: no figures"; exit 1 }
        split("0.5 0.9 0.99", qs, " ")
        printf "failover: %d trials, ms:", NR
        for (i = 1; i <= 3; i++) { k = int(qs[i] * NR + 0.999999); if (k < 1) k = 1; printf " p%g %.0f", qs[i] * 100, v[k] }
        printf " max %.0f\n", v[NR]
    }'
echo "failover: $(uptime)"
