-- When each member last did something a feed shows (rated, reviewed, made a
-- list, posted, shouted): never earlier than their newest such row, so a
-- feed walks the members it follows from the most recently active and stops
-- at the first whose last activity is older than the page it has, instead
-- of merging every followed member's history. Only ever moved forward:
-- after a deletion it may be later than what is left, which costs a look,
-- never a missed event.
CREATE TABLE members_active (
    user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    at      TEXT NOT NULL
) WITHOUT ROWID;

INSERT INTO members_active (user_id, at)
SELECT user_id, max(at) FROM (
    SELECT user_id, max(updated_at) AS at FROM ratings GROUP BY user_id
    UNION ALL SELECT user_id, max(created_at) FROM reviews GROUP BY user_id
    UNION ALL SELECT user_id, max(created_at) FROM lists GROUP BY user_id
    UNION ALL SELECT user_id, max(created_at) FROM posts GROUP BY user_id
    UNION ALL SELECT user_id, max(created_at) FROM shouts GROUP BY user_id
) GROUP BY user_id;

CREATE TRIGGER member_rated AFTER INSERT ON ratings BEGIN
    INSERT INTO members_active (user_id, at) VALUES (new.user_id, new.updated_at)
    ON CONFLICT (user_id) DO UPDATE SET at = excluded.at WHERE excluded.at > at;
END;
CREATE TRIGGER member_rated_again AFTER UPDATE OF updated_at ON ratings BEGIN
    INSERT INTO members_active (user_id, at) VALUES (new.user_id, new.updated_at)
    ON CONFLICT (user_id) DO UPDATE SET at = excluded.at WHERE excluded.at > at;
END;
CREATE TRIGGER member_reviewed AFTER INSERT ON reviews BEGIN
    INSERT INTO members_active (user_id, at) VALUES (new.user_id, new.created_at)
    ON CONFLICT (user_id) DO UPDATE SET at = excluded.at WHERE excluded.at > at;
END;
CREATE TRIGGER member_made_a_list AFTER INSERT ON lists BEGIN
    INSERT INTO members_active (user_id, at) VALUES (new.user_id, new.created_at)
    ON CONFLICT (user_id) DO UPDATE SET at = excluded.at WHERE excluded.at > at;
END;
CREATE TRIGGER member_posted AFTER INSERT ON posts BEGIN
    INSERT INTO members_active (user_id, at) VALUES (new.user_id, new.created_at)
    ON CONFLICT (user_id) DO UPDATE SET at = excluded.at WHERE excluded.at > at;
END;
CREATE TRIGGER member_shouted AFTER INSERT ON shouts BEGIN
    INSERT INTO members_active (user_id, at) VALUES (new.user_id, new.created_at)
    ON CONFLICT (user_id) DO UPDATE SET at = excluded.at WHERE excluded.at > at;
END;
