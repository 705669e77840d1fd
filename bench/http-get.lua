-- wrk script: GET the path in $URLPATH (default /health); one summary line at the end.
wrk.path = os.getenv("URLPATH") or "/health"

done = function(summary, latency, requests)
  io.write(string.format("RESULT req_per_s=%.0f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f requests=%d errors=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.requests, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout))
end
