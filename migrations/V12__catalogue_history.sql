-- Every change to an artist or album: who, when, and the fields before and
-- after (JSON), kept after the entity itself is gone.
CREATE TABLE revisions (
    id          INTEGER PRIMARY KEY,
    entity_kind TEXT NOT NULL CHECK (entity_kind IN ('album', 'artist')),
    entity_id   INTEGER NOT NULL,
    entity_name TEXT NOT NULL,
    action      TEXT NOT NULL CHECK (action IN ('add', 'edit', 'import', 'delete', 'revert', 'request')),
    actor_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    actor_name  TEXT,
    at          TEXT NOT NULL,
    before_json TEXT CHECK (before_json IS NULL OR json_valid(before_json)),
    after_json  TEXT CHECK (after_json IS NULL OR json_valid(after_json)),
    note        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX revisions_by_entity ON revisions (entity_kind, entity_id, id DESC);

-- A member's suggested correction to an album or artist: the fields as an
-- edit would send them, until an editor accepts (applying it as a revision)
-- or declines it.
CREATE TABLE change_requests (
    id              INTEGER PRIMARY KEY,
    entity_kind     TEXT NOT NULL CHECK (entity_kind IN ('album', 'artist')),
    entity_id       INTEGER NOT NULL,
    requester_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    fields_json     TEXT NOT NULL CHECK (json_valid(fields_json)),
    note            TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'declined')),
    resolved_by     TEXT,
    resolved_at     TEXT,
    resolution_note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX change_requests_open ON change_requests (id) WHERE status = 'open';
