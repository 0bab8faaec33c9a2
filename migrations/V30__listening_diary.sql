-- A member's listening diary: each listen of an album, logged on a day, with
-- the rating given then, a short note and whether it was a re-listen. An
-- entry is logged by the member, or made from the plays their music player
-- sent or a listening history they imported, when most of the album was
-- played in one sitting; such an entry keeps the sitting's first and last
-- play, so later plays of the same sitting widen it instead of making another.
CREATE TABLE diary_entries (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    album_id    INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    listened_on TEXT NOT NULL CHECK (listened_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    rating      REAL CHECK (rating IS NULL OR (rating BETWEEN 0.5 AND 10 AND rating * 2 = CAST(rating * 2 AS INTEGER))),
    note        TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 500),
    relisten    INTEGER NOT NULL DEFAULT 0 CHECK (relisten IN (0, 1)),
    source      TEXT NOT NULL CHECK (source IN ('member', 'player', 'import')),
    played_from TEXT,
    played_to   TEXT,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
-- The diary page, newest day first.
CREATE INDEX diary_by_day ON diary_entries (user_id, listened_on DESC, id DESC);
-- "Listened 3 times, last on 12 March", and the sittings a play may extend.
CREATE INDEX diary_by_album ON diary_entries (user_id, album_id, listened_on DESC);
-- The feed reads each member's newest entries.
CREATE INDEX diary_by_logged ON diary_entries (user_id, created_at DESC);
-- An album's removal cascades here.
CREATE INDEX diary_of_album ON diary_entries (album_id);

CREATE TRIGGER member_logged_a_listen AFTER INSERT ON diary_entries BEGIN
    INSERT INTO members_active (user_id, at) VALUES (new.user_id, new.created_at)
    ON CONFLICT (user_id) DO UPDATE SET at = excluded.at WHERE excluded.at > at;
END;

-- A member's plays of one album in order, to find its sittings.
CREATE INDEX player_listens_sittings ON player_listens (user_id, album_id, listened_at)
    WHERE album_id IS NOT NULL;
