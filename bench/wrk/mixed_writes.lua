-- Writes of every common kind by random members on random albums and
-- reviews: ratings, comments, review votes and wishlist additions in turn.
dofile("bench/wrk/common.lua")

local reviews = tonumber(os.getenv("BENCH_REVIEWS") or "200000")
local albums = tonumber(os.getenv("BENCH_ALBUMS") or "200000")
local turn = 0

local function post(path, body)
  return wrk.format("POST", path, {
    ["Content-Type"] = "application/json",
    ["Authorization"] = member_token(),
  }, body)
end

request = function()
  turn = turn + 1
  local kind = turn % 4
  if kind == 0 then
    return rating_request()
  elseif kind == 1 then
    return post("/api/comment", string.format(
      '{"albumId":%d,"commentText":"Heard it again today, take %d"}', math.random(1, albums), turn))
  elseif kind == 2 then
    return post("/api/reviewvote", string.format(
      '{"reviewId":%d,"isThumbsUp":%s}', math.random(1, reviews), math.random() < 0.8 and "true" or "false"))
  end
  return post("/api/wishlistitem", string.format('{"albumId":%d}', math.random(1, albums)))
end
