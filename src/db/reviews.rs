use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::Page;
use super::hidden::{Reader, shown};
use super::users::{Author, author_at};

/// A review with its album's names, the author, the author's current rating
/// of the album (`reviewRating`) and the vote tallies.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub review_id: i64,
    pub album_id: i64,
    pub album_title: String,
    pub album_slug: String,
    pub artist: String,
    pub artist_slug: String,
    pub album_picture_url: String,
    pub review_text: String,
    #[schema(required)]
    pub review_rating: Option<f64>,
    pub created_at: String,
    pub updated_at: String,
    pub votes_up: i64,
    pub votes_down: i64,
    pub user: Author,
    /// Hidden by an admin: only its author and the admins see it.
    pub hidden: bool,
    /// Brought from another site by the author's import; `createdAt` is the
    /// date its file gave, or the import's.
    pub imported: bool,
}

// CROSS JOIN keeps reviews as the outer loop, so the newest come from their
// index; the planner otherwise may start from every member or album.
const REVIEW_SELECT: &str =
    "SELECT rv.id, rv.album_id, a.title, a.slug, ar.name, ar.slug, a.picture_url,
        rv.review_text,
        (SELECT x.number FROM ratings x WHERE x.user_id = rv.user_id AND x.album_id = rv.album_id),
        rv.created_at, rv.updated_at, rv.votes_up, rv.votes_down, u.id, u.username,
        u.profile_picture_url, rv.hidden_at IS NOT NULL, rv.imported
     FROM reviews rv CROSS JOIN albums a ON a.id = rv.album_id
     CROSS JOIN artists ar ON ar.id = a.artist_id CROSS JOIN users u ON u.id = rv.user_id";

fn review_from_row(row: &Row<'_>) -> rusqlite::Result<Review> {
    Ok(Review {
        review_id: row.get(0)?,
        album_id: row.get(1)?,
        album_title: row.get(2)?,
        album_slug: row.get(3)?,
        artist: row.get(4)?,
        artist_slug: row.get(5)?,
        album_picture_url: row.get(6)?,
        review_text: row.get(7)?,
        review_rating: row.get(8)?,
        created_at: row.get(9)?,
        updated_at: row.get(10)?,
        votes_up: row.get(11)?,
        votes_down: row.get(12)?,
        user: author_at(row, 13)?,
        hidden: row.get(16)?,
        imported: row.get(17)?,
    })
}

fn list(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> rusqlite::Result<Vec<Review>> {
    conn.prepare_cached(sql)?
        .query_map(params, review_from_row)?
        .collect()
}

/// Adds a review and counts it on its album. Call inside a transaction.
pub fn insert(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    text: &str,
    now: &str,
) -> rusqlite::Result<i64> {
    insert_as(conn, user_id, album_id, text, now, false)
}

/// Adds a review brought by the member's import, dated `written_at`.
pub fn insert_imported(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    text: &str,
    written_at: &str,
) -> rusqlite::Result<i64> {
    insert_as(conn, user_id, album_id, text, written_at, true)
}

fn insert_as(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    text: &str,
    at: &str,
    imported: bool,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO reviews (user_id, album_id, review_text, created_at, updated_at, imported)
         VALUES (?1, ?2, ?3, ?4, ?4, ?5)",
    )?
    .execute(params![user_id, album_id, text, at, imported])?;
    let id = conn.last_insert_rowid();
    conn.prepare_cached("UPDATE albums SET review_count = review_count + 1 WHERE id = ?1")?
        .execute([album_id])?;
    Ok(id)
}

pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<Review>> {
    conn.prepare_cached(&format!("{REVIEW_SELECT} WHERE rv.id = ?1"))?
        .query_row([id], review_from_row)
        .optional()
}

/// The id of a member's review of an album, if they wrote one.
pub fn id_by_user_and_album(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT id FROM reviews WHERE user_id = ?1 AND album_id = ?2")?
        .query_row(params![user_id, album_id], |row| row.get(0))
        .optional()
}

/// An album's reviews that the reader sees, newest first.
pub fn by_album(
    conn: &Connection,
    album_id: i64,
    page: Page,
    reader: Reader,
) -> rusqlite::Result<Vec<Review>> {
    let (member, sees_hidden) = reader.params();
    list(
        conn,
        &format!(
            "{REVIEW_SELECT} WHERE rv.album_id = ?1 AND {}
             ORDER BY rv.created_at DESC, rv.id DESC LIMIT ?2 OFFSET ?3",
            shown("rv", 4)
        ),
        params![album_id, page.limit, page.offset, member, sees_hidden],
    )
}

pub fn by_user(
    conn: &Connection,
    user_id: i64,
    page: Page,
    reader: Reader,
) -> rusqlite::Result<Vec<Review>> {
    let (member, sees_hidden) = reader.params();
    list(
        conn,
        &format!(
            "{REVIEW_SELECT} WHERE rv.user_id = ?1 AND {}
             ORDER BY rv.created_at DESC, rv.id DESC LIMIT ?2 OFFSET ?3",
            shown("rv", 4)
        ),
        params![user_id, page.limit, page.offset, member, sees_hidden],
    )
}

/// The newest reviews written here: imported ones are not news.
pub fn recent(conn: &Connection, page: Page, reader: Reader) -> rusqlite::Result<Vec<Review>> {
    let (member, sees_hidden) = reader.params();
    list(
        conn,
        &format!(
            "{REVIEW_SELECT} WHERE NOT rv.imported AND {} ORDER BY rv.created_at DESC, rv.id DESC LIMIT ?1 OFFSET ?2",
            shown("rv", 3)
        ),
        params![page.limit, page.offset, member, sees_hidden],
    )
}

/// How many of the newest reviews the featured ranking looks at, so that it
/// never reads the whole table.
const FEATURED_CANDIDATES: u32 = 200;

/// Reviews ranked by approval (thumbs up share, smoothed so a single vote
/// counts for little) and recency (halving in weight over 30 days); hidden
/// and imported ones are left out for everyone. Each member has at most one,
/// their best, so no one member fills the panel.
pub fn featured(conn: &Connection, limit: u32) -> rusqlite::Result<Vec<Review>> {
    // Ranked on the candidates' own columns first; only the winners are
    // joined to their albums, authors and ratings.
    let score = |alias: &str| {
        format!(
            "(({alias}.votes_up + 1.0) / ({alias}.votes_up + {alias}.votes_down + 2.0))
             / (1.0 + max(julianday('now') - julianday({alias}.created_at), 0) / 30.0) DESC,
             {alias}.created_at DESC"
        )
    };
    list(
        conn,
        &format!(
            "{REVIEW_SELECT}
             WHERE rv.id IN (
                 SELECT id FROM (
                     SELECT c.id, c.votes_up, c.votes_down, c.created_at,
                            row_number() OVER (PARTITION BY c.user_id ORDER BY {}) AS place
                     FROM (
                         SELECT id, user_id, votes_up, votes_down, created_at FROM reviews
                         WHERE hidden_at IS NULL AND NOT imported
                         ORDER BY created_at DESC LIMIT ?1
                     ) c
                 ) c
                 WHERE place = 1
                 ORDER BY {} LIMIT ?2
             )
             ORDER BY {}",
            score("c"),
            score("c"),
            score("rv")
        ),
        params![FEATURED_CANDIDATES, limit],
    )
}

/// The reviews of the same album, shown to the reader, written just before
/// and just after this one.
pub fn neighbours(
    conn: &Connection,
    review: &Review,
    reader: Reader,
) -> rusqlite::Result<(Option<i64>, Option<i64>)> {
    let (member, sees_hidden) = reader.params();
    let neighbour = |sql: String| {
        conn.prepare_cached(&sql)?
            .query_row(
                params![
                    review.album_id,
                    review.created_at,
                    review.review_id,
                    member,
                    sees_hidden
                ],
                |row| row.get(0),
            )
            .optional()
    };
    let previous = neighbour(format!(
        "SELECT id FROM reviews r WHERE album_id = ?1 AND (created_at, id) < (?2, ?3) AND {}
         ORDER BY created_at DESC, id DESC LIMIT 1",
        shown("r", 4)
    ))?;
    let next = neighbour(format!(
        "SELECT id FROM reviews r WHERE album_id = ?1 AND (created_at, id) > (?2, ?3) AND {}
         ORDER BY created_at, id LIMIT 1",
        shown("r", 4)
    ))?;
    Ok((previous, next))
}

/// How many reviews the member has that everyone sees.
pub fn count_by_user(conn: &Connection, user_id: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM reviews WHERE user_id = ?1 AND hidden_at IS NULL")?
        .query_row([user_id], |row| row.get(0))
}

/// The author of a review, for permission checks.
pub fn author_of(conn: &Connection, id: i64) -> rusqlite::Result<Option<i64>> {
    Ok(author_and_album(conn, id)?.map(|(author, _)| author))
}

/// The author of a review and the album it is about.
pub fn author_and_album(conn: &Connection, id: i64) -> rusqlite::Result<Option<(i64, i64)>> {
    conn.prepare_cached("SELECT user_id, album_id FROM reviews WHERE id = ?1")?
        .query_row([id], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()
}

/// Deletes a review (its comments and votes go with it) and uncounts it
/// unless it was hidden (and so not counted). Call inside a transaction.
pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "UPDATE albums SET review_count = review_count - 1
         WHERE id = (SELECT album_id FROM reviews WHERE id = ?1 AND hidden_at IS NULL)",
    )?
    .execute([id])?;
    Ok(conn
        .prepare_cached("DELETE FROM reviews WHERE id = ?1")?
        .execute([id])?
        > 0)
}

/// Takes a user's reviews out of their albums' counts, before the user and,
/// through the foreign keys, the reviews are deleted.
pub fn forget_user(conn: &Connection, user_id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE albums SET review_count = review_count - 1
         WHERE id IN (SELECT album_id FROM reviews WHERE user_id = ?1 AND hidden_at IS NULL)",
    )?
    .execute([user_id])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::seed::fixtures;
    use crate::db::test_connection;

    #[test]
    fn a_member_has_at_most_one_featured_review_their_best() {
        let conn = test_connection();
        let importer = fixtures::user(&conn, "importer");
        let other = fixtures::user(&conn, "other");
        let now = crate::domain::timestamp::now();
        let mut theirs = Vec::new();
        for n in 0..12 {
            let album = fixtures::album(&conn, "Radiohead", &format!("Album {n}"));
            theirs.push(insert(&conn, importer, album, "Imported.", &now).unwrap());
        }
        let liked = theirs[4];
        conn.execute("UPDATE reviews SET votes_up = 5 WHERE id = ?1", [liked])
            .unwrap();
        let album = fixtures::album(&conn, "Slowdive", "Souvlaki");
        let single = insert(&conn, other, album, "Warm.", &now).unwrap();

        let shown: Vec<i64> = featured(&conn, 6)
            .unwrap()
            .iter()
            .map(|review| review.review_id)
            .collect();
        assert_eq!(shown, [liked, single]);
    }
}
