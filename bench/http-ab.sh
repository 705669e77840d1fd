#!/usr/bin/env bash
# Interleaved A/B load test of `jsson serve` (issue #18), with wrk (apt-get install -y wrk).
#
#   bench/http-ab.sh
#   ROUNDS=1 DURATION=3s bench/http-ab.sh                                  (a quick look)
#   bench/http-ab.sh --smoke                                               (does it still run?)
#   REF_SERVER='node /tmp/old/bin/jsson.js serve -port {PORT}' bench/http-ab.sh   (compare another server)
#
# Starts, side by side for the whole run:
#   jsson  `jsson serve` from this checkout's dist/ (SERVE_FLAGS adds flags, e.g. "-processes 1");
#   bare   bare node:http, 2 processes (bench/bare-http.mjs): this machine's ceiling right now;
#   ref    when REF_SERVER is set: any server speaking HTTP.md, started with {PORT} replaced
#          (the Go reference, or a previous build of jsson).
# Then ROUNDS rounds (default 3), each running every workload against every server in turn,
# so slow drifts of a shared machine hit all servers alike:
#   small      POST /transpile, the body of bench/workloads/small.jsson (CONNS=64 connections):
#              the same text every time
#   small-new  the same with a new text every request (a counter in a trailing comment): every
#              request is evaluated
#   w3-same    POST /transpile, the 5,000-line config, the same text every time (W3_CONNS=8)
#   w3-new     the same with a new text every request (a counter in a trailing comment: no cache hits)
#   health@small, health@w3-new
#              GET /health latency (HEALTH_CONNS=4 connections) while the named load runs
#              against the same server; the row shows the probe's requests/s and p99.
# WORKLOADS picks some of them (default: all six, e.g. WORKLOADS="small w3-new").
# bare takes only `small` and `small-new` (it does not transpile). wrk runs on the same machine and takes
# CPU from the servers; absolute numbers drift with the neighbours' load, ratios much less.
# Prints one line per run, then a table of medians over the rounds and the ratios to jsson.
# --smoke: one short round of three workloads, a check that the script still runs (test/bench).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --smoke ]; then ROUNDS=1 DURATION=2s WORKLOADS="small w3-new health@small"; fi
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-8s}"
CONNS="${CONNS:-64}"
W3_CONNS="${W3_CONNS:-8}"
HEALTH_CONNS="${HEALTH_CONNS:-4}"
WORKLOADS=" ${WORKLOADS:-small small-new w3-same w3-new health@small health@w3-new} "
command -v wrk >/dev/null || { echo "wrk not found: apt-get install -y wrk" >&2; exit 1; }
[ -f dist/cli/serve/app.js ] || { echo "dist/ missing: npx tsc -p tsconfig.json" >&2; exit 1; }
SECS="${DURATION%s}"
[[ "$SECS" =~ ^[0-9]+$ ]] && [ "$SECS" -ge 2 ] || { echo "DURATION: whole seconds, at least 2 (e.g. 8s)" >&2; exit 1; }

TMP="$(mktemp -d)"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$TMP"
}
trap cleanup EXIT
node bench/http-bodies.mjs "$TMP"
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(String(s.address().port));s.close()})'; }
wait_up() { # base url: until POST /transpile answers (30 s at most; bare node:http has nothing else)
  for _ in $(seq 1 300); do curl -sf -o /dev/null --data-binary "@$TMP/small.json" "$1/transpile" 2>/dev/null && return 0; sleep 0.1; done
  echo "no answer from $1" >&2
  exit 1
}

declare -A URL
SERVERS=(jsson bare)
port="$(free_port)"
URL[jsson]="http://127.0.0.1:$port"
# shellcheck disable=SC2086
node bin/jsson.js serve -port "$port" -host 127.0.0.1 -quiet -playground=false -max-output 1GiB -timeout 60s ${SERVE_FLAGS:-} >"$TMP/jsson.out" 2>"$TMP/jsson.err" &
PIDS+=($!)
port="$(free_port)"
URL[bare]="http://127.0.0.1:$port"
node bench/bare-http.mjs "$port" 2 >/dev/null 2>&1 &
PIDS+=($!)
if [ -n "${REF_SERVER:-}" ]; then
  port="$(free_port)"
  URL[ref]="http://127.0.0.1:$port"
  SERVERS+=(ref)
  # The command is the caller's, run as given (word splitting and all), with its port filled in.
  bash -c "exec ${REF_SERVER//\{PORT\}/$port}" >"$TMP/ref.out" 2>"$TMP/ref.err" &
  PIDS+=($!)
fi
for s in "${SERVERS[@]}"; do wait_up "${URL[$s]}"; done

load() { # server body seconds [UNIQUE]: one wrk run of POST /transpile; prints its RESULT line
  local server="$1" body="$2" secs="$3" unique="${4:-0}" conns="$CONNS"
  [ "$body" = w3.json ] && conns="$W3_CONNS"
  UNIQUE="$unique" URLPATH=/transpile BODY="$TMP/$body" wrk -t2 -c"$conns" -d"$secs"s --timeout 10s -s bench/http-post.lua "${URL[$server]}" | grep '^RESULT' || echo "RESULT req_per_s=0 p99_ms=0"
}
probe() { # server body [UNIQUE]: GET /health while that load runs against the same server; prints the probe's RESULT line
  local server="$1" body="$2" unique="${3:-0}"
  load "$server" "$body" "$SECS" "$unique" >/dev/null &
  local loader=$!
  sleep 1 # let the load reach its pace first
  URLPATH=/health wrk -t1 -c"$HEALTH_CONNS" -d"$((SECS - 1))"s --timeout 10s -s bench/http-get.lua "${URL[$server]}" | grep '^RESULT' || echo "RESULT req_per_s=0 p99_ms=0"
  wait "$loader" || true
}
field() { sed -n "s/.* $1=\\([0-9.]*\\).*/\\1/p"; }
record() { # round workload server RESULT-line
  local rps p99
  rps="$(echo "$4" | field req_per_s)"
  p99="$(echo "$4" | field p99_ms)"
  printf 'round %s  %-14s %-6s req/s %8s  p99 %7s ms  %s\n' "$1" "$2" "$3" "$rps" "$p99" "$(echo "$4" | grep -o 'errors=[0-9]*' || true)"
  echo "$2 $3 $rps $p99" >>"$TMP/results"
}

# Fresh processes are slower for a few seconds (JIT tiers, heaps still growing): warm every server up first.
for s in "${SERVERS[@]}"; do
  load "$s" small.json 3 >/dev/null
  [ "$s" = bare ] || [[ "$WORKLOADS" =~ ^(\ small|\ small-new)+\ $ ]] || load "$s" w3.json 3 >/dev/null
done

picked() { [[ "$WORKLOADS" == *" $1 "* ]]; }
for round in $(seq 1 "$ROUNDS"); do
  # Odd rounds go through the servers in one order, even rounds in the other: none always follows another's load.
  order=("${SERVERS[@]}")
  if [ $((round % 2)) -eq 0 ]; then order=(); for ((i = ${#SERVERS[@]} - 1; i >= 0; i--)); do order+=("${SERVERS[$i]}"); done; fi
  if picked small; then for s in "${order[@]}"; do record "$round" small "$s" "$(load "$s" small.json "$SECS")"; done; fi
  if picked small-new; then for s in "${order[@]}"; do record "$round" small-new "$s" "$(load "$s" small.json "$SECS" 1)"; done; fi
  if picked w3-same; then for s in "${order[@]}"; do [ "$s" = bare ] || record "$round" w3-same "$s" "$(load "$s" w3.json "$SECS")"; done; fi
  if picked w3-new; then for s in "${order[@]}"; do [ "$s" = bare ] || record "$round" w3-new "$s" "$(load "$s" w3.json "$SECS" 1)"; done; fi
  if picked health@small; then for s in "${order[@]}"; do [ "$s" = bare ] || record "$round" health@small "$s" "$(probe "$s" small.json)"; done; fi
  if picked health@w3-new; then for s in "${order[@]}"; do [ "$s" = bare ] || record "$round" health@w3-new "$s" "$(probe "$s" w3.json 1)"; done; fi
done

echo
echo "medians of $ROUNDS round(s), $DURATION each; ratio = jsson's req/s / that server's (health rows: p99 matters)"
printf '%-14s %-6s %10s %10s %8s\n' workload server "req/s" "p99 ms" ratio
awk '
  { key = $1 " " $2; n[key]++; rps[key, n[key]] = $3; p99[key, n[key]] = $4; if (!(key in seen)) { seen[key] = 1; order[++k] = key } }
  function median(a, key, count,    i, j, t, v) {
    for (i = 1; i <= count; i++) v[i] = a[key, i]
    for (i = 2; i <= count; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
    return count % 2 ? v[(count + 1) / 2] : (v[count / 2] + v[count / 2 + 1]) / 2
  }
  END {
    for (i = 1; i <= k; i++) { key = order[i]; mr[key] = median(rps, key, n[key]); mp[key] = median(p99, key, n[key]) }
    for (i = 1; i <= k; i++) {
      key = order[i]; split(key, part, " ")
      mine = part[1] " jsson"
      ratio = (part[2] == "jsson" || mr[key] == 0) ? "" : sprintf("%.2f", mr[mine] / mr[key])
      printf "%-14s %-6s %10.0f %10.2f %8s\n", part[1], part[2], mr[key], mp[key], ratio
    }
  }' "$TMP/results"
