#!/usr/bin/env bash
# Soak test: runs GAMES live games (default 1,000) for MINUTES (default 30)
# against a release build of the server with its default limits (only the
# per-address and rate limits lifted, since every game comes from this
# machine), prints the server's resident memory every minute, and checks
# that memory stays flat (within ±10% of its mean once warmed up, after the
# first WARMUP minutes) and that the load saw no errors. Exits non-zero
# otherwise. Offers RATE moves a second in all (open loop; default 200).
# The result of a run is kept in docs/performance.md (Soak).
#
#   scripts/soak.sh [MINUTES] [GAMES] [RATE] [WARMUP]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/server-address.sh
minutes="${1:-30}"
games="${2:-1000}"
rate="${3:-200}"
warmup="${4:-5}"

cargo build --release -q -p lodestone-server -p lodestone-cli
dir="$(mktemp -d)"
log="$dir/server.log"
cleanup() {
    [ -n "${load_pid:-}" ] && kill "$load_pid" 2>/dev/null || true
    [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$dir"
}
trap cleanup EXIT

# Every game comes from this machine: lift the per-address limits and the
# message rate; the global ones (connections, timeouts, quotas per guest)
# stay as a public server has them.
target/release/lodestone-server --bind 127.0.0.1:0 --database "sqlite://$dir/soak.db" \
    --per-address 0 --connect-rate 0 --request-rate 0 --rate-limit 0 \
    --guests-per-hour 0 --rooms-per-address 0 >"$dir/out" 2>"$log" &
server_pid=$!
url="$(server_address "$dir/out" "$log" soak 100)"

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status"; }
echo "soak: $games games, $rate moves/s offered, $minutes min, server pid $server_pid on $url"
target/release/lodestone load "ws://$url" --games "$games" --rate "$rate" \
    --duration "$((minutes * 60))" --sources 16 --server-pid "$server_pid" >"$dir/load" 2>&1 &
load_pid=$!

samples=()
for minute in $(seq "$minutes"); do
    sleep 60
    kill -0 "$server_pid" 2>/dev/null || { echo "soak: the server died" >&2; cat "$log" >&2; exit 1; }
    rss=$(rss_kib)
    samples+=("$rss")
    awk -v m="$minute" -v r="$rss" 'BEGIN { printf "minute %d: rss %.1f MiB\n", m, r / 1024 }'
done
wait "$load_pid" || { echo "soak: the load tool failed" >&2; cat "$dir/load" >&2; exit 1; }
load_pid=
cat "$dir/load"

errors=$(sed -n 's/^errors \([0-9]*\), disconnects \([0-9]*\)$/\1 \2/p' "$dir/load")
read -r errs disconnects <<<"${errors:-x x}"
flat=$(printf '%s\n' "${samples[@]:$warmup}" | awk '
    { v[NR] = $1; sum += $1 }
    END {
        if (NR == 0) { print "unknown"; exit }
        mean = sum / NR; worst = 0
        for (i = 1; i <= NR; i++) { d = (v[i] - mean) / mean * 100; if (d < 0) d = -d; if (d > worst) worst = d }
        printf "%.1f", worst
    }')
echo "soak: rss after warm-up within ±${flat}% of its mean; errors ${errs}, disconnects ${disconnects}"
if [ "$errs" != 0 ] || [ "$disconnects" != 0 ] || [ "$flat" = unknown ] || awk "BEGIN { exit !($flat > 10) }"; then
    echo "soak: FAILED" >&2
    exit 1
fi
echo "soak: passed"
