# Source this in an interactive shell to get a throwaway PostgreSQL cluster
# for `cargo test`:
#
#     source scripts/pg-env.sh     # starts it, exports LODESTONE_TEST_POSTGRES
#     cargo test -p lodestone-tests
#     lodestone_pg_stop            # stops and removes it (also at exit)
#
# scripts/with-postgres.sh COMMAND does the same around one command.
. "$(dirname "${BASH_SOURCE[0]}")/pg-cluster.sh"
if lodestone_pg_start; then
    trap lodestone_pg_stop EXIT
    echo "PostgreSQL for the tests at $LODESTONE_TEST_POSTGRES; lodestone_pg_stop removes it" >&2
fi
