-- A list's likes and entries are counted as they come and go, so that the
-- popular lists (most liked findable lists that hold an album) are one
-- range read of an index instead of a count of every list's likes by
-- whoever asks first. The triggers also follow the deletions that cascade
-- from a list, an album or a member.
ALTER TABLE lists ADD COLUMN like_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE lists ADD COLUMN entry_count INTEGER NOT NULL DEFAULT 0;
UPDATE lists SET
    like_count = (SELECT count(*) FROM list_likes k WHERE k.list_id = lists.id),
    entry_count = (SELECT count(*) FROM list_entries e WHERE e.list_id = lists.id);

CREATE TRIGGER list_liked AFTER INSERT ON list_likes
BEGIN
    UPDATE lists SET like_count = like_count + 1 WHERE id = new.list_id;
END;
CREATE TRIGGER list_unliked AFTER DELETE ON list_likes
BEGIN
    UPDATE lists SET like_count = like_count - 1 WHERE id = old.list_id;
END;
CREATE TRIGGER list_entry_added AFTER INSERT ON list_entries
BEGIN
    UPDATE lists SET entry_count = entry_count + 1 WHERE id = new.list_id;
END;
CREATE TRIGGER list_entry_removed AFTER DELETE ON list_entries
BEGIN
    UPDATE lists SET entry_count = entry_count - 1 WHERE id = old.list_id;
END;

CREATE INDEX lists_popular ON lists (like_count DESC, updated_at DESC, id DESC)
    WHERE visibility = 'public' AND hidden_at IS NULL AND entry_count > 0;
