-- A member is told when an editor accepts or declines their suggested
-- correction: a new kind, and the request it is about. SQLite cannot change
-- a CHECK in place, so the table is made again with the same rows and
-- indexes (and the trigger that writes into it set aside meanwhile).
DROP TRIGGER album_added_tells_followers;

CREATE TABLE notifications_new (
    id                INTEGER PRIMARY KEY,
    user_id           INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind              TEXT NOT NULL CHECK (kind IN ('comment', 'reply', 'vote', 'shout', 'follow', 'mention', 'new-album', 'correction')),
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
INSERT INTO notifications_new (id, user_id, kind, actor_id, album_id, review_id, post_id, list_id,
                               comment_id, shout_id, created_at, read_at)
SELECT id, user_id, kind, actor_id, album_id, review_id, post_id, list_id,
       comment_id, shout_id, created_at, read_at
FROM notifications;
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
