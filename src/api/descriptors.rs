//! Descriptors: the fixed vocabulary (`/api/descriptors`), the words members
//! applied to an album (`/api/album/{id}/descriptors`), and a descriptor's
//! page of the albums it is strong for (`/api/descriptor/{slug}`).

use std::collections::HashMap;
use utoipa_axum::{router::OpenApiRouter, routes};

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::openapi::Writes;
use super::{AppJson, AppPath, AppQuery, AppState, CurrentUser, MaybeUser};
use crate::db::albums::{self, Album};
use crate::db::{descriptors, ratings, run_blocking};
use crate::domain::descriptors::{
    Descriptor, DescriptorKind, MOST_A_MEMBER, MOST_SHOWN, STRONG_ENOUGH, VOCABULARY, find,
};
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::paging::PageQuery;

const DEFAULT_LIMIT: u32 = 24;
const MOST_LIMIT: u32 = 100;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(vocabulary))
        .routes(routes!(descriptor_page))
        .routes(routes!(of_album, describe))
}

#[utoipa::path(
    get,
    path = "/descriptors",
    tag = "catalogue",
    responses((status = 200, description = "Every descriptor members may apply, grouped by kind", body = Vec<Descriptor>)),
)]
async fn vocabulary() -> Json<&'static [Descriptor]> {
    Json(VOCABULARY)
}

/// One descriptor applied to an album, and by how many members.
#[derive(Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AppliedDescriptor {
    slug: &'static str,
    name: &'static str,
    kind: DescriptorKind,
    members: u32,
}

/// An album's descriptors as its page shows them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AlbumDescriptors {
    /// What the page shows as the album's: applied by at least
    /// `strongEnough` members, the most applied first, at most 6.
    strongest: Vec<AppliedDescriptor>,
    /// Every descriptor applied, the most applied first.
    applied: Vec<AppliedDescriptor>,
    /// The slugs the reader applied; empty when signed out.
    mine: Vec<String>,
    /// Whether the reader rated the album, as describing it needs.
    can_describe: bool,
    strong_enough: u32,
    most_a_member: u32,
}

fn no_album(id: i64) -> AppError {
    AppError::NotFound(format!("No album with id {id}"))
}

fn descriptors_of(
    conn: &rusqlite::Connection,
    id: i64,
    reader: Option<i64>,
) -> AppResult<AlbumDescriptors> {
    if !albums::exists(conn, id)? {
        return Err(no_album(id));
    }
    // A word since taken out of the vocabulary is not shown.
    let applied: Vec<AppliedDescriptor> = descriptors::of_album(conn, id)?
        .into_iter()
        .filter_map(|(slug, members)| {
            find(&slug).map(|d| AppliedDescriptor {
                slug: d.slug,
                name: d.name,
                kind: d.kind,
                members,
            })
        })
        .collect();
    let strongest = applied
        .iter()
        .filter(|a| a.members >= STRONG_ENOUGH)
        .take(MOST_SHOWN)
        .copied()
        .collect();
    let (mine, can_describe) = match reader {
        Some(user_id) => (
            descriptors::mine(conn, user_id, id)?,
            ratings::number_of(conn, user_id, id)?.is_some(),
        ),
        None => (Vec::new(), false),
    };
    Ok(AlbumDescriptors {
        strongest,
        applied,
        mine,
        can_describe,
        strong_enough: STRONG_ENOUGH,
        most_a_member: MOST_A_MEMBER as u32,
    })
}

#[utoipa::path(
    get,
    path = "/album/{id}/descriptors",
    tag = "catalogue",
    params(("id" = i64, Path, description = "Album id")),
    responses((status = 200, description = "The descriptors members applied to the album, its strongest, and the reader's own", body = AlbumDescriptors), (status = 404, description = "No such album", body = ErrorMessage)),
    security((), ("bearer" = []))
)]
async fn of_album(
    State(state): State<AppState>,
    MaybeUser(reader): MaybeUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<AlbumDescriptors>> {
    let reader = reader.map(|user| user.id);
    let answer = run_blocking(&state.pool, move |conn| descriptors_of(conn, id, reader)).await?;
    Ok(Json(answer))
}

#[derive(Deserialize, ToSchema)]
struct Describing {
    /// Descriptors by slug or name: at most 8; empty takes them back.
    descriptors: Vec<String>,
}

#[utoipa::path(
    put,
    path = "/album/{id}/descriptors",
    tag = "catalogue",
    params(("id" = i64, Path, description = "Album id")),
    request_body = Describing,
    responses(Writes, (status = 200, description = "The caller's descriptors of the album replaced", body = AlbumDescriptors), (status = 400, description = "A word not in the vocabulary, a word twice, or too many", body = ErrorMessage), (status = 404, description = "No such album", body = ErrorMessage), (status = 409, description = "The caller has not rated the album", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn describe(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppJson(describing): AppJson<Describing>,
) -> AppResult<Json<AlbumDescriptors>> {
    let chosen = checked(&describing.descriptors)?;
    state
        .writer
        .write(move |conn| {
            if !albums::exists(conn, id)? {
                return Err(no_album(id));
            }
            if ratings::number_of(conn, user.id, id)?.is_none() {
                return Err(AppError::Conflict(
                    "Rate the album before describing it".to_owned(),
                ));
            }
            descriptors::replace_mine(conn, user.id, id, &chosen, &now())?;
            Ok(Json(descriptors_of(conn, id, Some(user.id))?))
        })
        .await
}

/// The slugs of the words asked for, refused whole when one is unknown or
/// named twice, or there are too many.
fn checked(words: &[String]) -> AppResult<Vec<&'static str>> {
    if words.len() > MOST_A_MEMBER {
        return Err(AppError::BadRequest(format!(
            "descriptors: at most {MOST_A_MEMBER} an album"
        )));
    }
    let mut chosen: Vec<&'static str> = Vec::with_capacity(words.len());
    for word in words {
        let descriptor = find(word).ok_or_else(|| {
            AppError::BadRequest(format!(
                "descriptors: \"{}\" is not one of the descriptors",
                word.chars().take(60).collect::<String>()
            ))
        })?;
        if chosen.contains(&descriptor.slug) {
            return Err(AppError::BadRequest(format!(
                "descriptors: {} is named twice",
                descriptor.name
            )));
        }
        chosen.push(descriptor.slug);
    }
    Ok(chosen)
}

/// An album a descriptor is strong for.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DescribedAlbum {
    /// Members who applied the descriptor to it.
    members: u32,
    album: Album,
}

/// A descriptor's page.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DescriptorPage {
    descriptor: Descriptor,
    /// A page of the albums at least `strongEnough` members applied it to,
    /// the most applied first.
    albums: Vec<DescribedAlbum>,
    strong_enough: u32,
}

#[utoipa::path(
    get,
    path = "/descriptor/{slug}",
    tag = "catalogue",
    params(("slug" = String, Path, description = "Descriptor slug or name"), PageQuery),
    responses((status = 200, description = "The descriptor and a page of the albums it is strong for", body = DescriptorPage), (status = 400, description = "A bad page or limit", body = ErrorMessage), (status = 404, description = "No such descriptor", body = ErrorMessage)),
    security((), ("bearer" = []))
)]
async fn descriptor_page(
    State(state): State<AppState>,
    MaybeUser(reader): MaybeUser,
    AppPath(slug): AppPath<String>,
    AppQuery(paging): AppQuery<PageQuery>,
) -> AppResult<Json<DescriptorPage>> {
    let page = paging.page(DEFAULT_LIMIT, MOST_LIMIT)?;
    let descriptor = *find(&slug).ok_or_else(|| {
        AppError::NotFound(format!(
            "No descriptor called {}",
            slug.chars().take(60).collect::<String>()
        ))
    })?;
    let viewer = reader.map(|user| user.id);
    run_blocking(&state.pool, move |conn| {
        let strong = descriptors::albums_of(conn, descriptor.slug, STRONG_ENOUGH, page)?;
        let ids: Vec<i64> = strong.iter().map(|(id, _)| *id).collect();
        let mut members: HashMap<i64, u32> = strong.into_iter().collect();
        // by_ids answers in the order asked.
        let albums = albums::by_ids(conn, &ids, viewer)?
            .into_iter()
            .map(|album| DescribedAlbum {
                members: members.remove(&album.album_id).unwrap_or_default(),
                album,
            })
            .collect();
        Ok(Json(DescriptorPage {
            descriptor,
            albums,
            strong_enough: STRONG_ENOUGH,
        }))
    })
    .await
}
