//! The background check that keeps the catalogue current by itself: it asks
//! MusicBrainz about the catalogue's artists one at a time, followed artists
//! first, each about once a day, and adds their new albums under the
//! catalogue import's own rules (studio albums with a date and a front cover,
//! each recorded in the album's history). A release group whose album an
//! editor deleted is never added again (V38's trigger remembers it).
//!
//! The members following the artist are told of each album added (the
//! notification trigger of V15/V27). MusicBrainz is asked through the
//! server's one set of import clients, so its pace (one request a second)
//! holds together with the editors' imports; the checks are spread over the
//! day beyond that. A MusicBrainz outage costs nothing but freshness: the
//! artist is recorded as checked, with the trouble, and asked again a day later.

use std::collections::HashSet;
use std::time::Duration;

use crate::db::{artists, genres, imports, new_releases as checks};
use crate::domain::timestamp;
use crate::error::AppError;
use crate::import::pipeline::{self, NoProgress, Planned, Request};
use crate::import::store;
use crate::server::AppState;

/// Each artist is asked about about once in this long.
const EVERY: Duration = Duration::from_secs(24 * 60 * 60);
/// The least rest between two artists, however many there are.
const LEAST_REST: Duration = Duration::from_secs(1);
/// How long a check that found nobody due waits before looking again.
pub const IDLE_PAUSE: Duration = Duration::from_secs(10 * 60);

/// What one check of one artist did.
#[derive(Debug, PartialEq)]
pub struct Checked {
    pub artist_id: i64,
    /// The titles of the albums it added.
    pub added: Vec<String>,
    /// What a source failed to give (MusicBrainz down, Last.fm refusing),
    /// as the import's trouble lines; empty when nothing failed.
    pub trouble: String,
}

/// Spreads a day's checks over the day: a day divided by the artists to check.
pub async fn rest_between_artists(state: &AppState) -> Result<Duration, AppError> {
    let pool = state.pool.clone();
    let artists = tokio::task::spawn_blocking(move || {
        Ok::<_, AppError>(checks::artists_to_check(&*pool.get()?)?)
    })
    .await
    .map_err(|error| AppError::Internal(error.into()))??;
    Ok((EVERY / artists.clamp(1, u32::MAX.into()) as u32).max(LEAST_REST))
}

/// Asks MusicBrainz about the artist due first and adds what it found;
/// `None` when every artist was asked about within the day.
pub async fn check_next(state: &AppState) -> Result<Option<Checked>, AppError> {
    let pool = state.pool.clone();
    let due_before = timestamp::before_now(time::Duration::try_from(EVERY).expect("a day fits"));
    let next = tokio::task::spawn_blocking(move || -> Result<_, AppError> {
        Ok(checks::next_artist(&*pool.get()?, &due_before)?)
    })
    .await
    .map_err(|error| AppError::Internal(error.into()))??;
    match next {
        Some(artist_id) => Ok(Some(check_artist(state, artist_id).await?)),
        None => Ok(None),
    }
}

/// Asks MusicBrainz about one artist now, however lately they were asked,
/// and adds what it found; 400 for an artist MusicBrainz does not know by id.
pub async fn check_artist(state: &AppState, artist_id: i64) -> Result<Checked, AppError> {
    let pool = state.pool.clone();
    let sources = state.import_sources.clone();
    let planned = tokio::task::spawn_blocking(move || -> Result<_, AppError> {
        let conn = pool.get()?;
        let artist = artists::by_id(&conn, artist_id)?
            .ok_or_else(|| AppError::NotFound(format!("No artist with id {artist_id}")))?;
        let mbid = imports::artist_mbid(&conn, artist_id)?.ok_or_else(|| {
            AppError::BadRequest(format!(
                "{} has no MusicBrainz id: import them from MusicBrainz first",
                artist.name
            ))
        })?;
        let mut known: HashSet<String> = imports::release_groups_of(&conn, artist_id)?;
        known.extend(checks::forgotten(&conn, artist_id)?);
        let site_genres = genres::names(&conn)?;
        drop(conn);
        let request = Request {
            name: &artist.name,
            mbid: Some(&mbid),
            default_genre: None,
            known: &known,
            site_genres: &site_genres,
            artist_known: true,
            tracklists: true,
            known_without_tracks: &[],
        };
        Ok(match pipeline::plan(&sources, &request, &NoProgress) {
            Ok(Planned::Ready(plan)) => Ok(plan),
            Ok(_) => Err(format!(
                "MusicBrainz no longer knows {} by their id",
                artist.name
            )),
            Err(error) => Err(error.to_string()),
        })
    })
    .await
    .map_err(|error| AppError::Internal(error.into()))??;
    let checked = state
        .writer
        .write(move |conn| {
            let (added, trouble) = match &planned {
                // What a source failed to give (a browse cut short by an outage, say) is kept with the check.
                Ok(plan) => (
                    store::add_found(conn, artist_id, plan)?,
                    plan.troubles
                        .iter()
                        .map(|trouble| trouble.line())
                        .collect::<Vec<_>>()
                        .join(" | "),
                ),
                Err(trouble) => (Vec::new(), trouble.clone()),
            };
            checks::record_check(conn, artist_id, &timestamp::now(), added.len(), &trouble)?;
            Ok(Checked {
                artist_id,
                added,
                trouble,
            })
        })
        .await?;
    if !checked.added.is_empty() {
        state.kept_answers.note_broad_background_write();
    }
    Ok(checked)
}
