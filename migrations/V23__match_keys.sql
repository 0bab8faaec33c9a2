-- Import matching's keys (domain::match_key: "Beatles, The" and "The
-- Beatles" meet), kept on the rows so that a member's file is matched by
-- indexed look-ups instead of keying the whole catalogue in memory. The keys
-- are made in Rust: NULL here, filled by db::migrate right after; a change to
-- how keys are made comes with a migration setting them NULL again.
ALTER TABLE artists ADD COLUMN match_key TEXT;
ALTER TABLE albums ADD COLUMN match_key TEXT;
CREATE INDEX artists_by_match_key ON artists (match_key);
CREATE INDEX albums_by_artist_match_key ON albums (artist_id, match_key);
-- The rows still to key: empty once filled, so opening finds none at once.
CREATE INDEX albums_unkeyed ON albums (id) WHERE match_key IS NULL;
