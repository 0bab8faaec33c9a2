//! Members vote an album's genres (`/api/album/{id}/genre-votes`), and
//! editors lock an album's genres against the votes. Once enough members
//! voted, a vote that changes the result rewrites the album's genres in the
//! same transaction and records it in the album's history, as an edit.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::Writes;
use super::{AppJson, AppPath, AppState, CurrentUser, Editor, MaybeUser};
use crate::db::audit::Actor;
use crate::db::genre_votes::{self, GenreVote};
use crate::db::{albums, genres, run_blocking};
use crate::domain::genre_votes::{ENOUGH_VOTERS, MOST_GENRES_A_VOTE, MOST_PRIMARY_A_VOTE, Tally};
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(votes, vote))
        .routes(routes!(lock))
}

/// An album's genre votes as its page shows them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct GenreVotes {
    /// Members who voted.
    voters: u32,
    /// Members who must have voted before the votes decide the genres.
    enough_voters: u32,
    /// Whether the album's genres are the votes' result now.
    decided: bool,
    /// An editor locked the album's genres: votes are kept, and change nothing.
    locked: bool,
    /// Each genre voted, by name.
    tally: Vec<Tally>,
    /// The reader's own votes; empty when signed out.
    mine: Vec<GenreVote>,
    /// The album's genres now.
    genres: Vec<String>,
}

fn no_album(id: i64) -> AppError {
    AppError::NotFound(format!("No album with id {id}"))
}

fn votes_of(conn: &rusqlite::Connection, id: i64, reader: Option<i64>) -> AppResult<GenreVotes> {
    let locked = genre_votes::locked(conn, id)?.ok_or_else(|| no_album(id))?;
    let (tallies, voters) = genre_votes::tally(conn, id)?;
    let mine = match reader {
        Some(user_id) => genre_votes::mine(conn, user_id, id)?,
        None => Vec::new(),
    };
    let album = albums::by_id(conn, id, None)?.ok_or_else(|| no_album(id))?;
    Ok(GenreVotes {
        voters,
        enough_voters: ENOUGH_VOTERS,
        decided: !locked && voters >= ENOUGH_VOTERS,
        locked,
        tally: tallies,
        mine,
        genres: album.genres.into_iter().map(|g| g.name).collect(),
    })
}

#[utoipa::path(
    get,
    path = "/album/{id}/genre-votes",
    tag = "catalogue",
    params(("id" = i64, Path, description = "Album id")),
    responses((status = 200, description = "How members voted the album's genres, whether the votes decide them, and the reader's own votes", body = GenreVotes), (status = 404, description = "No such album", body = ErrorMessage)),
    security((), ("bearer" = []))
)]
async fn votes(
    State(state): State<AppState>,
    MaybeUser(reader): MaybeUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<GenreVotes>> {
    let reader = reader.map(|user| user.id);
    let answer = run_blocking(&state.pool, move |conn| votes_of(conn, id, reader)).await?;
    Ok(Json(answer))
}

#[derive(Deserialize, ToSchema)]
struct Ballot {
    /// The album's genres as the caller sees them, each primary or
    /// secondary: at most 6, at most 3 primary; empty takes the vote back.
    votes: Vec<GenreVote>,
}

#[utoipa::path(
    put,
    path = "/album/{id}/genre-votes",
    tag = "catalogue",
    params(("id" = i64, Path, description = "Album id")),
    request_body = Ballot,
    responses(Writes, (status = 200, description = "The caller's vote replaced; once 3 members voted (and unless an editor locked them), the album's genres are the votes' result, recorded in its history", body = GenreVotes), (status = 400, description = "An unknown genre, a genre twice, or too many", body = ErrorMessage), (status = 404, description = "No such album", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn vote(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppJson(ballot): AppJson<Ballot>,
) -> AppResult<Json<GenreVotes>> {
    if ballot.votes.len() > MOST_GENRES_A_VOTE {
        return Err(AppError::BadRequest(format!(
            "votes: at most {MOST_GENRES_A_VOTE} genres an album"
        )));
    }
    if ballot.votes.iter().filter(|v| v.primary).count() > MOST_PRIMARY_A_VOTE {
        return Err(AppError::BadRequest(format!(
            "votes: at most {MOST_PRIMARY_A_VOTE} primary genres"
        )));
    }
    state
        .writer
        .write(move |conn| {
            if genre_votes::locked(conn, id)?.is_none() {
                return Err(no_album(id));
            }
            let mut chosen: Vec<(i64, bool)> = Vec::new();
            for vote in &ballot.votes {
                let genre = genres::find(conn, &vote.genre)?.ok_or_else(|| {
                    AppError::BadRequest(format!(
                        "votes: \"{}\" is not one of the site's genres",
                        vote.genre.chars().take(60).collect::<String>()
                    ))
                })?;
                if chosen.iter().any(|(id, _)| *id == genre.genre_id) {
                    return Err(AppError::BadRequest(format!(
                        "votes: {} is named twice",
                        genre.name
                    )));
                }
                chosen.push((genre.genre_id, vote.primary));
            }
            genre_votes::replace_mine(conn, user.id, id, &chosen, &now())?;
            genre_votes::follow_votes(conn, id, Actor::member(&user), &now())?;
            Ok(Json(votes_of(conn, id, Some(user.id))?))
        })
        .await
}

#[derive(Deserialize, ToSchema)]
struct Lock {
    locked: bool,
}

#[utoipa::path(
    put,
    path = "/album/{id}/genre-lock",
    tag = "catalogue",
    params(("id" = i64, Path, description = "Album id")),
    request_body = Lock,
    responses(Writes, (status = 200, description = "Locked (the editors' genres stand whatever the votes) or unlocked (the votes decide again, at once when enough members voted)", body = GenreVotes), (status = 404, description = "No such album", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn lock(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppPath(id): AppPath<i64>,
    AppJson(lock): AppJson<Lock>,
) -> AppResult<Json<GenreVotes>> {
    state
        .writer
        .write(move |conn| {
            if !genre_votes::set_locked(conn, id, lock.locked)? {
                return Err(no_album(id));
            }
            genre_votes::follow_votes(conn, id, Actor::member(&editor), &now())?;
            Ok(Json(votes_of(conn, id, Some(editor.id))?))
        })
        .await
}
