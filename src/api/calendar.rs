//! A member's calendar of albums to come: a private iCal feed of the albums
//! of the artists they follow, dated to the day, from a month back on. Its
//! address carries a token of its own (made, shown once and revoked in
//! Settings), since calendar programs send no session.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::IntoResponse;
use chrono::NaiveDate;
use icalendar::{Calendar, Component, Event, EventLike, Property};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::member_tokens;
use super::openapi::{SignedIn, Writes};
use super::shared::no_user;
use super::{AppPath, AppState, ClientAddress, CurrentUser};
use crate::auth::{new_token, token_hash};
use crate::db::albums::{self, Album};
use crate::db::member_tokens::{self as tokens, TokenKind, TokenStatus};
use crate::db::{new_releases, run_blocking, users};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::client_seen::ClientSeen;
use crate::http::security_log;
use crate::http::site_origin::SiteOrigin;
use crate::http::suspension::refuse_key_if_suspended;

/// How far back the calendar keeps albums already out.
const DAYS_BACK: i64 = 30;
/// The most albums a calendar holds.
const MOST_ALBUMS: u32 = 500;
/// How often calendar programs are asked to look again.
const REFRESH_HOURS: i64 = 6;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(status, make, revoke))
        .routes(routes!(calendar))
}

#[derive(Serialize, ToSchema)]
struct CalendarLinkState {
    /// None until the member makes a link.
    #[schema(required)]
    link: Option<TokenStatus>,
}

#[utoipa::path(
    get,
    path = "/settings/calendar",
    tag = "feeds",
    responses(SignedIn, (status = 200, description = "Whether the caller has a calendar link, when it was made and last read (never the link itself)", body = CalendarLinkState)),
    security(("bearer" = []))
)]
async fn status(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> AppResult<Json<CalendarLinkState>> {
    let link = member_tokens::status(&state, TokenKind::Calendar, user.id).await?;
    Ok(Json(CalendarLinkState { link }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewCalendarLink {
    /// The calendar's address, to subscribe to: shown this once, as only
    /// its token's hash is kept.
    url: String,
    created_at: String,
}

#[utoipa::path(
    post,
    path = "/settings/calendar",
    tag = "feeds",
    responses(Writes, (status = 201, description = "A new calendar link, replacing any other (calendars reading the old one are refused)", body = NewCalendarLink)),
    security(("bearer" = []))
)]
async fn make(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    SiteOrigin(origin): SiteOrigin,
    made_from: ClientSeen,
) -> AppResult<(StatusCode, Json<NewCalendarLink>)> {
    let token = new_token();
    let created_at =
        member_tokens::make(&state, TokenKind::Calendar, user.id, &token, made_from).await?;
    Ok((
        StatusCode::CREATED,
        Json(NewCalendarLink {
            url: format!("{origin}/api/feeds/calendar/{token}"),
            created_at,
        }),
    ))
}

#[utoipa::path(
    delete,
    path = "/settings/calendar",
    tag = "feeds",
    responses(Writes, (status = 204, description = "Revoked: calendars reading it are refused (allowed while suspended)"), (status = 404, description = "The caller has no calendar link", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn revoke(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> AppResult<StatusCode> {
    member_tokens::revoke(
        &state,
        TokenKind::Calendar,
        user.id,
        "You have no calendar link to revoke",
    )
    .await
}

#[utoipa::path(
    get,
    path = "/feeds/calendar/{token}",
    tag = "feeds",
    params(("token" = String, Path, description = "The token of the member's calendar link")),
    responses(
        (status = 200, description = "An iCalendar (RFC 5545) of the albums of the artists the link's member follows, released in the last 30 days or to come, each an all-day event on its release day (albums known only to the month or year are left out)", content_type = "text/calendar", body = String),
        (status = 403, description = "The link's member is suspended", body = ErrorMessage),
        (status = 404, description = "No such link: never made, replaced or revoked (or ended with every session)", body = ErrorMessage),
    ),
)]
async fn calendar(
    State(state): State<AppState>,
    AppPath(token): AppPath<String>,
    SiteOrigin(origin): SiteOrigin,
    address: ClientAddress,
    headers: HeaderMap,
) -> AppResult<impl IntoResponse> {
    let hash = token_hash(&token);
    let today = OffsetDateTime::now_utc().date();
    let day_before = (today - time::Duration::days(DAYS_BACK + 1)).to_string();
    let found = run_blocking(&state.pool, move |conn| {
        let Some((member, last_used)) = tokens::member_of_token(conn, TokenKind::Calendar, &hash)?
        else {
            return Ok(None);
        };
        let user = users::by_id(conn, member)?.ok_or_else(no_user)?;
        refuse_key_if_suspended(&user)?;
        let asked = new_releases::Asked {
            upcoming: true,
            today: &day_before,
            since: &day_before,
            followed_by: Some(member),
            wished_by: None,
            genre_id: None,
            limit: MOST_ALBUMS,
            offset: 0,
        };
        let ids = new_releases::releases(conn, &asked)?;
        let found = albums::by_ids(conn, &ids, None)?;
        Ok(Some((user, last_used, found)))
    })
    .await?;
    let Some((user, last_used, albums)) = found else {
        security_log::key_refused(address, "calendar link");
        return Err(AppError::NotFound(
            "No calendar at this address: its link was replaced or revoked".into(),
        ));
    };
    let client = ClientSeen::new(&headers, address);
    member_tokens::note_read(
        &state,
        TokenKind::Calendar,
        user.id,
        last_used.as_deref(),
        client,
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/calendar; charset=utf-8"),
            (header::CACHE_CONTROL, "private, no-store"),
        ],
        calendar_of(&albums, &origin),
    ))
}

/// The albums as all-day events on their release days.
fn calendar_of(albums: &[Album], origin: &str) -> String {
    let mut calendar = Calendar::empty();
    calendar
        .append_property(Property::new("VERSION", "2.0"))
        .append_property(Property::new("PRODID", "-//halfstar//Albums to come//EN"))
        .append_property(Property::new("CALSCALE", "GREGORIAN"))
        .name("Albums to come (halfstar)")
        .description("New albums of the artists you follow on halfstar")
        .ttl(&chrono::Duration::hours(REFRESH_HOURS));
    for album in albums {
        if album.release_date_precision != "day" {
            continue;
        }
        let Ok(day) = NaiveDate::parse_from_str(&album.release_date, "%Y-%m-%d") else {
            continue;
        };
        let page = format!("{origin}/albums/{}/{}", album.artist_slug, album.slug);
        calendar.push(
            Event::new()
                .uid(&format!("album-{}@halfstar", album.album_id))
                .summary(&format!("{} – {}", album.artist, album.title))
                .description(&format!(
                    "New album by {}: {}\n{page}",
                    album.artist, album.title
                ))
                .url(&page)
                // An all-day event ends (exclusively) the next day.
                .starts(day)
                .ends(day.succ_opt().unwrap_or(day))
                .done(),
        );
    }
    calendar.done().to_string()
}
