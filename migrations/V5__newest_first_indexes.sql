-- The "newest first" lists order by (created_at DESC, id DESC). Indexes in
-- exactly that order let SQLite read the first rows and stop, where the old
-- ones (created_at alone) left the bundled SQLite sorting whole tables.
DROP INDEX reviews_by_created;
CREATE INDEX reviews_by_created ON reviews (created_at DESC, id DESC);
DROP INDEX posts_by_created;
CREATE INDEX posts_by_created ON posts (created_at DESC, id DESC);
DROP INDEX comments_by_created;
CREATE INDEX comments_by_created ON comments (created_at DESC, id DESC);
DROP INDEX comments_recent_on_albums;
CREATE INDEX comments_recent_on_albums ON comments (created_at DESC, id DESC) WHERE album_id IS NOT NULL;
DROP INDEX comments_recent_on_reviews;
CREATE INDEX comments_recent_on_reviews ON comments (created_at DESC, id DESC) WHERE review_id IS NOT NULL;
DROP INDEX comments_recent_on_posts;
CREATE INDEX comments_recent_on_posts ON comments (created_at DESC, id DESC) WHERE post_id IS NOT NULL;
