-- Browsers loading album tiles' pictures (/media/KEY/320.webp) of the albums
-- in BENCH_PICTURE_FILE, the most rated picked most often.
dofile("bench/wrk/common.lua")

local pictures
init = function()
  math.randomseed(os.time() + (seed or 0))
  pictures = {}
  for line in io.lines(os.getenv("BENCH_PICTURE_FILE")) do
    table.insert(pictures, line)
  end
end

request = function()
  return wrk.format("GET", popular_pick(pictures))
end
