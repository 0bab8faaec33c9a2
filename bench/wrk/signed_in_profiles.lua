-- Signed-in members reading the profile of a random member: the profile,
-- its stats, the ratings and the wishlist (member n has user id n).
dofile("bench/wrk/common.lua")

local profiles = tonumber(os.getenv("BENCH_PROFILES") or "100000")
local visit = { step = 4 }

request = function()
  if visit.step == 4 then
    visit = { step = 0, member = math.random(1, profiles), token = member_token() }
  end
  visit.step = visit.step + 1
  local n = visit.member
  local path = ({
    "/api/user/username/member" .. n,
    "/api/user/username/member" .. n .. "/stats",
    "/api/rating/user/name/member" .. n .. "?page=1&limit=2000",
    "/api/wishlistitem/user/" .. n .. "?page=1&limit=2000",
  })[visit.step]
  return wrk.format("GET", path, { ["Authorization"] = visit.token })
end
