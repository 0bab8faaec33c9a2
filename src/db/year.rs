//! A member's year in music: what they logged, rated, rated of tracks and
//! reviewed in one year, each read from the member's own indexes between the
//! year's first day and the next's (a year of one member's rows, never the
//! site's).

use rusqlite::{Connection, params};

/// The first moment of `year` and of the next one, as stored dates begin.
pub fn bounds(year: i32) -> (String, String) {
    (format!("{year:04}-01-01"), format!("{:04}-01-01", year + 1))
}

/// A listen of the year: the day, the album, whether a re-listen.
pub struct YearListen {
    pub listened_on: String,
    pub album_id: i64,
    pub relisten: bool,
}

pub fn listens(conn: &Connection, user_id: i64, year: i32) -> rusqlite::Result<Vec<YearListen>> {
    let (from, to) = bounds(year);
    conn.prepare_cached(
        "SELECT listened_on, album_id, relisten FROM diary_entries
         WHERE user_id = ?1 AND listened_on >= ?2 AND listened_on < ?3
         ORDER BY listened_on",
    )?
    .query_map(params![user_id, from, to], |row| {
        Ok(YearListen {
            listened_on: row.get(0)?,
            album_id: row.get(1)?,
            relisten: row.get(2)?,
        })
    })?
    .collect()
}

/// The member's ratings first given in the year: album and number.
pub fn ratings(conn: &Connection, user_id: i64, year: i32) -> rusqlite::Result<Vec<(i64, f64)>> {
    let (from, to) = bounds(year);
    conn.prepare_cached(
        "SELECT album_id, number FROM ratings
         WHERE user_id = ?1 AND created_at >= ?2 AND created_at < ?3 AND number IS NOT NULL",
    )?
    .query_map(params![user_id, from, to], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })?
    .collect()
}

/// A track the member rated in the year, with its album.
pub struct YearTrack {
    pub title: String,
    pub number: f64,
    pub album_id: i64,
}

/// The member's best rated tracks of the year (rated or re-rated in it).
pub fn top_tracks(
    conn: &Connection,
    user_id: i64,
    year: i32,
    limit: u32,
) -> rusqlite::Result<Vec<YearTrack>> {
    let (from, to) = bounds(year);
    conn.prepare_cached(
        "SELECT t.title, r.number, t.album_id FROM track_ratings r JOIN tracks t ON t.id = r.track_id
         WHERE r.user_id = ?1 AND r.updated_at >= ?2 AND r.updated_at < ?3
         ORDER BY r.number DESC, r.updated_at DESC LIMIT ?4",
    )?
    .query_map(params![user_id, from, to, limit], |row| {
        Ok(YearTrack {
            title: row.get(0)?,
            number: row.get(1)?,
            album_id: row.get(2)?,
        })
    })?
    .collect()
}

/// A review the member wrote in the year (none hidden).
pub struct YearReview {
    pub review_id: i64,
    pub album_id: i64,
    pub written_at: String,
    pub rating: Option<f64>,
}

pub fn reviews(conn: &Connection, user_id: i64, year: i32) -> rusqlite::Result<Vec<YearReview>> {
    let (from, to) = bounds(year);
    conn.prepare_cached(
        "SELECT v.id, v.album_id, v.created_at, r.number FROM reviews v
         LEFT JOIN ratings r ON r.user_id = v.user_id AND r.album_id = v.album_id
         WHERE v.user_id = ?1 AND v.created_at >= ?2 AND v.created_at < ?3 AND v.hidden_at IS NULL
         ORDER BY v.created_at",
    )?
    .query_map(params![user_id, from, to], |row| {
        Ok(YearReview {
            review_id: row.get(0)?,
            album_id: row.get(1)?,
            written_at: row.get(2)?,
            rating: row.get(3)?,
        })
    })?
    .collect()
}

/// The years in which the member logged a listen, gave a rating or wrote a
/// review, the latest first: one probe of each index a year, never a walk
/// of them.
pub fn active_years(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<i32>> {
    let mut years = Vec::new();
    for sql in [
        "SELECT max(listened_on) FROM diary_entries WHERE user_id = ?1 AND listened_on < ?2",
        "SELECT max(created_at) FROM ratings
         WHERE user_id = ?1 AND created_at < ?2 AND number IS NOT NULL",
        "SELECT max(created_at) FROM reviews
         WHERE user_id = ?1 AND created_at < ?2 AND hidden_at IS NULL",
    ] {
        let mut latest = conn.prepare_cached(sql)?;
        let mut before = "9999".to_owned();
        while let Some(found) = latest.query_row(params![user_id, before], |row| {
            row.get::<_, Option<String>>(0)
        })? {
            let Some(year) = found.get(..4).and_then(|y| y.parse::<i32>().ok()) else {
                break;
            };
            years.push(year);
            before = format!("{year:04}");
        }
    }
    years.sort_unstable_by(|a, b| b.cmp(a));
    years.dedup();
    Ok(years)
}
