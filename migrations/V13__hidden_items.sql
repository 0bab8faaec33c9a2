-- An admin may hide a review, comment, post or shout: it is then shown only
-- to its author and to admins. An album's review count leaves hidden
-- reviews out.
ALTER TABLE reviews ADD COLUMN hidden_at TEXT;
ALTER TABLE comments ADD COLUMN hidden_at TEXT;
ALTER TABLE posts ADD COLUMN hidden_at TEXT;
ALTER TABLE shouts ADD COLUMN hidden_at TEXT;
-- Whether a member has anything hidden is asked with every session read.
CREATE INDEX reviews_hidden ON reviews (user_id) WHERE hidden_at IS NOT NULL;
CREATE INDEX comments_hidden ON comments (user_id) WHERE hidden_at IS NOT NULL;
CREATE INDEX posts_hidden ON posts (user_id) WHERE hidden_at IS NOT NULL;
CREATE INDEX shouts_hidden ON shouts (user_id) WHERE hidden_at IS NOT NULL;

-- A report may now be resolved by hiding its item: the table is rebuilt,
-- since SQLite cannot change a CHECK constraint in place.
CREATE TABLE reports_new (
    id              INTEGER PRIMARY KEY,
    reporter_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    item_kind       TEXT NOT NULL CHECK (item_kind IN ('review', 'comment', 'post', 'shout', 'profile')),
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
