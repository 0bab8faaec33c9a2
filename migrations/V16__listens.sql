-- What a member listened to, from an imported Last.fm or ListenBrainz history:
-- the "Listened, not yet rated" queue. An album leaves the queue when the member
-- rates it (the query looks at ratings) or dismisses it; a dismissed album stays
-- dismissed when the same history is imported again.
CREATE TABLE listens (
    user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    album_id         INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    plays            INTEGER NOT NULL CHECK (plays > 0),
    last_listened_at TEXT,
    dismissed        INTEGER NOT NULL DEFAULT 0 CHECK (dismissed IN (0, 1)),
    PRIMARY KEY (user_id, album_id)
) WITHOUT ROWID;
CREATE INDEX listens_by_plays ON listens (user_id, dismissed, plays DESC);
CREATE INDEX listens_by_album ON listens (album_id);
