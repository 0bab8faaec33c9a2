-- How much of release_date is known: 'year' or 'month' dates are stored as
-- the first day of their period (so they sort at its start) and shown as
-- "2019" or "December 2008". Albums stored before this knew no better than
-- the day they show, so they stay 'day'.
ALTER TABLE albums ADD COLUMN release_date_precision TEXT NOT NULL DEFAULT 'day'
    CHECK (release_date_precision IN ('year', 'month', 'day'));
