//! A member's own ratings put into an answer shared by everyone. Every album
//! in an answer made for a visitor ends in `"userRating":null`, and its id
//! is the nearest `"albumId"` before it (the album's first field; what lies
//! between, its genres and styles, names no album). Neither text can occur
//! inside a JSON string, where quotes are escaped, so finding them in the
//! bytes is exact.

use std::collections::HashMap;

use axum::body::Bytes;

use crate::db::{ratings, run_blocking};
use crate::error::AppError;
use crate::server::AppState;

const ALBUM_ID: &[u8] = b"\"albumId\":";
const NO_RATING: &[u8] = b"\"userRating\":null";

/// Where an answer's albums carry `null` for the caller's rating.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct RatingSlots {
    /// The offset of each `null`, and the album it belongs to.
    slots: Vec<(usize, i64)>,
}

impl RatingSlots {
    pub fn find(body: &[u8]) -> Self {
        let mut slots = Vec::new();
        let mut album = None;
        for (at, _) in body.iter().enumerate().filter(|(_, byte)| **byte == b'"') {
            let rest = &body[at..];
            if let Some(digits) = rest.strip_prefix(ALBUM_ID) {
                let end = digits
                    .iter()
                    .position(|b| !b.is_ascii_digit())
                    .unwrap_or(digits.len());
                album = std::str::from_utf8(&digits[..end])
                    .ok()
                    .and_then(|d| d.parse().ok());
            } else if rest.starts_with(NO_RATING)
                && let Some(album) = album
            {
                slots.push((at + NO_RATING.len() - "null".len(), album));
            }
        }
        Self { slots }
    }

    fn albums(&self) -> Vec<i64> {
        let mut ids: Vec<i64> = self.slots.iter().map(|&(_, album)| album).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// The body with each album's `null` replaced by the member's rating.
    fn fill(&self, body: &[u8], numbers: &HashMap<i64, f64>) -> Vec<u8> {
        let mut filled = Vec::with_capacity(body.len() + 4 * numbers.len());
        let mut copied = 0;
        for &(at, album) in &self.slots {
            if let Some(number) = numbers.get(&album) {
                filled.extend_from_slice(&body[copied..at]);
                filled.extend_from_slice(
                    serde_json::to_string(number)
                        .expect("a rating serializes")
                        .as_bytes(),
                );
                copied = at + "null".len();
            }
        }
        filled.extend_from_slice(&body[copied..]);
        filled
    }
}

/// `body` as the member would have been answered: with their ratings of its
/// albums, read in one indexed query.
pub async fn put_in(
    state: &AppState,
    slots: &RatingSlots,
    body: &Bytes,
    user_id: i64,
) -> Result<Bytes, AppError> {
    let albums = slots.albums();
    if albums.is_empty() {
        return Ok(body.clone());
    }
    // A few lookups in the ratings' unique index take microseconds: with a
    // connection free they run here, which costs less than the trip to a
    // blocking thread and back; with none free they wait on one.
    let numbers = match state.pool.try_get() {
        Some(conn) => ratings::numbers_of(&conn, user_id, &albums)?,
        None => {
            run_blocking(&state.pool, move |conn| {
                Ok(ratings::numbers_of(conn, user_id, &albums)?)
            })
            .await?
        }
    };
    if numbers.is_empty() {
        return Ok(body.clone());
    }
    Ok(Bytes::from(slots.fill(body, &numbers)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_album_gets_its_own_rating_and_unrated_ones_stay_null() {
        let body = br#"[{"ratingId":7,"albumId":1,"note":"\"userRating\":null","album":{"albumId":1,"genres":[{"name":"Rock"}],"userRating":null}},{"albumId":22,"userRating":null},{"albumId":3,"userRating":null}]"#;
        let slots = RatingSlots::find(body);
        assert_eq!(slots.albums(), [1, 3, 22]);
        let numbers = HashMap::from([(1, 8.5), (22, 10.0)]);
        let filled = String::from_utf8(slots.fill(body, &numbers)).unwrap();
        assert_eq!(
            filled,
            r#"[{"ratingId":7,"albumId":1,"note":"\"userRating\":null","album":{"albumId":1,"genres":[{"name":"Rock"}],"userRating":8.5}},{"albumId":22,"userRating":10.0},{"albumId":3,"userRating":null}]"#
        );
        let parsed: serde_json::Value = serde_json::from_str(&filled).unwrap();
        assert_eq!(parsed[1]["userRating"], 10.0);
    }
}
