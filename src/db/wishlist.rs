use rusqlite::{Connection, params};

pub fn add(conn: &Connection, user_id: i64, album_id: i64, now: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO wishlist_items (user_id, album_id, created_at) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![user_id, album_id, now])?;
    Ok(conn.last_insert_rowid())
}
