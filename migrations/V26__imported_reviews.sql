-- A review brought from another site by a member's import: it keeps the date
-- its file gives (or the import's), and the home page's panels and the feed,
-- which show what is new here, leave it out.
ALTER TABLE reviews ADD COLUMN imported INTEGER NOT NULL DEFAULT 0 CHECK (imported IN (0, 1));
