-- signed_in_album_pages.lua with one request in ten a rating of the album
-- being visited by its visitor.
dofile("bench/wrk/common.lua")

local albums
local turn = 0
init = function()
  math.randomseed(os.time() + (seed or 0))
  albums = load_albums()
end

request = function()
  turn = turn + 1
  if turn % 10 == 0 then
    return rate_visited_request()
  end
  return album_page_request(albums)
end
