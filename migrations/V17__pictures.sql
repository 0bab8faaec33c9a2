-- Pictures the site serves itself: one row per address saved on an album, an
-- artist or a member, fetched in the background. status: pending (not fetched
-- yet, or to be tried again at next_attempt_at), ready (its sizes are kept) or
-- failed (refused for good: not a picture, too large, a private address...;
-- last_error says why). The address is kept, so pictures can be fetched again.
CREATE TABLE pictures (
    id              INTEGER PRIMARY KEY,
    url             TEXT NOT NULL UNIQUE,
    status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL DEFAULT '',
    last_error      TEXT NOT NULL DEFAULT '',
    width           INTEGER,
    height          INTEGER,
    fetched_at      TEXT
);
CREATE INDEX pictures_due ON pictures (status, next_attempt_at);

-- Each picture at each width it is served at, as WebP; etag is a hash of bytes.
CREATE TABLE picture_sizes (
    id         INTEGER PRIMARY KEY,
    picture_id INTEGER NOT NULL REFERENCES pictures (id) ON DELETE CASCADE,
    width      INTEGER NOT NULL,
    etag       TEXT NOT NULL,
    bytes      BLOB NOT NULL,
    UNIQUE (picture_id, width)
);

-- Every address saved is wanted, however it was saved (the site, the CLI, an import).
CREATE TRIGGER album_picture_added AFTER INSERT ON albums WHEN NEW.picture_url != ''
BEGIN INSERT OR IGNORE INTO pictures (url) VALUES (NEW.picture_url); END;
CREATE TRIGGER album_picture_changed AFTER UPDATE OF picture_url ON albums WHEN NEW.picture_url != ''
BEGIN INSERT OR IGNORE INTO pictures (url) VALUES (NEW.picture_url); END;
CREATE TRIGGER artist_picture_added AFTER INSERT ON artists WHEN NEW.picture_url != ''
BEGIN INSERT OR IGNORE INTO pictures (url) VALUES (NEW.picture_url); END;
CREATE TRIGGER artist_picture_changed AFTER UPDATE OF picture_url ON artists WHEN NEW.picture_url != ''
BEGIN INSERT OR IGNORE INTO pictures (url) VALUES (NEW.picture_url); END;
CREATE TRIGGER avatar_added AFTER INSERT ON users WHEN NEW.profile_picture_url != ''
BEGIN INSERT OR IGNORE INTO pictures (url) VALUES (NEW.profile_picture_url); END;
CREATE TRIGGER avatar_changed AFTER UPDATE OF profile_picture_url ON users WHEN NEW.profile_picture_url != ''
BEGIN INSERT OR IGNORE INTO pictures (url) VALUES (NEW.profile_picture_url); END;

INSERT OR IGNORE INTO pictures (url)
SELECT picture_url FROM albums WHERE picture_url != ''
UNION SELECT picture_url FROM artists WHERE picture_url != ''
UNION SELECT profile_picture_url FROM users WHERE profile_picture_url != '';
