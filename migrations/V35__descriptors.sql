-- Descriptors members apply to albums they rated (domain::descriptors): the
-- words are fixed in the code and stored by slug.
CREATE TABLE descriptor_votes (
    album_id   INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    descriptor TEXT NOT NULL CHECK (length(descriptor) BETWEEN 1 AND 40),
    applied_at TEXT NOT NULL,
    PRIMARY KEY (album_id, user_id, descriptor)
) WITHOUT ROWID;
-- A member's descriptors, for their export and their account's removal.
CREATE INDEX descriptor_votes_by_member ON descriptor_votes (user_id);

-- How many members applied each descriptor to each album, kept by the
-- triggers below on every path (a member's change, a rating taken away, an
-- account or album removed), so that an album's strongest descriptors and
-- a descriptor's albums are read from an index.
CREATE TABLE album_descriptors (
    album_id   INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    descriptor TEXT NOT NULL,
    members    INTEGER NOT NULL CHECK (members > 0),
    PRIMARY KEY (album_id, descriptor)
) WITHOUT ROWID;
CREATE INDEX album_descriptors_by_strength
    ON album_descriptors (descriptor, members DESC, album_id);

CREATE TRIGGER descriptor_applied AFTER INSERT ON descriptor_votes BEGIN
    INSERT INTO album_descriptors (album_id, descriptor, members)
    VALUES (NEW.album_id, NEW.descriptor, 1)
    ON CONFLICT (album_id, descriptor) DO UPDATE SET members = members + 1;
END;

CREATE TRIGGER descriptor_taken_back AFTER DELETE ON descriptor_votes BEGIN
    DELETE FROM album_descriptors
    WHERE album_id = OLD.album_id AND descriptor = OLD.descriptor AND members = 1;
    UPDATE album_descriptors SET members = members - 1
    WHERE album_id = OLD.album_id AND descriptor = OLD.descriptor AND members > 1;
END;

-- Only members who rated an album describe it: a rating taken away, or
-- left without a number, takes the member's descriptors with it.
CREATE TRIGGER rating_gone_takes_descriptors AFTER DELETE ON ratings BEGIN
    DELETE FROM descriptor_votes WHERE album_id = OLD.album_id AND user_id = OLD.user_id;
END;
CREATE TRIGGER rating_unnumbered_takes_descriptors AFTER UPDATE OF number ON ratings
WHEN NEW.number IS NULL BEGIN
    DELETE FROM descriptor_votes WHERE album_id = NEW.album_id AND user_id = NEW.user_id;
END;
