#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 cluster (Debian's postgresql package):
#   scripts/with-postgres.sh pnpm exec jest --selectProjects api-server
# Starts the cluster in a temp dir on a free loopback port as the non-root `postgres` user,
# exports DATABASE_URL, runs the command, then stops the cluster and removes the dir.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command...>" >&2
  exit 2
fi

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL 15 not found in $PG_BIN: installing Debian's postgresql package" >&2
  if [ "$(id -u)" -ne 0 ]; then
    echo "need root to apt-get install postgresql" >&2
    exit 1
  fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

RUN_AS=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/sh postgres
  RUN_AS=(runuser -u postgres --)
fi

PORT="${PGPORT_OVERRIDE:-$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
DIR="$(mktemp -d /tmp/kloof-pg.XXXXXX)"
chmod 755 "$DIR"
[ "$(id -u)" -eq 0 ] && chown postgres "$DIR"

cleanup() {
  "${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT INT TERM

"${RUN_AS[@]}" "$PG_BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 || {
  cat "$DIR/initdb.log" >&2
  exit 1
}
"${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || {
  cat "$DIR/server.log" >&2
  exit 1
}
"${RUN_AS[@]}" "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres kloof

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/kloof"
echo "PostgreSQL 15 ready at $DATABASE_URL" >&2
set +e
"$@"
STATUS=$?
set -e
exit "$STATUS"
