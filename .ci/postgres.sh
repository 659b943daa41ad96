#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the store and server tests and
# prints, on stdout and nothing else,
#     export SANDTABLE_TEST_POSTGRES=postgres://...
#     export SANDTABLE_TEST_POSTGRES_DIR=/tmp/...
# for the caller to eval:  eval "$(bash .ci/postgres.sh)"
# Installs Debian's postgresql with apt-get if it is missing (as root, e.g.
# in CI). The cluster runs as user postgres (the current user when not
# root) with trust authentication on 127.0.0.1 only, in a temporary
# directory. Stop it with:  bash .ci/postgres.sh stop
set -euo pipefail

log() { echo "postgres.sh: $*" >&2; }

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

as_pg() {
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

if [ "${1:-}" = stop ]; then
	dir=${SANDTABLE_TEST_POSTGRES_DIR:?SANDTABLE_TEST_POSTGRES_DIR is not set}
	as_pg "$(pg_bin)/pg_ctl" -D "$dir/data" -m fast -w stop >&2
	rm -rf "$dir"
	exit 0
fi

bin=$(pg_bin)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
	if [ "$(id -u)" -ne 0 ]; then
		log "PostgreSQL is not installed and installing it needs root"
		exit 1
	fi
	log "installing Debian's postgresql with apt-get"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >&2
	apt-get install -y -qq --no-install-recommends postgresql >&2
	bin=$(pg_bin)
	if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
		log "postgresql installed but no initdb under /usr/lib/postgresql/*/bin"
		exit 1
	fi
fi
if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
	log "no user postgres to run the cluster as"
	exit 1
fi

# A free loopback port: bash's /dev/tcp connects only if something listens.
port=
for _ in $(seq 1 50); do
	p=$((20000 + RANDOM % 40000))
	if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
		port=$p
		break
	fi
done
[ -n "$port" ] || { log "no free port found"; exit 1; }

dir=$(mktemp -d "${TMPDIR:-/tmp}/sandtable-pg.XXXXXX")
chmod 755 "$dir"
if [ "$(id -u)" -eq 0 ]; then
	chown postgres: "$dir"
fi
log "initdb in $dir/data (PostgreSQL $(basename "$(dirname "$bin")"))"
as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
	{ cat "$dir/initdb.log" >&2; exit 1; }
# fsync off: the cluster is thrown away and the tests do not crash it.
as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
	-o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c fsync=off -c max_connections=200" start >&2 ||
	{ cat "$dir/server.log" >&2; exit 1; }
as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres sandtable_test >&2
log "PostgreSQL listening on 127.0.0.1:$port; stop it with: bash .ci/postgres.sh stop"
echo "export SANDTABLE_TEST_POSTGRES='postgres://postgres@127.0.0.1:$port/sandtable_test?sslmode=disable'"
echo "export SANDTABLE_TEST_POSTGRES_DIR='$dir'"
