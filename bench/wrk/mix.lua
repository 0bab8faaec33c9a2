-- Nine reads of BENCH_PATHS for every rating written by a random signed-in
-- member (tokens synthetic-1 .. synthetic-BENCH_MEMBERS) on a random album.
local paths = {}
for path in string.gmatch(os.getenv("BENCH_PATHS") or "/api/health", "%S+") do
  table.insert(paths, path)
end
local members = tonumber(os.getenv("BENCH_MEMBERS") or "2000")
local albums = tonumber(os.getenv("BENCH_ALBUMS") or "200000")
local artists = tonumber(os.getenv("BENCH_ARTISTS") or "20000")
local turn = 0
local thread_seed = 0

setup = function(thread)
  thread_seed = thread_seed + 1
  thread:set("seed", thread_seed)
end

init = function()
  math.randomseed(os.time() + (seed or 0))
end

request = function()
  turn = turn + 1
  if turn % 10 == 0 then
    local album = math.random(1, albums)
    -- The synthetic catalogue gives album n the artist (n - 1) mod artists + 1.
    local artist = (album - 1) % artists + 1
    local body = string.format('{"albumId":%d,"artistId":%d,"number":%.1f}', album, artist, math.random(1, 20) / 2)
    local headers = {
      ["Content-Type"] = "application/json",
      ["Authorization"] = "Bearer synthetic-" .. math.random(1, members),
    }
    return wrk.format("POST", "/api/rating", headers, body)
  end
  return wrk.format("GET", paths[(turn % #paths) + 1])
end
