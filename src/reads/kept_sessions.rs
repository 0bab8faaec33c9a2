//! The sessions of bearer tokens, kept in memory for a short while, so that
//! a signed-in read does not cost a database round trip to learn who is
//! asking. A kept session is checked for expiry on every use, and is ended
//! at once when its member changes their account through the site (log-out,
//! ending sessions, password, email, username, picture, deletion); any write
//! by another process (the CLI's role changes, sign-outs and deletions) ends
//! them all. Writes never use them: they read the session afresh.

use std::sync::Arc;
use std::time::Duration;

use moka::sync::Cache;

use crate::db::sessions::LiveSession;

/// More tokens than this are read from the database again.
const MOST_KEPT: u64 = 100_000;

#[derive(Clone)]
pub struct KeptSessions {
    sessions: Option<Cache<Vec<u8>, Arc<Kept>>>,
}

struct Kept {
    session: LiveSession,
    /// The count of outside writes when it was read; it is stale once that moves.
    outside_writes: u64,
}

impl KeptSessions {
    /// Sessions kept for at most `keep`; zero keeps none.
    pub fn new(keep: Duration) -> Self {
        let sessions = (!keep.is_zero()).then(|| {
            Cache::builder()
                .max_capacity(MOST_KEPT)
                .time_to_live(keep)
                .support_invalidation_closures()
                .build()
        });
        Self { sessions }
    }

    /// The kept session of a token hash, if it was read after the latest
    /// outside write.
    pub fn get(&self, token_hash: &[u8], outside_writes: u64) -> Option<LiveSession> {
        let kept = self.sessions.as_ref()?.get(token_hash)?;
        (kept.outside_writes == outside_writes).then(|| kept.session.clone())
    }

    pub fn keep(&self, token_hash: Vec<u8>, session: LiveSession, outside_writes: u64) {
        if let Some(sessions) = &self.sessions {
            sessions.insert(
                token_hash,
                Arc::new(Kept {
                    session,
                    outside_writes,
                }),
            );
        }
    }

    /// Forgets every kept session of a member: their account just changed.
    pub fn forget_member(&self, user_id: i64) {
        if let Some(sessions) = &self.sessions {
            // Only fails when closures are not supported, and they are.
            let _ = sessions.invalidate_entries_if(move |_, kept| kept.session.user.id == user_id);
        }
    }
}

impl Default for KeptSessions {
    fn default() -> Self {
        Self::new(Duration::ZERO)
    }
}
