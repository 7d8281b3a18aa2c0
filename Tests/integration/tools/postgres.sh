#!/usr/bin/env bash
# A throw-away PostgreSQL server for the tests, on loopback in a temporary directory.
#   postgres.sh start DIR [tls] → initdb + start; prints the port. User strata, password "strata-test",
#                             database strata (scram-sha-256 over TCP, so passwords are checked);
#                             with tls, the server also offers TLS (a throw-away self-signed certificate).
#   postgres.sh stop DIR | resume DIR | restart DIR | createdb DIR NAME | psql DIR DB ARGS...
# PostgreSQL refuses to run as root, so under root (CI) it runs as `nobody` through runuser.
# Missing binaries: exit 3 (the caller decides: skip locally, fail under CI=true).
set -euo pipefail
cmd="$1"; dir="$2"
# The server outlives this script: it must not inherit descriptors beyond 0-2 (a caller's
# process monitor, e.g. Foundation's Process, would otherwise never see this script end).
for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null || true; done
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "PostgreSQL server binaries not found in /usr/lib/postgresql/*/bin (apt-get install postgresql)" >&2
  exit 3
fi
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

case "$cmd" in
  start)
    mkdir -p "$dir"
    # nobody must reach DIR: its parent (the caller's mktemp -d, mode 700) gets search permission.
    if [ "$(id -u)" = 0 ]; then chown nobody:nogroup "$dir"; chmod o+x "$(dirname "$dir")"; fi
    chmod 700 "$dir"
    printf 'strata-test\n' > "$dir/pw"
    if [ "$(id -u)" = 0 ]; then chown nobody "$dir/pw"; fi
    as_pg "$PGBIN/initdb" -D "$dir/data" -U strata --pwfile="$dir/pw" -A scram-sha-256 -E UTF8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    if [ "${3:-}" = tls ]; then
      openssl req -new -x509 -days 2 -nodes -subj "/CN=127.0.0.1" -keyout "$dir/data/server.key" \
        -out "$dir/data/server.crt" >"$dir/openssl.log" 2>&1 || { cat "$dir/openssl.log" >&2; exit 1; }
      chmod 600 "$dir/data/server.key"
      if [ "$(id -u)" = 0 ]; then chown nobody "$dir/data/server.key" "$dir/data/server.crt"; fi
      echo "ssl = on" >> "$dir/data/postgresql.conf"
    fi
    port=$(free_port)
    echo "$port" > "$dir/port"
    as_pg "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=100" start >/dev/null 2>>"$dir/pg_ctl.log" \
      || { cat "$dir/server.log" >&2; exit 1; }
    PGPASSWORD=strata-test "$PGBIN/psql" -h 127.0.0.1 -p "$port" -U strata -d postgres -qAt \
      -c "CREATE DATABASE strata" >/dev/null
    echo "$port"
    ;;
  createdb)
    PGPASSWORD=strata-test "$PGBIN/psql" -h 127.0.0.1 -p "$(cat "$dir/port")" -U strata -d postgres -qAt \
      -c "CREATE DATABASE \"$3\"" >/dev/null
    ;;
  psql)
    db="$3"; shift 3
    PGPASSWORD=strata-test "$PGBIN/psql" -h 127.0.0.1 -p "$(cat "$dir/port")" -U strata -d "$db" -qAt -v ON_ERROR_STOP=1 "$@"
    ;;
  stop)
    if [ -f "$dir/data/postmaster.pid" ]; then as_pg "$PGBIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true; fi
    ;;
  resume)
    # Start a stopped server again on its port.
    port=$(cat "$dir/port")
    as_pg "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=100" start >/dev/null 2>>"$dir/pg_ctl.log" || { cat "$dir/pg_ctl.log" "$dir/server.log" >&2; exit 1; }
    ;;
  restart)
    # The same port: the nodes reconnect to the address they were given.
    port=$(cat "$dir/port")
    as_pg "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m fast -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=100" restart >/dev/null 2>>"$dir/pg_ctl.log"
    ;;
  *) echo "usage: postgres.sh start|stop|resume|restart|createdb|psql DIR" >&2; exit 2 ;;
esac
