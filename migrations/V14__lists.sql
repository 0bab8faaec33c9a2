-- Lists: members curate, rank and discuss albums.
CREATE TABLE lists (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title       TEXT NOT NULL CHECK (length(title) >= 1),
    slug        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    ranked      INTEGER NOT NULL DEFAULT 1 CHECK (ranked IN (0, 1)),
    visibility  TEXT NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'unlisted', 'private')),
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    hidden_at   TEXT
);
CREATE INDEX lists_by_user ON lists (user_id, updated_at DESC);
CREATE INDEX lists_public ON lists (updated_at DESC) WHERE visibility = 'public' AND hidden_at IS NULL;
CREATE INDEX lists_hidden ON lists (user_id) WHERE hidden_at IS NOT NULL;

-- An album on a list. Positions order the entries; gaps (left by an album
-- leaving the catalogue) are closed at the next re-order.
CREATE TABLE list_entries (
    id       INTEGER PRIMARY KEY,
    list_id  INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
    album_id INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    note     TEXT NOT NULL DEFAULT '',
    added_at TEXT NOT NULL,
    UNIQUE (list_id, album_id)
);
CREATE INDEX list_entries_in_order ON list_entries (list_id, position);
CREATE INDEX list_entries_by_album ON list_entries (album_id);

CREATE TABLE list_likes (
    list_id    INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (list_id, user_id)
) WITHOUT ROWID;
CREATE INDEX list_likes_by_user ON list_likes (user_id);

-- What happened to a list's entries, newest last.
CREATE TABLE list_events (
    id      INTEGER PRIMARY KEY,
    list_id INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
    at      TEXT NOT NULL,
    text    TEXT NOT NULL
);
CREATE INDEX list_events_by_list ON list_events (list_id, id);

-- However an album goes (deleted itself, or with its artist), every list
-- that held it says so. An artist's albums go after the artist, when its
-- name is gone already, so the artist's own trigger tells of them.
CREATE TRIGGER album_leaves_lists BEFORE DELETE ON albums
WHEN EXISTS (SELECT 1 FROM artists WHERE id = old.artist_id)
BEGIN
    INSERT INTO list_events (list_id, at, text)
    SELECT e.list_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
           old.title || ' by ' || (SELECT name FROM artists WHERE id = old.artist_id)
               || ' left the catalogue and this list'
    FROM list_entries e WHERE e.album_id = old.id;
END;
CREATE TRIGGER artist_albums_leave_lists BEFORE DELETE ON artists
BEGIN
    INSERT INTO list_events (list_id, at, text)
    SELECT e.list_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
           a.title || ' by ' || old.name || ' left the catalogue and this list'
    FROM list_entries e JOIN albums a ON a.id = e.album_id WHERE a.artist_id = old.id;
END;

-- Comments may now be on a list: the table is rebuilt, since SQLite cannot
-- change a CHECK constraint in place.
CREATE TABLE comments_new (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    album_id     INTEGER REFERENCES albums (id) ON DELETE CASCADE,
    review_id    INTEGER REFERENCES reviews (id) ON DELETE CASCADE,
    post_id      INTEGER REFERENCES posts (id) ON DELETE CASCADE,
    list_id      INTEGER REFERENCES lists (id) ON DELETE CASCADE,
    comment_text TEXT NOT NULL CHECK (length(comment_text) >= 1),
    created_at   TEXT NOT NULL,
    hidden_at    TEXT,
    CHECK ((album_id IS NOT NULL) + (review_id IS NOT NULL) + (post_id IS NOT NULL)
           + (list_id IS NOT NULL) = 1)
);
INSERT INTO comments_new (id, user_id, album_id, review_id, post_id, comment_text, created_at, hidden_at)
    SELECT id, user_id, album_id, review_id, post_id, comment_text, created_at, hidden_at FROM comments;
DROP TABLE comments;
ALTER TABLE comments_new RENAME TO comments;
CREATE INDEX comments_by_album ON comments (album_id, created_at DESC) WHERE album_id IS NOT NULL;
CREATE INDEX comments_by_review ON comments (review_id, created_at DESC) WHERE review_id IS NOT NULL;
CREATE INDEX comments_by_post ON comments (post_id, created_at DESC) WHERE post_id IS NOT NULL;
CREATE INDEX comments_by_list ON comments (list_id, created_at DESC) WHERE list_id IS NOT NULL;
CREATE INDEX comments_by_user ON comments (user_id, created_at DESC);
CREATE INDEX comments_by_created ON comments (created_at DESC, id DESC);
CREATE INDEX comments_recent_on_albums ON comments (created_at DESC, id DESC) WHERE album_id IS NOT NULL;
CREATE INDEX comments_recent_on_reviews ON comments (created_at DESC, id DESC) WHERE review_id IS NOT NULL;
CREATE INDEX comments_recent_on_posts ON comments (created_at DESC, id DESC) WHERE post_id IS NOT NULL;
CREATE INDEX comments_hidden ON comments (user_id) WHERE hidden_at IS NOT NULL;

-- Lists can be reported too.
CREATE TABLE reports_new (
    id              INTEGER PRIMARY KEY,
    reporter_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    item_kind       TEXT NOT NULL CHECK (item_kind IN ('review', 'comment', 'post', 'shout', 'list', 'profile')),
    item_id         INTEGER NOT NULL,
    reason          TEXT NOT NULL CHECK (reason IN ('spam', 'abuse', 'off-topic', 'other')),
    note            TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    resolved_at     TEXT,
    resolved_by     TEXT,
    resolution      TEXT CHECK (resolution IN ('dismissed', 'deleted', 'hidden', 'warned', 'suspended')),
    resolution_note TEXT NOT NULL DEFAULT ''
);
INSERT INTO reports_new SELECT * FROM reports;
DROP TABLE reports;
ALTER TABLE reports_new RENAME TO reports;
CREATE UNIQUE INDEX reports_one_open ON reports (reporter_id, item_kind, item_id) WHERE resolved_at IS NULL;
CREATE INDEX reports_open ON reports (item_kind, item_id) WHERE resolved_at IS NULL;
