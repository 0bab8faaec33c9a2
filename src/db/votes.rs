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

/// Takes a user's votes out of the tallies of the reviews and posts they
/// voted on, before the user and, through the foreign keys, the votes go.
pub fn forget_user(conn: &Connection, user_id: i64) -> rusqlite::Result<()> {
    for table in ["reviews", "posts"] {
        let column = if table == "reviews" {
            "review_id"
        } else {
            "post_id"
        };
        let sql = format!(
            "UPDATE {table} SET
               votes_up = votes_up - (SELECT count(*) FROM votes v
                                      WHERE v.{column} = {table}.id AND v.user_id = ?1 AND v.is_thumbs_up),
               votes_down = votes_down - (SELECT count(*) FROM votes v
                                      WHERE v.{column} = {table}.id AND v.user_id = ?1 AND NOT v.is_thumbs_up)
             WHERE id IN (SELECT {column} FROM votes WHERE user_id = ?1 AND {column} IS NOT NULL)"
        );
        conn.prepare_cached(&sql)?.execute([user_id])?;
    }
    Ok(())
}
