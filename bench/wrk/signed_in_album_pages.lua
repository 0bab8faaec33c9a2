-- Signed-in members reading album pages (the four calls each) of the
-- thousands of albums in BENCH_ALBUM_FILE, popular ones most often.
dofile("bench/wrk/common.lua")

local albums
init = function()
  math.randomseed(os.time() + (seed or 0))
  albums = load_albums()
end

request = function()
  return album_page_request(albums)
end
