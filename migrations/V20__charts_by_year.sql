-- The newest albums of a year: one range of this index, not a walk down
-- every album released since.
CREATE INDEX albums_by_year_date ON albums (release_year, release_date DESC, id DESC);
