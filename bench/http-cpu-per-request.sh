#!/usr/bin/env bash
# CPU time the server spends per small /transpile request (user + system time of the
# `jsson serve -processes 1 -workers 1` process, all its threads, read from /proc), for
# one or more built checkouts, interleaved. On a shared machine requests/s swings with the
# neighbours' load; CPU per request moves much less, so it shows the cost of a change
# (e.g. metrics recording) where a requests/s comparison cannot.
# Each line splits the figure by thread: main_us is the event loop, worker_us the evaluation
# thread (the one whose nice value is above the process's), other_us the rest (V8's and
# libuv's helpers).
#   bench/http-cpu-per-request.sh [rounds] [checkout-dir | bare ...]   (default: 3 rounds, this checkout)
#     `bare` is bench/bare-http.mjs in one process: the ceiling (its work is all main_us)
#     `dir:--flag,--flag` runs that checkout with those node flags (e.g. `.:--single-threaded-gc`)
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
# Seconds of CPU of the process's threads as "main worker other" (the worker: a thread niced above the process).
threads() {
  local pid=$1 task
  for task in /proc/"$pid"/task/*; do
    # comm may hold spaces: the fields counted here start after its closing parenthesis.
    sed 's/^.*) //' "$task/stat" 2>/dev/null | awk -v tid="${task##*/}" '{ print tid, $12 + $13, $17 }'
  done | awk -v pid="$pid" -v t="$TCK" '
    $1 == pid { main += $2; nice0 = $3; next }
    { cpu[$1] = $2; nice[$1] = $3 }
    END { for (id in cpu) { if (nice[id] > nice0) worker += cpu[id]; else other += cpu[id] }; printf "%f %f %f\n", main / t, worker / t, other / t }'
}
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(String(s.address().port));s.close()})'; }

for round in $(seq 1 "$ROUNDS"); do
  for dir in "${DIRS[@]}"; do
    port="$(free_port)"
    if [ "$dir" = bare ]; then node bench/bare-http.mjs "$port" 1 >/dev/null 2>&1 &
    else
      flags=()
      [[ "$dir" != *:* ]] || IFS=, read -ra flags <<<"${dir#*:}"
      node "${flags[@]}" "${dir%%:*}/bin/jsson.js" serve -port "$port" -host 127.0.0.1 -quiet -playground=false -processes 1 -workers 1 >/dev/null 2>&1 &
    fi
    pid=$!
    for _ in $(seq 1 100); do curl -sf -o /dev/null --data-binary "@$TMP/small.json" "127.0.0.1:$port/transpile" >/dev/null 2>&1 && break; sleep 0.1; done
    URLPATH=/transpile BODY="$TMP/small.json" wrk -t1 -c16 -d"$WARM"s -s bench/http-post.lua "http://127.0.0.1:$port" >/dev/null 2>&1 || true # warm-up
    before=$(cpu "$pid")
    split0=$(threads "$pid")
    result=$(URLPATH=/transpile BODY="$TMP/small.json" wrk -t1 -c16 -d"$SECS"s -s bench/http-post.lua "http://127.0.0.1:$port" | grep '^RESULT')
    after=$(cpu "$pid")
    split1=$(threads "$pid")
    n=$(echo "$result" | sed 's/.*requests=\([0-9]*\).*/\1/')
    awk -v r="$round" -v d="$dir" -v n="$n" -v c0="$before" -v c1="$after" -v s0="$split0" -v s1="$split1" \
      'BEGIN { split(s0, a, " "); split(s1, b, " ")
        printf "round %d  %-40s requests=%d  cpu_s=%.2f  main_us=%.1f  worker_us=%.1f  other_us=%.1f  us_cpu_per_request=%.1f\n", r, d, n, c1 - c0,
          (b[1] - a[1]) * 1e6 / n, (b[2] - a[2]) * 1e6 / n, (b[3] - a[3]) * 1e6 / n, (c1 - c0) * 1e6 / n }'
    kill "$pid"
    wait "$pid" 2>/dev/null || true
  done
done
