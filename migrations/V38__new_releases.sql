-- Issue 40: the server keeps the catalogue current by itself, asking
-- MusicBrainz for new albums of the catalogue's artists.

-- When each artist was last asked about, and how it went.
CREATE TABLE release_checks (
    artist_id  INTEGER PRIMARY KEY REFERENCES artists (id) ON DELETE CASCADE,
    checked_at TEXT NOT NULL,
    -- Albums that check added.
    added      INTEGER NOT NULL,
    -- Why the check failed; empty when it did not.
    trouble    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX release_checks_oldest ON release_checks (checked_at);

-- Release groups whose album an editor deleted: never added again by a check.
CREATE TABLE forgotten_release_groups (
    mb_release_group TEXT PRIMARY KEY,
    artist_id        INTEGER NOT NULL,
    forgotten_at     TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX forgotten_release_groups_by_artist ON forgotten_release_groups (artist_id);

CREATE TRIGGER album_deleted_is_forgotten AFTER DELETE ON albums
WHEN old.mb_release_group IS NOT NULL
BEGIN
    INSERT OR IGNORE INTO forgotten_release_groups (mb_release_group, artist_id, forgotten_at)
    VALUES (old.mb_release_group, old.artist_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;

-- /new pages through a range of release dates either way, ties broken by id.
CREATE INDEX albums_by_release_date_and_id ON albums (release_date, id);
