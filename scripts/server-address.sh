# A function for the scripts that start a server in the background and
# need its address. Sourced by scripts/load-compare.sh, scripts/soak.sh and
# scripts/failover-trials.sh; not run by itself.
#
#   addr="$(server_address OUT LOG LABEL TENTHS)"
#
# waits up to TENTHS tenths of a second for the server's `listening on
# http://ADDR` line in the file OUT and prints ADDR; if it never comes,
# says `LABEL: the server did not start` with the server's log LOG on
# stderr and fails (under `set -e` the caller exits).
server_address() {
    local out="$1" log="$2" label="$3" tenths="$4" addr
    for _ in $(seq "$tenths"); do
        grep -q '^listening on ' "$out" 2>/dev/null && break
        sleep 0.1
    done
    addr="$(sed -n 's/^listening on http:\/\///p' "$out")"
    [ -n "$addr" ] || { echo "$label: the server did not start" >&2; cat "$log" >&2; return 1; }
    echo "$addr"
}
