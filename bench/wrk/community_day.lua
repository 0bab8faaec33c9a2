-- A day on the site: signed-in members (synthetic-1 .. BENCH_MEMBERS) using
-- it as the UI does. Each wrk thread plays one member's visit of 5 to 15
-- pages, then another member's. A page is the burst of GETs its screen asks
-- when it opens (as read in ui/src), sent in turn before the next page is
-- picked; as with album_page_request, the thread's connections share the
-- visit, so a burst goes out side by side as a browser's does. Pages, by
-- weight out of 100:
--   31 album page: the album, its descriptors, the lists holding it, its
--      similar albums, its comments; a third
--      also open the Ratings tab and one in ten of those its chart, a
--      quarter the Reviews tab (a tab asks only once opened). Albums by
--      popular_pick over BENCH_ALBUM_FILE: half the top few dozen, half the
--      long tail. The page members come for, so the most asked.
--   20 the header bell's unread count: asked every 30 seconds while the tab
--      is shown, so more often than any one kind of page.
--    8 home: featured reviews, recent comments, posts and reviews, popular
--      lists and albums. Where visits land.
--    2 For you: the home tab's recommendations (worked out in the
--      background the first time a member asks).
--    7 artist page: the artist, their albums, whether the member follows
--      them (artists of popular_pick albums).
--    7 profile of memberN, the first (most rated and followed) likelier: the
--      member, their stats, follower counts, taste compatibility.
--    6 search: a word of the catalogue's names (BENCH_WORD_FILE) typed, its
--      2- to 4-letter prefixes asked as the box settles between keys.
--    5 feed: /api/feed?limit=20, as the Feed page and the home tab ask it.
--    5 list page: the list, its comments (BENCH_LIST_FILE, most liked likelier).
--    5 charts: a year (BENCH_YEARS) by a genre (BENCH_GENRE_FILE) at random,
--      one in ten all-time, one in ten all genres: the genre, the chart.
--    2 new releases: just out, or (half the time) what is to come of the
--      artists the member follows.
--    2 feeds, as readers and calendars poll them: the member's calendar
--      (synthetic-calendar-N), the new releases' feed, a list's or a
--      member's reviews' feed, with no session.
-- A visit opens with what the app asks once and keeps: who is signed in,
-- the unread count, the member's own ratings and wishlist (album and
-- profile pages mark the member's own), and the genre list on its first
-- charts page.
--
-- BENCH_WRITES=1: one request in ten is a write by the visiting member, on
-- the album they saw last: ratings 10 in 20, wishlist adds 5, comments 3,
-- follows 2 (of the profile they saw last, else a popular member).
dofile("bench/wrk/common.lua")

local writes = os.getenv("BENCH_WRITES") == "1"
local profiles = tonumber(os.getenv("BENCH_PROFILES") or "100000")
local first_year, last_year = (os.getenv("BENCH_YEARS") or "1955 2024"):match("(%d+) (%d+)")
first_year, last_year = tonumber(first_year), tonumber(last_year)

local function read_lines(variable)
  local lines = {}
  for line in io.lines(os.getenv(variable)) do
    table.insert(lines, line)
  end
  return lines
end

local albums, lists, genres, words
init = function()
  math.randomseed(os.time() + (seed or 0))
  albums = load_albums()
  lists = read_lines("BENCH_LIST_FILE")
  genres = read_lines("BENCH_GENRE_FILE")
  words = read_lines("BENCH_WORD_FILE")
end

-- The visit under way (its member, pages left, what it saw last) and the
-- calls of the current page not sent yet.
local visit = { pages_left = 0 }
local calls = {}

local function open_visit()
  local n = random_member()
  visit = {
    member = n,
    token = "Bearer synthetic-" .. n,
    pages_left = math.random(5, 15),
    album = popular_pick(albums),
  }
  return {
    "/api/auth/me",
    "/api/notifications/unread",
    "/api/rating/user/" .. n .. "?page=1&limit=2000",
    "/api/wishlistitem/user/" .. n .. "?page=1&limit=2000",
  }
end

local function album_page()
  local a = popular_pick(albums)
  visit.album = a
  local page = {
    "/api/album/name/" .. a.artist_slug .. "/" .. a.slug,
    "/api/album/" .. a.id .. "/descriptors",
    "/api/list/album/" .. a.id,
    "/api/album/" .. a.id .. "/similar",
    "/api/comment/album/" .. a.id .. "?page=1",
  }
  if math.random(3) == 1 then
    table.insert(page, "/api/rating/album/" .. a.id .. "?page=1&limit=50")
    if math.random(10) == 1 then
      table.insert(page, "/api/rating/album/" .. a.id .. "/distribution")
    end
  end
  if math.random(4) == 1 then
    table.insert(page, "/api/review/" .. a.slug .. "?page=1&limit=20")
  end
  return page
end

local function unread_poll()
  return { "/api/notifications/unread" }
end

local function home_page()
  return {
    "/api/review/featured",
    "/api/comment/recent",
    "/api/post/recent?limit=10",
    "/api/review/recent?limit=10",
    "/api/list/popular?limit=6",
    "/api/album/popular-albums?limit=20",
  }
end

local function for_you()
  return { "/api/recommendations?limit=24" }
end

local function artist_page()
  local a = popular_pick(albums)
  return {
    "/api/artist/name/" .. a.artist_slug,
    "/api/album/artist/" .. a.artist_slug,
    "/api/artist/" .. a.artist .. "/follow",
  }
end

local function profile_page()
  local n = popular_rank(profiles)
  visit.profile = n
  local user = "/api/user/username/member" .. n
  local page = { user, user .. "/stats", user .. "/social" }
  -- Compatibility is asked of other members only.
  if n ~= visit.member then
    table.insert(page, user .. "/compatibility")
  end
  return page
end

local function search_typing()
  local word = words[math.random(#words)]
  local page = {}
  for letters = 2, math.random(2, math.min(4, #word)) do
    table.insert(page, "/api/search?q=" .. word:sub(1, letters) .. "&limit=6")
  end
  return page
end

local function feed_page()
  return { "/api/feed?limit=20" }
end

local function list_page()
  local list = popular_pick(lists)
  return { "/api/list/" .. list, "/api/comment/list/" .. list .. "?page=1" }
end

local function new_releases_page()
  if math.random(2) == 1 then
    return { "/api/new-releases?page=1" }
  end
  return { "/api/new-releases?when=upcoming&followed=true&page=1" }
end

local function feed_reader()
  local kind = math.random(4)
  if kind == 1 then
    return { "/api/feeds/calendar/synthetic-calendar-" .. visit.member }
  elseif kind == 2 then
    return { "/api/feeds/new-releases" }
  elseif kind == 3 then
    return { "/api/feeds/lists/" .. popular_pick(lists) }
  end
  return { "/api/feeds/members/member" .. math.random(profiles) .. "/reviews" }
end

local function charts_page()
  local page = {}
  if not visit.has_genres then
    visit.has_genres = true
    table.insert(page, "/api/genre")
  end
  local year, genre = tostring(math.random(first_year, last_year)), genres[math.random(#genres)]
  local scope = math.random(10)
  if scope == 1 then
    year = "all-time"
  elseif scope == 2 then
    genre = "all-genres"
  end
  if genre ~= "all-genres" then
    table.insert(page, "/api/genre/name/" .. genre)
  end
  table.insert(page, "/api/genre/top-rated/" .. year .. "/" .. genre .. "?limit=10&page=1")
  return page
end

local pages = {
  { 31, album_page },
  { 20, unread_poll },
  { 8, home_page },
  { 2, for_you },
  { 7, artist_page },
  { 7, profile_page },
  { 6, search_typing },
  { 5, feed_page },
  { 5, list_page },
  { 5, charts_page },
  { 2, new_releases_page },
  { 2, feed_reader },
}
local total_weight = 0
for _, page in ipairs(pages) do
  total_weight = total_weight + page[1]
end

local function next_page()
  local left = math.random(total_weight)
  for _, page in ipairs(pages) do
    left = left - page[1]
    if left <= 0 then
      return page[2]()
    end
  end
end

local function post(path, body)
  local headers = { ["Authorization"] = visit.token }
  if body then
    headers["Content-Type"] = "application/json"
  end
  return wrk.format("POST", path, headers, body)
end

-- Albums each member of this thread put on their wishlist: the album page
-- offers to take those off instead (a second add answers 409), so they are
-- rated.
local wishlisted = {}

local function write_request()
  local a = visit.album
  local kind = math.random(20)
  local key = visit.member .. " " .. a.id
  if kind <= 10 or (kind <= 15 and wishlisted[key]) then
    return rate_album_request(a, visit.token)
  elseif kind <= 15 then
    wishlisted[key] = true
    return post("/api/wishlistitem", string.format('{"albumId":%s}', a.id))
  elseif kind <= 18 then
    return post("/api/comment", string.format('{"albumId":%s,"commentText":"Heard it again today, take %d"}', a.id, math.random(1e6)))
  end
  -- Following oneself is refused; following twice changes nothing.
  local n = visit.profile or popular_rank(profiles)
  if n == visit.member then
    n = n % profiles + 1
  end
  return post("/api/user/username/member" .. n .. "/follow")
end

local turn = 0
request = function()
  turn = turn + 1
  if writes and turn % 10 == 0 and visit.member then
    return write_request()
  end
  if #calls == 0 then
    if visit.pages_left == 0 then
      calls = open_visit()
    else
      visit.pages_left = visit.pages_left - 1
      calls = next_page()
    end
  end
  return wrk.format("GET", table.remove(calls, 1), { ["Authorization"] = visit.token })
end
