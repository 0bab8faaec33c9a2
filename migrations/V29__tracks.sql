-- Albums' tracklists, and members' ratings of tracks (independent of their
-- album ratings). A track keeps its ratings while its title or length is
-- corrected: an edited tracklist keeps the rows of the places (disc and
-- position) it still has.
CREATE TABLE tracks (
    id             INTEGER PRIMARY KEY,
    album_id       INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    disc           INTEGER NOT NULL CHECK (disc BETWEEN 1 AND 50),
    position       INTEGER NOT NULL CHECK (position BETWEEN 1 AND 500),
    title          TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
    length_ms      INTEGER CHECK (length_ms IS NULL OR length_ms BETWEEN 1 AND 86400000),
    recording_mbid TEXT,
    -- Kept by the triggers below, as albums keep theirs.
    rating_count   INTEGER NOT NULL DEFAULT 0,
    rating_sum     REAL NOT NULL DEFAULT 0,
    UNIQUE (album_id, disc, position)
);

CREATE TABLE track_ratings (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    track_id   INTEGER NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
    number     REAL NOT NULL CHECK (number BETWEEN 0.5 AND 10 AND number * 2 = CAST(number * 2 AS INTEGER)),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, track_id)
) WITHOUT ROWID;
CREATE INDEX track_ratings_by_track ON track_ratings (track_id);
CREATE INDEX track_ratings_by_member ON track_ratings (user_id, number DESC, updated_at DESC);

CREATE TRIGGER track_rated AFTER INSERT ON track_ratings BEGIN
    UPDATE tracks SET rating_count = rating_count + 1, rating_sum = rating_sum + NEW.number
    WHERE id = NEW.track_id;
END;
CREATE TRIGGER track_unrated AFTER DELETE ON track_ratings BEGIN
    UPDATE tracks SET rating_count = rating_count - 1, rating_sum = rating_sum - OLD.number
    WHERE id = OLD.track_id;
END;
CREATE TRIGGER track_rerated AFTER UPDATE OF number ON track_ratings BEGIN
    UPDATE tracks SET rating_sum = rating_sum - OLD.number + NEW.number WHERE id = NEW.track_id;
END;
