//! What importing a member's history reads and writes: the catalogue as
//! matching sees it, what the member has of some albums, and the write of a
//! confirmed import (one transaction, by `plan::decide`).

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params};

use super::{listens, ratings, reviews, wishlist};
use crate::member_import::matching::ImportCandidate;
use crate::member_import::plan::{
    Existing, ImportEffects, ImportResult, Planned, RatingStep, decide,
};
use crate::member_import::rym::Exported;

const CANDIDATE_SELECT: &str =
    "SELECT a.id, a.title, a.slug, ar.name, ar.slug, a.release_year, a.type, a.picture_url,
            a.mb_release_group
     FROM albums a JOIN artists ar ON ar.id = a.artist_id";

fn candidate_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<ImportCandidate> {
    Ok(ImportCandidate {
        album_id: row.get(0)?,
        title: row.get(1)?,
        slug: row.get(2)?,
        artist: row.get(3)?,
        artist_slug: row.get(4)?,
        year: row.get(5)?,
        album_type: row.get(6)?,
        picture_url: row.get(7)?,
        score: 100,
        release_group: row.get(8)?,
    })
}

/// Every album of the catalogue, as matching compares them.
pub fn catalogue(conn: &Connection) -> rusqlite::Result<Vec<ImportCandidate>> {
    conn.prepare(CANDIDATE_SELECT)?
        .query_map([], candidate_from_row)?
        .collect()
}

/// One album as a member may pick it for a row.
pub fn candidate(conn: &Connection, album_id: i64) -> rusqlite::Result<Option<ImportCandidate>> {
    conn.prepare_cached(&format!("{CANDIDATE_SELECT} WHERE a.id = ?1"))?
        .query_row([album_id], candidate_from_row)
        .optional()
}

/// What the member has of these albums now.
pub fn existing(
    conn: &Connection,
    user_id: i64,
    album_ids: &[i64],
) -> rusqlite::Result<HashMap<i64, Existing>> {
    let ids = serde_json::to_string(album_ids).expect("ids serialize");
    let among = "user_id = ?1 AND album_id IN (SELECT value FROM json_each(?2))";
    let mut have: HashMap<i64, Existing> = HashMap::new();
    for (album_id, number) in by_album::<Option<f64>>(
        conn,
        &format!("SELECT album_id, number FROM ratings WHERE {among}"),
        user_id,
        &ids,
    )? {
        have.entry(album_id).or_default().rating = Some(number);
    }
    for (album_id, _) in by_album::<Option<i64>>(
        conn,
        &format!("SELECT album_id, NULL FROM wishlist_items WHERE {among}"),
        user_id,
        &ids,
    )? {
        have.entry(album_id).or_default().on_wishlist = true;
    }
    for (album_id, _) in by_album::<Option<i64>>(
        conn,
        &format!("SELECT album_id, NULL FROM reviews WHERE {among}"),
        user_id,
        &ids,
    )? {
        have.entry(album_id).or_default().has_review = true;
    }
    let mut statement = conn.prepare_cached(&format!(
        "SELECT album_id, plays, last_listened_at FROM listens WHERE {among}"
    ))?;
    let mut rows = statement.query(params![user_id, ids])?;
    while let Some(row) = rows.next()? {
        have.entry(row.get(0)?).or_default().listens = Some((row.get(1)?, row.get(2)?));
    }
    Ok(have)
}

/// (album id, second column) rows of a query on the member and album ids.
fn by_album<T: rusqlite::types::FromSql>(
    conn: &Connection,
    sql: &str,
    user_id: i64,
    ids: &str,
) -> rusqlite::Result<Vec<(i64, T)>> {
    conn.prepare_cached(sql)?
        .query_map(params![user_id, ids], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect()
}

/// What confirming these plans would do now.
pub fn effects(
    conn: &Connection,
    user_id: i64,
    planned: &[Planned],
) -> rusqlite::Result<ImportEffects> {
    let ids: Vec<i64> = planned.iter().map(|p| p.album_id).collect();
    let have = existing(conn, user_id, &ids)?;
    let mut effects = ImportEffects::default();
    for plan in planned {
        let existing = have.get(&plan.album_id).cloned().unwrap_or_default();
        effects.count(decide(plan, &existing, false));
    }
    Ok(effects)
}

/// Writes the plans for the member. Call inside a transaction: it is one
/// import, whole or not at all. Albums that left the catalogue since the
/// preview are passed over.
pub fn apply(
    conn: &Connection,
    user_id: i64,
    planned: &[Planned],
    file_wins: bool,
    now: &str,
) -> rusqlite::Result<ImportResult> {
    let ids: Vec<i64> = planned.iter().map(|p| p.album_id).collect();
    let have = existing(conn, user_id, &ids)?;
    let still_there: std::collections::HashSet<i64> = conn
        .prepare_cached("SELECT id FROM albums WHERE id IN (SELECT value FROM json_each(?1))")?
        .query_map(
            [serde_json::to_string(&ids).expect("ids serialize")],
            |row| row.get(0),
        )?
        .collect::<rusqlite::Result<_>>()?;
    let mut result = ImportResult::default();
    for plan in planned.iter().filter(|p| still_there.contains(&p.album_id)) {
        let existing = have.get(&plan.album_id).cloned().unwrap_or_default();
        let decision = decide(plan, &existing, file_wins);
        if matches!(decision.rating, RatingStep::Add | RatingStep::Change) {
            ratings::upsert(conn, user_id, plan.album_id, plan.rating, now)?;
        }
        if decision.library {
            ratings::upsert(conn, user_id, plan.album_id, None, now)?;
        }
        if decision.wishlist {
            wishlist::add(conn, user_id, plan.album_id, now)?;
        }
        if decision.listens {
            listens::set(
                conn,
                user_id,
                plan.album_id,
                plan.plays,
                plan.last_listened.as_deref(),
            )?;
        }
        if decision.review
            && let Some(text) = &plan.review
        {
            reviews::insert(conn, user_id, plan.album_id, text, now)?;
        }
        result.count(decision);
    }
    Ok(result)
}

/// The member's library and wishlist as the Rate Your Music style CSV
/// writes them, by artist and title.
// Driven by the member's own rows, through their by-member indexes: never
// a walk over the catalogue.
const FOR_RYM_CSV_SQL: &str = "
    WITH mine(album_id) AS (
        SELECT album_id FROM ratings WHERE user_id = ?1
        UNION SELECT album_id FROM wishlist_items WHERE user_id = ?1
        UNION SELECT album_id FROM reviews WHERE user_id = ?1
    )
    SELECT a.id, ar.name, a.title, a.release_year, r.number, r.id IS NOT NULL AND r.number IS NULL,
           w.id IS NOT NULL, rv.review_text
    FROM mine JOIN albums a ON a.id = mine.album_id JOIN artists ar ON ar.id = a.artist_id
    LEFT JOIN ratings r ON r.album_id = a.id AND r.user_id = ?1
    LEFT JOIN wishlist_items w ON w.album_id = a.id AND w.user_id = ?1
    LEFT JOIN reviews rv ON rv.album_id = a.id AND rv.user_id = ?1
    ORDER BY ar.name, a.release_date, a.title";

pub fn for_rym_csv(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<Exported>> {
    conn.prepare(FOR_RYM_CSV_SQL)?
        .query_map([user_id], |row| {
            Ok(Exported {
                album_id: row.get(0)?,
                artist: row.get(1)?,
                title: row.get(2)?,
                year: row.get(3)?,
                rating: row.get(4)?,
                owned: row.get(5)?,
                wished: row.get(6)?,
                review: row.get(7)?,
            })
        })?
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_csv_export_reads_only_the_members_own_rows() {
        let conn = crate::db::test_connection();
        let plan = crate::db::query_plan(&conn, FOR_RYM_CSV_SQL);
        for walk in ["SCAN a", "SCAN albums", "SCAN ratings", "SCAN r "] {
            assert!(!plan.contains(walk), "{plan}");
        }
    }
}
