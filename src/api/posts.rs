//! Posts: members' own articles, with votes and comments.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::{SignedIn, Writes};
use super::shared;
use super::{AppJson, AppPath, AppQuery, AppState, CurrentUser, MaybeUser};
use crate::db::hidden::Reader;
use crate::db::notifications::{self, Subject};
use crate::db::posts::{self, Post};
use crate::db::votes::{self, Vote, VoteTarget};
use crate::db::{Page, run_blocking};
use crate::domain::catalogue;
use crate::domain::text;
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::claims::{acting_as_self, may_remove};
use crate::http::paging::PageQuery;
use utoipa::ToSchema;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(recent))
        .routes(routes!(by_user))
        .routes(routes!(one, edit, remove))
}

pub const MAX_POST_CHARS: usize = 20_000;
const LIST_DEFAULT: u32 = 20;
const LIST_MOST: u32 = 100;
const VOTES_SHOWN: u32 = 500;

fn post_text(text: &str) -> AppResult<String> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > MAX_POST_CHARS {
        return Err(AppError::BadRequest(
            "postText must be 1 to 20,000 characters".to_owned(),
        ));
    }
    text::multi_line(text, "postText").map_err(AppError::BadRequest)?;
    Ok(text.to_owned())
}

fn no_post(id: i64) -> AppError {
    AppError::NotFound(format!("No post with id {id}"))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewPost {
    #[serde(default)]
    title: String,
    #[serde(default)]
    post_text: String,
    user_id: Option<Value>,
}

#[utoipa::path(
    post,
    path = "/post",
    tag = "posts",
    request_body = NewPost,
    responses(Writes, (status = 201, description = "Published", body = Post), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn create(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppJson(body): AppJson<NewPost>,
) -> AppResult<(StatusCode, Json<Post>)> {
    acting_as_self(&caller, &body.user_id)?;
    let title = catalogue::name(&body.title, "title").map_err(AppError::BadRequest)?;
    let text = post_text(&body.post_text)?;
    state
        .writer
        .write(move |conn| {
            let id = posts::insert(conn, caller.id, &title, &text, &now())?;
            let written = format!("{title}\n{text}");
            notifications::mentions(conn, &written, caller.id, Subject::Post(id), &[], &now())?;
            let post = posts::by_id(conn, id)?.expect("the post exists");
            Ok((StatusCode::CREATED, Json(post)))
        })
        .await
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PostPage {
    #[serde(flatten)]
    post: Post,
    post_votes: Vec<Vote>,
    #[schema(required)]
    user_vote: Option<bool>,
}

#[utoipa::path(
    get,
    path = "/post/{post_id}",
    tag = "posts",
    params(("post_id" = i64, Path, description = "Post id")),
    responses((status = 200, description = "The post with its votes", body = PostPage), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn one(
    State(state): State<AppState>,
    caller: MaybeUser,
    AppPath(post_id): AppPath<i64>,
) -> AppResult<Json<PostPage>> {
    run_blocking(&state.pool, move |conn| {
        let reader = Reader::of(caller.0.as_ref());
        let post = posts::by_id(conn, post_id)?
            .filter(|post| reader.sees(post.user.user_id, post.hidden))
            .ok_or_else(|| no_post(post_id))?;
        let target = VoteTarget::Post(post_id);
        let user_vote = match &caller.0 {
            Some(user) => votes::mine(conn, user.id, target)?,
            None => None,
        };
        Ok(Json(PostPage {
            post_votes: votes::on(conn, target, Page::first(VOTES_SHOWN), reader)?,
            user_vote,
            post,
        }))
    })
    .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PostEdit {
    #[serde(default)]
    updated_post_text: String,
}

#[utoipa::path(
    patch,
    path = "/post/{post_id}",
    tag = "posts",
    params(("post_id" = i64, Path, description = "Post id")),
    request_body = PostEdit,
    responses(Writes, (status = 200, description = "Edited", body = Post), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn edit(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(post_id): AppPath<i64>,
    AppJson(body): AppJson<PostEdit>,
) -> AppResult<Json<Post>> {
    let text = post_text(&body.updated_post_text)?;
    state
        .writer
        .write(move |conn| {
            let author = posts::author_of(conn, post_id)?.ok_or_else(|| no_post(post_id))?;
            if author != caller.id {
                return Err(AppError::Forbidden(
                    "Only the author can edit this post".to_owned(),
                ));
            }
            posts::set_text(conn, post_id, &text, &now())?;
            notifications::mentions(conn, &text, caller.id, Subject::Post(post_id), &[], &now())?;
            Ok(Json(posts::by_id(conn, post_id)?.expect("the post exists")))
        })
        .await
}

#[utoipa::path(
    delete,
    path = "/post/{post_id}",
    tag = "posts",
    params(("post_id" = i64, Path, description = "Post id")),
    responses(SignedIn, (status = 204, description = "Deleted with its comments and votes"), (status = 403, description = "Not allowed for this caller", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn remove(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(post_id): AppPath<i64>,
) -> AppResult<StatusCode> {
    state
        .writer
        .write(move |conn| {
            let author = posts::author_of(conn, post_id)?.ok_or_else(|| no_post(post_id))?;
            if !may_remove(&caller, author) {
                return Err(AppError::Forbidden(
                    "Only the author or an admin can delete this post".to_owned(),
                ));
            }
            posts::delete(conn, post_id)?;
            Ok(StatusCode::NO_CONTENT)
        })
        .await
}

#[utoipa::path(
    get,
    path = "/post/user/{username}",
    tag = "posts",
    params(("username" = String, Path, description = "Username"), PageQuery),
    responses((status = 200, description = "A member's posts", body = Vec<Post>), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_user(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(username): AppPath<String>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<Post>>> {
    let page = query.page(LIST_DEFAULT, LIST_MOST)?;
    run_blocking(&state.pool, move |conn| {
        let user = shared::named(conn, &username)?;
        let reader = Reader::of(caller.as_ref());
        Ok(Json(posts::by_user(conn, user.id, page, reader)?))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/post/recent",
    tag = "posts",
    params(PageQuery),
    responses((status = 200, description = "Newest first", body = Vec<Post>)),
)]
async fn recent(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<Post>>> {
    let page = query.page(10, LIST_MOST)?;
    run_blocking(&state.pool, move |conn| {
        let reader = Reader::of(caller.as_ref());
        Ok(Json(posts::recent(conn, page, reader)?))
    })
    .await
}
