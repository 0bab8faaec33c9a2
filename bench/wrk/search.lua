-- Search for random three-letter prefixes: 17,576 of them, so within a run
-- most are asked once and the kept search orders rarely help.
dofile("bench/wrk/common.lua")

local function letter()
  return string.char(math.random(97, 122))
end

request = function()
  return wrk.format("GET", "/api/search?q=" .. letter() .. letter() .. letter())
end
