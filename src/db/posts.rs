use rusqlite::{Connection, params};

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
