-- Every rating moves its album in each index on the albums' counters: two
-- pages written per index, per rating. These two are covered by the partial
-- indexes on rated albums (albums_rated_totals, albums_rated_by_year), which
-- the popular and chart queries use already (they all ask rating_count > 0),
-- so a rating now writes about 10 pages instead of 12.
DROP INDEX albums_by_popularity;
DROP INDEX albums_by_year_popularity;
