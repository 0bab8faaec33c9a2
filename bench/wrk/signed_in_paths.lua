-- GETs the space-separated paths of BENCH_PATHS in turn, each as a random
-- signed-in member: what every member's own page asks (their feed, their
-- unread count).
dofile("bench/wrk/common.lua")

local paths = {}
for path in string.gmatch(os.getenv("BENCH_PATHS") or "/api/auth/me", "%S+") do
  table.insert(paths, path)
end
local turn = 0

request = function()
  turn = turn + 1
  return wrk.format("GET", paths[(turn % #paths) + 1], { ["Authorization"] = member_token() })
end
