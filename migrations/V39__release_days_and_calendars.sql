-- Issue 40: an upcoming album's followers are told again on its release day,
-- and a member may subscribe a calendar to the albums to come of the artists
-- they follow.

-- The new kind: SQLite cannot change a CHECK in place, so the table is made
-- again with the same rows and indexes (as in V27), its trigger set aside meanwhile.
DROP TRIGGER album_added_tells_followers;

CREATE TABLE notifications_new (
    id                INTEGER PRIMARY KEY,
    user_id           INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind              TEXT NOT NULL CHECK (kind IN ('comment', 'reply', 'vote', 'shout', 'follow', 'mention', 'new-album', 'correction', 'release-day')),
    actor_id          INTEGER REFERENCES users (id) ON DELETE CASCADE,
    album_id          INTEGER REFERENCES albums (id) ON DELETE CASCADE,
    review_id         INTEGER REFERENCES reviews (id) ON DELETE CASCADE,
    post_id           INTEGER REFERENCES posts (id) ON DELETE CASCADE,
    list_id           INTEGER REFERENCES lists (id) ON DELETE CASCADE,
    comment_id        INTEGER REFERENCES comments (id) ON DELETE CASCADE,
    shout_id          INTEGER REFERENCES shouts (id) ON DELETE CASCADE,
    change_request_id INTEGER REFERENCES change_requests (id) ON DELETE CASCADE,
    created_at        TEXT NOT NULL,
    read_at           TEXT
);
INSERT INTO notifications_new SELECT * FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_new RENAME TO notifications;

CREATE INDEX notifications_for ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_by_review ON notifications (review_id) WHERE review_id IS NOT NULL;
CREATE INDEX notifications_by_post ON notifications (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX notifications_by_list ON notifications (list_id) WHERE list_id IS NOT NULL;
CREATE INDEX notifications_by_comment ON notifications (comment_id) WHERE comment_id IS NOT NULL;
CREATE INDEX notifications_by_shout ON notifications (shout_id) WHERE shout_id IS NOT NULL;
CREATE INDEX notifications_by_album ON notifications (album_id) WHERE album_id IS NOT NULL;
CREATE INDEX notifications_by_change_request ON notifications (change_request_id)
    WHERE change_request_id IS NOT NULL;
CREATE INDEX notifications_from_actor ON notifications (actor_id, user_id, created_at);
CREATE INDEX notifications_from_members ON notifications (user_id, created_at, actor_id)
    WHERE actor_id IS NOT NULL;

CREATE TRIGGER album_added_tells_followers AFTER INSERT ON albums
BEGIN
    INSERT INTO notifications (user_id, kind, album_id, created_at)
    SELECT f.user_id, 'new-album', new.id, new.created_at
    FROM artist_follows f WHERE f.artist_id = new.artist_id;
END;

-- The days whose albums' followers were told, so that each day is told once
-- however often the server restarts.
CREATE TABLE release_days_told (
    day     TEXT PRIMARY KEY,
    told_at TEXT NOT NULL
) WITHOUT ROWID;

-- A member's private calendar link: only its SHA-256 is kept, so the link is
-- shown once, when made; making a new one replaces it (the old one stops working).
CREATE TABLE calendar_tokens (
    user_id      INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token_hash   BLOB NOT NULL UNIQUE,
    created_at   TEXT NOT NULL,
    last_used_at TEXT
);
