-- Issue 55: notification mail, opt-in per kind. A member's row of a kind
-- keeps its unsubscribe token for good, so a link in an old mail still
-- unsubscribes after the member turned the kind off and on again. The
-- token only ever turns that one kind off, without signing in, so it is
-- kept as it is, like an invite code, to be put in each mail.
CREATE TABLE mail_subscriptions (
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind           TEXT NOT NULL
                   CHECK (kind IN ('replies', 'mentions', 'new-releases', 'digest')),
    token          TEXT NOT NULL UNIQUE,
    subscribed     INTEGER NOT NULL DEFAULT 1,
    -- Only what happened since the member asked is mailed.
    subscribed_at  TEXT NOT NULL,
    -- The weekly digest's next mail, while subscribed.
    next_digest_at TEXT,
    PRIMARY KEY (user_id, kind)
) WITHOUT ROWID;
CREATE INDEX mail_subscriptions_digests_due ON mail_subscriptions (next_digest_at)
    WHERE kind = 'digest' AND subscribed;

-- How far the notification mail task has read the notifications: those
-- written before this mail existed are never mailed.
INSERT INTO site_settings (key, value)
    SELECT 'notifications_mailed_up_to', ifnull(max(id), 0) FROM notifications;
