-- The top-rated charts' prior reads the site's rating total and count from the
-- albums' counters. This index holds both for every rated album, so that sum
-- reads a narrow index instead of every album row.
CREATE INDEX albums_rated_totals ON albums (rating_count, rating_sum) WHERE rating_count > 0;
