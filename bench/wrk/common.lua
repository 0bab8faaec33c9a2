-- Shared by the scripts that need randomness or write ratings. Each wrk
-- thread seeds its own generator, so threads do not send the same requests.
local thread_seed = 0

setup = function(thread)
  thread_seed = thread_seed + 1
  thread:set("seed", thread_seed)
end

init = function()
  math.randomseed(os.time() + (seed or 0))
end

local members = tonumber(os.getenv("BENCH_MEMBERS") or "2000")
local albums = tonumber(os.getenv("BENCH_ALBUMS") or "200000")
local artists = tonumber(os.getenv("BENCH_ARTISTS") or "20000")

-- A random signed-in member (tokens synthetic-1 .. synthetic-BENCH_MEMBERS)
-- rates a random album; rating it again changes the rating, as the UI does.
function rating_request()
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
