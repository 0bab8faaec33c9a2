-- The sum of the squares of each album's ratings, beside its count and sum:
-- with them the spread of its ratings (how divisive it is) is known without
-- reading the ratings. Kept by triggers on every path a rating changes.
ALTER TABLE albums ADD COLUMN rating_square_sum REAL NOT NULL DEFAULT 0;
UPDATE albums SET rating_square_sum =
    (SELECT total(number * number) FROM ratings WHERE album_id = albums.id);

CREATE TRIGGER rating_square_added AFTER INSERT ON ratings
WHEN NEW.number IS NOT NULL BEGIN
    UPDATE albums SET rating_square_sum = rating_square_sum + NEW.number * NEW.number
    WHERE id = NEW.album_id;
END;
CREATE TRIGGER rating_square_changed AFTER UPDATE OF number ON ratings BEGIN
    UPDATE albums SET rating_square_sum = rating_square_sum
        + coalesce(NEW.number * NEW.number, 0) - coalesce(OLD.number * OLD.number, 0)
    WHERE id = NEW.album_id;
END;
CREATE TRIGGER rating_square_removed AFTER DELETE ON ratings
WHEN OLD.number IS NOT NULL BEGIN
    UPDATE albums SET rating_square_sum = rating_square_sum - OLD.number * OLD.number
    WHERE id = OLD.album_id;
END;

-- Which albums' chart figures changed, latest change last: the shaped
-- charts keep every album's figures in memory (reads::chart_facts) and read
-- again only the albums changed since, whoever changed them (the site, the
-- CLI, a cascade). One row an album at most: no pruning.
CREATE TABLE chart_changes (
    album_id INTEGER PRIMARY KEY,
    seq      INTEGER NOT NULL
);
CREATE INDEX chart_changes_by_seq ON chart_changes (seq);

CREATE TRIGGER chart_album_added AFTER INSERT ON albums BEGIN
    INSERT INTO chart_changes (album_id, seq)
    VALUES (NEW.id, (SELECT coalesce(max(seq), 0) + 1 FROM chart_changes))
    ON CONFLICT (album_id) DO UPDATE SET seq = excluded.seq;
END;
CREATE TRIGGER chart_album_changed
AFTER UPDATE OF rating_count, rating_sum, rating_square_sum, release_year, type ON albums BEGIN
    INSERT INTO chart_changes (album_id, seq)
    VALUES (NEW.id, (SELECT coalesce(max(seq), 0) + 1 FROM chart_changes))
    ON CONFLICT (album_id) DO UPDATE SET seq = excluded.seq;
END;
CREATE TRIGGER chart_album_removed AFTER DELETE ON albums BEGIN
    INSERT INTO chart_changes (album_id, seq)
    VALUES (OLD.id, (SELECT coalesce(max(seq), 0) + 1 FROM chart_changes))
    ON CONFLICT (album_id) DO UPDATE SET seq = excluded.seq;
END;
CREATE TRIGGER chart_genre_added AFTER INSERT ON album_genres BEGIN
    INSERT INTO chart_changes (album_id, seq)
    VALUES (NEW.album_id, (SELECT coalesce(max(seq), 0) + 1 FROM chart_changes))
    ON CONFLICT (album_id) DO UPDATE SET seq = excluded.seq;
END;
CREATE TRIGGER chart_genre_changed AFTER UPDATE OF genre_id ON album_genres BEGIN
    INSERT INTO chart_changes (album_id, seq)
    VALUES (NEW.album_id, (SELECT coalesce(max(seq), 0) + 1 FROM chart_changes))
    ON CONFLICT (album_id) DO UPDATE SET seq = excluded.seq;
END;
CREATE TRIGGER chart_genre_removed AFTER DELETE ON album_genres BEGIN
    INSERT INTO chart_changes (album_id, seq)
    VALUES (OLD.album_id, (SELECT coalesce(max(seq), 0) + 1 FROM chart_changes))
    ON CONFLICT (album_id) DO UPDATE SET seq = excluded.seq;
END;
CREATE TRIGGER chart_descriptor_added AFTER INSERT ON album_descriptors BEGIN
    INSERT INTO chart_changes (album_id, seq)
    VALUES (NEW.album_id, (SELECT coalesce(max(seq), 0) + 1 FROM chart_changes))
    ON CONFLICT (album_id) DO UPDATE SET seq = excluded.seq;
END;
CREATE TRIGGER chart_descriptor_changed AFTER UPDATE ON album_descriptors BEGIN
    INSERT INTO chart_changes (album_id, seq)
    VALUES (NEW.album_id, (SELECT coalesce(max(seq), 0) + 1 FROM chart_changes))
    ON CONFLICT (album_id) DO UPDATE SET seq = excluded.seq;
END;
CREATE TRIGGER chart_descriptor_removed AFTER DELETE ON album_descriptors BEGIN
    INSERT INTO chart_changes (album_id, seq)
    VALUES (OLD.album_id, (SELECT coalesce(max(seq), 0) + 1 FROM chart_changes))
    ON CONFLICT (album_id) DO UPDATE SET seq = excluded.seq;
END;
CREATE TRIGGER chart_listener_added AFTER INSERT ON listens BEGIN
    INSERT INTO chart_changes (album_id, seq)
    VALUES (NEW.album_id, (SELECT coalesce(max(seq), 0) + 1 FROM chart_changes))
    ON CONFLICT (album_id) DO UPDATE SET seq = excluded.seq;
END;
CREATE TRIGGER chart_listener_removed AFTER DELETE ON listens BEGIN
    INSERT INTO chart_changes (album_id, seq)
    VALUES (OLD.album_id, (SELECT coalesce(max(seq), 0) + 1 FROM chart_changes))
    ON CONFLICT (album_id) DO UPDATE SET seq = excluded.seq;
END;
