-- Plays sent by a member's music player or scrobbler through the
-- ListenBrainz-compatible API (/apis/listenbrainz/1/).

-- One token a member: only its SHA-256 is kept, so the token itself is shown
-- once, when made; making a new one replaces it.
CREATE TABLE player_tokens (
    user_id      INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token_hash   BLOB NOT NULL UNIQUE,
    created_at   TEXT NOT NULL,
    last_used_at TEXT
);

-- Each play as the player sent it, with the album it was matched to (none
-- while the catalogue lacks it). A play sent twice (same moment, artist and
-- track) is kept once.
CREATE TABLE player_listens (
    id                 INTEGER PRIMARY KEY,
    user_id            INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    listened_at        TEXT NOT NULL,
    artist_name        TEXT NOT NULL,
    release_name       TEXT NOT NULL,
    track_name         TEXT NOT NULL,
    release_group_mbid TEXT,
    release_mbid       TEXT,
    recording_mbid     TEXT,
    duration_ms        INTEGER,
    player             TEXT,
    album_id           INTEGER REFERENCES albums (id) ON DELETE SET NULL,
    UNIQUE (user_id, listened_at, artist_name, track_name)
);
CREATE INDEX player_listens_by_member ON player_listens (user_id, listened_at DESC);
CREATE INDEX player_listens_by_album ON player_listens (album_id) WHERE album_id IS NOT NULL;

-- The plays of albums the catalogue lacks, summed per member and album as
-- they arrive: the import page's "missing" view reads this, never the plays.
CREATE TABLE player_unmatched (
    user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    artist_name      TEXT NOT NULL,
    release_name     TEXT NOT NULL,
    release_group_mbid TEXT,
    plays            INTEGER NOT NULL CHECK (plays > 0),
    last_listened_at TEXT NOT NULL,
    PRIMARY KEY (user_id, artist_name, release_name)
) WITHOUT ROWID;
CREATE INDEX player_unmatched_by_plays ON player_unmatched (user_id, plays DESC, last_listened_at DESC);
