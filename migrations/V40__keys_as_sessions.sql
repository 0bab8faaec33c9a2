-- Issue 53: a member's long-lived keys (the player token, the calendar link)
-- are listed beside their sessions, with where each was made or last used
-- from, as sessions are.
ALTER TABLE player_tokens ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE player_tokens ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE calendar_tokens ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE calendar_tokens ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
