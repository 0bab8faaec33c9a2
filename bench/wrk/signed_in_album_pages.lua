-- Signed-in members reading album pages (the four calls each) of the
-- thousands of albums in BENCH_ALBUM_FILE, popular ones most often; with
-- BENCH_EVEN=1 every album as likely as any other (5,000 on the large
-- dataset, every 40th from the most rated to the long tail): mostly the long
-- tail, and few pages find the album warm from another visit.
dofile("bench/wrk/common.lua")

local albums
local pick = os.getenv("BENCH_EVEN") == "1" and even_pick or nil
init = function()
  math.randomseed(os.time() + (seed or 0))
  albums = load_albums()
end

request = function()
  return album_page_request(albums, pick)
end
