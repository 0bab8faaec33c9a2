use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::Page;
use super::hidden::{Reader, shown};
use super::users::{Author, author_at};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Post {
    pub post_id: i64,
    pub title: String,
    pub post_text: String,
    pub created_at: String,
    pub updated_at: String,
    pub votes_up: i64,
    pub votes_down: i64,
    /// How many posts the author has written.
    pub user_post_count: i64,
    pub user: Author,
    /// Hidden by an admin: only its author and the admins see it.
    pub hidden: bool,
}

// CROSS JOIN keeps posts as the outer loop, as for comments: the newest
// posts come from their index, not from sorting every member's posts.
const POST_SELECT: &str =
    "SELECT p.id, p.title, p.post_text, p.created_at, p.updated_at, p.votes_up,
        p.votes_down,
        (SELECT count(*) FROM posts mine WHERE mine.user_id = p.user_id AND mine.hidden_at IS NULL),
        u.id, u.username, u.profile_picture_url, p.hidden_at IS NOT NULL
     FROM posts p CROSS JOIN users u ON u.id = p.user_id";

fn post_from_row(row: &Row<'_>) -> rusqlite::Result<Post> {
    Ok(Post {
        post_id: row.get(0)?,
        title: row.get(1)?,
        post_text: row.get(2)?,
        created_at: row.get(3)?,
        updated_at: row.get(4)?,
        votes_up: row.get(5)?,
        votes_down: row.get(6)?,
        user_post_count: row.get(7)?,
        user: author_at(row, 8)?,
        hidden: row.get(11)?,
    })
}

pub fn insert(
    conn: &Connection,
    user_id: i64,
    title: &str,
    text: &str,
    now: &str,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO posts (user_id, title, post_text, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?4)",
    )?
    .execute(params![user_id, title, text, now])?;
    Ok(conn.last_insert_rowid())
}

pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<Post>> {
    conn.prepare_cached(&format!("{POST_SELECT} WHERE p.id = ?1"))?
        .query_row([id], post_from_row)
        .optional()
}

pub fn by_user(
    conn: &Connection,
    user_id: i64,
    page: Page,
    reader: Reader,
) -> rusqlite::Result<Vec<Post>> {
    let (member, sees_hidden) = reader.params();
    conn.prepare_cached(&format!(
        "{POST_SELECT} WHERE p.user_id = ?1 AND {}
         ORDER BY p.created_at DESC, p.id DESC LIMIT ?2 OFFSET ?3",
        shown("p", 4)
    ))?
    .query_map(
        params![user_id, page.limit, page.offset, member, sees_hidden],
        post_from_row,
    )?
    .collect()
}

pub fn recent(conn: &Connection, page: Page, reader: Reader) -> rusqlite::Result<Vec<Post>> {
    let (member, sees_hidden) = reader.params();
    conn.prepare_cached(&format!(
        "{POST_SELECT} WHERE {} ORDER BY p.created_at DESC, p.id DESC LIMIT ?1 OFFSET ?2",
        shown("p", 3)
    ))?
    .query_map(
        params![page.limit, page.offset, member, sees_hidden],
        post_from_row,
    )?
    .collect()
}

pub fn author_of(conn: &Connection, id: i64) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT user_id FROM posts WHERE id = ?1")?
        .query_row([id], |row| row.get(0))
        .optional()
}

pub fn set_text(conn: &Connection, id: i64, text: &str, now: &str) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("UPDATE posts SET post_text = ?1, updated_at = ?2 WHERE id = ?3")?
        .execute(params![text, now, id])?
        > 0)
}

/// Deletes a post; its comments and votes go with it.
pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM posts WHERE id = ?1")?
        .execute([id])?
        > 0)
}

/// How many posts the member has that everyone sees.
pub fn count_by_user(conn: &Connection, user_id: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM posts WHERE user_id = ?1 AND hidden_at IS NULL")?
        .query_row([user_id], |row| row.get(0))
}
