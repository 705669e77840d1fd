#!/usr/bin/env bash
# CPU time the server spends per small /transpile request (user + system time of the
# `jsson serve -processes 1 -workers 1` process, all its threads, read from /proc), for
# one or more built checkouts, interleaved. On a shared machine requests/s swings with the
# neighbours' load; CPU per request moves much less, so it shows the cost of a change
# (e.g. metrics recording) where a requests/s comparison cannot.
#   bench/http-cpu-per-request.sh [rounds] [checkout-dir ...]   (default: 3 rounds, this checkout)
#   UNIQUE=1 bench/http-cpu-per-request.sh ...   (a new text every request, as http-ab.sh's small-new)
#   bench/http-cpu-per-request.sh --smoke   (one round of 1 s runs: a check that it runs)
# Needs wrk (apt-get install -y wrk) and built checkouts (npx tsc -p tsconfig.json).
set -euo pipefail
cd "$(dirname "$0")/.."
WARM=3 SECS=5
if [ "${1:-}" = --smoke ]; then set -- 1; WARM=1 SECS=1; fi
ROUNDS="${1:-3}"
export UNIQUE="${UNIQUE:-0}"
shift || true
DIRS=("$@")
[ ${#DIRS[@]} -gt 0 ] || DIRS=("$PWD")
command -v wrk >/dev/null || { echo "wrk not found: apt-get install -y wrk" >&2; exit 1; }
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
node bench/http-bodies.mjs "$TMP" >/dev/null
TCK=$(getconf CLK_TCK)
cpu() { awk -v t="$TCK" '{print ($14+$15)/t}' "/proc/$1/stat"; }
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(String(s.address().port));s.close()})'; }

for round in $(seq 1 "$ROUNDS"); do
  for dir in "${DIRS[@]}"; do
    port="$(free_port)"
    node "$dir/bin/jsson.js" serve -port "$port" -host 127.0.0.1 -quiet -playground=false -processes 1 -workers 1 >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 1 100); do curl -sf "127.0.0.1:$port/health" >/dev/null 2>&1 && break; sleep 0.1; done
    URLPATH=/transpile BODY="$TMP/small.json" wrk -t1 -c16 -d"$WARM"s -s bench/http-post.lua "http://127.0.0.1:$port" >/dev/null 2>&1 || true # warm-up
    before=$(cpu "$pid")
    result=$(URLPATH=/transpile BODY="$TMP/small.json" wrk -t1 -c16 -d"$SECS"s -s bench/http-post.lua "http://127.0.0.1:$port" | grep '^RESULT')
    after=$(cpu "$pid")
    n=$(echo "$result" | sed 's/.*requests=\([0-9]*\).*/\1/')
    awk -v r="$round" -v d="$dir" -v n="$n" -v c0="$before" -v c1="$after" \
      'BEGIN { printf "round %d  %-40s requests=%d  cpu_s=%.2f  us_cpu_per_request=%.1f\n", r, d, n, c1 - c0, (c1 - c0) * 1e6 / n }'
    kill "$pid"
    wait "$pid" 2>/dev/null || true
  done
done
