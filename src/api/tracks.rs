//! Albums' tracklists (`GET /api/album/{id}/tracks`; editors change them
//! through the album's edit, with its history) and members' ratings of
//! tracks, which never touch their album rating, with a member's best.

use std::collections::HashSet;
use utoipa_axum::{router::OpenApiRouter, routes};

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::openapi::Writes;
use super::{AppJson, AppPath, AppState, CurrentUser, MaybeUser};
use crate::db::tracks::{self, MOST_TRACKS, RatedTrack, Track, TrackFields};
use crate::db::{albums, run_blocking, users};
use crate::domain::timestamp::now;
use crate::domain::{RatingValue, catalogue};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::reads::kept_answers::{Depends, Topic, Touched};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(tracklist))
        .routes(routes!(rate, unrate))
        .routes(routes!(top_tracks))
}

const MOST_DISCS: u32 = 50;
const MOST_POSITION: u32 = 500;
const MOST_LENGTH_MS: i64 = 24 * 60 * 60 * 1000;
/// A track needs this many ratings to be among an album's best.
const BEST_AFTER_RATINGS: i64 = 2;
const BEST_TRACKS: usize = 3;

/// Checks a tracklist an edit sends: places in range and each once, titles
/// present and bounded, lengths sensible, recording ids well formed.
pub fn checked_tracklist(given: &[TrackFields]) -> Result<Vec<TrackFields>, String> {
    if given.len() > MOST_TRACKS {
        return Err(format!("tracks: at most {MOST_TRACKS} tracks"));
    }
    let mut places = HashSet::new();
    given
        .iter()
        .enumerate()
        .map(|(n, track)| {
            let at = |problem: &str| format!("tracks[{n}]: {problem}");
            if !(1..=MOST_DISCS).contains(&track.disc) {
                return Err(at(&format!("disc must be 1 to {MOST_DISCS}")));
            }
            if !(1..=MOST_POSITION).contains(&track.position) {
                return Err(at(&format!("position must be 1 to {MOST_POSITION}")));
            }
            if !places.insert((track.disc, track.position)) {
                return Err(at(&format!(
                    "disc {} has two tracks at position {}",
                    track.disc, track.position
                )));
            }
            if track
                .length_ms
                .is_some_and(|ms| !(1..=MOST_LENGTH_MS).contains(&ms))
            {
                return Err(at("lengthMs must be 1 ms to 24 hours"));
            }
            Ok(TrackFields {
                disc: track.disc,
                position: track.position,
                title: catalogue::name(&track.title, "title").map_err(|e| at(&e))?,
                length_ms: track.length_ms,
                recording_mbid: track
                    .recording_mbid
                    .as_deref()
                    .filter(|id| !id.trim().is_empty())
                    .map(|id| catalogue::musicbrainz_id(id, "recordingMbid"))
                    .transpose()
                    .map_err(|e| at(&e))?,
            })
        })
        .collect()
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Tracklist {
    /// By disc, then position; empty when nobody has entered it.
    tracks: Vec<Track>,
    /// The sum of the known lengths.
    total_length_ms: i64,
    /// Whether every track's length is known (else the total is a lower bound).
    every_length_known: bool,
    /// The best rated tracks (at least two ratings each), best first.
    best_track_ids: Vec<i64>,
}

fn best_of(tracks: &[Track]) -> Vec<i64> {
    let mut rated: Vec<&Track> = tracks
        .iter()
        .filter(|track| track.number_of_ratings >= BEST_AFTER_RATINGS)
        .collect();
    rated.sort_by(|a, b| {
        b.average_rating
            .unwrap_or_default()
            .total_cmp(&a.average_rating.unwrap_or_default())
            .then(b.number_of_ratings.cmp(&a.number_of_ratings))
            .then((a.disc, a.position).cmp(&(b.disc, b.position)))
    });
    rated
        .into_iter()
        .take(BEST_TRACKS)
        .map(|track| track.track_id)
        .collect()
}

#[utoipa::path(
    get,
    path = "/album/{id}/tracks",
    tag = "catalogue",
    params(("id" = i64, Path, description = "Album id")),
    responses((status = 200, description = "The album's tracklist, each track's average and count of ratings and the reader's own, the total length and the best tracks", body = Tracklist), (status = 404, description = "No such album", body = ErrorMessage)),
    security((), ("bearer" = []))
)]
async fn tracklist(
    State(state): State<AppState>,
    MaybeUser(reader): MaybeUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<(Depends, Json<Tracklist>)> {
    let reader = reader.map(|user| user.id);
    let tracks = run_blocking(&state.pool, move |conn| {
        if !albums::exists(conn, id)? {
            return Err(AppError::NotFound(format!("No album with id {id}")));
        }
        Ok(tracks::of_album(conn, id, reader)?)
    })
    .await?;
    let total_length_ms = tracks.iter().filter_map(|track| track.length_ms).sum();
    let every_length_known = tracks.iter().all(|track| track.length_ms.is_some());
    let best_track_ids = best_of(&tracks);
    Ok((
        Depends(vec![Topic::Album(id)]),
        Json(Tracklist {
            tracks,
            total_length_ms,
            every_length_known,
            best_track_ids,
        }),
    ))
}

#[derive(Deserialize, ToSchema)]
struct TrackRatingBody {
    /// 0.5 to 10 in half steps.
    number: f64,
}

#[utoipa::path(
    put,
    path = "/track/{track_id}/rating",
    tag = "ratings",
    params(("track_id" = i64, Path, description = "Track id")),
    request_body = TrackRatingBody,
    responses(Writes, (status = 200, description = "Rated (or the rating changed); the track with its new average. The album rating is untouched.", body = Track), (status = 404, description = "No such track", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn rate(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(track_id): AppPath<i64>,
    AppJson(body): AppJson<TrackRatingBody>,
) -> AppResult<(Touched, Json<Track>)> {
    let number = RatingValue::from_f64(body.number)
        .ok_or_else(|| AppError::BadRequest("number must be 0.5 to 10 in half steps".to_owned()))?
        .as_f64();
    state
        .writer
        .write(move |conn| {
            let album_id = tracks::album_of(conn, track_id)?.ok_or_else(|| no_track(track_id))?;
            tracks::rate(conn, user.id, track_id, number, &now())?;
            let track =
                tracks::one(conn, track_id, Some(user.id))?.ok_or_else(|| no_track(track_id))?;
            Ok((
                Touched(vec![Topic::Album(album_id), Topic::Member(user.id)]),
                Json(track),
            ))
        })
        .await
}

#[utoipa::path(
    delete,
    path = "/track/{track_id}/rating",
    tag = "ratings",
    params(("track_id" = i64, Path, description = "Track id")),
    responses(Writes, (status = 204, description = "The caller's rating of the track is gone"), (status = 404, description = "No such track, or the caller has not rated it", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn unrate(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(track_id): AppPath<i64>,
) -> AppResult<(Touched, StatusCode)> {
    state
        .writer
        .write(move |conn| {
            let album_id = tracks::album_of(conn, track_id)?.ok_or_else(|| no_track(track_id))?;
            if !tracks::unrate(conn, user.id, track_id)? {
                return Err(AppError::NotFound(format!(
                    "You have not rated track {track_id}"
                )));
            }
            Ok((
                Touched(vec![Topic::Album(album_id), Topic::Member(user.id)]),
                StatusCode::NO_CONTENT,
            ))
        })
        .await
}

/// The tracks a profile shows.
const TOP_TRACKS: u32 = 10;

#[utoipa::path(
    get,
    path = "/user/username/{username}/top-tracks",
    tag = "ratings",
    params(("username" = String, Path, description = "Username")),
    responses((status = 200, description = "The member's ten best rated tracks, best first, each with its album", body = Vec<RatedTrack>), (status = 404, description = "No such member", body = ErrorMessage)),
)]
async fn top_tracks(
    State(state): State<AppState>,
    AppPath(username): AppPath<String>,
) -> AppResult<(Depends, Json<Vec<RatedTrack>>)> {
    run_blocking(&state.pool, move |conn| {
        let user = users::by_username(conn, &username)?
            .ok_or_else(|| AppError::NotFound(format!("No member called {username}")))?;
        let top = tracks::top_of_member(conn, user.id, TOP_TRACKS)?;
        let albums = top.iter().map(|track| track.album_id);
        Ok((Depends::member_and_albums(user.id, albums), Json(top)))
    })
    .await
}

fn no_track(track_id: i64) -> AppError {
    AppError::NotFound(format!("No track with id {track_id}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn track(disc: u32, position: u32, title: &str) -> TrackFields {
        TrackFields {
            disc,
            position,
            title: title.to_owned(),
            length_ms: Some(200_000),
            recording_mbid: None,
        }
    }

    #[test]
    fn a_tracklist_is_checked_place_by_place() {
        let good = [
            track(1, 1, " Airbag "),
            track(1, 2, "Paranoid Android"),
            track(2, 1, "Polyethylene"),
        ];
        let checked = checked_tracklist(&good).unwrap();
        assert_eq!(checked[0].title, "Airbag");
        let cases = [
            (
                vec![track(1, 1, "a"), track(1, 1, "b")],
                "tracks[1]: disc 1 has two tracks at position 1",
            ),
            (vec![track(0, 1, "a")], "tracks[0]: disc must be 1 to 50"),
            (
                vec![track(1, 501, "a")],
                "tracks[0]: position must be 1 to 500",
            ),
            (vec![track(1, 1, " ")], "tracks[0]: title is required"),
            (
                vec![TrackFields {
                    length_ms: Some(0),
                    ..track(1, 1, "a")
                }],
                "tracks[0]: lengthMs must be 1 ms to 24 hours",
            ),
        ];
        for (tracks, expected) in cases {
            assert_eq!(checked_tracklist(&tracks).unwrap_err(), expected);
        }
        let too_many: Vec<_> = (1..=301)
            .map(|n| track(1 + n / 500, 1 + n % 500, "t"))
            .collect();
        assert!(
            checked_tracklist(&too_many)
                .unwrap_err()
                .contains("at most 300")
        );
    }
}
