//! Thumbs up and down on reviews and posts.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::Writes;
use super::shared;
use super::{AppJson, AppPath, AppQuery, AppState, CurrentUser, MaybeUser};
use crate::db::hidden::{self, Reader};
use crate::db::notifications::{self, Subject};
use crate::db::votes::{self, Vote, VoteTarget};
use crate::db::{posts, reviews, run_blocking};
use crate::domain::timestamp::now;
use crate::domain::{ItemKind, NotificationKind};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::claims::{acting_as_self, optional_id};
use crate::http::paging::PageQuery;
use crate::reads::kept_answers::{Topic, Touched};
use utoipa::ToSchema;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(cast))
        .routes(routes!(on_review))
        .routes(routes!(on_post))
        .routes(routes!(received_by))
}

const LIST_DEFAULT: u32 = 500;
const LIST_MOST: u32 = 2000;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VoteBody {
    review_id: Option<Value>,
    post_id: Option<Value>,
    user_id: Option<Value>,
    is_thumbs_up: Option<bool>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VoteResult {
    /// The caller's vote after this call: true, false, or null when taken back.
    #[schema(required)]
    user_vote: Option<bool>,
    votes_up: i64,
    votes_down: i64,
}

/// A first vote counts; a different one replaces it; the same one again takes it back.
#[utoipa::path(
    post,
    path = "/reviewvote",
    tag = "votes",
    request_body = VoteBody,
    responses(Writes, (status = 200, description = "The caller's vote and the tallies", body = VoteResult), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn cast(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppJson(body): AppJson<VoteBody>,
) -> AppResult<(Touched, Json<VoteResult>)> {
    acting_as_self(&caller, &body.user_id)?;
    let target = match (
        optional_id(&body.review_id, "reviewId")?,
        optional_id(&body.post_id, "postId")?,
    ) {
        (Some(review), None) => VoteTarget::Review(review),
        (None, Some(post)) => VoteTarget::Post(post),
        _ => {
            return Err(AppError::BadRequest(
                "Give exactly one of reviewId and postId".to_owned(),
            ));
        }
    };
    let thumbs_up = body
        .is_thumbs_up
        .ok_or_else(|| AppError::BadRequest("isThumbsUp must be true or false".to_owned()))?;
    state
        .writer
        .write(move |conn| {
            let (found, what) = match target {
                VoteTarget::Review(id) => (reviews::author_and_album(conn, id)?, "review"),
                VoteTarget::Post(id) => (posts::author_of(conn, id)?.map(|a| (a, 0)), "post"),
            };
            let (kind, id) = match target {
                VoteTarget::Review(id) => (ItemKind::Review, id),
                VoteTarget::Post(id) => (ItemKind::Post, id),
            };
            let shown = hidden::author_if_shown(conn, kind, id, Reader::of(Some(&caller)))?;
            let (author, album) = found
                .filter(|_| shown.is_some())
                .ok_or_else(|| AppError::NotFound(format!("No such {what}")))?;
            if author == caller.id {
                return Err(AppError::BadRequest(format!(
                    "You can't vote on your own {what}"
                )));
            }
            let user_vote = votes::cast(conn, caller.id, target, thumbs_up, &now())?;
            // A thumbs up is told as a like; a thumbs down is not told.
            if user_vote == Some(true) {
                let subject = match target {
                    VoteTarget::Review(id) => Subject::Review(id),
                    VoteTarget::Post(id) => Subject::Post(id),
                };
                notifications::notify(
                    conn,
                    author,
                    NotificationKind::Vote,
                    caller.id,
                    subject,
                    &now(),
                )?;
            }
            let (votes_up, votes_down) = votes::tally(conn, target)?;
            // A review's votes show on its album's page, and both members'
            // profiles count them.
            let mut touched = vec![Topic::Member(author), Topic::Member(caller.id)];
            if let VoteTarget::Review(_) = target {
                touched.push(Topic::Album(album));
            }
            let tally = VoteResult {
                user_vote,
                votes_up,
                votes_down,
            };
            Ok((Touched(touched), Json(tally)))
        })
        .await
}

async fn list(
    state: AppState,
    target: VoteTarget,
    query: PageQuery,
    reader: Reader,
) -> AppResult<Json<Vec<Vote>>> {
    let page = query.page(LIST_DEFAULT, LIST_MOST)?;
    run_blocking(&state.pool, move |conn| {
        Ok(Json(votes::on(conn, target, page, reader)?))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/reviewvote/review/{id}",
    tag = "votes",
    params(("id" = i64, Path, description = "Review id"), PageQuery),
    responses((status = 200, description = "A review's votes; none for a review the caller cannot see", body = Vec<Vote>)),
)]
async fn on_review(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(id): AppPath<i64>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<Vote>>> {
    let reader = Reader::of(caller.as_ref());
    list(state, VoteTarget::Review(id), query, reader).await
}

#[utoipa::path(
    get,
    path = "/reviewvote/post/{id}",
    tag = "votes",
    params(("id" = i64, Path, description = "Post id"), PageQuery),
    responses((status = 200, description = "A post's votes; none for a post the caller cannot see", body = Vec<Vote>)),
)]
async fn on_post(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(id): AppPath<i64>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<Vote>>> {
    let reader = Reader::of(caller.as_ref());
    list(state, VoteTarget::Post(id), query, reader).await
}

/// The votes others cast on a member's reviews and posts, but not on those
/// hidden from the caller.
#[utoipa::path(
    get,
    path = "/reviewvote/user/{username}",
    tag = "votes",
    params(("username" = String, Path, description = "Username"), PageQuery),
    responses((status = 200, description = "Votes on a member's reviews and posts", body = Vec<Vote>), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn received_by(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(username): AppPath<String>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<Vote>>> {
    let page = query.page(LIST_DEFAULT, LIST_MOST)?;
    run_blocking(&state.pool, move |conn| {
        let user = shared::named(conn, &username)?;
        let reader = Reader::of(caller.as_ref());
        Ok(Json(votes::received_by(conn, user.id, page, reader)?))
    })
    .await
}
