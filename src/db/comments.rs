use rusqlite::{Connection, params};

/// What a comment is about: exactly one album, review or post.
#[derive(Debug, Clone, Copy)]
pub enum CommentTarget {
    Album(i64),
    Review(i64),
    Post(i64),
}

pub fn insert(
    conn: &Connection,
    user_id: i64,
    target: CommentTarget,
    text: &str,
    now: &str,
) -> rusqlite::Result<i64> {
    let (album, review, post) = match target {
        CommentTarget::Album(id) => (Some(id), None, None),
        CommentTarget::Review(id) => (None, Some(id), None),
        CommentTarget::Post(id) => (None, None, Some(id)),
    };
    conn.prepare_cached(
        "INSERT INTO comments (user_id, album_id, review_id, post_id, comment_text, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![user_id, album, review, post, text, now])?;
    Ok(conn.last_insert_rowid())
}
