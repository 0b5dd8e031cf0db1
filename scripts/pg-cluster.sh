# Functions that start and stop a throwaway PostgreSQL cluster for the
# tests: `initdb` in a temporary directory (under LODESTONE_PG_PARENT if
# set, else TMPDIR or /tmp), `pg_ctl start` on a free port of
# 127.0.0.1, everything removed by `lodestone_pg_stop`. Sourced by
# scripts/with-postgres.sh and scripts/pg-env.sh; not run by itself.
#
# After `lodestone_pg_start`, LODESTONE_TEST_POSTGRES holds the URL of the
# cluster's `postgres` database as a role that may create databases (the
# tests make one database per server).
#
# When the PostgreSQL server binaries are missing and we are root, Debian's
# `postgresql` package is installed first (without its own cluster).
# PostgreSQL refuses to run as root: as root, the cluster runs as the
# `postgres` user (which the package creates).

lodestone_pg_bindir() {
    if [ -n "${LODESTONE_PG_BIN:-}" ]; then
        echo "$LODESTONE_PG_BIN"
        return 0
    fi
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then
        echo "$dir"
        return 0
    fi
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
        return 0
    fi
    return 1
}

lodestone_pg_install() {
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        echo "PostgreSQL's server binaries (initdb, pg_ctl) are not installed: install Debian's postgresql package (apt-get install postgresql), or set LODESTONE_PG_BIN to their directory" >&2
        return 1
    fi
    echo "== installing PostgreSQL (apt-get install postgresql)" >&2
    # No cluster of its own: the tests start theirs.
    mkdir -p /etc/postgresql-common
    if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
        echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.conf
    fi
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o Dpkg::Options::=--force-confold postgresql >&2
}

# Runs a command as the cluster's owner.
lodestone_pg_as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

lodestone_pg_start() {
    local bindir
    if ! bindir=$(lodestone_pg_bindir); then
        lodestone_pg_install || return 1
        bindir=$(lodestone_pg_bindir) || {
            echo "PostgreSQL was installed but its initdb is still not found" >&2
            return 1
        }
    fi
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
        echo "running as root, but there is no postgres user to run PostgreSQL as (PostgreSQL refuses root)" >&2
        return 1
    fi
    LODESTONE_PG_DIR=$(mktemp -d "${LODESTONE_PG_PARENT:-${TMPDIR:-/tmp}}/lodestone-pg.XXXXXX")
    if [ "$(id -u)" = 0 ]; then
        chown postgres "$LODESTONE_PG_DIR"
    fi
    chmod 700 "$LODESTONE_PG_DIR"
    LODESTONE_PG_CTL="$bindir/pg_ctl"
    if ! lodestone_pg_as_owner "$bindir/initdb" -D "$LODESTONE_PG_DIR/data" -U lodestone \
        --auth=trust -E UTF8 --locale=C --no-sync >"$LODESTONE_PG_DIR/initdb.log" 2>&1; then
        cat "$LODESTONE_PG_DIR/initdb.log" >&2
        echo "initdb failed (log above)" >&2
        lodestone_pg_stop
        return 1
    fi
    # A free port: nothing answers there, and the server starts on it.
    local port tries=0
    while [ $tries -lt 20 ]; do
        tries=$((tries + 1))
        port=$((20000 + RANDOM % 40000))
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            continue
        fi
        # Throwaway data: no fsync. Enough connections for parallel tests.
        if lodestone_pg_as_owner "$LODESTONE_PG_CTL" -D "$LODESTONE_PG_DIR/data" -w -t 60 \
            -l "$LODESTONE_PG_DIR/server.log" \
            -o "-c listen_addresses=127.0.0.1 -p $port -k $LODESTONE_PG_DIR -c max_connections=400 -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${LODESTONE_PG_OPTIONS:-}" \
            start >/dev/null; then
            export LODESTONE_TEST_POSTGRES="postgres://lodestone@127.0.0.1:$port/postgres"
            return 0
        fi
    done
    cat "$LODESTONE_PG_DIR/server.log" >&2 2>/dev/null
    echo "could not start PostgreSQL on a free port (log above)" >&2
    lodestone_pg_stop
    return 1
}

lodestone_pg_stop() {
    if [ -n "${LODESTONE_PG_DIR:-}" ] && [ -d "$LODESTONE_PG_DIR" ]; then
        if [ -f "$LODESTONE_PG_DIR/data/postmaster.pid" ]; then
            lodestone_pg_as_owner "$LODESTONE_PG_CTL" -D "$LODESTONE_PG_DIR/data" -m immediate -w stop >/dev/null 2>&1
        fi
        rm -rf "$LODESTONE_PG_DIR"
    fi
    LODESTONE_PG_DIR=
}
