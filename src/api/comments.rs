//! Comments on albums, reviews and posts.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::SignedIn;
use super::shared;
use super::{AppJson, AppPath, AppQuery, AppState, CurrentUser, MaybeUser};
use crate::db::albums::{self, Album};
use crate::db::comments::{self, Comment, CommentKind, CommentTarget};
use crate::db::follows;
use crate::db::hidden::{self, Reader};
use crate::db::lists;
use crate::db::notifications::{self, Subject};
use crate::db::users::User;
use crate::db::{posts, reviews, run_blocking};
use crate::domain::ItemKind;
use crate::domain::NotificationKind;
use crate::domain::text;
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::claims::{acting_as_self, may_remove, optional_id};
use crate::http::paging::PageQuery;
use crate::reads::kept_answers::{Depends, Topic, Touched};
use utoipa::{IntoParams, ToSchema};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(remove))
        .routes(routes!(on_album))
        .routes(routes!(on_review))
        .routes(routes!(on_post))
        .routes(routes!(on_list))
        .routes(routes!(by_user))
        .routes(routes!(recent_all))
        .routes(routes!(recent_album))
        .routes(routes!(recent_review))
        .routes(routes!(recent_post))
}

pub const MAX_COMMENT_CHARS: usize = 2_000;
pub const COMMENTS_PER_PAGE: u32 = 10;
const LIST_MOST: u32 = 100;
const RECENT_DEFAULT: u32 = 10;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewComment {
    #[serde(default)]
    comment_text: String,
    user_id: Option<Value>,
    album_id: Option<Value>,
    review_id: Option<Value>,
    post_id: Option<Value>,
    list_id: Option<Value>,
}

#[utoipa::path(
    post,
    path = "/comment",
    tag = "comments",
    request_body = NewComment,
    responses(SignedIn, (status = 201, description = "Posted", body = Comment), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 403, description = "Not allowed for this caller", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage), (status = 429, description = "You are sending too many comments.", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn create(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppJson(body): AppJson<NewComment>,
) -> AppResult<(StatusCode, Touched, Json<Comment>)> {
    acting_as_self(&caller, &body.user_id)?;
    let text = body.comment_text.trim().to_owned();
    if text.is_empty() || text.chars().count() > MAX_COMMENT_CHARS {
        return Err(AppError::BadRequest(
            "commentText must be 1 to 2,000 characters".to_owned(),
        ));
    }
    text::multi_line(&text, "commentText").map_err(AppError::BadRequest)?;
    let targets = [
        optional_id(&body.album_id, "albumId")?.map(CommentTarget::Album),
        optional_id(&body.review_id, "reviewId")?.map(CommentTarget::Review),
        optional_id(&body.post_id, "postId")?.map(CommentTarget::Post),
        optional_id(&body.list_id, "listId")?.map(CommentTarget::List),
    ];
    let target = match targets.iter().flatten().collect::<Vec<_>>()[..] {
        [&target] => target,
        _ => {
            return Err(AppError::BadRequest(
                "Give exactly one of albumId, reviewId, postId and listId".to_owned(),
            ));
        }
    };
    state
        .writer
        .write(move |conn| {
            let reader = Reader::of(Some(&caller));
            // Found when the caller may see it; an album has no owner.
            let found = match target {
                CommentTarget::Album(id) => albums::artist_of(conn, id)?.map(|_| None),
                CommentTarget::Review(id) => {
                    hidden::author_if_shown(conn, ItemKind::Review, id, reader)?.map(Some)
                }
                CommentTarget::Post(id) => {
                    hidden::author_if_shown(conn, ItemKind::Post, id, reader)?.map(Some)
                }
                CommentTarget::List(id) => {
                    lists::summary(conn, id, reader)?.map(|list| Some(list.author.user_id))
                }
            };
            let Some(owner) = found else {
                return Err(AppError::NotFound(
                    "There is nothing to comment on there".to_owned(),
                ));
            };
            // Refused in words that do not say why: a blocked member is
            // not told of the block (the block dialog promises so).
            if let Some(owner) = owner
                && follows::blocks(conn, owner, caller.id)?
            {
                return Err(AppError::Forbidden("You can't comment here.".to_owned()));
            }
            let id = comments::insert(conn, caller.id, target, &text, &now())?;
            tell_of_comment(conn, &caller, owner, Subject::Comment(id, target), &text)?;
            let comment = comments::by_id(conn, id)?.expect("the comment exists");
            // Every comment counts on its author's profile. The pages of
            // review and post comments say nothing of what they show, so any
            // write renews them.
            let mut touched = vec![Topic::Member(caller.id)];
            match target {
                CommentTarget::Album(album) => touched.push(Topic::AlbumComments(album)),
                // A list's page counts its comments.
                CommentTarget::List(list) => touched.push(Topic::List(list)),
                CommentTarget::Review(_) | CommentTarget::Post(_) => {}
            }
            Ok((StatusCode::CREATED, Touched(touched), Json(comment)))
        })
        .await
}

/// Tells the owner of what was commented on, the others who commented
/// there, and those mentioned: each once.
fn tell_of_comment(
    conn: &rusqlite::Connection,
    caller: &User,
    owner: Option<i64>,
    subject: Subject,
    text: &str,
) -> AppResult<()> {
    /// Enough of a thread's earlier commenters to reach the ones talking.
    const REPLIES_TOLD: u32 = 50;
    let Subject::Comment(_, target) = subject else {
        unreachable!("a comment's subject")
    };
    let mut told = Vec::new();
    if let Some(owner) = owner
        && notifications::notify(
            conn,
            owner,
            NotificationKind::Comment,
            caller.id,
            subject,
            &now(),
        )?
    {
        told.push(owner);
    }
    for member in notifications::commenters(conn, target, REPLIES_TOLD)? {
        if Some(member) != owner
            && notifications::notify(
                conn,
                member,
                NotificationKind::Reply,
                caller.id,
                subject,
                &now(),
            )?
        {
            told.push(member);
        }
    }
    notifications::mentions(conn, text, caller.id, subject, &told, &now())?;
    Ok(())
}

#[utoipa::path(
    delete,
    path = "/comment/{id}",
    tag = "comments",
    params(("id" = i64, Path, description = "Comment id")),
    responses(SignedIn, (status = 204, description = "Deleted"), (status = 403, description = "Not allowed for this caller", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn remove(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<StatusCode> {
    state
        .writer
        .write(move |conn| {
            let author = comments::author_of(conn, id)?
                .ok_or_else(|| AppError::NotFound(format!("No comment with id {id}")))?;
            if !may_remove(&caller, author) {
                return Err(AppError::Forbidden(
                    "Only the author or an admin can delete this comment".to_owned(),
                ));
            }
            comments::delete(conn, id)?;
            Ok(StatusCode::NO_CONTENT)
        })
        .await
}

/// The shape of a page of comments: `data`, `totalPages`, and the total under
/// the name of its kind of target (one of the three).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CommentPage {
    data: Vec<Comment>,
    total_pages: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    total_album_comments: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    total_review_comments: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    total_post_comments: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    total_list_comments: Option<i64>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct CommentPageQuery {
    /// Which page of ten, from 1.
    #[param(minimum = 1)]
    page: Option<u32>,
}

/// One page of comments, with the total named for the kind of target.
async fn page_of(
    state: AppState,
    target: CommentTarget,
    query: CommentPageQuery,
    reader: Reader,
) -> AppResult<Json<CommentPage>> {
    let page = PageQuery {
        limit: Some(COMMENTS_PER_PAGE),
        page: query.page,
    }
    .page(COMMENTS_PER_PAGE, COMMENTS_PER_PAGE)?;
    run_blocking(&state.pool, move |conn| {
        let total = comments::count_on(conn, target, reader)?;
        let per_page = i64::from(COMMENTS_PER_PAGE);
        if let CommentTarget::List(id) = target
            && lists::summary(conn, id, reader)?.is_none()
        {
            return Err(AppError::NotFound(format!("No list {id}")));
        }
        let total_of =
            |wanted: fn(i64) -> CommentTarget| (target == wanted(target.id())).then_some(total);
        Ok(Json(CommentPage {
            data: comments::on(conn, target, page, reader)?,
            total_pages: (total + per_page - 1) / per_page,
            total_album_comments: total_of(CommentTarget::Album),
            total_review_comments: total_of(CommentTarget::Review),
            total_post_comments: total_of(CommentTarget::Post),
            total_list_comments: total_of(CommentTarget::List),
        }))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/comment/album/{id}",
    tag = "comments",
    params(("id" = i64, Path, description = "Album id"), CommentPageQuery),
    responses((status = 200, description = "Ten a page, newest first; total as totalAlbumComments", body = CommentPage), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
)]
async fn on_album(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(id): AppPath<i64>,
    AppQuery(query): AppQuery<CommentPageQuery>,
) -> AppResult<(Depends, Json<CommentPage>)> {
    let page = page_of(
        state,
        CommentTarget::Album(id),
        query,
        Reader::of(caller.as_ref()),
    )
    .await?;
    Ok((Depends(vec![Topic::AlbumComments(id)]), page))
}

#[utoipa::path(
    get,
    path = "/comment/review/{id}",
    tag = "comments",
    params(("id" = i64, Path, description = "Review id"), CommentPageQuery),
    responses((status = 200, description = "Ten a page, newest first; total as totalReviewComments", body = CommentPage), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
)]
async fn on_review(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(id): AppPath<i64>,
    AppQuery(query): AppQuery<CommentPageQuery>,
) -> AppResult<Json<CommentPage>> {
    page_of(
        state,
        CommentTarget::Review(id),
        query,
        Reader::of(caller.as_ref()),
    )
    .await
}

#[utoipa::path(
    get,
    path = "/comment/post/{id}",
    tag = "comments",
    params(("id" = i64, Path, description = "Post id"), CommentPageQuery),
    responses((status = 200, description = "Ten a page, newest first; total as totalPostComments", body = CommentPage), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
)]
async fn on_post(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(id): AppPath<i64>,
    AppQuery(query): AppQuery<CommentPageQuery>,
) -> AppResult<Json<CommentPage>> {
    page_of(
        state,
        CommentTarget::Post(id),
        query,
        Reader::of(caller.as_ref()),
    )
    .await
}

#[utoipa::path(
    get,
    path = "/comment/list/{id}",
    tag = "comments",
    params(("id" = i64, Path, description = "List id"), CommentPageQuery),
    responses((status = 200, description = "Ten a page, newest first; total as totalListComments", body = CommentPage), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "No list the caller may see", body = ErrorMessage)),
)]
async fn on_list(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(id): AppPath<i64>,
    AppQuery(query): AppQuery<CommentPageQuery>,
) -> AppResult<Json<CommentPage>> {
    page_of(
        state,
        CommentTarget::List(id),
        query,
        Reader::of(caller.as_ref()),
    )
    .await
}

#[utoipa::path(
    get,
    path = "/comment/user/{username}",
    tag = "comments",
    params(("username" = String, Path, description = "Username"), PageQuery),
    responses((status = 200, description = "A member's comments", body = Vec<Comment>), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_user(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(username): AppPath<String>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<Comment>>> {
    let page = query.page(20, LIST_MOST)?;
    run_blocking(&state.pool, move |conn| {
        let user = shared::named(conn, &username)?;
        let reader = Reader::of(caller.as_ref());
        Ok(Json(comments::by_user(conn, user.id, page, reader)?))
    })
    .await
}

/// A recent comment with what it is about, for the home page.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RecentComment {
    comment: Comment,
    #[schema(required)]
    album: Option<Album>,
    #[schema(required)]
    post: Option<PostLink>,
    #[schema(required)]
    review_id: Option<i64>,
    #[schema(required)]
    list: Option<ListLink>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PostLink {
    post_id: i64,
    title: String,
}

/// A list a comment is on, enough to name it and link to it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ListLink {
    list_id: i64,
    slug: String,
    title: String,
}

async fn recent(
    state: AppState,
    kind: CommentKind,
    query: PageQuery,
    reader: Reader,
) -> AppResult<Json<Vec<RecentComment>>> {
    let limit = query.page(RECENT_DEFAULT, 50)?.limit;
    run_blocking(&state.pool, move |conn| {
        let recent = comments::recent(conn, kind, limit, reader)?;
        // A review's comment shows the reviewed album too.
        let mut album_ids = Vec::with_capacity(recent.len());
        for comment in &recent {
            album_ids.push(match (comment.album_id, comment.review_id) {
                (Some(id), _) => Some(id),
                (None, Some(review)) => reviews::by_id(conn, review)?.map(|r| r.album_id),
                _ => None,
            });
        }
        // One read for every album shown, rather than one each.
        let wanted: Vec<i64> = album_ids.iter().flatten().copied().collect();
        let found = albums::by_ids(conn, &wanted, None)?;
        let mut items = Vec::with_capacity(recent.len());
        for (comment, album_id) in recent.into_iter().zip(album_ids) {
            let album = album_id.and_then(|id| found.iter().find(|a| a.album_id == id).cloned());
            let post = match comment.post_id {
                Some(id) => posts::by_id(conn, id)?.map(|p| PostLink {
                    post_id: p.post_id,
                    title: p.title,
                }),
                None => None,
            };
            // The comment is shown only where its list is: naming the list tells no more.
            let list = match comment.list_id {
                Some(id) => lists::slug_and_title(conn, id)?.map(|(slug, title)| ListLink {
                    list_id: id,
                    slug,
                    title,
                }),
                None => None,
            };
            items.push(RecentComment {
                review_id: comment.review_id,
                comment,
                album,
                post,
                list,
            });
        }
        Ok(Json(items))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/comment/recent",
    tag = "comments",
    params(PageQuery),
    responses((status = 200, description = "The newest comments with what they are on", body = Vec<RecentComment>)),
)]
async fn recent_all(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<RecentComment>>> {
    recent(state, CommentKind::All, query, Reader::of(caller.as_ref())).await
}

#[utoipa::path(
    get,
    path = "/comment/recent/album",
    tag = "comments",
    params(PageQuery),
    responses((status = 200, description = "The newest album comments", body = Vec<RecentComment>)),
)]
async fn recent_album(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<RecentComment>>> {
    recent(
        state,
        CommentKind::Album,
        query,
        Reader::of(caller.as_ref()),
    )
    .await
}

#[utoipa::path(
    get,
    path = "/comment/recent/review",
    tag = "comments",
    params(PageQuery),
    responses((status = 200, description = "The newest review comments", body = Vec<RecentComment>)),
)]
async fn recent_review(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<RecentComment>>> {
    recent(
        state,
        CommentKind::Review,
        query,
        Reader::of(caller.as_ref()),
    )
    .await
}

#[utoipa::path(
    get,
    path = "/comment/recent/post",
    tag = "comments",
    params(PageQuery),
    responses((status = 200, description = "The newest post comments", body = Vec<RecentComment>)),
)]
async fn recent_post(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<RecentComment>>> {
    recent(state, CommentKind::Post, query, Reader::of(caller.as_ref())).await
}
