#!/usr/bin/env bash
# Load test of `jsson serve` with wrk (apt-get install -y wrk).
#   bench/http-load.sh [seconds-per-run]   (default 10; --smoke: 1 s runs, no warm-up: a check that it runs)
# Runs: small /transpile (json), small /transpile (yaml), the ~5,000-line config (W3)
# as the same text again and again and as a new text every time (the server caches
# parsed programs: the second shows a cache miss on every request), and /health
# while W1b (1M objects, streamed) requests run back to back. A bare node:http server
# (bench/bare-http.mjs) answering the same small body is measured alongside: the ceiling
# on this machine at that moment (the machine is shared: absolute numbers drift).
# Prints one line per run: requests/s, p50, p99, max, errors, statuses.
# Note: wrk runs on the same machine and takes CPU from the server.
# SERVE_FLAGS adds server flags (e.g. SERVE_FLAGS="-processes 1"); PORT picks the port.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --smoke ]; then SMOKE=1; SECS=1; else SMOKE=; SECS="${1:-10}"; fi
PORT="${PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(String(s.address().port));s.close()})')}"
BASE="http://127.0.0.1:$PORT"
TMP="$(mktemp -d)"
command -v wrk >/dev/null || { echo "wrk not found: apt-get install -y wrk" >&2; exit 1; }
[ -f dist/cli/serve/app.js ] || npm run build >/dev/null

node bench/http-bodies.mjs "$TMP"
node bin/jsson.js serve -port "$PORT" -host 127.0.0.1 -quiet -max-output 1GiB -timeout 120s ${SERVE_FLAGS:-} >"$TMP/serve.out" 2>"$TMP/serve.err" &
SERVER=$!
cleanup() { kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; rm -rf "$TMP"; }
trap cleanup EXIT
for _ in $(seq 1 300); do curl -sf "$BASE/health" >/dev/null 2>&1 && break; sleep 0.1; done
grep -m1 '^limits' "$TMP/serve.out" || true
# RSS of the server and its HTTP processes (worker threads are inside them)
rss() { ps -o rss= -p "$SERVER" --ppid "$SERVER" | awk '{s+=$1} END {printf "%.0f MB", s/1024}'; }

run() { # label connections path body
  local label="$1" conns="$2" path="$3" body="$4"
  URLPATH="$path" BODY="$TMP/$body" wrk -t2 -c"$conns" -d"$SECS"s --timeout 10s -s bench/http-post.lua "$BASE" >/dev/null 2>&1 || true   # warm-up
  printf '%-34s ' "$label"
  URLPATH="$path" BODY="$TMP/$body" wrk -t2 -c"$conns" -d"$SECS"s --timeout 10s -s bench/http-post.lua "$BASE" | grep '^RESULT' | sed 's/^RESULT //'
}

# The first seconds of a fresh server are slower (JIT tiers, heaps still growing): warm both small paths up first.
for body in small.json small-yaml.json small.json; do
  [ -z "$SMOKE" ] || break
  URLPATH=/transpile BODY="$TMP/$body" wrk -t2 -c64 -d5s --timeout 10s -s bench/http-post.lua "$BASE" >/dev/null 2>&1 || true
done
run "small /transpile json (64 conns)" 64 /transpile small.json
run "small /transpile yaml (64 conns)" 64 /transpile small-yaml.json
# The ceiling on this machine right now: a bare node:http server (2 processes) reading and parsing the same body.
BARE_PORT="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(String(s.address().port));s.close()})')"
node bench/bare-http.mjs "$BARE_PORT" 2 >/dev/null 2>&1 &
BARE=$!
for _ in $(seq 1 300); do curl -sf -d '{"source":""}' "http://127.0.0.1:$BARE_PORT/" >/dev/null 2>&1 && break; sleep 0.1; done
URLPATH=/transpile BODY="$TMP/small.json" wrk -t2 -c64 -d"$SECS"s -s bench/http-post.lua "http://127.0.0.1:$BARE_PORT" >/dev/null 2>&1 || true
printf '%-34s ' "bare node:http, same body"
URLPATH=/transpile BODY="$TMP/small.json" wrk -t2 -c64 -d"$SECS"s -s bench/http-post.lua "http://127.0.0.1:$BARE_PORT" | grep '^RESULT' | sed 's/^RESULT //'
kill "$BARE" 2>/dev/null; wait "$BARE" 2>/dev/null || true
run "W3 5,000-line config (64 conns)" 64 /transpile w3.json
# The same with a different text each time (a trailing comment).
UNIQUE=1 run "W3, every text new (64 conns)" 64 /transpile w3.json
echo "server RSS after the runs: $(rss)"

printf '%-34s ' "/health idle (4 conns)"
URLPATH=/health wrk -t1 -c4 -d"$SECS"s -s bench/http-get.lua "$BASE" | grep '^RESULT' | sed 's/^RESULT //'

# W1b requests back to back (streamed, read and discarded) while /health is measured.
(
  end=$((SECONDS + SECS + 2))
  while [ $SECONDS -lt $end ]; do
    curl -s -o /dev/null -w '%{http_code} %{size_download} %{time_total}\n' -H 'Content-Type: application/json' --data-binary "@$TMP/w1b.json" "$BASE/transpile" >>"$TMP/w1b.log"
  done
) &
LOADER=$!
sleep 1
printf '%-34s ' "/health during W1b (4 conns)"
URLPATH=/health wrk -t1 -c4 -d"$SECS"s -s bench/http-get.lua "$BASE" | grep '^RESULT' | sed 's/^RESULT //'
echo "server RSS during W1b: $(rss)"
wait "$LOADER" || true
awk '{n++; bytes=$2; t+=$3} END {if (n) printf "W1b requests: %d (last: status %s, %.0f MB), mean %.1f s each\n", n, $1, bytes/1e6, t/n}' "$TMP/w1b.log"
