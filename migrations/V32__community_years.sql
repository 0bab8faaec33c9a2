-- What the community did with each album in each year, kept as it happens,
-- so a year's page reads its most listened and most discussed albums from
-- an index: listens logged in diaries (by the day listened), and reviews and
-- comments on the album's page (by when written; hidden ones do not count).
CREATE TABLE album_year_listens (
    year     INTEGER NOT NULL,
    album_id INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    listens  INTEGER NOT NULL,
    PRIMARY KEY (year, album_id)
) WITHOUT ROWID;
CREATE INDEX album_year_listens_most ON album_year_listens (year, listens DESC);
CREATE INDEX album_year_listens_album ON album_year_listens (album_id);

CREATE TABLE album_year_talk (
    year     INTEGER NOT NULL,
    album_id INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    posts    INTEGER NOT NULL,
    PRIMARY KEY (year, album_id)
) WITHOUT ROWID;
CREATE INDEX album_year_talk_most ON album_year_talk (year, posts DESC);
CREATE INDEX album_year_talk_album ON album_year_talk (album_id);

INSERT INTO album_year_listens (year, album_id, listens)
SELECT CAST(substr(listened_on, 1, 4) AS INTEGER), album_id, count(*)
FROM diary_entries GROUP BY 1, 2;

INSERT INTO album_year_talk (year, album_id, posts)
SELECT year, album_id, sum(n) FROM (
    SELECT CAST(substr(created_at, 1, 4) AS INTEGER) AS year, album_id, count(*) AS n
    FROM reviews WHERE hidden_at IS NULL GROUP BY 1, 2
    UNION ALL
    SELECT CAST(substr(created_at, 1, 4) AS INTEGER), album_id, count(*)
    FROM comments WHERE album_id IS NOT NULL AND hidden_at IS NULL GROUP BY 1, 2
) GROUP BY year, album_id;

-- Listens.
CREATE TRIGGER year_listen_logged AFTER INSERT ON diary_entries BEGIN
    INSERT INTO album_year_listens (year, album_id, listens)
    VALUES (CAST(substr(new.listened_on, 1, 4) AS INTEGER), new.album_id, 1)
    ON CONFLICT (year, album_id) DO UPDATE SET listens = listens + 1;
END;
CREATE TRIGGER year_listen_removed AFTER DELETE ON diary_entries BEGIN
    UPDATE album_year_listens SET listens = listens - 1
    WHERE year = CAST(substr(old.listened_on, 1, 4) AS INTEGER) AND album_id = old.album_id;
END;
CREATE TRIGGER year_listen_moved AFTER UPDATE OF listened_on, album_id ON diary_entries BEGIN
    UPDATE album_year_listens SET listens = listens - 1
    WHERE year = CAST(substr(old.listened_on, 1, 4) AS INTEGER) AND album_id = old.album_id;
    INSERT INTO album_year_listens (year, album_id, listens)
    VALUES (CAST(substr(new.listened_on, 1, 4) AS INTEGER), new.album_id, 1)
    ON CONFLICT (year, album_id) DO UPDATE SET listens = listens + 1;
END;

-- Reviews, counted while shown.
CREATE TRIGGER year_review_written AFTER INSERT ON reviews WHEN new.hidden_at IS NULL BEGIN
    INSERT INTO album_year_talk (year, album_id, posts)
    VALUES (CAST(substr(new.created_at, 1, 4) AS INTEGER), new.album_id, 1)
    ON CONFLICT (year, album_id) DO UPDATE SET posts = posts + 1;
END;
CREATE TRIGGER year_review_removed AFTER DELETE ON reviews WHEN old.hidden_at IS NULL BEGIN
    UPDATE album_year_talk SET posts = posts - 1
    WHERE year = CAST(substr(old.created_at, 1, 4) AS INTEGER) AND album_id = old.album_id;
END;
CREATE TRIGGER year_review_hidden AFTER UPDATE OF hidden_at ON reviews
WHEN old.hidden_at IS NULL AND new.hidden_at IS NOT NULL BEGIN
    UPDATE album_year_talk SET posts = posts - 1
    WHERE year = CAST(substr(old.created_at, 1, 4) AS INTEGER) AND album_id = old.album_id;
END;
CREATE TRIGGER year_review_shown AFTER UPDATE OF hidden_at ON reviews
WHEN old.hidden_at IS NOT NULL AND new.hidden_at IS NULL BEGIN
    INSERT INTO album_year_talk (year, album_id, posts)
    VALUES (CAST(substr(new.created_at, 1, 4) AS INTEGER), new.album_id, 1)
    ON CONFLICT (year, album_id) DO UPDATE SET posts = posts + 1;
END;

-- Comments on an album's page, the same way.
CREATE TRIGGER year_comment_written AFTER INSERT ON comments
WHEN new.album_id IS NOT NULL AND new.hidden_at IS NULL BEGIN
    INSERT INTO album_year_talk (year, album_id, posts)
    VALUES (CAST(substr(new.created_at, 1, 4) AS INTEGER), new.album_id, 1)
    ON CONFLICT (year, album_id) DO UPDATE SET posts = posts + 1;
END;
CREATE TRIGGER year_comment_removed AFTER DELETE ON comments
WHEN old.album_id IS NOT NULL AND old.hidden_at IS NULL BEGIN
    UPDATE album_year_talk SET posts = posts - 1
    WHERE year = CAST(substr(old.created_at, 1, 4) AS INTEGER) AND album_id = old.album_id;
END;
CREATE TRIGGER year_comment_hidden AFTER UPDATE OF hidden_at ON comments
WHEN old.album_id IS NOT NULL AND old.hidden_at IS NULL AND new.hidden_at IS NOT NULL BEGIN
    UPDATE album_year_talk SET posts = posts - 1
    WHERE year = CAST(substr(old.created_at, 1, 4) AS INTEGER) AND album_id = old.album_id;
END;
CREATE TRIGGER year_comment_shown AFTER UPDATE OF hidden_at ON comments
WHEN old.album_id IS NOT NULL AND old.hidden_at IS NOT NULL AND new.hidden_at IS NULL BEGIN
    INSERT INTO album_year_talk (year, album_id, posts)
    VALUES (CAST(substr(new.created_at, 1, 4) AS INTEGER), new.album_id, 1)
    ON CONFLICT (year, album_id) DO UPDATE SET posts = posts + 1;
END;
