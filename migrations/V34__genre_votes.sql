-- Members' votes of albums' genres (domain::genre_votes): each member names
-- an album's genres, each primary or secondary; once enough members voted,
-- the album's genres are the votes' result, unless an editor locked them.
CREATE TABLE genre_votes (
    album_id   INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    genre_id   INTEGER NOT NULL REFERENCES genres (id) ON DELETE CASCADE,
    is_primary INTEGER NOT NULL CHECK (is_primary IN (0, 1)),
    voted_at   TEXT NOT NULL,
    PRIMARY KEY (album_id, user_id, genre_id)
) WITHOUT ROWID;
-- A member's votes, for their export and their account's removal.
CREATE INDEX genre_votes_by_member ON genre_votes (user_id);

ALTER TABLE albums ADD COLUMN genres_locked INTEGER NOT NULL DEFAULT 0
    CHECK (genres_locked IN (0, 1));
