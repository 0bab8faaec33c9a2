//! Lists of albums members curate: their entries in order, likes and the
//! history of what left them. Who may see which list is decided here, in
//! the queries, so no answer can carry a list its reader may not see.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::albums::{self, Album};
use super::hidden::Reader;
use super::users::{Author, author_at};
use crate::domain::ListVisibility;

/// The most albums a list holds.
pub const MOST_ENTRIES: i64 = 1000;

/// A list without its entries, as tiles and lists of lists show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListSummary {
    pub list_id: i64,
    pub title: String,
    pub slug: String,
    pub description: String,
    /// Numbered, in the author's order; otherwise a set.
    pub ranked: bool,
    pub visibility: ListVisibility,
    pub author: Author,
    pub entry_count: i64,
    pub like_count: i64,
    pub comment_count: i64,
    /// The pictures of its first (up to) four albums.
    pub covers: Vec<String>,
    pub created_at: String,
    pub updated_at: String,
    /// Hidden by an admin: only its author and the admins see it.
    pub hidden: bool,
}

const SUMMARY_SELECT: &str = "SELECT l.id, l.title, l.slug, l.description, l.ranked, l.visibility,
        u.id, u.username, u.profile_picture_url,
        l.entry_count, l.like_count,
        (SELECT count(*) FROM comments c WHERE c.list_id = l.id AND c.hidden_at IS NULL),
        (SELECT json_group_array(picture_url) FROM (
             SELECT a.picture_url FROM list_entries e JOIN albums a ON a.id = e.album_id
             WHERE e.list_id = l.id ORDER BY e.position, e.id LIMIT 4)),
        l.created_at, l.updated_at, l.hidden_at IS NOT NULL
     FROM lists l JOIN users u ON u.id = l.user_id";

fn summary_from_row(row: &Row<'_>) -> rusqlite::Result<ListSummary> {
    let visibility: String = row.get(5)?;
    let covers: String = row.get(12)?;
    Ok(ListSummary {
        list_id: row.get(0)?,
        title: row.get(1)?,
        slug: row.get(2)?,
        description: row.get(3)?,
        ranked: row.get(4)?,
        visibility: visibility.parse().unwrap_or(ListVisibility::Private),
        author: author_at(row, 6)?,
        entry_count: row.get(9)?,
        like_count: row.get(10)?,
        comment_count: row.get(11)?,
        covers: serde_json::from_str(&covers).unwrap_or_default(),
        created_at: row.get(13)?,
        updated_at: row.get(14)?,
        hidden: row.get(15)?,
    })
}

fn summaries(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> rusqlite::Result<Vec<ListSummary>> {
    conn.prepare_cached(sql)?
        .query_map(params, summary_from_row)?
        .collect()
}

/// SQL: a list `l` everyone may find (on profiles, album pages, popular
/// lists and in search).
const FINDABLE: &str = "l.visibility = 'public' AND l.hidden_at IS NULL";

/// SQL: the list `l` is open to the reader bound at `?{at}` and `?{at + 1}`
/// (see `Reader::params`): its author always; others unless it is private,
/// and admins only among those others when it is hidden.
fn open_to(at: usize) -> String {
    let sees_hidden = at + 1;
    format!(
        "(l.user_id = ?{at} OR (l.visibility <> 'private' AND (l.hidden_at IS NULL OR ?{sees_hidden})))"
    )
}

/// The list, if the reader may open it.
pub fn summary(
    conn: &Connection,
    id: i64,
    reader: Reader,
) -> rusqlite::Result<Option<ListSummary>> {
    let (member, sees_hidden) = reader.params();
    conn.prepare_cached(&format!(
        "{SUMMARY_SELECT} WHERE l.id = ?1 AND {}",
        open_to(2)
    ))?
    .query_row(params![id, member, sees_hidden], summary_from_row)
    .optional()
}

/// A list's slug and title, to link to it. Whether the reader may see the
/// list is for the caller to have settled (a comment shown on it, say).
pub fn slug_and_title(conn: &Connection, id: i64) -> rusqlite::Result<Option<(String, String)>> {
    conn.prepare_cached("SELECT slug, title FROM lists WHERE id = ?1")?
        .query_row([id], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()
}

/// A list's author, whoever may see it.
pub fn author_of(conn: &Connection, id: i64) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT user_id FROM lists WHERE id = ?1")?
        .query_row([id], |row| row.get(0))
        .optional()
}

/// The member's lists the reader may see: all of them for the member,
/// otherwise the findable ones (and the hidden public ones for admins);
/// newest changed first.
pub fn by_user(
    conn: &Connection,
    user_id: i64,
    reader: Reader,
) -> rusqlite::Result<Vec<ListSummary>> {
    let (member, sees_hidden) = reader.params();
    summaries(
        conn,
        &format!(
            "{SUMMARY_SELECT} WHERE l.user_id = ?1
               AND (l.user_id = ?2 OR (l.visibility = 'public' AND (l.hidden_at IS NULL OR ?3)))
             ORDER BY l.updated_at DESC, l.id DESC"
        ),
        params![user_id, member, sees_hidden],
    )
}

/// A member's own lists for the "Add to list" chooser, newest changed
/// first, each with whether it holds the album.
pub fn mine(
    conn: &Connection,
    user_id: i64,
    album_id: Option<i64>,
) -> rusqlite::Result<Vec<(ListSummary, bool)>> {
    // The summary's columns, then whether the list holds the album.
    conn.prepare_cached(&format!(
        "{} , EXISTS (SELECT 1 FROM list_entries h WHERE h.list_id = l.id AND h.album_id = ?2)
         FROM lists l JOIN users u ON u.id = l.user_id
         WHERE l.user_id = ?1 ORDER BY l.updated_at DESC, l.id DESC",
        SUMMARY_SELECT
            .split_once("FROM lists l")
            .expect("the summary reads lists")
            .0
    ))?
    .query_map(params![user_id, album_id], |row| {
        Ok((summary_from_row(row)?, row.get(16)?))
    })?
    .collect()
}

/// How many findable lists hold the album, and the most liked of them.
pub fn holding_album(
    conn: &Connection,
    album_id: i64,
    limit: u32,
) -> rusqlite::Result<(i64, Vec<ListSummary>)> {
    let count: i64 = conn
        .prepare_cached("SELECT list_count FROM albums WHERE id = ?1")?
        .query_row([album_id], |row| row.get(0))
        .optional()?
        .unwrap_or(0);
    // An album on many lists: the most liked lists, walked down until enough
    // hold it, find them within a few times `limit * lists / count` lists.
    // On a few: its own entries, sorted.
    let sql = if count > HOLDING_WALKED_FROM {
        format!(
            "{SUMMARY_SELECT} WHERE {FINDABLE} AND l.entry_count > 0
               AND EXISTS (SELECT 1 FROM list_entries e WHERE e.list_id = l.id AND e.album_id = ?1)
             ORDER BY l.like_count DESC, l.updated_at DESC, l.id DESC
             LIMIT ?2"
        )
    } else {
        format!(
            "{SUMMARY_SELECT} WHERE {FINDABLE}
               AND l.id IN (SELECT list_id FROM list_entries WHERE album_id = ?1)
             ORDER BY l.like_count DESC, l.updated_at DESC, l.id DESC
             LIMIT ?2"
        )
    };
    let lists = summaries(conn, &sql, params![album_id, limit])?;
    Ok((count, lists))
}

/// From how many findable lists holding an album on its page's lists are
/// found by walking down the most liked lists rather than sorting its own.
const HOLDING_WALKED_FROM: i64 = 200;

/// The most liked findable lists that hold an album, then the newest: the
/// first rows of the index `lists_popular` (the counts are kept by
/// triggers, V19).
pub fn popular(conn: &Connection, limit: u32) -> rusqlite::Result<Vec<ListSummary>> {
    summaries(
        conn,
        &format!(
            "{SUMMARY_SELECT} WHERE {FINDABLE} AND l.entry_count > 0
             ORDER BY l.like_count DESC, l.updated_at DESC, l.id DESC
             LIMIT ?1"
        ),
        [limit],
    )
}

/// A list search finds, for the search box.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListHit {
    pub list_id: i64,
    pub title: String,
    pub slug: String,
    pub author: String,
    pub entry_count: i64,
    pub like_count: i64,
}

/// Findable lists whose title has a word starting with each word of
/// `query` (an FTS5 query, `search::prefix_query`), the most liked first.
pub fn search(conn: &Connection, query: &str, limit: u32) -> rusqlite::Result<Vec<ListHit>> {
    conn.prepare_cached(&format!(
        "SELECT l.id, l.title, l.slug, u.username, l.entry_count, l.like_count
         FROM lists_fts JOIN lists l ON l.id = lists_fts.rowid
         JOIN users u ON u.id = l.user_id
         WHERE lists_fts MATCH ?1 AND {FINDABLE}
         ORDER BY l.like_count DESC, l.updated_at DESC LIMIT ?2"
    ))?
    .query_map(params![query, limit], |row| {
        Ok(ListHit {
            list_id: row.get(0)?,
            title: row.get(1)?,
            slug: row.get(2)?,
            author: row.get(3)?,
            entry_count: row.get(4)?,
            like_count: row.get(5)?,
        })
    })?
    .collect()
}

pub struct NewList<'a> {
    pub title: &'a str,
    pub slug: &'a str,
    pub description: &'a str,
    pub ranked: bool,
    pub visibility: ListVisibility,
}

pub fn create(conn: &Connection, user_id: i64, list: &NewList, now: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO lists (user_id, title, slug, description, ranked, visibility, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
    )?
    .execute(params![
        user_id,
        list.title,
        list.slug,
        list.description,
        list.ranked,
        list.visibility.as_str(),
        now
    ])?;
    Ok(conn.last_insert_rowid())
}

/// Replaces the list's title, slug, description, order and visibility.
pub fn update(conn: &Connection, id: i64, list: &NewList, now: &str) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached(
            "UPDATE lists SET title = ?2, slug = ?3, description = ?4, ranked = ?5,
                              visibility = ?6, updated_at = ?7
             WHERE id = ?1",
        )?
        .execute(params![
            id,
            list.title,
            list.slug,
            list.description,
            list.ranked,
            list.visibility.as_str(),
            now
        ])?
        > 0)
}

/// Deletes a list with its entries, likes, comments and history.
pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM lists WHERE id = ?1")?
        .execute([id])?
        > 0)
}

fn touch(conn: &Connection, id: i64, now: &str) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE lists SET updated_at = ?2 WHERE id = ?1")?
        .execute(params![id, now])?;
    Ok(())
}

/// One album on a list, at its place.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListEntry {
    pub entry_id: i64,
    /// From 1, without gaps.
    pub position: i64,
    pub note: String,
    pub added_at: String,
    pub album: Album,
}

/// A list's entries in order, each album with the viewer's own rating.
pub fn entries(
    conn: &Connection,
    list_id: i64,
    viewer: Option<i64>,
) -> rusqlite::Result<Vec<ListEntry>> {
    let rows: Vec<(i64, String, String, i64)> = conn
        .prepare_cached(
            "SELECT id, note, added_at, album_id FROM list_entries WHERE list_id = ?1
             ORDER BY position, id",
        )?
        .query_map([list_id], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let album_ids: Vec<i64> = rows.iter().map(|row| row.3).collect();
    let mut albums = albums::by_ids(conn, &album_ids, viewer)?.into_iter();
    Ok(rows
        .into_iter()
        .zip(1..)
        .filter_map(|((entry_id, note, added_at, _), position)| {
            Some(ListEntry {
                entry_id,
                position,
                note,
                added_at,
                album: albums.next()?,
            })
        })
        .collect())
}

pub fn entry_count(conn: &Connection, list_id: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT entry_count FROM lists WHERE id = ?1")?
        .query_row([list_id], |row| row.get(0))
}

/// Puts the album last on the list; a unique violation means it is there
/// already. Call inside a transaction.
pub fn add_entry(
    conn: &Connection,
    list_id: i64,
    album_id: i64,
    note: &str,
    now: &str,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO list_entries (list_id, album_id, position, note, added_at)
         VALUES (?1, ?2, (SELECT coalesce(max(position), 0) + 1 FROM list_entries WHERE list_id = ?1),
                 ?3, ?4)",
    )?
    .execute(params![list_id, album_id, note, now])?;
    let id = conn.last_insert_rowid();
    touch(conn, list_id, now)?;
    Ok(id)
}

/// The album of one of the list's entries, by its names for the history.
pub fn entry_album(
    conn: &Connection,
    list_id: i64,
    entry_id: i64,
) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached(
        "SELECT a.title || ' by ' || ar.name FROM list_entries e
         JOIN albums a ON a.id = e.album_id JOIN artists ar ON ar.id = a.artist_id
         WHERE e.list_id = ?1 AND e.id = ?2",
    )?
    .query_row(params![list_id, entry_id], |row| row.get(0))
    .optional()
}

/// Moves the entry to `position` (from 1, clamped to the list), the others
/// shifting to make room; the positions are made contiguous again. Call
/// inside a transaction.
pub fn move_entry(
    conn: &Connection,
    list_id: i64,
    entry_id: i64,
    position: i64,
    now: &str,
) -> rusqlite::Result<bool> {
    let mut order: Vec<i64> = conn
        .prepare_cached("SELECT id FROM list_entries WHERE list_id = ?1 ORDER BY position, id")?
        .query_map([list_id], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let Some(from) = order.iter().position(|&id| id == entry_id) else {
        return Ok(false);
    };
    order.remove(from);
    let to = usize::try_from(position.clamp(1, order.len() as i64 + 1) - 1).unwrap_or(0);
    order.insert(to, entry_id);
    let mut place = conn
        .prepare_cached("UPDATE list_entries SET position = ?2 WHERE id = ?1 AND position <> ?2")?;
    for (id, position) in order.iter().zip(1_i64..) {
        place.execute(params![id, position])?;
    }
    touch(conn, list_id, now)?;
    Ok(true)
}

pub fn set_note(
    conn: &Connection,
    list_id: i64,
    entry_id: i64,
    note: &str,
    now: &str,
) -> rusqlite::Result<bool> {
    let changed = conn
        .prepare_cached("UPDATE list_entries SET note = ?3 WHERE list_id = ?1 AND id = ?2")?
        .execute(params![list_id, entry_id, note])?
        > 0;
    if changed {
        touch(conn, list_id, now)?;
    }
    Ok(changed)
}

pub fn remove_entry(
    conn: &Connection,
    list_id: i64,
    entry_id: i64,
    now: &str,
) -> rusqlite::Result<bool> {
    let removed = conn
        .prepare_cached("DELETE FROM list_entries WHERE list_id = ?1 AND id = ?2")?
        .execute(params![list_id, entry_id])?
        > 0;
    if removed {
        touch(conn, list_id, now)?;
    }
    Ok(removed)
}

/// Likes or unlikes the list for the member; answers the like count.
pub fn set_like(
    conn: &Connection,
    list_id: i64,
    user_id: i64,
    like: bool,
    now: &str,
) -> rusqlite::Result<i64> {
    if like {
        conn.prepare_cached(
            "INSERT OR IGNORE INTO list_likes (list_id, user_id, created_at) VALUES (?1, ?2, ?3)",
        )?
        .execute(params![list_id, user_id, now])?;
    } else {
        conn.prepare_cached("DELETE FROM list_likes WHERE list_id = ?1 AND user_id = ?2")?
            .execute(params![list_id, user_id])?;
    }
    conn.prepare_cached("SELECT like_count FROM lists WHERE id = ?1")?
        .query_row([list_id], |row| row.get(0))
}

pub fn liked_by(conn: &Connection, list_id: i64, user_id: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM list_likes WHERE list_id = ?1 AND user_id = ?2)",
    )?
    .query_row(params![list_id, user_id], |row| row.get(0))
}

/// Something that happened to a list's entries.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ListEvent {
    /// For the list's feed, where each change is an entry of its own.
    #[serde(skip)]
    pub id: i64,
    pub at: String,
    pub text: String,
}

pub fn record_event(
    conn: &Connection,
    list_id: i64,
    text: &str,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT INTO list_events (list_id, at, text) VALUES (?1, ?2, ?3)")?
        .execute(params![list_id, now, text])?;
    Ok(())
}

/// The list's history, newest first.
pub fn events(conn: &Connection, list_id: i64, limit: u32) -> rusqlite::Result<Vec<ListEvent>> {
    conn.prepare_cached(
        "SELECT id, at, text FROM list_events WHERE list_id = ?1 ORDER BY id DESC LIMIT ?2",
    )?
    .query_map(params![list_id, limit], |row| {
        Ok(ListEvent {
            id: row.get(0)?,
            at: row.get(1)?,
            text: row.get(2)?,
        })
    })?
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::seed::fixtures;

    fn list_count(conn: &Connection, album: i64) -> i64 {
        conn.query_row(
            "SELECT list_count FROM albums WHERE id = ?1",
            [album],
            |row| row.get(0),
        )
        .unwrap()
    }

    /// `lists` lists by one member, the `n`th liked `n % 7` times (as
    /// `like_count`, which is all the order reads), each holding `album`.
    fn lists_holding(conn: &Connection, album: i64, lists: i64) -> Vec<i64> {
        let author = conn
            .query_row(
                "SELECT id FROM users WHERE username = 'lister'",
                [],
                |row| row.get(0),
            )
            .optional()
            .unwrap()
            .unwrap_or_else(|| fixtures::user(conn, "lister"));
        (0..lists)
            .map(|n| {
                conn.execute(
                    "INSERT INTO lists (user_id, title, slug, visibility, created_at, updated_at)
                     VALUES (?1, 'List', 'list', ?2, '2026-01-01', '2026-01-01')",
                    params![author, if n % 10 == 9 { "private" } else { "public" }],
                )
                .unwrap();
                let list = conn.last_insert_rowid();
                conn.execute(
                    "INSERT INTO list_entries (list_id, album_id, position, added_at) VALUES (?1, ?2, 1, '')",
                    params![list, album],
                )
                .unwrap();
                conn.execute("UPDATE lists SET like_count = ?2 WHERE id = ?1", params![list, n % 7])
                    .unwrap();
                list
            })
            .collect()
    }

    #[test]
    fn an_album_counts_the_findable_lists_holding_it_as_they_change() {
        let conn = crate::db::test_connection();
        let album = fixtures::album(&conn, "Radiohead", "Kid A");
        let other = fixtures::album(&conn, "Radiohead", "Amnesiac");
        let lists = lists_holding(&conn, album, 10);
        assert_eq!(
            list_count(&conn, album),
            9,
            "the private one is not counted"
        );
        conn.execute(
            "UPDATE lists SET visibility = 'unlisted' WHERE id = ?1",
            [lists[0]],
        )
        .unwrap();
        conn.execute(
            "UPDATE lists SET hidden_at = 'now' WHERE id = ?1",
            [lists[1]],
        )
        .unwrap();
        conn.execute(
            "UPDATE lists SET visibility = 'public' WHERE id = ?1",
            [lists[9]],
        )
        .unwrap();
        assert_eq!(list_count(&conn, album), 8);
        conn.execute("DELETE FROM list_entries WHERE list_id = ?1", [lists[2]])
            .unwrap();
        conn.execute("DELETE FROM list_entries WHERE list_id = ?1", [lists[0]])
            .unwrap();
        conn.execute("DELETE FROM lists WHERE id = ?1", [lists[3]])
            .unwrap();
        conn.execute("DELETE FROM lists WHERE id = ?1", [lists[1]])
            .unwrap();
        assert_eq!(list_count(&conn, album), 6);
        conn.execute(
            "INSERT INTO list_entries (list_id, album_id, position, added_at) VALUES (?1, ?2, 2, '')",
            params![lists[4], other],
        )
        .unwrap();
        assert_eq!((list_count(&conn, album), list_count(&conn, other)), (6, 1));
        conn.execute("DELETE FROM users WHERE username = 'lister'", [])
            .unwrap();
        assert_eq!((list_count(&conn, album), list_count(&conn, other)), (0, 0));
    }

    #[test]
    fn the_lists_holding_an_album_on_many_are_those_its_own_entries_give() {
        let conn = crate::db::test_connection();
        let album = fixtures::album(&conn, "Radiohead", "Kid A");
        lists_holding(&conn, album, HOLDING_WALKED_FROM * 2);
        let others = fixtures::album(&conn, "Radiohead", "Amnesiac");
        // Lists without the album, liked more than any that hold it.
        for list in lists_holding(&conn, others, 40) {
            conn.execute("UPDATE lists SET like_count = 100 WHERE id = ?1", [list])
                .unwrap();
        }
        let (count, walked) = holding_album(&conn, album, 5).unwrap();
        assert_eq!(count, HOLDING_WALKED_FROM * 2 * 9 / 10);
        let sorted = summaries(
            &conn,
            &format!(
                "{SUMMARY_SELECT} WHERE {FINDABLE}
                   AND l.id IN (SELECT list_id FROM list_entries WHERE album_id = ?1)
                 ORDER BY l.like_count DESC, l.updated_at DESC, l.id DESC LIMIT ?2"
            ),
            params![album, 5],
        )
        .unwrap();
        let ids = |lists: &[ListSummary]| lists.iter().map(|list| list.list_id).collect::<Vec<_>>();
        assert_eq!(ids(&walked), ids(&sorted));
        assert!(walked.iter().all(|list| list.like_count == 6));
    }
}
