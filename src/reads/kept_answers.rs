//! Answers to reads, kept until a write changes what they show. Most reads
//! ask for the same pages (home, the charts, popular albums and their album
//! pages) and those answers are the same for every caller, signed in or not,
//! except for the caller's own ratings; those are read in one small indexed
//! query and put into the shared answer (`own_ratings`).
//!
//! A read may say which albums and members its answer shows (`Depends`),
//! and a write which ones it changed (`Touched`): such an answer ends only
//! when a write touches one of them, or when a write that names nothing
//! (a catalogue edit, a renamed member) succeeds. An answer that names
//! nothing ends at any write. Writes made by another process (the CLI's
//! imports and role changes) end every answer.
//!
//! Each answer shared as it is carries an `ETag`, so a browser revalidating
//! a page it has gets a bodyless 304. Every answer that could be shared says
//! in `Cache-Status` (RFC 9211) whether it came from memory.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::body::HttpBody;
use axum::body::{Body, Bytes};
use axum::extract::{FromRequestParts, MatchedPath, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, IntoResponseParts, Response, ResponseParts};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use moka::sync::Cache;
use sha2::{Digest, Sha256};

use super::own_ratings::{self, RatingSlots};
use crate::db::OutsideWrites;
use crate::db::engine::writer::tallying;
use crate::db::hidden::Reader;
use crate::db::users::User;
use crate::error::AppError;
use crate::http::MaybeUser;
use crate::server::AppState;

/// Bigger answers (long lists) are served fresh rather than held in memory.
const MOST_KEPT_BYTES: u64 = 256 * 1024;
/// Roughly how many bytes of answers are kept in all.
const KEPT_BYTES: u64 = 16 * 1024 * 1024;
/// Albums and members share this many places for the time of their latest
/// write; two sharing a place only end each other's answers a little early.
const TOPIC_PLACES: usize = 1 << 16;

/// Routes whose answers are the same for every caller but admins and the
/// authors of hidden items, who are shown those too (and get answers of
/// their own).
const SAME_FOR_EVERYONE: &[&str] = &[
    "/api/rating/album/{album_id}",
    "/api/rating/album/{album_id}/distribution",
    "/api/review/{album_title}",
    "/api/comment/album/{id}",
    "/api/user/username/{username}",
    "/api/user/username/{username}/stats",
    "/api/artist/name/{name}",
    // Findable lists only: public and not hidden, for everyone alike.
    "/api/list/popular",
    "/api/list/album/{album_id}",
    "/api/search",
    "/api/genre",
    "/api/genre/name/{genre}",
    // Comments on reviews and posts: no list's visibility decides them.
    "/api/comment/recent/album",
    "/api/comment/recent/review",
    "/api/comment/recent/post",
    "/api/comment/review/{id}",
    "/api/comment/post/{id}",
    "/api/post/recent",
    "/api/post/user/{username}",
    "/api/review/featured",
    "/api/review/recent",
    "/api/review/user/{username}",
    "/api/reviewvote/review/{id}",
    "/api/reviewvote/post/{id}",
    "/api/reviewvote/user/{username}",
    "/api/shout/user/{username}",
    // Diaries and years in music: public, the same for every reader.
    "/api/user/username/{username}/diary",
    "/api/user/username/{username}/years",
    "/api/user/username/{username}/year/{year}",
    "/api/year/{year}/community",
];

/// Routes whose answers differ by caller only in the `userRating` of the
/// albums they list.
const SAME_BUT_OWN_RATINGS: &[&str] = &[
    "/api/album/name/{artist}/{title}",
    "/api/album/name/{title}",
    "/api/album/artist/{artist_name}",
    "/api/album/popular-albums",
    "/api/rating/user/{user_id}",
    "/api/rating/user/name/{username}",
    "/api/wishlistitem/user/{user_id}",
    "/api/genre/top-rated/{genre}",
    "/api/genre/top-rated/{year}/{genre}",
    "/api/album/top-albums/year/{year}",
];

/// What an answer or a write is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Topic {
    Album(i64),
    /// The comments on an album, which its other answers do not show.
    AlbumComments(i64),
    Member(i64),
    List(i64),
}

impl Topic {
    fn place(self) -> usize {
        let (kind, id) = match self {
            Self::Album(id) => (0u64, id),
            Self::AlbumComments(id) => (1u64, id),
            Self::Member(id) => (2u64, id),
            Self::List(id) => (3u64, id),
        };
        // Fibonacci hashing: neighbouring ids land far apart.
        let key = (id as u64).wrapping_mul(4).wrapping_add(kind);
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as usize % TOPIC_PLACES
    }
}

/// Part of a read's response: its answer shows only these albums and
/// members (besides what writes that name nothing change).
#[derive(Debug, Clone)]
pub struct Depends(pub Vec<Topic>);

impl Depends {
    pub fn member_and_albums(member: i64, albums: impl IntoIterator<Item = i64>) -> Self {
        let mut topics = vec![Topic::Member(member)];
        topics.extend(albums.into_iter().map(Topic::Album));
        Self(topics)
    }
}

/// Part of a write's response: it changed only these albums and members.
/// None at all: it changed nothing a kept answer shows (a notification
/// read, a step of an import), or nothing at all, and ends no answer.
#[derive(Debug, Clone)]
pub struct Touched(pub Vec<Topic>);

impl Touched {
    pub fn nothing_shared() -> Self {
        Self(Vec::new())
    }
}

/// Both travel to the middleware in the response's extensions.
macro_rules! response_part {
    ($($part:ty),*) => {$(
        impl IntoResponseParts for $part {
            type Error = std::convert::Infallible;

            fn into_response_parts(self, mut res: ResponseParts) -> Result<ResponseParts, Self::Error> {
                res.extensions_mut().insert(self);
                Ok(res)
            }
        }
    )*};
}

response_part!(Depends, Touched);

#[derive(Clone)]
pub struct KeptAnswers {
    inner: Option<Arc<Inner>>,
}

/// The times kept here are positions in the sequence of successful writes.
struct Inner {
    answers: Cache<String, Arc<Answer>>,
    writes: AtomicU64,
    /// The latest write of any kind.
    latest_write: AtomicU64,
    /// The latest write that did not say what it touched.
    latest_broad_write: AtomicU64,
    /// The latest write that touched a topic in each place.
    latest_on_topic: Box<[AtomicU64]>,
}

struct Answer {
    kept_at: u64,
    outside_writes: u64,
    /// The places of the topics it depends on; `None`: on every write.
    topics: Option<Box<[u32]>>,
    headers: HeaderMap,
    etag: HeaderValue,
    body: Bytes,
    own_ratings: RatingSlots,
}

impl KeptAnswers {
    /// Answers kept for at most `keep`; zero keeps none.
    pub fn new(keep: Duration) -> Self {
        let inner = (!keep.is_zero()).then(|| {
            Arc::new(Inner {
                answers: Cache::builder()
                    .max_capacity(KEPT_BYTES)
                    .weigher(|key: &String, answer: &Arc<Answer>| {
                        u32::try_from(key.len() + answer.body.len()).unwrap_or(u32::MAX)
                    })
                    .time_to_live(keep)
                    .build(),
                writes: AtomicU64::new(0),
                latest_write: AtomicU64::new(0),
                latest_broad_write: AtomicU64::new(0),
                latest_on_topic: (0..TOPIC_PLACES).map(|_| AtomicU64::new(0)).collect(),
            })
        });
        Self { inner }
    }
}

impl KeptAnswers {
    /// A write made off any request's path (a background worker's) ends
    /// the answers that show what it touched, as a request's write would.
    pub fn note_background_write(&self, touched: &Touched) {
        if let Some(inner) = &self.inner {
            inner.note_write(Some(touched));
        }
    }

    /// A background write that may show anywhere (an album added to the
    /// catalogue: its artist's page, charts, search) ends every answer.
    pub fn note_broad_background_write(&self) {
        if let Some(inner) = &self.inner {
            inner.note_write(None);
        }
    }
}

impl Default for KeptAnswers {
    fn default() -> Self {
        Self::new(Duration::ZERO)
    }
}

impl Inner {
    fn note_write(&self, touched: Option<&Touched>) {
        if touched.is_some_and(|Touched(topics)| topics.is_empty()) {
            return;
        }
        let at = self.writes.fetch_add(1, Ordering::SeqCst) + 1;
        match touched {
            Some(Touched(topics)) => {
                for topic in topics {
                    self.latest_on_topic[topic.place()].fetch_max(at, Ordering::SeqCst);
                }
            }
            None => {
                self.latest_broad_write.fetch_max(at, Ordering::SeqCst);
            }
        }
        self.latest_write.fetch_max(at, Ordering::SeqCst);
    }

    /// Whether an answer still shows what it would show now: no write it
    /// depends on, and no other process's write, came after what it was
    /// made from.
    fn is_current(&self, answer: &Answer, outside_writes: u64) -> bool {
        let at = answer.kept_at;
        if answer.outside_writes != outside_writes {
            return false;
        }
        match answer.topics.as_deref() {
            None => self.latest_write.load(Ordering::SeqCst) <= at,
            Some(places) => {
                self.latest_broad_write.load(Ordering::SeqCst) <= at
                    && places
                        .iter()
                        .all(|&p| self.latest_on_topic[p as usize].load(Ordering::SeqCst) <= at)
            }
        }
    }
}

/// How a route's answers may be shared.
#[derive(Clone, Copy, PartialEq)]
enum Sharing {
    /// Only the answers to visitors who are not signed in.
    Anonymous,
    SameForEveryone,
    SameButOwnRatings,
}

fn sharing_of(request: &Request) -> Sharing {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(MatchedPath::as_str)
        .unwrap_or_default();
    if SAME_FOR_EVERYONE.contains(&route) {
        Sharing::SameForEveryone
    } else if SAME_BUT_OWN_RATINGS.contains(&route) {
        Sharing::SameButOwnRatings
    } else {
        Sharing::Anonymous
    }
}

/// The middleware: serves a kept answer when there is a current one (with
/// the caller's own ratings put in), keeps new ones, and notes writes.
pub async fn serve_or_keep(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let Some(inner) = state.kept_answers.inner.clone() else {
        return next.run(request).await;
    };
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        let (response, changed_rows) = tallying(next.run(request)).await;
        // After the write has committed, so no answer read before it
        // survives. A refused write changed nothing (each is one
        // transaction), and neither did one that changed no row, so they
        // leave the kept answers be: otherwise anyone could empty them
        // with a stream of bad or empty requests.
        if response.status().is_success() && changed_rows {
            inner.note_write(response.extensions().get::<Touched>());
        }
        return response;
    }
    let sharing = sharing_of(&request);
    let signed_in = request.headers().contains_key(header::AUTHORIZATION);
    let (request, viewer) = match (signed_in, sharing) {
        (false, _) => (request, None),
        (true, Sharing::Anonymous) => return next.run(request).await,
        (true, sharing) => {
            let (request, caller) = match caller_of(&state, request).await {
                Ok(found) => found,
                Err(refused) => return refused.into_response(),
            };
            if sharing == Sharing::SameForEveryone
                && caller.as_ref().is_some_and(Reader::sees_more_than_visitors)
            {
                return next.run(request).await;
            }
            let viewer = match sharing {
                Sharing::SameButOwnRatings => caller.map(|user| user.id),
                _ => None,
            };
            (as_visitor(request), viewer)
        }
    };
    let revalidating = request.headers().get(header::IF_NONE_MATCH).cloned();
    let (answer, status) =
        match kept_or_made(&inner, state.outside_writes.clone(), request, next).await {
            Ok(found) => found,
            Err(response) => return response,
        };
    let mut response = match viewer {
        None => answer.respond(revalidating.as_ref()),
        Some(user_id) => match answer.for_member(&state, user_id).await {
            Ok(response) => response,
            Err(error) => return error.into_response(),
        },
    };
    response
        .headers_mut()
        .insert(CACHE_STATUS, HeaderValue::from_static(status));
    response
}

const CACHE_STATUS: header::HeaderName = header::HeaderName::from_static("cache-status");
const FROM_MEMORY: &str = "halfstar; hit";
const MADE_AND_KEPT: &str = "halfstar; fwd=miss; stored";
const MADE: &str = "halfstar; fwd=miss";

/// The caller of a signed-in request. A token that no longer works answers
/// 401, as the route's own handler would.
async fn caller_of(
    state: &AppState,
    request: Request,
) -> Result<(Request, Option<User>), AppError> {
    let (mut parts, body) = request.into_parts();
    let MaybeUser(user) = MaybeUser::from_request_parts(&mut parts, state).await?;
    Ok((Request::from_parts(parts, body), user))
}

/// The request as a visitor would send it: its answer is then the shared one.
fn as_visitor(mut request: Request) -> Request {
    request.headers_mut().remove(header::AUTHORIZATION);
    request
}

/// The current kept answer of the request, or one made now (and kept when
/// nothing it shows was written meanwhile); an answer that cannot be shared
/// (an error, a long list) comes back as the response to send.
async fn kept_or_made(
    inner: &Inner,
    outside: OutsideWrites,
    request: Request,
    next: Next,
) -> Result<(Arc<Answer>, &'static str), Response> {
    let key = request.uri().to_string();
    let outside_writes = outside.count();
    if let Some(answer) = inner.answers.get(&key)
        && inner.is_current(&answer, outside_writes)
    {
        return Ok((answer, FROM_MEMORY));
    }

    let writes_before = inner.writes.load(Ordering::SeqCst);
    let response = next.run(request).await;
    if response.status() != StatusCode::OK {
        return Err(response);
    }
    let small = response
        .body()
        .size_hint()
        .upper()
        .is_some_and(|bytes| bytes <= MOST_KEPT_BYTES);
    let (mut parts, body) = response.into_parts();
    let body = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(body) => body,
        Err(error) => return Err(AppError::Internal(anyhow::anyhow!(error)).into_response()),
    };
    let topics = parts.extensions.remove::<Depends>().map(|Depends(topics)| {
        topics
            .iter()
            .map(|topic| topic.place() as u32)
            .collect::<Box<[u32]>>()
    });
    let answer = Arc::new(Answer {
        kept_at: writes_before,
        outside_writes,
        etag: etag_of(&body),
        own_ratings: RatingSlots::find(&body),
        topics,
        headers: parts.headers,
        body,
    });
    // Kept only if nothing it shows was written while it was being made.
    if small && inner.is_current(&answer, outside.count()) {
        inner.answers.insert(key, answer.clone());
        return Ok((answer, MADE_AND_KEPT));
    }
    Ok((answer, MADE))
}

impl Answer {
    fn respond(&self, revalidating: Option<&HeaderValue>) -> Response {
        if revalidating == Some(&self.etag) {
            return (
                StatusCode::NOT_MODIFIED,
                [(header::ETAG, self.etag.clone())],
            )
                .into_response();
        }
        let mut headers = self.headers.clone();
        headers.insert(header::ETAG, self.etag.clone());
        (headers, Body::from(self.body.clone())).into_response()
    }

    /// The answer with a member's own ratings put in. It carries no `ETag`:
    /// their ratings change without the shared answer changing.
    async fn for_member(&self, state: &AppState, user_id: i64) -> Result<Response, AppError> {
        let body = own_ratings::put_in(state, &self.own_ratings, &self.body, user_id).await?;
        Ok((self.headers.clone(), Body::from(body)).into_response())
    }
}

fn etag_of(body: &[u8]) -> HeaderValue {
    let digest = URL_SAFE_NO_PAD.encode(&Sha256::digest(body)[..12]);
    HeaderValue::from_str(&format!("\"{digest}\"")).expect("base64url is a valid header value")
}
