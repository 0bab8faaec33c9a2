-- What a member sees of their sessions: the device (its User-Agent) and the
-- client address at sign-in and at the last hourly touch.
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';

-- Names a member has given up, so that old profile links still find them.
-- A current username always wins over a former one.
CREATE TABLE former_usernames (
    username   TEXT NOT NULL COLLATE NOCASE PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    changed_at TEXT NOT NULL
);
CREATE INDEX former_usernames_by_user ON former_usernames (user_id);
