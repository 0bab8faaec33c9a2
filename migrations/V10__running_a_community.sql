-- Running a public community: suspensions, who may join, invites, and the
-- audit log of moderation and admin actions.

-- A suspended member can sign in and read but not write until this moment
-- (UTC, ISO-8601; '9999-12-31T23:59:59.999Z' for good). A past moment is no
-- suspension, so nothing has to lift it when it ends.
ALTER TABLE users ADD COLUMN suspended_until TEXT;
ALTER TABLE users ADD COLUMN suspension_reason TEXT NOT NULL DEFAULT '';

CREATE TABLE site_settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO site_settings (key, value) VALUES ('signup_mode', 'open'), ('members_may_invite', '0');

-- Invite links for invite-only sign-up; the code is the secret in the link.
CREATE TABLE invites (
    id         INTEGER PRIMARY KEY,
    code       TEXT NOT NULL UNIQUE,
    created_by INTEGER REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    max_uses   INTEGER NOT NULL CHECK (max_uses BETWEEN 1 AND 100),
    uses       INTEGER NOT NULL DEFAULT 0 CHECK (uses <= max_uses),
    revoked    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX invites_by_creator ON invites (created_by, id);

-- Who did what to whom, and why. The actor's name is kept beside the id so
-- the entry still reads right after the account is gone; a NULL actor_name
-- is the command line.
CREATE TABLE audit_log (
    id         INTEGER PRIMARY KEY,
    at         TEXT NOT NULL,
    actor_id   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    actor_name TEXT,
    action     TEXT NOT NULL,
    target     TEXT NOT NULL,
    details    TEXT NOT NULL DEFAULT '',
    note       TEXT NOT NULL DEFAULT ''
);
