-- List titles found by word prefixes, accents folded, as artists and
-- albums are: one index read instead of a look at every list's title.
CREATE VIRTUAL TABLE lists_fts USING fts5 (
    title,
    content = 'lists', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
INSERT INTO lists_fts (lists_fts) VALUES ('rebuild');

CREATE TRIGGER lists_fts_insert AFTER INSERT ON lists BEGIN
    INSERT INTO lists_fts (rowid, title) VALUES (new.id, new.title);
END;
CREATE TRIGGER lists_fts_delete AFTER DELETE ON lists BEGIN
    INSERT INTO lists_fts (lists_fts, rowid, title) VALUES ('delete', old.id, old.title);
END;
CREATE TRIGGER lists_fts_update AFTER UPDATE OF title ON lists BEGIN
    INSERT INTO lists_fts (lists_fts, rowid, title) VALUES ('delete', old.id, old.title);
    INSERT INTO lists_fts (rowid, title) VALUES (new.id, new.title);
END;

-- The words of the catalogue's search indexes and how many names hold
-- each: the word beginnings that match thousands of names are ranked ahead
-- of readers (`db::search::busy_prefixes`).
CREATE VIRTUAL TABLE albums_fts_terms USING fts5vocab (albums_fts, 'row');
CREATE VIRTUAL TABLE artists_fts_terms USING fts5vocab (artists_fts, 'row');
