-- signed_in_album_pages.lua with every album of BENCH_ALBUM_FILE (5,000 on
-- the large dataset, every 40th from the most rated to the long tail) as
-- likely as any other: mostly the long tail, and few pages find the album
-- warm from another visit.
dofile("bench/wrk/common.lua")

local albums
init = function()
  math.randomseed(os.time() + (seed or 0))
  albums = load_albums()
end

request = function()
  return album_page_request(albums, even_pick)
end
