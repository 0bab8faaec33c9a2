use rusqlite::{Connection, params};

pub fn insert(
    conn: &Connection,
    author_id: i64,
    recipient_id: i64,
    text: &str,
    now: &str,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO shouts (user_id, recipient_id, shout_text, created_at) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![author_id, recipient_id, text, now])?;
    Ok(conn.last_insert_rowid())
}
