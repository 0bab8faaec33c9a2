-- Track ratings in followers' feeds: each member's newest first, and a
-- track rating makes its member active for the feed's walk (V24).
CREATE INDEX track_ratings_by_time ON track_ratings (user_id, updated_at DESC);

INSERT INTO members_active (user_id, at)
SELECT user_id, max(updated_at) FROM track_ratings WHERE true GROUP BY user_id
ON CONFLICT (user_id) DO UPDATE SET at = excluded.at WHERE excluded.at > at;

CREATE TRIGGER member_rated_a_track AFTER INSERT ON track_ratings BEGIN
    INSERT INTO members_active (user_id, at) VALUES (new.user_id, new.updated_at)
    ON CONFLICT (user_id) DO UPDATE SET at = excluded.at WHERE excluded.at > at;
END;
CREATE TRIGGER member_rated_a_track_again AFTER UPDATE OF updated_at ON track_ratings BEGIN
    INSERT INTO members_active (user_id, at) VALUES (new.user_id, new.updated_at)
    ON CONFLICT (user_id) DO UPDATE SET at = excluded.at WHERE excluded.at > at;
END;
