use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::Page;
use super::albums::{self, Album};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistItem {
    pub wishlistitem_id: i64,
    pub user_id: i64,
    pub album_id: i64,
    pub album_title: String,
    pub created_at: String,
    #[schema(required)]
    pub album: Option<Album>,
}

const ITEM_SELECT: &str = "SELECT w.id, w.user_id, w.album_id, a.title, w.created_at
     FROM wishlist_items w JOIN albums a ON a.id = w.album_id";

fn item_from_row(row: &Row<'_>) -> rusqlite::Result<WishlistItem> {
    Ok(WishlistItem {
        wishlistitem_id: row.get(0)?,
        user_id: row.get(1)?,
        album_id: row.get(2)?,
        album_title: row.get(3)?,
        created_at: row.get(4)?,
        album: None,
    })
}

/// Adds an album to a wishlist; a unique violation means it is there already.
pub fn add(conn: &Connection, user_id: i64, album_id: i64, now: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO wishlist_items (user_id, album_id, created_at) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![user_id, album_id, now])?;
    Ok(conn.last_insert_rowid())
}

pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<WishlistItem>> {
    conn.prepare_cached(&format!("{ITEM_SELECT} WHERE w.id = ?1"))?
        .query_row([id], item_from_row)
        .optional()
}

pub fn find(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
) -> rusqlite::Result<Option<WishlistItem>> {
    conn.prepare_cached(&format!(
        "{ITEM_SELECT} WHERE w.user_id = ?1 AND w.album_id = ?2"
    ))?
    .query_row(params![user_id, album_id], item_from_row)
    .optional()
}

/// A member's wishlist, newest first, each item with its album.
pub fn by_user(
    conn: &Connection,
    user_id: i64,
    page: Page,
    viewer: Option<i64>,
) -> rusqlite::Result<Vec<WishlistItem>> {
    let mut items: Vec<WishlistItem> = conn
        .prepare_cached(&format!(
            "{ITEM_SELECT} WHERE w.user_id = ?1 ORDER BY w.created_at DESC, w.id DESC
             LIMIT ?2 OFFSET ?3"
        ))?
        .query_map(params![user_id, page.limit, page.offset], item_from_row)?
        .collect::<rusqlite::Result<_>>()?;
    let ids: Vec<i64> = items.iter().map(|i| i.album_id).collect();
    let mut found = albums::by_ids(conn, &ids, viewer)?.into_iter();
    for item in &mut items {
        item.album = found.next();
    }
    Ok(items)
}

pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM wishlist_items WHERE id = ?1")?
        .execute([id])?
        > 0)
}
