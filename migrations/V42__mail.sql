-- Issue 55: mail. Each mail waits in the outbox until the outbox task has
-- sent it or given it up; its words are cleared once it is done, so that a
-- reset link does not outlive its sending.
CREATE TABLE mail_outbox (
    id              INTEGER PRIMARY KEY,
    to_address      TEXT NOT NULL,
    kind            TEXT NOT NULL,
    subject         TEXT NOT NULL,
    text_body       TEXT NOT NULL,
    html_body       TEXT NOT NULL,
    unsubscribe_url TEXT,
    created_at      TEXT NOT NULL,
    next_try_at     TEXT NOT NULL,
    tries           INTEGER NOT NULL DEFAULT 0,
    state           TEXT NOT NULL DEFAULT 'waiting'
                    CHECK (state IN ('waiting', 'sent', 'given-up')),
    -- The server's last answer: "250 Ok" once sent, else why not.
    answer          TEXT NOT NULL DEFAULT '',
    done_at         TEXT
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_try_at) WHERE state = 'waiting';
CREATE INDEX mail_outbox_done ON mail_outbox (done_at) WHERE state <> 'waiting';

-- Addresses the mail server refused for good; a member whose address is
-- here sees it in their settings, and nothing more is sent there until the
-- address changes.
CREATE TABLE mail_undeliverable (
    address TEXT PRIMARY KEY COLLATE NOCASE,
    reason  TEXT NOT NULL,
    at      TEXT NOT NULL
) WITHOUT ROWID;

-- A forgotten password's one live link per member: only the token's hash.
CREATE TABLE password_resets (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token_hash BLOB NOT NULL UNIQUE,
    expires_at TEXT NOT NULL
);

-- A sign-up or an email change waiting for the new address's link: only
-- the token's hash, a day at most. A sign-up keeps the account it will make
-- (its password already hashed); an email change, whose it is.
CREATE TABLE address_checks (
    token_hash          BLOB PRIMARY KEY,
    purpose             TEXT NOT NULL CHECK (purpose IN ('sign-up', 'email-change')),
    email               TEXT NOT NULL COLLATE NOCASE,
    user_id             INTEGER REFERENCES users (id) ON DELETE CASCADE,
    username            TEXT NOT NULL DEFAULT '',
    password_hash       TEXT NOT NULL DEFAULT '',
    profile_picture_url TEXT NOT NULL DEFAULT '',
    invite_code         TEXT NOT NULL DEFAULT '',
    expires_at          TEXT NOT NULL
);
CREATE UNIQUE INDEX address_checks_email_change ON address_checks (user_id)
    WHERE purpose = 'email-change';
CREATE INDEX address_checks_expiry ON address_checks (expires_at);
