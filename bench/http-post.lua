-- wrk script: POST the JSON body in the file named by $BODY to the path in $URLPATH
-- (default /transpile), and print one machine-readable summary line at the end.
-- With UNIQUE=1 every request's source text is different (a counter in a trailing
-- comment), so a server-side parse cache never hits; the body must then end with
-- its "source" string: {…,"source":"…"}
local f = assert(io.open(os.getenv("BODY"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
wrk.path = os.getenv("URLPATH") or "/transpile"

if os.getenv("UNIQUE") == "1" then
  assert(wrk.body:sub(-2) == '"}', "UNIQUE=1: the body must end with the source string")
  local prefix = wrk.body:sub(1, -3)
  local threads = 0
  setup = function(thread)
    threads = threads + 1
    thread:set("tid", threads)
  end
  local n = 0
  request = function()
    n = n + 1
    return wrk.format(nil, nil, nil, prefix .. "\\n// " .. tid .. "-" .. n .. '"}')
  end
end

done = function(summary, latency, requests)
  io.write(string.format("RESULT req_per_s=%.0f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f requests=%d errors=%d non2xx=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.requests, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end
