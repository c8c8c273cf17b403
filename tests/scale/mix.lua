-- wrk script of the scale test's rolling restart: a mix of a REST read, the prerendered home
-- page and the server-rendered blog list, each request from a random visitor address (the
-- balancer appends its own X-Forwarded-For, the servers trust 127.0.0.1, so each request counts
-- as that visitor's for REST_CLIENT_CONCURRENCY, as on a real site). Counts every status and,
-- per second, the requests and the ones that were not 2xx/3xx; `done` writes it all as JSON to
-- $SCALE_WRK_OUT.
local anon = os.getenv("SCALE_ANON_KEY") or ""
local paths = { "/rest/v1/blog_posts?select=id,title&limit=5", "/", "/blog" }
local threads = {}
local counter = 0

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  per_second = {}
  bad_per_second = {}
  bad = {}
  math.randomseed(os.time() * 1000 + id)
end

function request()
  counter = counter + 1
  local path = paths[(counter % #paths) + 1]
  local headers = {
    ["X-Forwarded-For"] = string.format("10.%d.%d.%d", id, math.random(0, 255), math.random(1, 254)),
  }
  if path:sub(1, 6) == "/rest/" then
    headers["apikey"] = anon
    headers["Authorization"] = "Bearer " .. anon
  end
  return wrk.format("GET", path, headers)
end

function response(status, headers, body)
  local key = tostring(status)
  statuses[key] = (statuses[key] or 0) + 1
  local second = tostring(os.time())
  per_second[second] = (per_second[second] or 0) + 1
  if status < 200 or status >= 400 then
    bad_per_second[second] = (bad_per_second[second] or 0) + 1
    if #bad < 200 then
      table.insert(bad, second .. " " .. key)
    end
  end
end

local function json_map(map)
  local parts = {}
  for key, value in pairs(map) do
    table.insert(parts, string.format("%q:%d", key, value))
  end
  return "{" .. table.concat(parts, ",") .. "}"
end

local function merge(into, map)
  for key, value in pairs(map or {}) do
    into[key] = (into[key] or 0) + value
  end
end

function done(summary, latency, requests)
  local all_statuses, all_seconds, all_bad_seconds, all_bad = {}, {}, {}, {}
  for _, thread in ipairs(threads) do
    merge(all_statuses, thread:get("statuses"))
    merge(all_seconds, thread:get("per_second"))
    merge(all_bad_seconds, thread:get("bad_per_second"))
    for _, entry in ipairs(thread:get("bad") or {}) do
      table.insert(all_bad, string.format("%q", entry))
    end
  end
  local out = string.format(
    '{"requests":%d,"duration_us":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
      '"latency_us":{"p50":%d,"p90":%d,"p99":%d,"p999":%d,"max":%d,"mean":%.1f},' ..
      '"statuses":%s,"per_second":%s,"bad_per_second":%s,"bad":[%s]}',
    summary.requests, summary.duration,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.status,
    summary.errors.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9),
    latency.max, latency.mean,
    json_map(all_statuses), json_map(all_seconds), json_map(all_bad_seconds), table.concat(all_bad, ",")
  )
  local file = io.open(os.getenv("SCALE_WRK_OUT") or "/dev/stdout", "w")
  file:write(out)
  file:close()
end
