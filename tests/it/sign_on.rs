//! Signing in through a real OpenID Provider (panva's oidc-provider on Node
//! 22, `scripts/oidc-server`): the test plays the browser, through the
//! provider's own login and consent pages, and hands its answer to the
//! server binary as the callback page does. Also the provider's refusals
//! and tricks: a replayed answer, an expired attempt, an issuer spelled
//! with a trailing slash, a token for another client or unsigned, a key
//! rotated, groups that change or go missing, an email already here, and a
//! provider that is down when the site starts.

use crate::common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::mail::{PUBLIC, call, root};
use common::server::RunningServer;
use serde_json::{Value, json};

const CLIENT_ID: &str = "halfstar-tests";
const CLIENT_SECRET: &str = "a-client-secret-for-tests";

/// oidc-provider on a port of its own, with its users in a file the test
/// may change between sign-ins.
struct Provider {
    child: Child,
    issuer: String,
    users: tempfile::NamedTempFile,
}

impl Provider {
    fn start(users: Value, args: &[&str]) -> Self {
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), users.to_string()).unwrap();
        let redirect = format!("{PUBLIC}/sign-on/callback");
        let mut child = Command::new(root().join("scripts/oidc-server"))
            .args(["--client-id", CLIENT_ID, "--client-secret", CLIENT_SECRET])
            .args(["--redirect-uri", &redirect])
            .arg("--users")
            .arg(file.path())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("scripts/oidc-server starts (it installs oidc-provider into tests/oidc)");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let issuer = loop {
            let line = lines
                .next()
                .expect("the provider says where it listens")
                .unwrap();
            if let Some(url) = line.strip_prefix("listening on ") {
                break url.to_owned();
            }
        };
        Self {
            child,
            issuer,
            users: file,
        }
    }

    fn set_users(&self, users: Value) {
        std::fs::write(self.users.path(), users.to_string()).unwrap();
    }
}

impl Drop for Provider {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn ada(groups: Option<&[&str]>) -> Value {
    let mut ada = json!({
        "sub": "ada-0001", "username": "ada", "password": "ada's password",
        "email": "ada@example.org", "email_verified": true,
    });
    if let Some(groups) = groups {
        ada["groups"] = json!(groups);
    }
    ada
}

fn serve(data: &Path, issuer: &str, more: &[(&str, &str)]) -> RunningServer {
    let mut env = vec![
        ("HALFSTAR_PUBLIC_URL", PUBLIC),
        ("HALFSTAR_OIDC_ISSUER", issuer),
        ("HALFSTAR_OIDC_CLIENT_ID", CLIENT_ID),
        ("HALFSTAR_OIDC_CLIENT_SECRET", CLIENT_SECRET),
        ("HALFSTAR_OIDC_SCOPES", "email profile groups"),
        ("HALFSTAR_NEW_RELEASES", "false"),
        ("HALFSTAR_FETCH_PICTURES", "false"),
    ];
    env.extend_from_slice(more);
    RunningServer::start(data, Stdio::null(), &env)
}

/// A browser of one's own: cookies kept per name, redirects followed by hand.
struct Browser {
    client: reqwest::blocking::Client,
    cookies: HashMap<String, String>,
}

impl Browser {
    fn new() -> Self {
        let client = halfstar::outgoing::client_builder("a browser", Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        Self {
            client,
            cookies: HashMap::new(),
        }
    }

    fn send(&mut self, request: reqwest::blocking::RequestBuilder) -> reqwest::blocking::Response {
        let cookie: Vec<String> = self
            .cookies
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        let response = request.header("Cookie", cookie.join("; ")).send().unwrap();
        for set in response.headers().get_all("set-cookie") {
            let pair = set.to_str().unwrap().split(';').next().unwrap();
            if let Some((name, value)) = pair.split_once('=') {
                self.cookies.insert(name.to_owned(), value.to_owned());
            }
        }
        response
    }

    /// Signs in at the provider from its authorization address, through its
    /// login and consent pages: the address it sends the browser back to.
    fn sign_in(&mut self, start: &str, username: &str, password: &str) -> String {
        let base = url::Url::parse(start).unwrap();
        let mut response = self.send(self.client.get(start));
        for _ in 0..20 {
            if response.status().is_redirection() {
                let location = response.headers()["location"].to_str().unwrap().to_owned();
                let next = base.join(&location).unwrap().to_string();
                if next.starts_with(PUBLIC) {
                    return next;
                }
                response = self.send(self.client.get(&next));
                continue;
            }
            let html = response.text().unwrap();
            let action = html
                .split("action=\"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .unwrap_or_else(|| panic!("no form on the provider's page: {html}"))
                .to_owned();
            let target = base.join(&action).unwrap().to_string();
            let form: Vec<(&str, &str)> = if action.ends_with("/login") {
                vec![("login", username), ("password", password)]
            } else {
                Vec::new()
            };
            let body: String = url::form_urlencoded::Serializer::new(String::new())
                .extend_pairs(form)
                .finish();
            response = self.send(
                self.client
                    .post(&target)
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .body(body),
            );
        }
        panic!("the provider never sent the browser back");
    }
}

/// What the callback page reads from the address it is sent back to.
fn answer_of(back: &str) -> (String, String) {
    let url = url::Url::parse(back).unwrap();
    assert_eq!(url.path(), "/sign-on/callback", "{back}");
    let get = |name: &str| {
        url.query_pairs()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.into_owned())
            .unwrap_or_else(|| panic!("no {name} in {back}"))
    };
    (get("code"), get("state"))
}

fn start(server: &RunningServer, body: Value, token: Option<&str>) -> String {
    let (status, started) = call(server, "POST", "/api/auth/sign-on/start", token, body);
    assert_eq!(status, 200, "{started}");
    started["url"].as_str().unwrap().to_owned()
}

fn finish(
    server: &RunningServer,
    (code, state): &(String, String),
    token: Option<&str>,
) -> (u16, Value) {
    call(
        server,
        "POST",
        "/api/auth/sign-on/finish",
        token,
        json!({"code": code, "state": state}),
    )
}

/// A whole sign-in as `username`: the server's answer to the callback.
fn sign_in(server: &RunningServer, username: &str, password: &str) -> (u16, Value) {
    let url = start(server, json!({}), None);
    let back = Browser::new().sign_in(&url, username, password);
    finish(server, &answer_of(&back), None)
}

fn me(server: &RunningServer, token: &str) -> Value {
    let (status, me) = call(server, "GET", "/api/auth/me", Some(token), Value::Null);
    assert_eq!(status, 200, "{me}");
    me
}

fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(30), "never: {what}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn a_first_sign_in_makes_the_account_and_the_next_comes_back_to_it() {
    let provider = Provider::start(json!([ada(Some(&["music-admins"]))]), &[]);
    let dir = tempfile::tempdir().unwrap();
    let server = serve(
        dir.path(),
        &provider.issuer,
        &[("HALFSTAR_OIDC_ADMIN_GROUP", "music-admins")],
    );
    let (status, options) = call(&server, "GET", "/api/site/sign-in", None, Value::Null);
    assert_eq!(status, 200);
    assert_eq!(
        options["singleSignOn"]["label"],
        "Sign in with single sign-on"
    );
    assert_eq!(options["passwordLogin"], "on");

    let url = start(&server, json!({}), None);
    assert!(url.starts_with(&provider.issuer), "{url}");
    assert!(url.contains("code_challenge_method=S256"), "PKCE: {url}");
    assert!(
        url.contains(&format!(
            "redirect_uri={}",
            urlencode(&format!("{PUBLIC}/sign-on/callback"))
        )),
        "the redirect URI comes from the public address: {url}"
    );
    let back = Browser::new().sign_in(&url, "ada", "ada's password");
    let answer = answer_of(&back);
    let (status, first) = finish(&server, &answer, None);
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["created"], true);
    assert_eq!(first["user"]["username"], "ada");
    assert_eq!(first["user"]["email"], "ada@example.org");
    assert_eq!(first["user"]["role"], "admin", "from the provider's groups");
    let token = first["token"].as_str().unwrap();
    assert_eq!(me(&server, token)["username"], "ada");

    // The same answer again (a replayed code) signs nobody in.
    let (status, replay) = finish(&server, &answer, None);
    assert_eq!(status, 400, "{replay}");
    assert!(replay["message"].as_str().unwrap().contains("already used"));

    let (status, again) = sign_in(&server, "ada", "ada's password");
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["created"], false);
    assert_eq!(again["user"]["userId"], first["user"]["userId"]);

    // The account has no password of its own.
    let (status, _) = call(
        &server,
        "POST",
        "/api/auth/login",
        None,
        json!({"username": "ada", "password": ""}),
    );
    assert_eq!(status, 400);
    let (status, settings) = call(
        &server,
        "GET",
        "/api/settings/sign-on",
        Some(token),
        Value::Null,
    );
    assert_eq!(status, 200);
    assert_eq!(settings["hasPassword"], false);
    assert_eq!(settings["identities"][0]["subject"], "ada-0001");
    assert_eq!(
        settings["identities"][0]["issuer"],
        provider.issuer.as_str()
    );
    let (status, refused) = call(
        &server,
        "POST",
        "/api/settings/sign-on/unlink",
        Some(token),
        json!({"issuer": provider.issuer, "subject": "ada-0001"}),
    );
    assert_eq!(status, 409, "the only way in stays: {refused}");
}

fn urlencode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

#[test]
fn groups_are_looked_at_again_and_a_missing_claim_is_no_groups() {
    let provider = Provider::start(json!([ada(Some(&["music-admins"]))]), &[]);
    let dir = tempfile::tempdir().unwrap();
    let server = serve(
        dir.path(),
        &provider.issuer,
        &[
            ("HALFSTAR_OIDC_ADMIN_GROUP", "music-admins"),
            ("HALFSTAR_OIDC_EDITOR_GROUP", "music-editors"),
        ],
    );
    let (_, first) = sign_in(&server, "ada", "ada's password");
    assert_eq!(first["user"]["role"], "admin");
    provider.set_users(json!([ada(Some(&["music-editors"]))]));
    let (_, second) = sign_in(&server, "ada", "ada's password");
    assert_eq!(second["user"]["role"], "editor");
    provider.set_users(json!([ada(None)]));
    let (status, third) = sign_in(&server, "ada", "ada's password");
    assert_eq!(status, 200, "{third}");
    assert_eq!(third["user"]["role"], "user", "no groups claim: no groups");
}

#[test]
fn an_issuer_with_a_trailing_slash_is_the_same_provider() {
    let provider = Provider::start(json!([ada(None)]), &["--trailing-slash"]);
    let bare = provider.issuer.clone();
    let dir = tempfile::tempdir().unwrap();
    let server = serve(dir.path(), &bare, &[]);
    let (status, first) = sign_in(&server, "ada", "ada's password");
    assert_eq!(status, 201, "{first}");
    let token = first["token"].as_str().unwrap();
    let (_, settings) = call(
        &server,
        "GET",
        "/api/settings/sign-on",
        Some(token),
        Value::Null,
    );
    assert_eq!(
        settings["identities"][0]["issuer"],
        format!("{bare}/"),
        "kept as the provider says it"
    );
}

#[test]
fn an_expired_attempt_is_refused() {
    let provider = Provider::start(json!([ada(None)]), &[]);
    let dir = tempfile::tempdir().unwrap();
    let server = serve(dir.path(), &provider.issuer, &[]);
    let url = start(&server, json!({}), None);
    let back = Browser::new().sign_in(&url, "ada", "ada's password");
    let conn = rusqlite::Connection::open(dir.path().join("halfstar.db")).unwrap();
    conn.execute(
        "UPDATE sign_on_attempts SET expires_at = '2000-01-01T00:00:00.000Z'",
        [],
    )
    .unwrap();
    let (status, refused) = finish(&server, &answer_of(&back), None);
    assert_eq!(status, 400, "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("expired"));
    let (status, _) = finish(&server, &("code".to_owned(), "made-up".to_owned()), None);
    assert_eq!(status, 400, "a state never given");
}

#[test]
fn a_token_for_another_client_or_unsigned_is_refused() {
    for (tamper, said) in [("audience", "audience"), ("none", "")] {
        let provider = Provider::start(json!([ada(None)]), &["--tamper-id-token", tamper]);
        let dir = tempfile::tempdir().unwrap();
        let server = serve(dir.path(), &provider.issuer, &[]);
        let (status, refused) = sign_in(&server, "ada", "ada's password");
        assert_eq!(status, 400, "{tamper}: {refused}");
        let message = refused["message"].as_str().unwrap().to_lowercase();
        assert!(
            message.contains("id token does not hold"),
            "{tamper}: {message}"
        );
        assert!(message.contains(said), "{tamper}: {message}");
        let conn = rusqlite::Connection::open(dir.path().join("halfstar.db")).unwrap();
        let members: i64 = conn
            .query_row("SELECT count(*) FROM users", [], |row| row.get(0))
            .unwrap();
        assert_eq!(members, 0, "{tamper}: nobody was made");
    }
}

#[test]
fn keys_are_fetched_again_when_the_provider_rotates_them() {
    let provider = Provider::start(json!([ada(None)]), &[]);
    let dir = tempfile::tempdir().unwrap();
    let server = serve(dir.path(), &provider.issuer, &[]);
    let (status, _) = sign_in(&server, "ada", "ada's password");
    assert_eq!(status, 201);
    let rotated = Browser::new().send(
        Browser::new()
            .client
            .post(format!("{}/test/rotate-keys", provider.issuer)),
    );
    assert!(rotated.status().is_success());
    // Keys are fetched again at most every few seconds.
    std::thread::sleep(Duration::from_secs(6));
    let (status, again) = sign_in(&server, "ada", "ada's password");
    assert_eq!(status, 200, "{again}");
}

#[test]
fn an_email_already_here_is_not_taken_over() {
    let provider = Provider::start(json!([ada(None)]), &[]);
    let dir = tempfile::tempdir().unwrap();
    let server = serve(
        dir.path(),
        &provider.issuer,
        &[("HALFSTAR_OIDC_LINK_BY_EMAIL", "true")],
    );
    let (status, local) = call(
        &server,
        "POST",
        "/api/auth/signup",
        None,
        json!({"username": "ada_here", "email": "ada@example.org", "password": "a local password", "profilePictureUrl": ""}),
    );
    assert_eq!(status, 201, "{local}");
    // The local address was never confirmed by mail here: no link by email.
    let (status, refused) = sign_in(&server, "ada", "ada's password");
    assert_eq!(status, 409, "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("link the provider")
    );

    // Confirmed here, but the provider does not say it verified it.
    let conn = rusqlite::Connection::open(dir.path().join("halfstar.db")).unwrap();
    conn.execute(
        "UPDATE users SET email_confirmed_at = '2026-01-01T00:00:00.000Z'",
        [],
    )
    .unwrap();
    let mut unverified = ada(None);
    unverified["email_verified"] = json!(false);
    provider.set_users(json!([unverified]));
    let (status, _) = sign_in(&server, "ada", "ada's password");
    assert_eq!(status, 409);

    // Both verified, and the admin allows it: linked.
    provider.set_users(json!([ada(None)]));
    let (status, linked) = sign_in(&server, "ada", "ada's password");
    assert_eq!(status, 200, "{linked}");
    assert_eq!(linked["linked"], true);
    assert_eq!(linked["user"]["username"], "ada_here");

    // Linking from settings, signed in: another provider account to the same member.
    let token = local["token"].as_str().unwrap();
    let mut other = ada(None);
    other["sub"] = json!("ada-0002");
    other["username"] = json!("ada2");
    other["email"] = json!("ada.elsewhere@example.org");
    provider.set_users(json!([other]));
    let url = start(&server, json!({"link": true}), Some(token));
    let back = Browser::new().sign_in(&url, "ada2", "ada's password");
    let answer = answer_of(&back);
    let (status, _) = finish(&server, &answer, None);
    assert_eq!(status, 403, "signed out, a link started signed in fails");
    let url = start(&server, json!({"link": true}), Some(token));
    let back = Browser::new().sign_in(&url, "ada2", "ada's password");
    let (status, done) = finish(&server, &answer_of(&back), Some(token));
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["token"], Value::Null);
    let (_, settings) = call(
        &server,
        "GET",
        "/api/settings/sign-on",
        Some(token),
        Value::Null,
    );
    assert_eq!(settings["identities"].as_array().unwrap().len(), 2);
}

#[test]
fn a_provider_down_at_start_is_said_and_asked_again() {
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let issuer = format!("http://127.0.0.1:{port}");
    let dir = tempfile::tempdir().unwrap();
    let server = serve(
        dir.path(),
        &issuer,
        &[("HALFSTAR_PASSWORD_LOGIN", "admins")],
    );
    let (_, options) = call(&server, "GET", "/api/site/sign-in", None, Value::Null);
    assert_eq!(options["singleSignOn"]["available"], false);
    assert_eq!(options["passwordLogin"], "admins");
    let (status, down) = call(&server, "POST", "/api/auth/sign-on/start", None, json!({}));
    assert_eq!(status, 503, "{down}");
    assert!(
        down["message"]
            .as_str()
            .unwrap()
            .contains("cannot be reached")
    );

    // Passwords are for admins only: no sign-up with one.
    let (status, refused) = call(
        &server,
        "POST",
        "/api/auth/signup",
        None,
        json!({"username": "theo", "email": "theo@example.org", "password": "theo's password", "profilePictureUrl": ""}),
    );
    assert_eq!(status, 403, "{refused}");
    // A member with a password, not an admin: refused once the password holds.
    let mut create = Command::new(env!("CARGO_BIN_EXE_halfstar"))
        .arg("--data-dir")
        .arg(dir.path())
        .args(["user", "create", "theo", "--email", "theo@example.org"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write;
    writeln!(create.stdin.take().unwrap(), "theo's password").unwrap();
    assert!(create.wait().unwrap().success());
    let (status, refused) = call(
        &server,
        "POST",
        "/api/auth/login",
        None,
        json!({"username": "theo", "password": "theo's password"}),
    );
    assert_eq!(status, 403, "{refused}");
    let (status, _) = call(
        &server,
        "POST",
        "/api/auth/login",
        None,
        json!({"username": "theo", "password": "not theo's password"}),
    );
    assert_eq!(status, 401, "a wrong password says only that");

    let provider = Provider::start(json!([ada(None)]), &["--port", &port.to_string()]);
    assert_eq!(provider.issuer, issuer);
    wait_until("the provider is asked again", || {
        call(&server, "POST", "/api/auth/sign-on/start", None, json!({})).0 == 200
    });
    let (status, signed) = sign_in(&server, "ada", "ada's password");
    assert_eq!(status, 201, "{signed}");
}
