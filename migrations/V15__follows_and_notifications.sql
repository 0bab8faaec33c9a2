-- Members follow members and artists, block members, and are told what
-- happened to what they wrote.
CREATE TABLE follows (
    follower_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    followee_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (follower_id, followee_id),
    CHECK (follower_id <> followee_id)
) WITHOUT ROWID;
CREATE INDEX follows_by_followee ON follows (followee_id, created_at DESC);

CREATE TABLE blocks (
    blocker_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
) WITHOUT ROWID;
CREATE INDEX blocks_by_blocked ON blocks (blocked_id);

CREATE TABLE artist_follows (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    artist_id  INTEGER NOT NULL REFERENCES artists (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, artist_id)
) WITHOUT ROWID;
CREATE INDEX artist_follows_by_artist ON artist_follows (artist_id);

-- Whether the member's ratings show in their followers' feeds.
ALTER TABLE users ADD COLUMN ratings_in_feeds INTEGER NOT NULL DEFAULT 1 CHECK (ratings_in_feeds IN (0, 1));
-- The feed reads followed members' newest ratings.
CREATE INDEX ratings_by_user_updated ON ratings (user_id, updated_at DESC);

-- One row per event; what it is about is one (or, for a comment, two) of
-- the subject columns, and it goes when its subject goes.
CREATE TABLE notifications (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('comment', 'reply', 'vote', 'shout', 'follow', 'mention', 'new-album')),
    actor_id   INTEGER REFERENCES users (id) ON DELETE CASCADE,
    album_id   INTEGER REFERENCES albums (id) ON DELETE CASCADE,
    review_id  INTEGER REFERENCES reviews (id) ON DELETE CASCADE,
    post_id    INTEGER REFERENCES posts (id) ON DELETE CASCADE,
    list_id    INTEGER REFERENCES lists (id) ON DELETE CASCADE,
    comment_id INTEGER REFERENCES comments (id) ON DELETE CASCADE,
    shout_id   INTEGER REFERENCES shouts (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    read_at    TEXT
);
CREATE INDEX notifications_for ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_by_actor ON notifications (actor_id);
CREATE INDEX notifications_by_review ON notifications (review_id) WHERE review_id IS NOT NULL;
CREATE INDEX notifications_by_post ON notifications (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX notifications_by_list ON notifications (list_id) WHERE list_id IS NOT NULL;
CREATE INDEX notifications_by_comment ON notifications (comment_id) WHERE comment_id IS NOT NULL;
CREATE INDEX notifications_by_shout ON notifications (shout_id) WHERE shout_id IS NOT NULL;
CREATE INDEX notifications_by_album ON notifications (album_id) WHERE album_id IS NOT NULL;

-- Kinds of notification a member turned off.
CREATE TABLE notification_mutes (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind    TEXT NOT NULL,
    PRIMARY KEY (user_id, kind)
) WITHOUT ROWID;

-- However an album arrives (the site, an import, the command line), its
-- artist's followers hear of it.
CREATE TRIGGER album_added_tells_followers AFTER INSERT ON albums
BEGIN
    INSERT INTO notifications (user_id, kind, album_id, created_at)
    SELECT f.user_id, 'new-album', new.id, new.created_at
    FROM artist_follows f WHERE f.artist_id = new.artist_id;
END;
