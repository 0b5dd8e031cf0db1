#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster, e.g.
#
#     scripts/with-postgres.sh cargo test -p lodestone-tests
#
# Starts the cluster (see scripts/pg-cluster.sh; installs Debian's
# postgresql package first when run as root without it), exports
# LODESTONE_TEST_POSTGRES for the command, and removes the cluster when the
# command ends, however it ends. With LODESTONE_TEST_POSTGRES already set,
# it just runs the command against that server.
set -uo pipefail
if [ $# -eq 0 ]; then
    echo "usage: scripts/with-postgres.sh COMMAND [ARG...]" >&2
    exit 2
fi
if [ -n "${LODESTONE_TEST_POSTGRES:-}" ]; then
    exec "$@"
fi
. "$(dirname "$0")/pg-cluster.sh"
trap lodestone_pg_stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
lodestone_pg_start || exit 1
echo "== PostgreSQL for the tests at $LODESTONE_TEST_POSTGRES" >&2
# The command runs in the background so that a signal to this script is
# handled at once (bash runs traps only between commands): the command is
# stopped, then the cluster.
"$@" &
child=$!
trap 'kill -INT $child 2>/dev/null; wait $child; exit 130' INT
trap 'kill -TERM $child 2>/dev/null; wait $child; exit 143' TERM
wait $child
