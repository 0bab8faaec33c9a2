-- Title-only album lookups (/album/name/{title}) match title_key.
CREATE INDEX albums_by_title_key ON albums (title_key);
-- Top-rated charts rank albums that have ratings, within a year or all time.
CREATE INDEX albums_rated_by_year ON albums (release_year, rating_count) WHERE rating_count > 0;

-- Numbered ratings per album and day of rating, kept exact by the triggers
-- below, so "popular in the last 30 days" sums a few day buckets instead of
-- reading the ratings table. A bucket is the day the rating row was created.
CREATE TABLE album_rating_days (
    day      TEXT NOT NULL,
    album_id INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    count    INTEGER NOT NULL CHECK (count >= 0),
    PRIMARY KEY (day, album_id)
) WITHOUT ROWID;
CREATE INDEX album_rating_days_by_album ON album_rating_days (album_id);

INSERT INTO album_rating_days (day, album_id, count)
SELECT substr(created_at, 1, 10), album_id, count(*)
FROM ratings WHERE number IS NOT NULL
GROUP BY 1, 2;

CREATE TRIGGER ratings_days_insert AFTER INSERT ON ratings WHEN new.number IS NOT NULL BEGIN
    INSERT INTO album_rating_days (day, album_id, count)
    VALUES (substr(new.created_at, 1, 10), new.album_id, 1)
    ON CONFLICT (day, album_id) DO UPDATE SET count = count + 1;
END;

CREATE TRIGGER ratings_days_delete AFTER DELETE ON ratings WHEN old.number IS NOT NULL BEGIN
    UPDATE album_rating_days SET count = count - 1
    WHERE day = substr(old.created_at, 1, 10) AND album_id = old.album_id;
END;

-- A library entry that gets a number counts from then on in its row's day; one
-- whose number is removed stops counting.
CREATE TRIGGER ratings_days_number_set AFTER UPDATE OF number ON ratings
WHEN old.number IS NULL AND new.number IS NOT NULL BEGIN
    INSERT INTO album_rating_days (day, album_id, count)
    VALUES (substr(new.created_at, 1, 10), new.album_id, 1)
    ON CONFLICT (day, album_id) DO UPDATE SET count = count + 1;
END;

CREATE TRIGGER ratings_days_number_cleared AFTER UPDATE OF number ON ratings
WHEN old.number IS NOT NULL AND new.number IS NULL BEGIN
    UPDATE album_rating_days SET count = count - 1
    WHERE day = substr(old.created_at, 1, 10) AND album_id = old.album_id;
END;
