-- wrk script for bench/soak.sh: cycles through a list of requests, one per line:
--   GET <path>            a tile or a static image
--   PATCH <path> <json>   a mutation (restyle), sent with a JSON body
-- Each thread takes every T-th line. Counts answers by class: 2xx/304 are good, 503 with
-- Retry-After is load shedding (reported apart), anything else is an error.
-- usage: wrk -t T -c C -d D -s soak.lua http://HOST:PORT -- LIST_FILE T
local created = {}

function setup(thread)
  thread:set("id", #created)
  table.insert(created, thread)
end

function init(args)
  local file, nthreads = args[1], tonumber(args[2] or "1")
  reqs = {}
  local k = 0
  for line in io.lines(file) do
    if line ~= "" then
      if k % nthreads == id then
        local method, path, body = line:match("^(%S+) (%S+) ?(.*)$")
        if body == "" then body = nil end
        local headers = body and { ["Content-Type"] = "application/json" } or nil
        reqs[#reqs + 1] = wrk.format(method, path, headers, body)
      end
      k = k + 1
    end
  end
  n = 0
  good, shed, bad, mutations = 0, 0, 0, 0
end

function request()
  n = n % #reqs + 1
  return reqs[n]
end

function response(status, headers, body)
  if status == 200 or status == 201 or status == 204 or status == 304 then
    good = good + 1
  elseif status == 503 then
    shed = shed + 1
  else
    bad = bad + 1
    if bad <= 5 then io.stderr:write("unexpected status ", status, ": ", body:sub(1, 200), "\n") end
  end
end

function done(summary, latency, requests)
  local g, s, b = 0, 0, 0
  for _, t in ipairs(created) do
    g = g + (t:get("good") or 0); s = s + (t:get("shed") or 0); b = b + (t:get("bad") or 0)
  end
  local e = summary.errors
  io.write(string.format(
    'WRK {"requests":%d,"duration_s":%.1f,"requests_per_s":%.1f,"good":%d,"shed_503":%d,"bad_status":%d,' ..
    '"errors_connect":%d,"errors_read":%d,"errors_write":%d,"errors_timeout":%d,' ..
    '"latency_p50_ms":%.2f,"latency_p99_ms":%.2f,"latency_max_ms":%.2f}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6), g, s, b,
    e.connect, e.read, e.write, e.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
