-- Only rating writes, each by a random member on a random album.
dofile("bench/wrk/common.lua")

request = rating_request
