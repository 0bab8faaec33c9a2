//! The part of ListenBrainz's API that music players and scrobblers call
//! (`validate-token`, `submit-listens`, and reading a member's own listens
//! back, as scrobblers do to send nothing twice), under `/apis/listenbrainz/1/` as
//! other self-hosted servers serve it, and under `/1/` for clients that
//! take only a host (liblistenbrainz joins `/1/...` to its base address).
//! The caller is the member of `Authorization: Token <player token>`.
//! Errors answer as ListenBrainz does, `{"code", "error"}`, with the API's
//! own `"message"` beside them.

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, header};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use super::member_tokens as member_tokens_api;
use super::{AppPath, AppQuery, AppState, ClientAddress};
use crate::auth::token_hash;
use crate::db::member_tokens::{self, TokenKind};
use crate::db::player_listens::{Play, PlaysWanted};
use crate::db::users::User;
use crate::db::{player_listens, run_blocking, users};
use crate::domain::timestamp::{self, now};
use crate::error::{AppError, AppResult};
use crate::http::allowances::PLAYER_SUBMIT_PATH;
use crate::http::client_seen::ClientSeen;
use crate::http::extract::note_caller;
use crate::http::security_log;
use crate::http::suspension::refuse_key_if_suspended;
use crate::http::write_limits;
use crate::player_listens::payload::{self, ListenType};
use crate::player_listens::sittings;
use crate::reads::kept_answers::{Topic, Touched};

/// The most a `submit-listens` body may hold: a full `import` of 1,000
/// listens with their additional information fits in well under this.
pub const MOST_SUBMISSION_BYTES: usize = 2 * 1024 * 1024;

/// The routes, to be nested at `/apis/listenbrainz/1` and at `/1`. The
/// rest of ListenBrainz's API answers 404, as ListenBrainz's JSON error.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(validate_token))
        .routes(routes!(listens))
        .routes(routes!(submit_listens).layer(DefaultBodyLimit::max(MOST_SUBMISSION_BYTES)))
        .fallback(super::unknown_api_path)
        .layer(axum::middleware::map_response(as_listenbrainz_error))
}

/// The member of a request's player token, admitted to write: not
/// suspended, and within their allowance of submissions.
pub struct PlayerMember(pub User);

/// The token of `Authorization: Token <token>`.
fn player_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("token")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

fn not_signed_in() -> AppError {
    AppError::Unauthorized(
        "Not signed in: send your player token (made in Settings) as \"Authorization: Token <token>\""
            .to_owned(),
    )
}

/// The member of a player token, and when it was last used.
async fn member_of(state: &AppState, token: &str) -> AppResult<Option<(User, Option<String>)>> {
    let hash = token_hash(token);
    run_blocking(
        &state.pool,
        move |conn| match member_tokens::member_of_token(conn, TokenKind::Player, &hash)? {
            Some((user_id, last_used)) => {
                Ok(users::by_id(conn, user_id)?.map(|user| (user, last_used)))
            }
            None => Ok(None),
        },
    )
    .await
}

fn invalid_token() -> AppError {
    AppError::Unauthorized(
        "Invalid player token: make a new one in Settings, under Music player".to_owned(),
    )
}

/// The member whose player token the request sends, and when it was last
/// used: 401 without a valid one (a token that names nobody is logged for
/// fail2ban), 403 while the member is suspended.
async fn member_of_request(
    state: &AppState,
    headers: &HeaderMap,
    address: ClientAddress,
) -> AppResult<(User, Option<String>)> {
    let token = player_token(headers).ok_or_else(not_signed_in)?;
    let Some((user, last_used)) = member_of(state, token).await? else {
        security_log::key_refused(address, "player token");
        return Err(invalid_token());
    };
    refuse_key_if_suspended(&user)?;
    Ok((user, last_used))
}

/// The member of a request's player token, not suspended, and when the
/// token was last used.
pub struct PlayerReader {
    user: User,
    last_used: Option<String>,
}

impl FromRequestParts<AppState> for PlayerReader {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<Self> {
        let address = ClientAddress::from_request_parts(parts, state).await?;
        let (user, last_used) = member_of_request(state, &parts.headers, address).await?;
        note_caller(parts, &user);
        Ok(Self { user, last_used })
    }
}

impl FromRequestParts<AppState> for PlayerMember {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<Self> {
        let PlayerReader { user, .. } = PlayerReader::from_request_parts(parts, state).await?;
        write_limits::admit(state, &Method::POST, Some(PLAYER_SUBMIT_PATH), &user)?;
        Ok(PlayerMember(user))
    }
}

/// Rewrites the API's `{"message"}` errors into ListenBrainz's shape, which
/// players read (`error`), keeping `message`.
async fn as_listenbrainz_error(response: Response) -> Response {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let bytes = axum::body::to_bytes(body, 64 * 1024)
        .await
        .unwrap_or_default();
    let message = serde_json::from_slice::<Value>(&bytes)
        .ok()
        .and_then(|body| body["message"].as_str().map(str::to_owned))
        .unwrap_or_else(|| status.canonical_reason().unwrap_or("Error").to_owned());
    let body = json!({"code": status.as_u16(), "error": message, "message": message});
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/json"),
    );
    Response::from_parts(parts, Body::from(body.to_string()))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct TokenQuery {
    /// The token, for clients that cannot send the header (ListenBrainz
    /// accepts this too).
    token: Option<String>,
}

/// What `validate-token` answers, as ListenBrainz does.
#[derive(Serialize, ToSchema)]
struct TokenValidity {
    code: u16,
    message: String,
    valid: bool,
    /// The member's username, when valid.
    #[schema(required)]
    user_name: Option<String>,
}

#[utoipa::path(
    get,
    path = "/validate-token",
    tag = "music players",
    params(TokenQuery),
    responses(
        (status = 200, description = "Whether the player token (`Authorization: Token <token>`, or `?token=`) is valid, and whose it is; a suspended member's token is not valid while the suspension lasts", body = TokenValidity),
        (status = 400, description = "No token sent", body = crate::error::ErrorMessage)
    )
)]
async fn validate_token(
    State(state): State<AppState>,
    address: ClientAddress,
    headers: HeaderMap,
    AppQuery(query): AppQuery<TokenQuery>,
) -> AppResult<Json<TokenValidity>> {
    let token = player_token(&headers)
        .map(str::to_owned)
        .or(query.token.filter(|token| !token.trim().is_empty()))
        .ok_or_else(|| {
            AppError::BadRequest(
                "You need to provide a player token, as \"Authorization: Token <token>\""
                    .to_owned(),
            )
        })?;
    let member = member_of(&state, token.trim()).await?;
    Ok(Json(match member {
        Some((user, _)) => match refuse_key_if_suspended(&user) {
            Ok(()) => TokenValidity {
                code: 200,
                message: "Token valid.".to_owned(),
                valid: true,
                user_name: Some(user.username),
            },
            Err(refused) => TokenValidity {
                code: 200,
                message: refused.to_string(),
                valid: false,
                user_name: None,
            },
        },
        None => {
            security_log::key_refused(address, "player token");
            TokenValidity {
                code: 200,
                message: "Token invalid.".to_owned(),
                valid: false,
                user_name: None,
            }
        }
    }))
}

/// `{"status": "ok"}`, as ListenBrainz answers.
#[derive(Serialize, ToSchema)]
struct Accepted {
    status: &'static str,
}

/// The body of `submit-listens`, as ListenBrainz defines it.
#[derive(ToSchema)]
#[allow(dead_code)]
struct Submission {
    /// "single" (one listen, just finished), "playing_now" (one listen, not
    /// kept) or "import" (up to 1,000 listens).
    listen_type: String,
    /// Each `{"listened_at": unix seconds, "track_metadata": {"artist_name",
    /// "track_name", "release_name", "additional_info": {"release_group_mbid",
    /// "release_mbid", "recording_mbid", "duration_ms", ...}}}`.
    payload: Vec<Value>,
}

#[utoipa::path(
    post,
    path = "/submit-listens",
    tag = "music players",
    request_body(content = Submission, description = "Sent as JSON, with or without a Content-Type"),
    responses(
        (status = 200, description = "Kept: each play is matched to a catalogue album (by release group, then by artist and album names) and counts in the member's \"Listened, not yet rated\" queue; plays of albums the catalogue lacks are kept for the import page. A play sent twice is kept once. When more than half of an album's tracklist has been played in one sitting, the sitting becomes one entry of the member's diary. `playing_now` is checked and not kept.", body = Accepted),
        (status = 400, description = "Bad submission; `error` says which listen and what", body = crate::error::ErrorMessage),
        (status = 401, description = "No valid player token", body = crate::error::ErrorMessage),
        (status = 403, description = "The token's member is suspended", body = crate::error::ErrorMessage),
        (status = 413, description = "Body over 2 MiB", body = crate::error::ErrorMessage)
    ),
    security(("player_token" = []))
)]
async fn submit_listens(
    State(state): State<AppState>,
    PlayerMember(user): PlayerMember,
    sent_from: ClientSeen,
    body: Bytes,
) -> AppResult<(Touched, Json<Accepted>)> {
    let submission =
        payload::read(&body, OffsetDateTime::now_utc()).map_err(AppError::BadRequest)?;
    drop(body);
    if submission.listen_type == ListenType::PlayingNow {
        return Ok((Touched::nothing_shared(), Json(Accepted { status: "ok" })));
    }
    write_limits::charge_player_plays(&state, &user, submission.listens.len())?;
    let plays = run_blocking(&state.pool, move |conn| {
        Ok(crate::player_listens::plays(conn, submission.listens)?)
    })
    .await?;
    let (recorded, logged) = state
        .writer
        .write(move |conn| {
            let now = now();
            let recorded =
                player_listens::record(conn, user.id, &plays, &sent_from.as_client(), &now)?;
            let logged = sittings::log_sittings(conn, user.id, &plays, &now)?;
            Ok((recorded, logged))
        })
        .await?;
    tracing::debug!(
        kept = recorded.kept,
        matched = recorded.matched,
        logged,
        "plays received"
    );
    // Plays show only in the member's own queue, diary and import page.
    Ok((
        Touched(vec![Topic::Member(user.id)]),
        Json(Accepted { status: "ok" }),
    ))
}

/// ListenBrainz's default and largest number of listens a read answers.
const LISTENS_BY_DEFAULT: i64 = 25;
const MOST_LISTENS_READ: i64 = 1000;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListensQuery {
    /// Listens before this moment (Unix seconds, left out).
    max_ts: Option<i64>,
    /// Listens after this moment (Unix seconds, left out); alone, the
    /// earliest listens after it.
    min_ts: Option<i64>,
    /// How many: 25 unless asked, at most 1,000.
    count: Option<i64>,
}

/// A listen read back, in ListenBrainz's shape.
#[derive(Serialize, ToSchema)]
struct ListenRead {
    listened_at: i64,
    user_name: String,
    /// `{"artist_name", "track_name", "release_name", "additional_info":
    /// {"release_group_mbid", "release_mbid", "recording_mbid",
    /// "duration_ms", "media_player"}}`.
    track_metadata: Value,
}

#[derive(Serialize, ToSchema)]
struct ListensPayload {
    count: usize,
    user_id: String,
    /// The member's latest and first plays (Unix seconds; 0 without plays).
    latest_listen_ts: i64,
    oldest_listen_ts: i64,
    listens: Vec<ListenRead>,
}

#[derive(Serialize, ToSchema)]
struct Listens {
    payload: ListensPayload,
}

#[utoipa::path(
    get,
    path = "/user/{user_name}/listens",
    tag = "music players",
    params(("user_name" = String, Path, description = "The member whose player token is sent"), ListensQuery),
    responses(
        (status = 200, description = "The member's plays as their players sent them, newest first, in ListenBrainz's shape; scrobblers read them to send nothing twice. Only the member's own player token reads them.", body = Listens),
        (status = 400, description = "Bad `max_ts`, `min_ts` or `count`", body = crate::error::ErrorMessage),
        (status = 401, description = "No valid player token", body = crate::error::ErrorMessage),
        (status = 403, description = "Another member's listens, or the token's member is suspended", body = crate::error::ErrorMessage)
    ),
    security(("player_token" = []))
)]
async fn listens(
    State(state): State<AppState>,
    PlayerReader { user, last_used }: PlayerReader,
    read_from: ClientSeen,
    AppPath(user_name): AppPath<String>,
    AppQuery(query): AppQuery<ListensQuery>,
) -> AppResult<Json<Listens>> {
    if !user.username.eq_ignore_ascii_case(user_name.trim()) {
        return Err(AppError::Forbidden(
            "A player token reads only its own member's listens".to_owned(),
        ));
    }
    member_tokens_api::note_read(
        &state,
        TokenKind::Player,
        user.id,
        last_used.as_deref(),
        read_from,
    );
    let moment = |seconds: Option<i64>, name: &str| {
        seconds
            .map(|seconds| {
                OffsetDateTime::from_unix_timestamp(seconds)
                    .map(timestamp::format)
                    .map_err(|_| AppError::BadRequest(format!("{name} must be Unix seconds")))
            })
            .transpose()
    };
    let before = moment(query.max_ts, "max_ts")?;
    let after = moment(query.min_ts, "min_ts")?;
    let most = query.count.unwrap_or(LISTENS_BY_DEFAULT);
    if most < 1 {
        return Err(AppError::BadRequest(
            "count must be a positive number of listens".to_owned(),
        ));
    }
    let user_id = user.id;
    let (plays, span) = run_blocking(&state.pool, move |conn| {
        let wanted = PlaysWanted {
            after: after.as_deref(),
            before: before.as_deref(),
            most: most.min(MOST_LISTENS_READ),
        };
        Ok((
            player_listens::sent(conn, user_id, wanted)?,
            player_listens::span(conn, user_id)?,
        ))
    })
    .await?;
    let (oldest, latest) = span.map_or((0, 0), |(first, last)| {
        (seconds_of(&first), seconds_of(&last))
    });
    let listens: Vec<ListenRead> = plays
        .into_iter()
        .map(|play| listen_read(play, &user.username))
        .collect();
    Ok(Json(Listens {
        payload: ListensPayload {
            count: listens.len(),
            user_id: user.username.clone(),
            latest_listen_ts: latest,
            oldest_listen_ts: oldest,
            listens,
        },
    }))
}

/// A stored moment as Unix seconds.
fn seconds_of(stored: &str) -> i64 {
    OffsetDateTime::parse(stored, &time::format_description::well_known::Rfc3339)
        .map_or(0, OffsetDateTime::unix_timestamp)
}

fn listen_read(play: Play, user_name: &str) -> ListenRead {
    ListenRead {
        listened_at: seconds_of(&play.listened_at),
        user_name: user_name.to_owned(),
        track_metadata: json!({
            "artist_name": play.artist_name,
            "track_name": play.track_name,
            "release_name": play.release_name,
            "additional_info": {
                "release_group_mbid": play.release_group_mbid,
                "release_mbid": play.release_mbid,
                "recording_mbid": play.recording_mbid,
                "duration_ms": play.duration_ms,
                "media_player": play.player,
            },
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_scheme_is_read_in_any_case() {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, "token  abc ".parse().unwrap());
        assert_eq!(player_token(&headers), Some("abc"));
        headers.insert(header::AUTHORIZATION, "Bearer abc".parse().unwrap());
        assert_eq!(player_token(&headers), None);
    }
}
