-- Signed-in members shaping charts (issue 40), with a rating in every ten
-- requests: each rating names its album in chart_changes, so every chart
-- read after it first reads that album's figures again. A shape is a
-- decade or none, a genre in or none (BENCH_GENRE_FILE), sometimes a genre
-- left out, an order, a fewest-ratings floor, and a page, the first most often.
dofile("bench/wrk/common.lua")

local first_year, last_year = (os.getenv("BENCH_YEARS") or "1955 2024"):match("(%d+) (%d+)")
first_year, last_year = tonumber(first_year), tonumber(last_year)
local orders = { "weighted", "average", "most-rated", "most-divisive", "most-listened" }

local genres
init = function()
  math.randomseed(os.time() + (seed or 0))
  genres = {}
  for line in io.lines(os.getenv("BENCH_GENRE_FILE")) do
    table.insert(genres, line)
  end
end

-- A slug may hold '&' (r&b): escaped, or it would end the parameter.
local function escaped(slug)
  return (slug:gsub("&", "%%26"))
end

local function shape()
  local parts = { "order=" .. orders[math.random(#orders)] }
  if math.random() < 0.6 then
    local decade = math.floor(math.random(first_year, last_year) / 10) * 10
    table.insert(parts, string.format("from=%d&to=%d", decade, decade + 9))
  end
  if math.random() < 0.7 then
    table.insert(parts, "genres=" .. escaped(genres[popular_rank(#genres)]))
  end
  if math.random() < 0.3 then
    table.insert(parts, "without=" .. escaped(genres[math.random(#genres)]))
  end
  if math.random() < 0.3 then
    table.insert(parts, "minRatings=" .. ({ 5, 10, 25 })[math.random(3)])
  end
  table.insert(parts, "page=" .. popular_rank(10))
  return "/api/charts/shaped?" .. table.concat(parts, "&")
end

request = function()
  if math.random(10) == 1 then
    return rating_request()
  end
  return wrk.format("GET", shape(), { ["Authorization"] = member_token() })
end
