-- Issue 55: sign-in through the household's OpenID Connect provider.
-- A member's identities at the provider, each keyed by what the provider
-- keeps for good (its issuer and the subject), never by email or name.
CREATE TABLE sign_on_identities (
    issuer          TEXT NOT NULL,
    subject         TEXT NOT NULL,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- As the provider last said them, for the member's settings.
    email           TEXT NOT NULL DEFAULT '',
    linked_at       TEXT NOT NULL,
    last_sign_in_at TEXT NOT NULL,
    PRIMARY KEY (issuer, subject)
) WITHOUT ROWID;
CREATE INDEX sign_on_identities_user ON sign_on_identities (user_id);

-- A sign-in under way at the provider: its state (only hashed), the nonce
-- and PKCE verifier to check the answer with, ten minutes at most, used
-- once. A link from settings keeps whose account it links to.
CREATE TABLE sign_on_attempts (
    state_hash    BLOB PRIMARY KEY,
    nonce         TEXT NOT NULL,
    pkce_verifier TEXT NOT NULL,
    link_user_id  INTEGER REFERENCES users (id) ON DELETE CASCADE,
    invite_code   TEXT NOT NULL DEFAULT '',
    expires_at    TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX sign_on_attempts_expiry ON sign_on_attempts (expires_at);

-- When the member's address was last confirmed by a mailed link here: only
-- such an address is linked to a provider's by email.
ALTER TABLE users ADD COLUMN email_confirmed_at TEXT;
