use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::Page;
use super::hidden::{Reader, comment_shown, shown};
use super::users::{Author, author_at};

/// What a comment is about: exactly one album, review, post or list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommentTarget {
    Album(i64),
    Review(i64),
    Post(i64),
    List(i64),
}

impl CommentTarget {
    fn column(self) -> &'static str {
        match self {
            Self::Album(_) => "album_id",
            Self::Review(_) => "review_id",
            Self::Post(_) => "post_id",
            Self::List(_) => "list_id",
        }
    }

    pub fn id(self) -> i64 {
        match self {
            Self::Album(id) | Self::Review(id) | Self::Post(id) | Self::List(id) => id,
        }
    }
}

/// Which comments the home page's recent list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommentKind {
    All,
    Album,
    Review,
    Post,
}

/// A comment with its author and, on an album, the author's rating of it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Comment {
    pub comment_id: i64,
    pub comment_text: String,
    pub user_id: i64,
    #[schema(required)]
    pub album_id: Option<i64>,
    #[schema(required)]
    pub review_id: Option<i64>,
    #[schema(required)]
    pub post_id: Option<i64>,
    #[schema(required)]
    pub list_id: Option<i64>,
    pub created_at: String,
    #[schema(required)]
    pub rating: Option<f64>,
    pub user: Author,
    /// Hidden by an admin: only its author and the admins see it.
    pub hidden: bool,
}

// CROSS JOIN keeps comments as the outer loop: otherwise SQLite may walk every
// member and sort all their comments to find the newest few.
const COMMENT_SELECT: &str = "SELECT c.id, c.comment_text, c.user_id, c.album_id, c.review_id,
        c.post_id, c.created_at,
        (SELECT x.number FROM ratings x WHERE x.user_id = c.user_id AND x.album_id = c.album_id),
        u.id, u.username, u.profile_picture_url, c.hidden_at IS NOT NULL, c.list_id
     FROM comments c CROSS JOIN users u ON u.id = c.user_id";

fn comment_from_row(row: &Row<'_>) -> rusqlite::Result<Comment> {
    Ok(Comment {
        comment_id: row.get(0)?,
        comment_text: row.get(1)?,
        user_id: row.get(2)?,
        album_id: row.get(3)?,
        review_id: row.get(4)?,
        post_id: row.get(5)?,
        created_at: row.get(6)?,
        rating: row.get(7)?,
        user: author_at(row, 8)?,
        hidden: row.get(11)?,
        list_id: row.get(12)?,
    })
}

fn list(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> rusqlite::Result<Vec<Comment>> {
    conn.prepare_cached(sql)?
        .query_map(params, comment_from_row)?
        .collect()
}

pub fn insert(
    conn: &Connection,
    user_id: i64,
    target: CommentTarget,
    text: &str,
    now: &str,
) -> rusqlite::Result<i64> {
    let on = |wanted: fn(i64) -> CommentTarget| {
        let id = target.id();
        (target == wanted(id)).then_some(id)
    };
    conn.prepare_cached(
        "INSERT INTO comments (user_id, album_id, review_id, post_id, list_id, comment_text, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        user_id,
        on(CommentTarget::Album),
        on(CommentTarget::Review),
        on(CommentTarget::Post),
        on(CommentTarget::List),
        text,
        now
    ])?;
    Ok(conn.last_insert_rowid())
}

pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<Comment>> {
    conn.prepare_cached(&format!("{COMMENT_SELECT} WHERE c.id = ?1"))?
        .query_row([id], comment_from_row)
        .optional()
}

/// The comments on one album, review or post that the reader sees, newest
/// first.
pub fn on(
    conn: &Connection,
    target: CommentTarget,
    page: Page,
    reader: Reader,
) -> rusqlite::Result<Vec<Comment>> {
    let (member, sees_hidden) = reader.params();
    list(
        conn,
        &format!(
            "{COMMENT_SELECT} WHERE c.{} = ?1 AND {}
             ORDER BY c.created_at DESC, c.id DESC LIMIT ?2 OFFSET ?3",
            target.column(),
            shown_on(target, 4)
        ),
        params![target.id(), page.limit, page.offset, member, sees_hidden],
    )
}

/// SQL: a comment on the target shown to the reader bound at `?{at}`. A
/// list's page is open to its reader (the caller checks), unlisted or not.
fn shown_on(target: CommentTarget, at: usize) -> String {
    match target {
        CommentTarget::List(_) => shown("c", at),
        _ => comment_shown("c", at),
    }
}

/// How many comments on the target the reader sees.
pub fn count_on(conn: &Connection, target: CommentTarget, reader: Reader) -> rusqlite::Result<i64> {
    let (member, sees_hidden) = reader.params();
    conn.prepare_cached(&format!(
        "SELECT count(*) FROM comments c WHERE c.{} = ?1 AND {}",
        target.column(),
        shown_on(target, 2)
    ))?
    .query_row(params![target.id(), member, sees_hidden], |row| row.get(0))
}

pub fn by_user(
    conn: &Connection,
    user_id: i64,
    page: Page,
    reader: Reader,
) -> rusqlite::Result<Vec<Comment>> {
    let (member, sees_hidden) = reader.params();
    list(
        conn,
        &format!(
            "{COMMENT_SELECT} WHERE c.user_id = ?1 AND {}
             ORDER BY c.created_at DESC, c.id DESC LIMIT ?2 OFFSET ?3",
            comment_shown("c", 4)
        ),
        params![user_id, page.limit, page.offset, member, sees_hidden],
    )
}

/// The newest comments of a kind, site-wide, that the reader sees.
pub fn recent(
    conn: &Connection,
    kind: CommentKind,
    limit: u32,
    reader: Reader,
) -> rusqlite::Result<Vec<Comment>> {
    let only = match kind {
        CommentKind::All => "",
        CommentKind::Album => "AND c.album_id IS NOT NULL",
        CommentKind::Review => "AND c.review_id IS NOT NULL",
        CommentKind::Post => "AND c.post_id IS NOT NULL",
    };
    let (member, sees_hidden) = reader.params();
    list(
        conn,
        &format!(
            "{COMMENT_SELECT} WHERE {} {only} ORDER BY c.created_at DESC, c.id DESC LIMIT ?1",
            comment_shown("c", 2)
        ),
        params![limit, member, sees_hidden],
    )
}

pub fn author_of(conn: &Connection, id: i64) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT user_id FROM comments WHERE id = ?1")?
        .query_row([id], |row| row.get(0))
        .optional()
}

pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM comments WHERE id = ?1")?
        .execute([id])?
        > 0)
}

/// How many comments the member has that everyone sees: not hidden, nor on
/// a hidden review or post, nor on a list that is not public (a profile
/// must not count what its comment list leaves out).
pub fn count_by_user(conn: &Connection, user_id: i64) -> rusqlite::Result<i64> {
    let (member, sees_hidden) = Reader::VISITOR.params();
    conn.prepare_cached(&format!(
        "SELECT count(*) FROM comments c WHERE c.user_id = ?1 AND {}",
        comment_shown("c", 2)
    ))?
    .query_row(params![user_id, member, sees_hidden], |row| row.get(0))
}

/// The members who commented on the target, each once.
pub fn commenters(conn: &Connection, target: CommentTarget) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(&format!(
        "SELECT DISTINCT user_id FROM comments WHERE {} = ?1",
        target.column()
    ))?
    .query_map([target.id()], |row| row.get(0))?
    .collect()
}

/// The albums a member commented on most recently, each once, as everyone
/// sees their comments.
pub fn recently_commented_albums(
    conn: &Connection,
    user_id: i64,
    limit: u32,
) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(
        "SELECT album_id FROM comments
         WHERE user_id = ?1 AND album_id IS NOT NULL AND hidden_at IS NULL
         GROUP BY album_id ORDER BY max(created_at) DESC LIMIT ?2",
    )?
    .query_map(params![user_id, limit], |row| row.get(0))?
    .collect()
}
