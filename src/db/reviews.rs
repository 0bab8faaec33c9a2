use rusqlite::{Connection, params};

/// Adds a review and counts it on its album. Call inside a transaction.
pub fn insert(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    text: &str,
    now: &str,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO reviews (user_id, album_id, review_text, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?4)",
    )?
    .execute(params![user_id, album_id, text, now])?;
    let id = conn.last_insert_rowid();
    conn.prepare_cached("UPDATE albums SET review_count = review_count + 1 WHERE id = ?1")?
        .execute([album_id])?;
    Ok(id)
}

/// Takes a user's reviews out of their albums' counts, before the user and,
/// through the foreign keys, the reviews are deleted.
pub fn forget_user(conn: &Connection, user_id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE albums SET review_count = review_count - 1
         WHERE id IN (SELECT album_id FROM reviews WHERE user_id = ?1)",
    )?
    .execute([user_id])?;
    Ok(())
}
