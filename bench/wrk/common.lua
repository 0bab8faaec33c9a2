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

-- A random signed-in member's number: member n has the token synthetic-n
-- and the user id n.
function random_member()
  return math.random(1, members)
end

-- A random signed-in member's token.
function member_token()
  return "Bearer synthetic-" .. random_member()
end

-- The albums of BENCH_ALBUM_FILE, one "id artistId artistSlug slug" a line,
-- the most rated first.
function load_albums()
  local list = {}
  for line in io.lines(os.getenv("BENCH_ALBUM_FILE")) do
    local id, artist, artist_slug, slug = line:match("(%d+) (%d+) (%S+) (%S+)")
    table.insert(list, { id = id, artist = artist, artist_slug = artist_slug, slug = slug })
  end
  return list
end

-- Popularity skewed like real sites: the rank (1 to n) is log-uniform, so
-- half the picks fall on the top sqrt(n) and the rest spread over the tail.
function popular_rank(n)
  return math.floor(math.exp(math.random() * math.log(n)))
end

function popular_pick(list)
  return list[popular_rank(#list)]
end

-- Every item as likely as any other: no album gets asked much more than the
-- rest, so few visits find one that another visit has just warmed.
function even_pick(list)
  return list[math.random(1, #list)]
end

-- The four calls of an album page, asked in turn by one member for one
-- album before the next visit starts; pick chooses the album (popular_pick
-- unless told).
local visit = { step = 4 }
function album_page_request(list, pick)
  if visit.step == 4 then
    visit = { step = 0, album = (pick or popular_pick)(list), token = member_token() }
  end
  visit.step = visit.step + 1
  local a = visit.album
  local path = ({
    "/api/album/name/" .. a.artist_slug .. "/" .. a.slug,
    "/api/rating/album/" .. a.id,
    "/api/review/" .. a.slug,
    "/api/comment/album/" .. a.id .. "?page=1",
  })[visit.step]
  return wrk.format("GET", path, { ["Authorization"] = visit.token })
end

-- Album a (a line of BENCH_ALBUM_FILE) rated by the member of token, in
-- half stars as the album page's stars send it.
function rate_album_request(a, token)
  local body = string.format('{"albumId":%s,"artistId":%s,"number":%.1f}', a.id, a.artist, math.random(1, 20) / 2)
  return wrk.format("POST", "/api/rating", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = token,
  }, body)
end

-- The album being visited, rated by its visitor.
function rate_visited_request()
  return rate_album_request(visit.album, visit.token)
end
