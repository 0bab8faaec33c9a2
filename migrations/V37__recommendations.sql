-- Recommendations, worked out in the background (src/recommendations) and
-- stored, so a page reads a handful of rows by key.

-- Each album's similar albums, best first: albums the same members rated
-- highly, weighed against how often each album is rated at all.
CREATE TABLE similar_albums (
    album_id   INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    place      INTEGER NOT NULL,
    similar_id INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    -- Members who rated both highly.
    members    INTEGER NOT NULL,
    PRIMARY KEY (album_id, place)
) WITHOUT ROWID;
CREATE INDEX similar_albums_by_similar ON similar_albums (similar_id);

-- Albums whose similar albums are to be worked out again, and members whose
-- taste changed (their similar albums' neighbours and their own
-- recommendations follow from it). Filled by the triggers below on every
-- path a rating changes; the worker takes and deletes rows.
CREATE TABLE similar_due (album_id INTEGER PRIMARY KEY);
CREATE TABLE taste_changes (user_id INTEGER PRIMARY KEY);

INSERT INTO similar_due (album_id) SELECT id FROM albums WHERE rating_count >= 2;

CREATE TRIGGER taste_rated AFTER INSERT ON ratings BEGIN
    INSERT OR IGNORE INTO similar_due (album_id) VALUES (NEW.album_id);
    INSERT OR IGNORE INTO taste_changes (user_id) VALUES (NEW.user_id);
END;
CREATE TRIGGER taste_rerated AFTER UPDATE OF number ON ratings
WHEN NEW.number IS NOT OLD.number BEGIN
    INSERT OR IGNORE INTO similar_due (album_id) VALUES (NEW.album_id);
    INSERT OR IGNORE INTO taste_changes (user_id) VALUES (NEW.user_id);
END;
CREATE TRIGGER taste_unrated AFTER DELETE ON ratings BEGIN
    INSERT OR IGNORE INTO similar_due (album_id) VALUES (OLD.album_id);
    INSERT OR IGNORE INTO taste_changes (user_id) VALUES (OLD.user_id);
END;

-- Blocking a member keeps each one's ratings out of the other's recommendations.
CREATE TRIGGER taste_blocked AFTER INSERT ON blocks BEGIN
    INSERT OR IGNORE INTO taste_changes (user_id) VALUES (NEW.blocker_id), (NEW.blocked_id);
END;

-- A member's recommendations ("For you"), best first, from the public
-- ratings of the members whose taste is most like theirs and the similar
-- albums of the albums they loved.
CREATE TABLE recommendations (
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    place         INTEGER NOT NULL,
    album_id      INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    -- Members of like taste who rated it highly.
    members       INTEGER NOT NULL,
    -- The album the member loved that it is most like, if that is why.
    like_album_id INTEGER REFERENCES albums (id) ON DELETE SET NULL,
    PRIMARY KEY (user_id, place)
) WITHOUT ROWID;
CREATE INDEX recommendations_by_album ON recommendations (album_id);

-- When a member's recommendations were last worked out, and from how many
-- members of like taste.
CREATE TABLE recommendations_made (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    made_at    TEXT NOT NULL,
    neighbours INTEGER NOT NULL
);

-- Albums a member asked not to be recommended again.
CREATE TABLE recommendation_dismissals (
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    album_id     INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    dismissed_at TEXT NOT NULL,
    PRIMARY KEY (user_id, album_id)
) WITHOUT ROWID;
CREATE INDEX recommendation_dismissals_by_album ON recommendation_dismissals (album_id);

-- A member may turn recommendations off; then none are worked out for them.
ALTER TABLE users ADD COLUMN recommend_to_me INTEGER NOT NULL DEFAULT 1
    CHECK (recommend_to_me IN (0, 1));
