#!/usr/bin/env bash
# Runs a command with every process it starts seeing the wall clock moved to a given moment (libfaketime,
# Debian's `faketime`; the clock keeps running from there, and child processes share the same offset):
#   tooling/at-time.sh '2026-11-30 23:59 Europe/Madrid' pnpm test:unit
# Used to check that no test depends on the hour, the day or a daylight-saving change (CONTRIBUTING.md).
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 'YYYY-MM-DD HH:MM Area/City' command [args...]" >&2
  exit 2
fi
if ! command -v faketime >/dev/null 2>&1; then
  echo "faketime not found: apt-get install faketime" >&2
  exit 2
fi
when="$1"
shift
zone="${when##* }"
local_time="${when% *}"
target=$(TZ="$zone" date -d "$local_time" +%s)
offset=$((target - $(date +%s)))
if [ "$offset" -ge 0 ]; then offset="+$offset"; fi
echo "at-time: $(TZ="$zone" date -d "@$target" '+%Y-%m-%d %H:%M %Z') (offset ${offset} s)" >&2

# The throwaway services the suites start keep the real clock (redis-server aborts under libfaketime; the app
# reads its time from Node, not from them): they are reached through wrappers that drop the preload. The
# test services and the scale cluster take their paths from these variables.
wrappers=$(mktemp -d "${TMPDIR:-/tmp}/ascenso-at-time-XXXXXX")
chmod 755 "$wrappers"
trap 'rm -rf "$wrappers"' EXIT
wrap() { # name real-path
  printf '#!/bin/sh\nunset LD_PRELOAD FAKETIME\nexec %s "$@"\n' "$2" >"$wrappers/$1"
  chmod 755 "$wrappers/$1"
}
[ -x /usr/bin/redis-server ] && wrap redis-server /usr/bin/redis-server && export REDIS_SERVER="$wrappers/redis-server"
[ -x /usr/bin/redis-cli ] && wrap redis-cli /usr/bin/redis-cli && export REDIS_CLI="$wrappers/redis-cli"
[ -x /usr/sbin/nginx ] && wrap nginx /usr/sbin/nginx && export NGINX_BIN="$wrappers/nginx"
pg_bin="${ASCENSO_PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)}"
if [ -n "$pg_bin" ] && [ -d "$pg_bin" ]; then
  mkdir "$wrappers/pg" && chmod 755 "$wrappers/pg"
  for program in "$pg_bin"/*; do wrap "pg/$(basename "$program")" "$program"; done
  export ASCENSO_PG_BINDIR="$wrappers/pg"
fi

# -m: the multi-threaded libfaketime (Node and Chromium use threads).
faketime -m -f "$offset" "$@"
