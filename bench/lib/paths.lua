-- wrk script: requests the paths of a list file, split across wrk's threads.
--   PATHS_MODE=once (environment): every path exactly once (thread k takes lines k, k+T,
--       k+2T, ...). When a thread has handed out its share its connections wait (delay) until
--       every response is in; then it writes DONE_DIR/done.<k> and stops. A connection that
--       raced past the end sends GET /health instead (counted as filler, a handful at most). wrk 4.1 keeps its
--       clock running after all threads stopped, so the caller sends SIGINT once all marker
--       files exist (wrk then prints its summary: `bench/lib/server.sh` wrk_once does this).
--   PATHS_MODE=loop (default): cycles through the thread's share for the whole duration.
-- usage: PATHS_MODE=once wrk -t T -c C -d D -s paths.lua http://HOST:PORT -- PATHS_FILE T DONE_DIR
-- The last line printed is `WRK {json}`: requests, duration, errors, latency percentiles.

local once = os.getenv("PATHS_MODE") == "once"
local created = {}

function setup(thread)
  thread:set("id", #created)
  table.insert(created, thread)
end

function init(args)
  local file, nthreads = args[1], tonumber(args[2] or "1")
  doneDir = args[3]
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
  received = 0
  bad = 0
  filler = 0
  verifyPending = (id == 0)
end

function request()
  -- wrk 4.1 calls request() once on thread 0 before the run to check the request (it is
  -- never sent): answer it without using up a path.
  if verifyPending then
    verifyPending = false
    return wrk.format("GET", paths[1] or "/")
  end
  sent = sent + 1
  if nextIndex >= #paths then
    if not once then
      nextIndex = 0
    else
      -- A connection that passed delay() just before the list ran out: a cheap request that is
      -- counted (filler) instead of repeating a tile.
      filler = filler + 1
      return wrk.format("GET", "/health")
    end
  end
  nextIndex = nextIndex + 1
  return wrk.format("GET", paths[nextIndex])
end

if once then
  -- After the last path was handed out, park the connection: no repeats, no filler requests.
  function delay()
    if nextIndex >= #paths then return 3600000 end
    return 0
  end
end

function response(status, headers, body)
  received = received + 1
  if status ~= 200 then bad = bad + 1 end
  if once and nextIndex >= #paths and received == sent then
    if doneDir then
      local f = io.open(doneDir .. "/done." .. id, "w")
      if f then f:write(received, "\n"); f:close() end
    end
    wrk.thread:stop()
  end
end

function done(summary, latency, requests)
  local sentTotal, receivedTotal, badTotal, listedTotal, fillerTotal = 0, 0, 0, 0, 0
  local perThread = {}
  for _, t in ipairs(created) do
    perThread[#perThread + 1] = string.format("[%d,%d,%d,%d]", t:get("listed") or 0, t:get("sent") or 0,
      t:get("received") or 0, t:get("filler") or 0)
    sentTotal = sentTotal + (t:get("sent") or 0)
    receivedTotal = receivedTotal + (t:get("received") or 0)
    badTotal = badTotal + (t:get("bad") or 0)
    listedTotal = listedTotal + (t:get("listed") or 0)
    fillerTotal = fillerTotal + (t:get("filler") or 0)
  end
  local e = summary.errors
  io.write(string.format(
    'WRK {"mode":"%s","requests":%d,"duration_s":%.3f,"bytes":%d,"requests_per_s":%.1f,"filler":%d,"tiles":%d,"tiles_per_s":%.1f,' ..
    '"errors_connect":%d,"errors_read":%d,"errors_write":%d,"errors_status":%d,"errors_timeout":%d,' ..
    '"non_200":%d,"sent":%d,"received":%d,"listed":%d,"threads_listed_sent_received_filler":[%s],' ..
    '"latency_p50_ms":%.3f,"latency_p90_ms":%.3f,"latency_p99_ms":%.3f,"latency_max_ms":%.3f,"latency_mean_ms":%.3f}\n',
    once and "once" or "loop", summary.requests, summary.duration / 1e6, summary.bytes,
    summary.requests / (summary.duration / 1e6), fillerTotal, summary.requests - fillerTotal,
    (summary.requests - fillerTotal) / (summary.duration / 1e6),
    e.connect, e.read, e.write, e.status, e.timeout, badTotal, sentTotal, receivedTotal, listedTotal,
    table.concat(perThread, ","),
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, latency.mean / 1000))
end
