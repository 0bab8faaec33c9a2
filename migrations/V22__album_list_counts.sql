-- How many findable lists (public, not hidden) hold each album, counted as
-- entries, lists and their visibility come and go: an album page's "On N
-- lists" is then a read of one row, not a count of every list holding a
-- popular album. A list's deletion counts down before its entries cascade
-- (they find no list by then, and count nothing).
ALTER TABLE albums ADD COLUMN list_count INTEGER NOT NULL DEFAULT 0;
UPDATE albums SET list_count = (
    SELECT count(*) FROM list_entries e JOIN lists l ON l.id = e.list_id
    WHERE e.album_id = albums.id AND l.visibility = 'public' AND l.hidden_at IS NULL
) WHERE id IN (SELECT album_id FROM list_entries);

CREATE TRIGGER album_listed AFTER INSERT ON list_entries
WHEN (SELECT visibility = 'public' AND hidden_at IS NULL FROM lists WHERE id = new.list_id)
BEGIN
    UPDATE albums SET list_count = list_count + 1 WHERE id = new.album_id;
END;
CREATE TRIGGER album_unlisted AFTER DELETE ON list_entries
WHEN (SELECT visibility = 'public' AND hidden_at IS NULL FROM lists WHERE id = old.list_id)
BEGIN
    UPDATE albums SET list_count = list_count - 1 WHERE id = old.album_id;
END;
CREATE TRIGGER list_findable_changed AFTER UPDATE OF visibility, hidden_at ON lists
WHEN (old.visibility = 'public' AND old.hidden_at IS NULL)
  <> (new.visibility = 'public' AND new.hidden_at IS NULL)
BEGIN
    UPDATE albums
    SET list_count = list_count
        + CASE WHEN new.visibility = 'public' AND new.hidden_at IS NULL THEN 1 ELSE -1 END
    WHERE id IN (SELECT album_id FROM list_entries WHERE list_id = new.id);
END;
CREATE TRIGGER list_deleted BEFORE DELETE ON lists
WHEN old.visibility = 'public' AND old.hidden_at IS NULL
BEGIN
    UPDATE albums SET list_count = list_count - 1
    WHERE id IN (SELECT album_id FROM list_entries WHERE list_id = old.id);
END;
