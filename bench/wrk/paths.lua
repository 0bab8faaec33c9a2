-- GETs the space-separated paths of BENCH_PATHS in turn.
local paths = {}
for path in string.gmatch(os.getenv("BENCH_PATHS") or "/api/health", "%S+") do
  table.insert(paths, path)
end
local turn = 0

request = function()
  turn = turn + 1
  return wrk.format("GET", paths[(turn % #paths) + 1])
end
