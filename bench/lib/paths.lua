-- wrk script: requests the paths of a list file, split across wrk's threads.
--   once mode: every path exactly once (thread k takes lines k, k+T, k+2T, ...), then the
--              thread stops, so an uncached load never repeats a URL;
--   loop mode: cycles through the thread's share for the whole duration (cached load).
-- usage: wrk -t T -c C -d D -s paths.lua http://HOST:PORT -- PATHS_FILE T once|loop
-- The last line printed is `WRK {json}`: requests, duration, errors, latency percentiles.

local created = {}

function setup(thread)
  thread:set("id", #created)
  table.insert(created, thread)
end

function init(args)
  local file, nthreads = args[1], tonumber(args[2] or "1")
  looping = (args[3] == "loop")
  paths = {}
  local k = 0
  for line in io.lines(file) do
    if line ~= "" then
      if k % nthreads == id then paths[#paths + 1] = line end
      k = k + 1
    end
  end
  listed = #paths
  nextIndex = 0
  sent = 0
  exhausted = 0
  bad = 0
end

function request()
  nextIndex = nextIndex + 1
  if nextIndex > #paths then
    if looping then
      nextIndex = 1
    else
      -- Everything was sent once: stop this thread. wrk may still write this one request;
      -- it repeats the last path and is counted as `exhausted`.
      exhausted = exhausted + 1
      wrk.thread:stop()
      nextIndex = #paths
    end
  end
  sent = sent + 1
  return wrk.format("GET", paths[nextIndex])
end

function response(status, headers, body)
  if status ~= 200 then bad = bad + 1 end
end

function done(summary, latency, requests)
  local sentTotal, exhaustedTotal, badTotal, listed = 0, 0, 0, 0
  for _, t in ipairs(created) do
    sentTotal = sentTotal + (t:get("sent") or 0)
    exhaustedTotal = exhaustedTotal + (t:get("exhausted") or 0)
    badTotal = badTotal + (t:get("bad") or 0)
    listed = listed + (t:get("listed") or 0)
  end
  local e = summary.errors
  io.write(string.format(
    'WRK {"requests":%d,"duration_s":%.3f,"bytes":%d,"requests_per_s":%.1f,' ..
    '"errors_connect":%d,"errors_read":%d,"errors_write":%d,"errors_status":%d,"errors_timeout":%d,' ..
    '"non_200":%d,"sent":%d,"listed":%d,"exhausted":%d,' ..
    '"latency_p50_ms":%.3f,"latency_p90_ms":%.3f,"latency_p99_ms":%.3f,"latency_max_ms":%.3f,"latency_mean_ms":%.3f}\n',
    summary.requests, summary.duration / 1e6, summary.bytes, summary.requests / (summary.duration / 1e6),
    e.connect, e.read, e.write, e.status, e.timeout, badTotal, sentTotal, listed, exhaustedTotal,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, latency.mean / 1000))
end
