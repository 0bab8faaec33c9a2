-- The import matching's keys of the albums members' players named while the
-- catalogue lacked them, so that an album joining the catalogue finds the
-- plays waiting for it through an index (db::player_listens::claim_for).
-- Rows kept before this are keyed when the database opens.
ALTER TABLE player_unmatched ADD COLUMN artist_key TEXT;
ALTER TABLE player_unmatched ADD COLUMN title_key TEXT;
CREATE INDEX player_unmatched_by_keys ON player_unmatched (artist_key, title_key);
CREATE INDEX player_unmatched_by_release_group ON player_unmatched (release_group_mbid)
    WHERE release_group_mbid IS NOT NULL;
