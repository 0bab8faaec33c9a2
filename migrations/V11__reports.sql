-- Members report reviews, comments, posts, shouts and profiles; admins act
-- on them from a queue. A report stays after it is resolved, with how.
CREATE TABLE reports (
    id              INTEGER PRIMARY KEY,
    reporter_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    item_kind       TEXT NOT NULL CHECK (item_kind IN ('review', 'comment', 'post', 'shout', 'profile')),
    item_id         INTEGER NOT NULL,
    reason          TEXT NOT NULL CHECK (reason IN ('spam', 'abuse', 'off-topic', 'other')),
    note            TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    resolved_at     TEXT,
    resolved_by     TEXT,
    resolution      TEXT CHECK (resolution IN ('dismissed', 'deleted', 'warned', 'suspended')),
    resolution_note TEXT NOT NULL DEFAULT ''
);
-- One open report per member and item, even when two arrive at once.
CREATE UNIQUE INDEX reports_one_open ON reports (reporter_id, item_kind, item_id) WHERE resolved_at IS NULL;
CREATE INDEX reports_open ON reports (item_kind, item_id) WHERE resolved_at IS NULL;

-- A warning an admin gave a member, shown to them until they have read it.
CREATE TABLE warnings (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    message    TEXT NOT NULL,
    created_at TEXT NOT NULL,
    seen_at    TEXT
);
CREATE INDEX warnings_unseen ON warnings (user_id) WHERE seen_at IS NULL;
