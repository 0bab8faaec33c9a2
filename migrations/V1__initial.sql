-- The whole schema of halfstar's entities. Timestamps are UTC ISO-8601 text
-- ('2026-11-22T09:02:03.123Z'), so their first 10 characters are the date and
-- they sort as text.

CREATE TABLE users (
    id                  INTEGER PRIMARY KEY,
    username            TEXT NOT NULL COLLATE NOCASE UNIQUE,
    email               TEXT NOT NULL COLLATE NOCASE UNIQUE,
    password_hash       TEXT NOT NULL,
    profile_picture_url TEXT NOT NULL DEFAULT '',
    role                TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'editor', 'admin')),
    created_at          TEXT NOT NULL
);

-- Bearer tokens, kept only as a SHA-256 hash; expires_at slides forward on use.
CREATE TABLE sessions (
    token_hash   BLOB PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   TEXT NOT NULL,
    last_used_at TEXT NOT NULL,
    expires_at   TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- Keys computed by the application, as SQLite folds neither accents nor
-- non-ASCII case: name_key is the name in lower case (unique: 'BJÖRK' is a
-- duplicate of 'Björk'); search_key is the name transliterated to lower-case
-- ASCII ('bjork'), for lookups and search.
CREATE TABLE artists (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL UNIQUE,
    slug        TEXT NOT NULL UNIQUE,
    search_key  TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    picture_url TEXT NOT NULL DEFAULT '',
    mbid        TEXT UNIQUE,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX artists_by_search_key ON artists (search_key);

-- title_key and search_key are made as for artists.
-- rating_count and rating_sum are kept current in the same transaction as every
-- rating write, so tiles and charts never aggregate the ratings table.
-- Half-step values are exact in binary floating point, so rating_sum stays exact.
CREATE TABLE albums (
    id               INTEGER PRIMARY KEY,
    artist_id        INTEGER NOT NULL REFERENCES artists (id) ON DELETE CASCADE,
    title            TEXT NOT NULL,
    title_key        TEXT NOT NULL,
    slug             TEXT NOT NULL UNIQUE,
    search_key       TEXT NOT NULL,
    type             TEXT NOT NULL DEFAULT 'LP' CHECK (type IN ('LP', 'EP', 'Live', 'Other')),
    release_date     TEXT NOT NULL CHECK (release_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    release_year     INTEGER NOT NULL GENERATED ALWAYS AS (CAST(substr(release_date, 1, 4) AS INTEGER)) STORED,
    picture_url      TEXT NOT NULL DEFAULT '',
    styles           TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(styles)),
    rating_count     INTEGER NOT NULL DEFAULT 0 CHECK (rating_count >= 0),
    rating_sum       REAL NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
    review_count     INTEGER NOT NULL DEFAULT 0 CHECK (review_count >= 0),
    mb_release_group TEXT UNIQUE,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL
);
CREATE UNIQUE INDEX albums_by_artist_title_type ON albums (artist_id, title_key, type);
CREATE INDEX albums_by_artist_date ON albums (artist_id, release_date);
CREATE INDEX albums_by_search_key ON albums (search_key);
CREATE INDEX albums_by_popularity ON albums (rating_count DESC);
CREATE INDEX albums_by_year_popularity ON albums (release_year, rating_count DESC);
CREATE INDEX albums_by_release_date ON albums (release_date DESC);

CREATE TABLE genres (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL COLLATE NOCASE UNIQUE,
    slug        TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT ''
);

-- position keeps the order genres were given in, for display.
CREATE TABLE album_genres (
    album_id INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    genre_id INTEGER NOT NULL REFERENCES genres (id) ON DELETE CASCADE,
    position INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (album_id, genre_id)
) WITHOUT ROWID;
CREATE INDEX album_genres_by_genre ON album_genres (genre_id, album_id);

-- One row per user and album. A row without a number is a library entry.
CREATE TABLE ratings (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    album_id   INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    number     REAL CHECK (number IS NULL OR (number BETWEEN 0.5 AND 10 AND number * 2 = CAST(number * 2 AS INTEGER))),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (user_id, album_id)
);
CREATE INDEX ratings_by_album ON ratings (album_id, created_at DESC);
CREATE INDEX ratings_by_user ON ratings (user_id, created_at DESC);

CREATE TABLE wishlist_items (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    album_id   INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    UNIQUE (user_id, album_id)
);
CREATE INDEX wishlist_items_by_album ON wishlist_items (album_id);

-- Vote tallies are kept current with the votes, for approval and featured ranking.
CREATE TABLE reviews (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    album_id    INTEGER NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
    review_text TEXT NOT NULL CHECK (length(review_text) BETWEEN 1 AND 20000),
    votes_up    INTEGER NOT NULL DEFAULT 0 CHECK (votes_up >= 0),
    votes_down  INTEGER NOT NULL DEFAULT 0 CHECK (votes_down >= 0),
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    UNIQUE (user_id, album_id)
);
CREATE INDEX reviews_by_album ON reviews (album_id, created_at DESC);
CREATE INDEX reviews_by_user ON reviews (user_id, created_at DESC);
CREATE INDEX reviews_by_created ON reviews (created_at DESC);

CREATE TABLE posts (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title      TEXT NOT NULL,
    post_text  TEXT NOT NULL,
    votes_up   INTEGER NOT NULL DEFAULT 0 CHECK (votes_up >= 0),
    votes_down INTEGER NOT NULL DEFAULT 0 CHECK (votes_down >= 0),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX posts_by_user ON posts (user_id, created_at DESC);
CREATE INDEX posts_by_created ON posts (created_at DESC);

-- A vote is on exactly one review or one post; one vote per user and target.
CREATE TABLE votes (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    review_id    INTEGER REFERENCES reviews (id) ON DELETE CASCADE,
    post_id      INTEGER REFERENCES posts (id) ON DELETE CASCADE,
    is_thumbs_up INTEGER NOT NULL CHECK (is_thumbs_up IN (0, 1)),
    created_at   TEXT NOT NULL,
    CHECK ((review_id IS NULL) <> (post_id IS NULL))
);
CREATE UNIQUE INDEX votes_on_review ON votes (review_id, user_id) WHERE review_id IS NOT NULL;
CREATE UNIQUE INDEX votes_on_post ON votes (post_id, user_id) WHERE post_id IS NOT NULL;
CREATE INDEX votes_by_user ON votes (user_id);

-- A comment is on exactly one album, review or post.
CREATE TABLE comments (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    album_id     INTEGER REFERENCES albums (id) ON DELETE CASCADE,
    review_id    INTEGER REFERENCES reviews (id) ON DELETE CASCADE,
    post_id      INTEGER REFERENCES posts (id) ON DELETE CASCADE,
    comment_text TEXT NOT NULL CHECK (length(comment_text) >= 1),
    created_at   TEXT NOT NULL,
    CHECK ((album_id IS NOT NULL) + (review_id IS NOT NULL) + (post_id IS NOT NULL) = 1)
);
CREATE INDEX comments_by_album ON comments (album_id, created_at DESC) WHERE album_id IS NOT NULL;
CREATE INDEX comments_by_review ON comments (review_id, created_at DESC) WHERE review_id IS NOT NULL;
CREATE INDEX comments_by_post ON comments (post_id, created_at DESC) WHERE post_id IS NOT NULL;
CREATE INDEX comments_by_user ON comments (user_id, created_at DESC);
CREATE INDEX comments_by_created ON comments (created_at DESC);
-- The home page's Comments tabs: the latest comments on albums, reviews or posts.
CREATE INDEX comments_recent_on_albums ON comments (created_at DESC) WHERE album_id IS NOT NULL;
CREATE INDEX comments_recent_on_reviews ON comments (created_at DESC) WHERE review_id IS NOT NULL;
CREATE INDEX comments_recent_on_posts ON comments (created_at DESC) WHERE post_id IS NOT NULL;

CREATE TABLE shouts (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    recipient_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    shout_text   TEXT NOT NULL CHECK (length(shout_text) >= 1),
    created_at   TEXT NOT NULL
);
CREATE INDEX shouts_by_recipient ON shouts (recipient_id, created_at DESC);
CREATE INDEX shouts_by_user ON shouts (user_id, created_at DESC);

-- Full-text search over artist names and album titles, kept in step by triggers.
-- Both the display text and the transliterated key are indexed, so 'sigur ros',
-- 'agaetis' and 'Ágætis' all match.
CREATE VIRTUAL TABLE artists_fts USING fts5 (
    name, search_key,
    content = 'artists', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER artists_fts_insert AFTER INSERT ON artists BEGIN
    INSERT INTO artists_fts (rowid, name, search_key) VALUES (new.id, new.name, new.search_key);
END;
CREATE TRIGGER artists_fts_delete AFTER DELETE ON artists BEGIN
    INSERT INTO artists_fts (artists_fts, rowid, name, search_key) VALUES ('delete', old.id, old.name, old.search_key);
END;
CREATE TRIGGER artists_fts_update AFTER UPDATE OF name, search_key ON artists BEGIN
    INSERT INTO artists_fts (artists_fts, rowid, name, search_key) VALUES ('delete', old.id, old.name, old.search_key);
    INSERT INTO artists_fts (rowid, name, search_key) VALUES (new.id, new.name, new.search_key);
END;

CREATE VIRTUAL TABLE albums_fts USING fts5 (
    title, search_key,
    content = 'albums', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER albums_fts_insert AFTER INSERT ON albums BEGIN
    INSERT INTO albums_fts (rowid, title, search_key) VALUES (new.id, new.title, new.search_key);
END;
CREATE TRIGGER albums_fts_delete AFTER DELETE ON albums BEGIN
    INSERT INTO albums_fts (albums_fts, rowid, title, search_key) VALUES ('delete', old.id, old.title, old.search_key);
END;
CREATE TRIGGER albums_fts_update AFTER UPDATE OF title, search_key ON albums BEGIN
    INSERT INTO albums_fts (albums_fts, rowid, title, search_key) VALUES ('delete', old.id, old.title, old.search_key);
    INSERT INTO albums_fts (rowid, title, search_key) VALUES (new.id, new.title, new.search_key);
END;
