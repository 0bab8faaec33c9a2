-- Signed-in members reading list pages (the list with its entries, then its
-- first page of comments) of the public lists in BENCH_LIST_FILE, the most
-- liked first and picked most often.
dofile("bench/wrk/common.lua")

local lists
init = function()
  math.randomseed(os.time() + (seed or 0))
  lists = {}
  for line in io.lines(os.getenv("BENCH_LIST_FILE")) do
    table.insert(lists, line)
  end
end

local visit = { step = 2 }
request = function()
  if visit.step == 2 then
    visit = { step = 0, list = popular_pick(lists), token = member_token() }
  end
  visit.step = visit.step + 1
  local path = ({
    "/api/list/" .. visit.list,
    "/api/comment/list/" .. visit.list .. "?page=1",
  })[visit.step]
  return wrk.format("GET", path, { ["Authorization"] = visit.token })
end
