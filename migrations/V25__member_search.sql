-- Usernames and emails found by any three letters or more of them, in any
-- case, as the admin's member search asks: a trigram index read instead of
-- a LIKE over every member's name and address.
CREATE VIRTUAL TABLE users_fts USING fts5 (
    username, email,
    content = 'users', content_rowid = 'id',
    tokenize = 'trigram case_sensitive 0'
);
INSERT INTO users_fts (users_fts) VALUES ('rebuild');

CREATE TRIGGER users_fts_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_fts (rowid, username, email) VALUES (new.id, new.username, new.email);
END;
CREATE TRIGGER users_fts_delete AFTER DELETE ON users BEGIN
    INSERT INTO users_fts (users_fts, rowid, username, email)
    VALUES ('delete', old.id, old.username, old.email);
END;
CREATE TRIGGER users_fts_update AFTER UPDATE OF username, email ON users BEGIN
    INSERT INTO users_fts (users_fts, rowid, username, email)
    VALUES ('delete', old.id, old.username, old.email);
    INSERT INTO users_fts (rowid, username, email) VALUES (new.id, new.username, new.email);
END;
