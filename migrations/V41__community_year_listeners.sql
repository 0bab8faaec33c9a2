-- Issue 53: the community's "most listened" of a year counts the members who
-- logged an album that year, not their diary entries: one account's
-- twenty-five re-listens count once, as in every community figure. Each
-- member's entries per album and year are kept beside the album's count, so
-- a trigger knows when a member's first entry comes and their last goes.
-- The members' rows carry no foreign keys: the diary's own triggers, which
-- cascades from users and albums fire too, keep them.
DROP TRIGGER year_listen_logged;
DROP TRIGGER year_listen_removed;
DROP TRIGGER year_listen_moved;

CREATE TABLE member_year_listens (
    year     INTEGER NOT NULL,
    album_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    entries  INTEGER NOT NULL,
    PRIMARY KEY (year, album_id, user_id)
) WITHOUT ROWID;

ALTER TABLE album_year_listens RENAME COLUMN listens TO listeners;

INSERT INTO member_year_listens (year, album_id, user_id, entries)
SELECT CAST(substr(listened_on, 1, 4) AS INTEGER), album_id, user_id, count(*)
FROM diary_entries GROUP BY 1, 2, 3;

DELETE FROM album_year_listens;
INSERT INTO album_year_listens (year, album_id, listeners)
SELECT year, album_id, count(*) FROM member_year_listens GROUP BY 1, 2;

CREATE TRIGGER year_listen_logged AFTER INSERT ON diary_entries BEGIN
    INSERT INTO member_year_listens (year, album_id, user_id, entries)
    VALUES (CAST(substr(new.listened_on, 1, 4) AS INTEGER), new.album_id, new.user_id, 1)
    ON CONFLICT (year, album_id, user_id) DO UPDATE SET entries = entries + 1;
    INSERT INTO album_year_listens (year, album_id, listeners)
    SELECT year, album_id, 1 FROM member_year_listens
    WHERE year = CAST(substr(new.listened_on, 1, 4) AS INTEGER)
      AND album_id = new.album_id AND user_id = new.user_id AND entries = 1
    ON CONFLICT (year, album_id) DO UPDATE SET listeners = listeners + 1;
END;

CREATE TRIGGER year_listen_removed AFTER DELETE ON diary_entries BEGIN
    UPDATE member_year_listens SET entries = entries - 1
    WHERE year = CAST(substr(old.listened_on, 1, 4) AS INTEGER)
      AND album_id = old.album_id AND user_id = old.user_id;
    UPDATE album_year_listens SET listeners = listeners - 1
    WHERE year = CAST(substr(old.listened_on, 1, 4) AS INTEGER) AND album_id = old.album_id
      AND EXISTS (SELECT 1 FROM member_year_listens
                  WHERE year = CAST(substr(old.listened_on, 1, 4) AS INTEGER)
                    AND album_id = old.album_id AND user_id = old.user_id AND entries = 0);
    DELETE FROM member_year_listens
    WHERE year = CAST(substr(old.listened_on, 1, 4) AS INTEGER)
      AND album_id = old.album_id AND user_id = old.user_id AND entries = 0;
END;

-- A moved entry leaves its old year and album and comes to its new ones.
CREATE TRIGGER year_listen_moved AFTER UPDATE OF listened_on, album_id ON diary_entries BEGIN
    UPDATE member_year_listens SET entries = entries - 1
    WHERE year = CAST(substr(old.listened_on, 1, 4) AS INTEGER)
      AND album_id = old.album_id AND user_id = old.user_id;
    UPDATE album_year_listens SET listeners = listeners - 1
    WHERE year = CAST(substr(old.listened_on, 1, 4) AS INTEGER) AND album_id = old.album_id
      AND EXISTS (SELECT 1 FROM member_year_listens
                  WHERE year = CAST(substr(old.listened_on, 1, 4) AS INTEGER)
                    AND album_id = old.album_id AND user_id = old.user_id AND entries = 0);
    DELETE FROM member_year_listens
    WHERE year = CAST(substr(old.listened_on, 1, 4) AS INTEGER)
      AND album_id = old.album_id AND user_id = old.user_id AND entries = 0;
    INSERT INTO member_year_listens (year, album_id, user_id, entries)
    VALUES (CAST(substr(new.listened_on, 1, 4) AS INTEGER), new.album_id, new.user_id, 1)
    ON CONFLICT (year, album_id, user_id) DO UPDATE SET entries = entries + 1;
    INSERT INTO album_year_listens (year, album_id, listeners)
    SELECT year, album_id, 1 FROM member_year_listens
    WHERE year = CAST(substr(new.listened_on, 1, 4) AS INTEGER)
      AND album_id = new.album_id AND user_id = new.user_id AND entries = 1
    ON CONFLICT (year, album_id) DO UPDATE SET listeners = listeners + 1;
END;
