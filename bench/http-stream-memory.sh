#!/usr/bin/env bash
# Peak memory of `jsson serve` (one process, one worker) while it streams one
# huge response: W1b (1M objects) in every format and W4 (0..9999999).
#   bench/http-stream-memory.sh [--smoke]   (--smoke: one small streamed body: a check that it runs)
# Prints per workload: status, bytes sent, seconds, idle RSS and peak RSS (VmHWM).
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${1:-}" != --smoke ] || BODIES=small-json
[ -f dist/cli/serve/app.js ] || npm run build >/dev/null
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
PORT="${PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(String(s.address().port));s.close()})')}"
node -e '
const fs = require("fs"), dir = process.argv[1];
const w1b = fs.readFileSync("bench/workloads/w1b.jsson", "utf8");
for (const f of ["json", "yaml", "toml", "typescript"]) fs.writeFileSync(`${dir}/w1b-${f}.json`, JSON.stringify({ source: w1b, format: f, streaming: true }));
fs.writeFileSync(`${dir}/small-json.json`, JSON.stringify({ source: fs.readFileSync("bench/workloads/small.jsson", "utf8"), streaming: true }));
fs.writeFileSync(`${dir}/w4-json.json`, JSON.stringify({ source: fs.readFileSync("bench/workloads/w4.jsson", "utf8"), streaming: true }));
' "$TMP"
for body in ${BODIES:-w1b-json w1b-yaml w1b-toml w1b-typescript w4-json}; do
  node bin/jsson.js serve -port "$PORT" -host 127.0.0.1 -quiet -processes 1 -workers 1 -max-output 2GiB -timeout 300s >/dev/null 2>&1 &
  SERVER=$!
  for _ in $(seq 1 300); do curl -sf "127.0.0.1:$PORT/health" >/dev/null 2>&1 && break; sleep 0.1; done
  idle=$(awk '/VmRSS/{print int($2/1024)}' "/proc/$SERVER/status")
  result=$(curl -s -o /dev/null -w '%{http_code} %{size_download} %{time_total}' -H 'Content-Type: application/json' --data-binary "@$TMP/$body.json" "127.0.0.1:$PORT/transpile")
  peak=$(awk '/VmHWM/{print int($2/1024)}' "/proc/$SERVER/status")
  read -r status bytes secs <<<"$result"
  printf '%-16s status %s  %6.1f MB in %5.2f s (%5.1f MB/s)  RSS idle %s MB, peak %s MB\n' "$body" "$status" "$(echo "$bytes/1000000" | bc -l)" "$secs" "$(echo "$bytes/1000000/$secs" | bc -l)" "$idle" "$peak"
  kill -TERM "$SERVER"; wait "$SERVER" 2>/dev/null || true
done
