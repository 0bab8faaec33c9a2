-- Nine reads of BENCH_PATHS for every rating written by a random signed-in
-- member on a random album.
dofile("bench/wrk/common.lua")

local paths = {}
for path in string.gmatch(os.getenv("BENCH_PATHS") or "/api/health", "%S+") do
  table.insert(paths, path)
end
local turn = 0

request = function()
  turn = turn + 1
  if turn % 10 == 0 then
    return rating_request()
  end
  return wrk.format("GET", paths[(turn % #paths) + 1])
end
