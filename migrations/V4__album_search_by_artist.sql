-- Album search also matches the artist's name ("radiohead ok" finds OK
-- Computer), so the album index keeps its own copy of the artist's name:
-- a plain FTS5 table, kept current by triggers on albums and artists.
DROP TRIGGER albums_fts_insert;
DROP TRIGGER albums_fts_delete;
DROP TRIGGER albums_fts_update;
DROP TABLE albums_fts;

CREATE VIRTUAL TABLE albums_fts USING fts5 (
    title, search_key, artist, artist_key,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);

INSERT INTO albums_fts (rowid, title, search_key, artist, artist_key)
SELECT a.id, a.title, a.search_key, ar.name, ar.search_key
FROM albums a JOIN artists ar ON ar.id = a.artist_id;

CREATE TRIGGER albums_fts_insert AFTER INSERT ON albums BEGIN
    INSERT INTO albums_fts (rowid, title, search_key, artist, artist_key)
    SELECT new.id, new.title, new.search_key, ar.name, ar.search_key
    FROM artists ar WHERE ar.id = new.artist_id;
END;
CREATE TRIGGER albums_fts_delete AFTER DELETE ON albums BEGIN
    DELETE FROM albums_fts WHERE rowid = old.id;
END;
CREATE TRIGGER albums_fts_update AFTER UPDATE OF title, search_key, artist_id ON albums BEGIN
    DELETE FROM albums_fts WHERE rowid = old.id;
    INSERT INTO albums_fts (rowid, title, search_key, artist, artist_key)
    SELECT new.id, new.title, new.search_key, ar.name, ar.search_key
    FROM artists ar WHERE ar.id = new.artist_id;
END;
CREATE TRIGGER albums_fts_artist_renamed AFTER UPDATE OF name, search_key ON artists BEGIN
    UPDATE albums_fts SET artist = new.name, artist_key = new.search_key
    WHERE rowid IN (SELECT id FROM albums WHERE artist_id = new.id);
END;
