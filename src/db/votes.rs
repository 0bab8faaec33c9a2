use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::Page;
use super::hidden::{Reader, shown};

/// What a vote is on: a review or a post.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

    fn column(self) -> &'static str {
        match self {
            Self::Review(_) => "review_id",
            Self::Post(_) => "post_id",
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Vote {
    pub vote_id: i64,
    pub user_id: i64,
    #[schema(required)]
    pub review_id: Option<i64>,
    #[schema(required)]
    pub post_id: Option<i64>,
    pub is_thumbs_up: bool,
    pub created_at: String,
}

const VOTE_SELECT: &str =
    "SELECT v.id, v.user_id, v.review_id, v.post_id, v.is_thumbs_up, v.created_at FROM votes v";

fn vote_from_row(row: &Row<'_>) -> rusqlite::Result<Vote> {
    Ok(Vote {
        vote_id: row.get(0)?,
        user_id: row.get(1)?,
        review_id: row.get(2)?,
        post_id: row.get(3)?,
        is_thumbs_up: row.get(4)?,
        created_at: row.get(5)?,
    })
}

/// A review's or post's votes, newest first; none when the reader may not
/// see it (a hidden item's votes are as gone as the item).
pub fn on(
    conn: &Connection,
    target: VoteTarget,
    page: Page,
    reader: Reader,
) -> rusqlite::Result<Vec<Vote>> {
    let (member, sees_hidden) = reader.params();
    conn.prepare_cached(&format!(
        "{VOTE_SELECT}
         WHERE v.{} = ?1 AND EXISTS (SELECT 1 FROM {} item WHERE item.id = ?1 AND {})
         ORDER BY v.created_at DESC, v.id DESC LIMIT ?2 OFFSET ?3",
        target.column(),
        target.table(),
        shown("item", 4)
    ))?
    .query_map(
        params![target.id(), page.limit, page.offset, member, sees_hidden],
        vote_from_row,
    )?
    .collect()
}

/// The votes others cast on a member's reviews and posts that the reader
/// sees, newest first.
pub fn received_by(
    conn: &Connection,
    user_id: i64,
    page: Page,
    reader: Reader,
) -> rusqlite::Result<Vec<Vote>> {
    let (member, sees_hidden) = reader.params();
    conn.prepare_cached(&format!(
        "{VOTE_SELECT}
         WHERE v.review_id IN (SELECT item.id FROM reviews item WHERE item.user_id = ?1 AND {shown})
            OR v.post_id IN (SELECT item.id FROM posts item WHERE item.user_id = ?1 AND {shown})
         ORDER BY v.created_at DESC, v.id DESC LIMIT ?2 OFFSET ?3",
        shown = shown("item", 4)
    ))?
    .query_map(
        params![user_id, page.limit, page.offset, member, sees_hidden],
        vote_from_row,
    )?
    .collect()
}

/// A member's vote on a review or post: thumbs up, down, or none.
pub fn mine(conn: &Connection, user_id: i64, target: VoteTarget) -> rusqlite::Result<Option<bool>> {
    conn.prepare_cached(&format!(
        "SELECT is_thumbs_up FROM votes WHERE {} = ?1 AND user_id = ?2",
        target.column()
    ))?
    .query_row(params![target.id(), user_id], |row| row.get(0))
    .optional()
}

/// The thumbs up and down a review or post has, from its kept tallies.
pub fn tally(conn: &Connection, target: VoteTarget) -> rusqlite::Result<(i64, i64)> {
    conn.prepare_cached(&format!(
        "SELECT votes_up, votes_down FROM {} WHERE id = ?1",
        target.table()
    ))?
    .query_row([target.id()], |row| Ok((row.get(0)?, row.get(1)?)))
}

/// Casts a vote: a first vote is recorded, a different one replaces it, the
/// same one again takes it back. Keeps the tallies in step; call inside a
/// transaction. Returns the member's vote afterwards.
pub fn cast(
    conn: &Connection,
    user_id: i64,
    target: VoteTarget,
    thumbs_up: bool,
    now: &str,
) -> rusqlite::Result<Option<bool>> {
    let previous = mine(conn, user_id, target)?;
    if let Some(old) = previous {
        conn.prepare_cached(&format!(
            "DELETE FROM votes WHERE {} = ?1 AND user_id = ?2",
            target.column()
        ))?
        .execute(params![target.id(), user_id])?;
        change_tally(conn, target, old, -1)?;
        if old == thumbs_up {
            return Ok(None);
        }
    }
    insert(conn, user_id, target, thumbs_up, now)?;
    Ok(Some(thumbs_up))
}

fn change_tally(
    conn: &Connection,
    target: VoteTarget,
    thumbs_up: bool,
    by: i64,
) -> rusqlite::Result<()> {
    let tally = if thumbs_up { "votes_up" } else { "votes_down" };
    let sql = format!(
        "UPDATE {} SET {tally} = {tally} + ?2 WHERE id = ?1",
        target.table()
    );
    conn.prepare_cached(&sql)?
        .execute(params![target.id(), by])?;
    Ok(())
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
    change_tally(conn, target, thumbs_up, 1)?;
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
