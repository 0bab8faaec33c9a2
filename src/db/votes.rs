use rusqlite::{Connection, params};

/// What a vote is on: a review or a post.
#[derive(Debug, Clone, Copy)]
pub enum VoteTarget {
    Review(i64),
    Post(i64),
}

impl VoteTarget {
    fn table(self) -> &'static str {
        match self {
            Self::Review(_) => "reviews",
            Self::Post(_) => "posts",
        }
    }

    fn id(self) -> i64 {
        match self {
            Self::Review(id) | Self::Post(id) => id,
        }
    }
}

/// Records a new vote and counts it on its target. Call inside a transaction.
pub fn insert(
    conn: &Connection,
    user_id: i64,
    target: VoteTarget,
    thumbs_up: bool,
    now: &str,
) -> rusqlite::Result<i64> {
    let (review, post) = match target {
        VoteTarget::Review(id) => (Some(id), None),
        VoteTarget::Post(id) => (None, Some(id)),
    };
    conn.prepare_cached(
        "INSERT INTO votes (user_id, review_id, post_id, is_thumbs_up, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![user_id, review, post, thumbs_up, now])?;
    let id = conn.last_insert_rowid();
    let tally = if thumbs_up { "votes_up" } else { "votes_down" };
    let sql = format!(
        "UPDATE {} SET {tally} = {tally} + 1 WHERE id = ?1",
        target.table()
    );
    conn.prepare_cached(&sql)?.execute([target.id()])?;
    Ok(id)
}
