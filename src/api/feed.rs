//! The signed-in member's activity feed.

use std::collections::HashMap;
use utoipa_axum::{router::OpenApiRouter, routes};

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::openapi::SignedIn;
use super::reviews::preview;
use super::{AppQuery, AppState, CurrentUser};
use crate::db::diary::{self, DiaryEntry};
use crate::db::feed::{self, Cursor, Event, EventKind};
use crate::db::hidden::Reader;
use crate::db::users::Author;
use crate::db::{albums, lists, posts, reviews, run_blocking};
use crate::error::{AppError, AppResult, ErrorMessage};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(read_feed))
}

/// Ratings in a row by one member are told as one item of at most this many
/// albums ("rated 6 albums" counts them all).
const ALBUMS_SHOWN: usize = 6;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct FeedQuery {
    /// The `cursor` of the last item already shown.
    before: Option<String>,
    /// How many events, 1 to 50 (20 when absent); ratings grouped make fewer items.
    #[param(minimum = 1, maximum = 50)]
    limit: Option<u32>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct FeedAlbum {
    album_id: i64,
    title: String,
    slug: String,
    artist: String,
    artist_slug: String,
    picture_url: String,
    /// The member's rating of it, for a rating or a listen.
    #[schema(required)]
    rating: Option<f64>,
    /// The day of a listen.
    #[schema(required)]
    listened_on: Option<String>,
    /// Whether a listen was a re-listen.
    relisten: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct FeedItem {
    /// Pass as `before` to read on from this item.
    cursor: String,
    kind: EventKind,
    /// The newest event of the item.
    at: String,
    /// Who did it; null for a new album.
    #[schema(required)]
    actor: Option<Author>,
    /// How many events it stands for: ratings, track ratings or listens in a
    /// row by one member.
    count: usize,
    albums: Vec<FeedAlbum>,
    /// A review's, post's or shout's first words; a list's title; a single
    /// listen's note; the tracks rated, with their ratings.
    text: String,
    /// The page it is about.
    link: String,
    /// Whose profile a shout is on.
    #[schema(required)]
    recipient: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct Feed {
    items: Vec<FeedItem>,
    /// Pass as `before` for the next page; null at the end.
    #[schema(required)]
    next: Option<String>,
}

#[utoipa::path(
    get,
    path = "/feed",
    tag = "follows",
    params(FeedQuery),
    responses(SignedIn, (status = 200, description = "What the members the caller follows did, and new albums of the artists they follow, newest first", body = Feed), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn read_feed(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppQuery(query): AppQuery<FeedQuery>,
) -> AppResult<Json<Feed>> {
    let limit = query.limit.unwrap_or(20);
    if !(1..=50).contains(&limit) {
        return Err(AppError::BadRequest("limit must be 1 to 50".to_owned()));
    }
    let before = match query.before.as_deref() {
        Some(text) => Some(Cursor::decode(text).ok_or_else(|| {
            AppError::BadRequest("before must be the cursor of a feed item".to_owned())
        })?),
        None => None,
    };
    run_blocking(&state.pool, move |conn| {
        let events = feed::events(conn, caller.id, before.as_ref(), limit)?;
        let next = (events.len() == limit as usize)
            .then(|| events.last().map(cursor_of))
            .flatten();
        let groups = grouped(events);
        let shelf = Shelf::read(conn, &groups)?;
        let mut items = Vec::new();
        for group in groups {
            if let Some(item) = item_of(conn, &shelf, group)? {
                items.push(item);
            }
        }
        Ok(Json(Feed { items, next }))
    })
    .await
}

fn cursor_of(event: &Event) -> String {
    Cursor {
        at: event.at.clone(),
        kind: event.kind,
        id: event.id,
    }
    .encode()
}

/// A member's ratings in a row go together, and so do their track ratings
/// and their listens; everything else stands alone.
fn grouped(events: Vec<Event>) -> Vec<Vec<Event>> {
    let mut groups: Vec<Vec<Event>> = Vec::new();
    for event in events {
        let joins_last = groups.last().is_some_and(|group| {
            let last = &group[0];
            matches!(
                event.kind,
                EventKind::Rating | EventKind::TrackRating | EventKind::Listen
            ) && last.kind == event.kind
                && last.actor.as_ref().map(|a| a.user_id) == event.actor.as_ref().map(|a| a.user_id)
        });
        match groups.last_mut() {
            Some(group) if joins_last => group.push(event),
            _ => groups.push(vec![event]),
        }
    }
    groups
}

fn feed_album(album: albums::Album, rating: Option<f64>) -> FeedAlbum {
    FeedAlbum {
        album_id: album.album_id,
        title: album.title,
        slug: album.slug,
        artist: album.artist,
        artist_slug: album.artist_slug,
        picture_url: album.picture_url,
        rating,
        listened_on: None,
        relisten: false,
    }
}

/// The ratings and albums a page of the feed shows, read in two queries
/// rather than one or two an item.
struct Shelf {
    ratings: HashMap<i64, (i64, f64)>,
    tracks: HashMap<(i64, i64), feed::RatedTrack>,
    listens: HashMap<i64, DiaryEntry>,
    albums: HashMap<i64, albums::Album>,
}

impl Shelf {
    fn read(conn: &rusqlite::Connection, groups: &[Vec<Event>]) -> AppResult<Self> {
        let rating_ids: Vec<i64> = groups
            .iter()
            .filter(|group| group[0].kind == EventKind::Rating)
            .flat_map(|group| group.iter().take(ALBUMS_SHOWN).map(|event| event.id))
            .collect();
        let ratings = feed::ratings(conn, &rating_ids)?;
        let rated_tracks: Vec<(i64, i64)> = groups
            .iter()
            .filter(|group| group[0].kind == EventKind::TrackRating)
            .flat_map(|group| group.iter().take(ALBUMS_SHOWN))
            .filter_map(|event| Some((event.actor.as_ref()?.user_id, event.id)))
            .collect();
        let tracks = if rated_tracks.is_empty() {
            HashMap::new()
        } else {
            feed::track_ratings(conn, &rated_tracks)?
        };
        let listen_ids: Vec<i64> = groups
            .iter()
            .filter(|group| group[0].kind == EventKind::Listen)
            .flat_map(|group| group.iter().take(ALBUMS_SHOWN).map(|event| event.id))
            .collect();
        let listens = if listen_ids.is_empty() {
            HashMap::new()
        } else {
            diary::by_ids(conn, &listen_ids)?
                .into_iter()
                .map(|entry| (entry.entry_id, entry))
                .collect()
        };
        let mut album_ids: Vec<i64> = ratings.values().map(|(album, _)| *album).collect();
        album_ids.extend(tracks.values().map(|track| track.album_id));
        album_ids.extend(
            groups
                .iter()
                .filter(|group| group[0].kind == EventKind::NewAlbum)
                .map(|group| group[0].id),
        );
        album_ids.sort_unstable();
        album_ids.dedup();
        let albums = albums::by_ids(conn, &album_ids, None)?
            .into_iter()
            .map(|album| (album.album_id, album))
            .collect();
        Ok(Self {
            ratings,
            tracks,
            listens,
            albums,
        })
    }
}

/// The item a group of events makes; none when what it is about is gone.
fn item_of(
    conn: &rusqlite::Connection,
    shelf: &Shelf,
    group: Vec<Event>,
) -> AppResult<Option<FeedItem>> {
    let last = group.last().map(cursor_of).unwrap_or_default();
    let first = &group[0];
    let mut item = FeedItem {
        cursor: last,
        kind: first.kind,
        at: first.at.clone(),
        actor: first.actor.clone(),
        count: group.len(),
        albums: Vec::new(),
        text: String::new(),
        link: String::new(),
        recipient: None,
    };
    match first.kind {
        EventKind::Rating => {
            item.albums = group
                .iter()
                .take(ALBUMS_SHOWN)
                .filter_map(|event| {
                    let (album, number) = shelf.ratings.get(&event.id)?;
                    let album = shelf.albums.get(album)?.clone();
                    Some(feed_album(album, Some(*number)))
                })
                .collect();
            let Some(album) = item.albums.first() else {
                return Ok(None);
            };
            item.link = format!("/albums/{}/{}", album.artist_slug, album.slug);
        }
        EventKind::TrackRating => {
            let actor = first.actor.as_ref().map_or(0, |a| a.user_id);
            let rated: Vec<&feed::RatedTrack> = group
                .iter()
                .take(ALBUMS_SHOWN)
                .filter_map(|event| shelf.tracks.get(&(actor, event.id)))
                .collect();
            if rated.is_empty() {
                return Ok(None);
            }
            item.text = rated
                .iter()
                .map(|track| format!("{} {:.1}", track.title, track.number))
                .collect::<Vec<_>>()
                .join(", ");
            let mut shown: Vec<i64> = Vec::new();
            for track in &rated {
                if !shown.contains(&track.album_id)
                    && let Some(album) = shelf.albums.get(&track.album_id)
                {
                    shown.push(track.album_id);
                    // The numbers are the tracks', in the text, not the album's.
                    item.albums.push(feed_album(album.clone(), None));
                }
            }
            let Some(album) = item.albums.first() else {
                return Ok(None);
            };
            item.link = format!("/albums/{}/{}", album.artist_slug, album.slug);
        }
        EventKind::Listen => {
            let listens: Vec<&DiaryEntry> = group
                .iter()
                .take(ALBUMS_SHOWN)
                .filter_map(|event| shelf.listens.get(&event.id))
                .collect();
            let (Some(single), Some(actor)) = (listens.first(), first.actor.as_ref()) else {
                return Ok(None);
            };
            item.link = if group.len() == 1 {
                item.text = preview(&single.note);
                format!("/albums/{}/{}", single.album.artist_slug, single.album.slug)
            } else {
                format!("/user/{}/diary", actor.username)
            };
            item.albums = listens
                .into_iter()
                .map(|entry| FeedAlbum {
                    album_id: entry.album.album_id,
                    title: entry.album.title.clone(),
                    slug: entry.album.slug.clone(),
                    artist: entry.album.artist.clone(),
                    artist_slug: entry.album.artist_slug.clone(),
                    picture_url: entry.album.picture_url.clone(),
                    rating: entry.rating.filter(|_| first.ratings_shown),
                    listened_on: Some(entry.listened_on.clone()),
                    relisten: entry.relisten,
                })
                .collect();
        }
        EventKind::Review => {
            let Some(review) = reviews::by_id(conn, first.id)? else {
                return Ok(None);
            };
            item.text = preview(&review.review_text);
            item.link = format!("/review/{}/{}", review.album_slug, review.review_id);
            item.albums.push(FeedAlbum {
                album_id: review.album_id,
                title: review.album_title,
                slug: review.album_slug,
                artist: review.artist,
                artist_slug: review.artist_slug,
                picture_url: review.album_picture_url,
                rating: review.review_rating,
                listened_on: None,
                relisten: false,
            });
        }
        EventKind::List => {
            let Some(list) = lists::summary(conn, first.id, Reader::VISITOR)? else {
                return Ok(None);
            };
            item.text = list.title;
            item.link = format!("/list/{}/{}", list.list_id, list.slug);
        }
        EventKind::Post => {
            let Some(post) = posts::by_id(conn, first.id)? else {
                return Ok(None);
            };
            item.text = preview(&format!("{}: {}", post.title, post.post_text));
            item.link = format!("/post/{}", post.post_id);
        }
        EventKind::Shout => {
            let Some((text, recipient)) = feed::shout(conn, first.id)? else {
                return Ok(None);
            };
            item.text = preview(&text);
            item.link = format!("/user/{recipient}#shout-{}", first.id);
            item.recipient = Some(recipient);
        }
        EventKind::NewAlbum => {
            let Some(album) = shelf.albums.get(&first.id).cloned() else {
                return Ok(None);
            };
            item.link = format!("/albums/{}/{}", album.artist_slug, album.slug);
            item.text = format!("New album by {}: {}", album.artist, album.title);
            item.albums.push(feed_album(album, None));
        }
    }
    Ok(Some(item))
}
