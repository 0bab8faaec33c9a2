//! Reviews: one per member and album, with votes and neighbours.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::artists::no_artist;
use super::atom::{self, About, Item};
use super::openapi::{SignedIn, Writes};
use super::shared;
use super::{AppJson, AppPath, AppQuery, AppState, CurrentUser, MaybeUser};
use crate::db::hidden::Reader;
use crate::db::notifications::{self, Subject};
use crate::db::reviews::{self, Review};
use crate::db::votes::{self, Vote, VoteTarget};
use crate::db::{Page, albums, artists, run_blocking};
use crate::domain::text;
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::claims::{acting_as_self, may_remove};
use crate::http::paging::PageQuery;
use crate::http::site_origin::SiteOrigin;
use crate::reads::kept_answers::{Depends, Topic};
use utoipa::ToSchema;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(validate))
        .routes(routes!(featured))
        .routes(routes!(recent))
        .routes(routes!(by_user))
        .routes(routes!(feed_by_user))
        // One pattern serves both: GET names an album, DELETE a review id.
        .routes(routes!(by_album, remove))
        .routes(routes!(one))
}

pub use crate::domain::text::MAX_REVIEW_CHARS;
pub const PREVIEW_CHARS: usize = 200;
const LIST_DEFAULT: u32 = 20;
const LIST_MOST: u32 = 100;
const VOTES_SHOWN: u32 = 500;

#[derive(Deserialize, ToSchema)]
struct Names {
    #[serde(default)]
    artist: String,
    #[serde(default)]
    album: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ValidAlbum {
    artist_id: i64,
    artist: String,
    artist_slug: String,
    album_id: i64,
    album: String,
    album_slug: String,
}

/// The album an artist name and album title name, or a 404 saying which is unknown.
fn find_album(conn: &rusqlite::Connection, artist: &str, album: &str) -> AppResult<i64> {
    let artist_id = artists::find(conn, artist)?.ok_or_else(|| no_artist(artist))?;
    albums::find_by_artist(conn, artist_id, album)?
        .ok_or_else(|| AppError::NotFound(format!("{artist} has no album called {album}")))
}

fn already_reviewed() -> AppError {
    AppError::Conflict("You have already reviewed this album".to_owned())
}

/// Step one of Add Review: do the artist and album exist (and has the caller
/// not reviewed it yet)?
#[utoipa::path(
    post,
    path = "/review/validate",
    tag = "reviews",
    request_body = Names,
    responses((status = 200, description = "Both exist", body = ValidAlbum), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "Says which of the two is unknown", body = ErrorMessage), (status = 409, description = "Already exists", body = ErrorMessage)),
)]
async fn validate(
    State(state): State<AppState>,
    caller: MaybeUser,
    AppJson(names): AppJson<Names>,
) -> AppResult<Json<ValidAlbum>> {
    let (artist, album) = (
        names.artist.trim().to_owned(),
        names.album.trim().to_owned(),
    );
    if artist.is_empty() || album.is_empty() {
        return Err(AppError::BadRequest(
            "Both the artist and the album are required".to_owned(),
        ));
    }
    run_blocking(&state.pool, move |conn| {
        let album_id = find_album(conn, &artist, &album)?;
        if let Some(user) = caller.0
            && reviews::id_by_user_and_album(conn, user.id, album_id)?.is_some()
        {
            return Err(already_reviewed());
        }
        let found = albums::by_id(conn, album_id, None)?.expect("the album exists");
        Ok(Json(ValidAlbum {
            artist_id: found.artist_id,
            artist: found.artist,
            artist_slug: found.artist_slug,
            album_id,
            album: found.title,
            album_slug: found.slug,
        }))
    })
    .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewReview {
    #[serde(default)]
    review_text: String,
    #[serde(default)]
    album_name: String,
    #[serde(default)]
    artist_name: String,
    user_id: Option<Value>,
}

#[utoipa::path(
    post,
    path = "/review",
    tag = "reviews",
    request_body = NewReview,
    responses(Writes, (status = 201, description = "Written", body = Review), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage), (status = 409, description = "Already exists", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn create(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppJson(body): AppJson<NewReview>,
) -> AppResult<(StatusCode, Json<Review>)> {
    acting_as_self(&caller, &body.user_id)?;
    let text = body.review_text.trim().to_owned();
    if text.is_empty() || text.chars().count() > MAX_REVIEW_CHARS {
        return Err(AppError::BadRequest(
            "reviewText must be 1 to 20,000 characters".to_owned(),
        ));
    }
    text::multi_line(&text, "reviewText").map_err(AppError::BadRequest)?;
    state
        .writer
        .write(move |conn| {
            let album_id = find_album(conn, body.artist_name.trim(), body.album_name.trim())?;
            if reviews::id_by_user_and_album(conn, caller.id, album_id)?.is_some() {
                return Err(already_reviewed());
            }
            let id = reviews::insert(conn, caller.id, album_id, &text, &now())?;
            notifications::mentions(conn, &text, caller.id, Subject::Review(id), &[], &now())?;
            let review = reviews::by_id(conn, id)?.expect("the review exists");
            Ok((StatusCode::CREATED, Json(review)))
        })
        .await
}

#[utoipa::path(
    delete,
    path = "/review/{album_title}",
    tag = "reviews",
    params(("album_title" = i64, Path, description = "The review id")),
    responses(SignedIn, (status = 204, description = "Deleted with its comments and votes"), (status = 403, description = "Not allowed for this caller", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn remove(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(review_id): AppPath<i64>,
) -> AppResult<StatusCode> {
    state
        .writer
        .write(move |conn| {
            let author = reviews::author_of(conn, review_id)?
                .ok_or_else(|| AppError::NotFound(format!("No review with id {review_id}")))?;
            if !may_remove(&caller, author) {
                return Err(AppError::Forbidden(
                    "Only the author or an admin can delete this review".to_owned(),
                ));
            }
            reviews::delete(conn, review_id)?;
            Ok(StatusCode::NO_CONTENT)
        })
        .await
}

#[utoipa::path(
    get,
    path = "/review/{album_title}",
    tag = "reviews",
    params(("album_title" = String, Path, description = "Album title or slug"), PageQuery),
    responses((status = 200, description = "An album's reviews, newest first", body = Vec<Review>), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_album(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(title): AppPath<String>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<(Depends, Json<Vec<Review>>)> {
    let page = query.page(LIST_DEFAULT, LIST_MOST)?;
    run_blocking(&state.pool, move |conn| {
        let album_id = albums::find_by_title(conn, &title)?
            .ok_or_else(|| AppError::NotFound(format!("No album called {title}")))?;
        let list = reviews::by_album(conn, album_id, page, Reader::of(caller.as_ref()))?;
        Ok((Depends(vec![Topic::Album(album_id)]), Json(list)))
    })
    .await
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ReviewPage {
    #[serde(flatten)]
    review: Review,
    #[schema(required)]
    previous_review_id: Option<i64>,
    #[schema(required)]
    next_review_id: Option<i64>,
    total_reviews_by_user: i64,
    review_votes: Vec<Vote>,
    /// The caller's own vote: true, false, or null.
    #[schema(required)]
    user_vote: Option<bool>,
}

/// One review, found by id; the title in the path is for readable links and
/// must name the review's album.
#[utoipa::path(
    get,
    path = "/review/{album_title}/{review_id}",
    tag = "reviews",
    params(("album_title" = String, Path, description = "The reviewed album"), ("review_id" = i64, Path, description = "Review id")),
    responses((status = 200, description = "The review with its neighbours and votes", body = ReviewPage), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn one(
    State(state): State<AppState>,
    caller: MaybeUser,
    AppPath((title, review_id)): AppPath<(String, i64)>,
) -> AppResult<Json<ReviewPage>> {
    run_blocking(&state.pool, move |conn| {
        let missing = || AppError::NotFound(format!("No review {review_id} of {title}"));
        let reader = Reader::of(caller.0.as_ref());
        let review = reviews::by_id(conn, review_id)?
            .filter(|review| reader.sees(review.user.user_id, review.hidden))
            .ok_or_else(missing)?;
        let names_album = [&review.album_title, &review.album_slug]
            .iter()
            .any(|name| crate::domain::slug::slugify(name) == crate::domain::slug::slugify(&title));
        if !names_album {
            return Err(missing());
        }
        let (previous_review_id, next_review_id) = reviews::neighbours(conn, &review, reader)?;
        let target = VoteTarget::Review(review_id);
        let user_vote = match &caller.0 {
            Some(user) => votes::mine(conn, user.id, target)?,
            None => None,
        };
        Ok(Json(ReviewPage {
            total_reviews_by_user: reviews::count_by_user(conn, review.user.user_id)?,
            review_votes: votes::on(conn, target, Page::first(VOTES_SHOWN), reader)?,
            previous_review_id,
            next_review_id,
            user_vote,
            review,
        }))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/review/user/{username}",
    tag = "reviews",
    params(("username" = String, Path, description = "Username"), PageQuery),
    responses((status = 200, description = "A member's reviews", body = Vec<Review>), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_user(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(username): AppPath<String>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<Review>>> {
    let page = query.page(LIST_DEFAULT, LIST_MOST)?;
    run_blocking(&state.pool, move |conn| {
        let user = shared::named(conn, &username)?;
        let reader = Reader::of(caller.as_ref());
        Ok(Json(reviews::by_user(conn, user.id, page, reader)?))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/feeds/members/{username}/reviews",
    tag = "feeds",
    params(("username" = String, Path, description = "Username")),
    responses((status = 200, description = "An Atom feed of the member's reviews a visitor may read, newest first (30 at most)", content_type = "application/atom+xml", body = String), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn feed_by_user(
    State(state): State<AppState>,
    AppPath(username): AppPath<String>,
    SiteOrigin(origin): SiteOrigin,
) -> AppResult<Response> {
    let (user, found) = run_blocking(&state.pool, move |conn| {
        let user = shared::named(conn, &username)?;
        let page = Page::first(atom::MOST_ENTRIES);
        let found = reviews::by_user(conn, user.id, page, Reader::of(None))?;
        Ok((user, found))
    })
    .await?;
    let items = found
        .into_iter()
        .map(|review| {
            let rating = review
                .review_rating
                .map_or(String::new(), |rating| format!(" ({rating}/5)"));
            Item {
                id: format!("/review/{}", review.review_id),
                title: format!("{} by {}{rating}", review.album_title, review.artist),
                page: format!("/review/{}/{}", review.album_slug, review.review_id),
                updated: review.updated_at,
                published: Some(review.created_at),
                author: Some(review.user.username),
                content: review.review_text,
            }
        })
        .collect();
    let (feed_path, page) = (
        format!("/api/feeds/members/{}/reviews", user.username),
        format!("/user/{}", user.username),
    );
    let about = About {
        origin: &origin,
        feed_path: &feed_path,
        page: &page,
        title: format!("{}’s reviews on halfstar", user.username),
        subtitle: format!("Album reviews by {}", user.username),
        changed: None,
    };
    Ok(atom::feed(about, items))
}

#[utoipa::path(
    get,
    path = "/review/recent",
    tag = "reviews",
    params(PageQuery),
    responses((status = 200, description = "Newest first", body = Vec<Review>)),
)]
async fn recent(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<Review>>> {
    let page = query.page(10, LIST_MOST)?;
    run_blocking(&state.pool, move |conn| {
        let reader = Reader::of(caller.as_ref());
        Ok(Json(reviews::recent(conn, page, reader)?))
    })
    .await
}

#[derive(Serialize, ToSchema)]
struct Featured {
    #[serde(flatten)]
    review: Review,
    preview: String,
}

/// The first 200 characters of a review, ending in an ellipsis when cut.
pub fn preview(text: &str) -> String {
    if text.chars().count() <= PREVIEW_CHARS {
        return text.to_owned();
    }
    let cut: String = text.chars().take(PREVIEW_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}

#[utoipa::path(
    get,
    path = "/review/featured",
    tag = "reviews",
    params(PageQuery),
    responses((status = 200, description = "Ranked by approval and recency, with previews", body = Vec<Featured>)),
)]
async fn featured(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<Featured>>> {
    let limit = query.page(10, 50)?.limit;
    run_blocking(&state.pool, move |conn| {
        let list = reviews::featured(conn, limit)?
            .into_iter()
            .map(|review| Featured {
                preview: preview(&review.review_text),
                review,
            })
            .collect();
        Ok(Json(list))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::preview;

    #[test]
    fn previews_are_at_most_two_hundred_characters() {
        assert_eq!(preview("Short and sweet."), "Short and sweet.");
        let long = "ä".repeat(500);
        let cut = preview(&long);
        assert_eq!(cut.chars().count(), 200);
        assert!(cut.ends_with('…'));
        assert_eq!(preview(&"x".repeat(200)).chars().count(), 200);
    }
}
