//! The harness: the real router on a temporary database, driven in process.

#![allow(dead_code)]

pub mod mail;
pub mod server;
pub mod sources;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use halfstar::domain::Role;
use halfstar::{AppState, app, db};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tempfile::TempDir;
use tower::ServiceExt;

/// Three albums for tests that need a small catalogue, `(title, release date)`.
pub const RADIOHEAD: [(&str, &str); 3] = [
    ("OK Computer", "1997-05-21"),
    ("Kid A", "2000-10-02"),
    ("Amnesiac", "2001-06-04"),
];

pub struct TestApp {
    pub dir: TempDir,
    pub state: AppState,
    /// Connections that write, for a test's own setup: the server's read only.
    pub setup: db::Pool,
}

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl TestResponse {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
}

impl TestApp {
    pub fn new() -> Self {
        Self::at(tempfile::tempdir().expect("temporary directory"))
    }

    /// The app over an existing data directory (one the CLI also uses).
    pub fn at(dir: TempDir) -> Self {
        let setup = db::open(dir.path()).expect("database");
        let database = db::Database::open(dir.path()).expect("database");
        Self {
            dir,
            state: AppState::new(database),
            setup,
        }
    }

    /// A connection that may write, for a test to arrange what it needs.
    pub fn conn(&self) -> r2d2::PooledConnection<r2d2_sqlite::SqliteConnectionManager> {
        self.setup.get().expect("connection")
    }

    pub fn router(&self) -> Router {
        app(self.state.clone())
    }

    pub async fn send(&self, request: Request<Body>) -> TestResponse {
        send(self.router(), request).await
    }

    pub async fn get(&self, path: &str) -> TestResponse {
        self.send(request(Method::GET, path, Body::empty())).await
    }

    /// A JSON call, signed in when `token` is given.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> TestResponse {
        self.send(json_call(method, path, token, body)).await
    }

    /// Signs up a new member; returns their token and user id.
    pub async fn sign_up(&self, username: &str) -> (String, i64) {
        let body = json!({
            "username": username,
            "email": format!("{username}@example.org"),
            "password": "a-good-password",
            "profilePictureUrl": ""
        });
        let response = self
            .call(Method::POST, "/api/auth/signup", None, Some(body))
            .await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        let json = response.json();
        (
            json["token"].as_str().expect("token").to_owned(),
            json["user"]["userId"].as_i64().expect("userId"),
        )
    }

    /// A member with a session, made directly in the database: no password is
    /// hashed, so tests that need many members stay fast.
    pub fn member(&self, username: &str) -> (String, i64) {
        let conn = self.conn();
        let now = halfstar::domain::timestamp::now();
        let user = db::users::NewUser {
            username,
            email: &format!("{username}@example.org"),
            password_hash: "not-a-hash",
            profile_picture_url: "",
            role: Role::User,
        };
        let id = db::users::insert(&conn, &user, &now).expect("member");
        (self.session_of(id), id)
    }

    /// A new session of the member, made directly in the database; its token.
    pub fn session_of(&self, user_id: i64) -> String {
        let now = halfstar::domain::timestamp::now();
        let token = halfstar::auth::new_token();
        let expires = halfstar::domain::timestamp::after_now(time::Duration::days(30));
        db::sessions::insert(
            &self.conn(),
            &halfstar::auth::token_hash(&token),
            user_id,
            &db::sessions::Client {
                user_agent: "test",
                address: "127.0.0.1",
            },
            &now,
            &expires,
        )
        .expect("session");
        token
    }

    /// An artist and their LP albums `(title, release date)` with `genres`,
    /// written straight to the database; the artist's id and the albums' ids.
    pub fn artist_with_albums(
        &self,
        name: &str,
        albums: &[(&str, &str)],
        genres: &[String],
    ) -> (i64, Vec<i64>) {
        const NOW: &str = "2026-01-01T00:00:00.000Z";
        let conn = self.conn();
        let artist = db::artists::NewArtist {
            name,
            description: "",
            picture_url: "",
            mbid: None,
        };
        let artist_id = db::artists::insert(&conn, &artist, NOW).expect("artist");
        let ids = albums
            .iter()
            .map(|(title, date)| {
                let album = db::albums::NewAlbum {
                    artist_id,
                    title,
                    release_date: date.parse().expect("date"),
                    album_type: halfstar::domain::AlbumType::Lp,
                    picture_url: "",
                    genres,
                    styles: &[],
                    mb_release_group: None,
                };
                db::albums::insert(&conn, &album, NOW).expect("album")
            })
            .collect();
        (artist_id, ids)
    }

    /// How many rows `table` holds.
    pub fn rows(&self, table: &str) -> i64 {
        let conn = self.conn();
        conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |row| {
            row.get(0)
        })
        .expect("a table")
    }

    /// Gives a member a role, as `halfstar user promote` does.
    pub fn set_role(&self, user_id: i64, role: Role) {
        let conn = self.conn();
        db::users::set_role(&conn, user_id, role).expect("role");
    }

    /// Suspends the member for good, for `reason`, behind the server's back.
    pub fn suspend(&self, user_id: i64, reason: &str) {
        self.conn()
            .execute(
                "UPDATE users SET suspended_until = '9999-12-31T00:00:00.000Z',
                        suspension_reason = ?2 WHERE id = ?1",
                rusqlite::params![user_id, reason],
            )
            .expect("suspended");
    }

    /// A new app with an editor called `username` signed in; answers their token.
    pub async fn with_editor(username: &str) -> (Self, String) {
        let app = Self::new();
        let (token, id) = app.sign_up(username).await;
        app.set_role(id, Role::Editor);
        (app, token)
    }

    /// Adds an artist through the API as `token`, which must be an editor's.
    pub async fn add_artist(&self, token: &str, name: &str) -> Value {
        let response = self
            .call(
                Method::POST,
                "/api/artist",
                Some(token),
                Some(json!({ "name": name, "description": "", "pictureUrl": "" })),
            )
            .await;
        assert_eq!(
            response.status,
            StatusCode::CREATED,
            "{name}: {}",
            response.text()
        );
        response.json()
    }
}

pub fn json_call(
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Request<Body> {
    let mut builder = Request::builder().method(method).uri(path);
    if let Some(token) = token {
        builder = builder.header("authorization", format!("Bearer {token}"));
    }
    let body = match body {
        Some(value) => {
            builder = builder.header("content-type", "application/json");
            Body::from(value.to_string())
        }
        None => Body::empty(),
    };
    builder.body(body).expect("request")
}

pub fn request(method: Method, path: &str, body: Body) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(path)
        .body(body)
        .expect("request")
}

pub async fn send(router: Router, request: Request<Body>) -> TestResponse {
    let response = router.oneshot(request).await.expect("infallible");
    let status = response.status();
    let headers = response.headers().clone();
    let body = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes()
        .to_vec();
    TestResponse {
        status,
        headers,
        body,
    }
}

/// Allowances of one write of each kind (sign-ups aside), to reach them at once.
pub fn one_write_of_each_kind() -> halfstar::http::throttle::WriteLimits {
    let one = std::num::NonZeroU32::MIN;
    halfstar::http::throttle::WriteLimits {
        comments_per_minute: one,
        shouts_per_minute: one,
        posts_per_hour: one,
        reviews_per_hour: one,
        votes_per_minute: one,
        ratings_per_minute: one,
        wishlist_changes_per_minute: one,
        catalogue_edits_per_minute: one,
        list_changes_per_minute: one,
        file_imports_per_hour: one,
        import_steps_per_minute: one,
        change_requests_per_hour: one,
        follows_per_minute: one,
        account_changes_per_hour: one,
        housekeeping_per_minute: one,
        removals_per_minute: one,
        reports_per_hour: one,
        invite_changes_per_hour: one,
        moderation_actions_per_minute: one,
        player_submissions_per_minute: one,
        player_plays_per_hour: one,
        sign_ups_per_hour: std::num::NonZeroU32::new(50).unwrap(),
    }
}
