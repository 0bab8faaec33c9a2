//! The picture store against a local picture server: a saved address is
//! fetched once in the background however often it is viewed, served in
//! its sizes as WebP with an ETag; a page that is not a picture, one too
//! large, a decompression bomb, a redirect to a metadata address, a slow
//! host and a private address (without the setting) are each refused or
//! timed out with the reason kept; link-local and metadata addresses are
//! refused in every spelling whatever the setting, and never reached through
//! a proxy; the content security policy allows only the site's own pictures.

use crate::common;

use std::io::{BufRead, BufReader, Cursor, Write};
use std::net::TcpListener;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use common::TestApp;
use halfstar::config::PictureSettings;
use halfstar::db::pictures;
use halfstar::pictures::media_path;
use image::{ImageBuffer, ImageFormat, Rgb};

/// A picture host on 127.0.0.1 that counts what it was asked.
struct PictureHost {
    port: u16,
    asked: Arc<std::sync::Mutex<Vec<String>>>,
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = ImageBuffer::from_fn(width, height, |x, y| {
        Rgb([(x % 251) as u8, (y % 241) as u8, 90])
    });
    let mut bytes = Vec::new();
    picture
        .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
        .unwrap();
    bytes
}

/// A PNG whose header claims 60,000 × 60,000 pixels (14 GB decoded) in a
/// few dozen bytes.
fn bomb() -> Vec<u8> {
    fn chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
        let mut out = (data.len() as u32).to_be_bytes().to_vec();
        let mut crc_input = kind.to_vec();
        crc_input.extend_from_slice(data);
        out.extend_from_slice(&crc_input);
        out.extend_from_slice(&crc32(&crc_input).to_be_bytes());
        out
    }
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for byte in bytes {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    let mut header = 60_000u32.to_be_bytes().to_vec();
    header.extend_from_slice(&60_000u32.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &header));
    png.extend(chunk(
        b"IDAT",
        &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
    ));
    png.extend(chunk(b"IEND", &[]));
    png
}

impl PictureHost {
    fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let asked = Arc::new(std::sync::Mutex::new(Vec::new()));
        let cover = Arc::new(png(800, 600));
        let log = asked.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let (log, cover) = (log.clone(), cover.clone());
                std::thread::spawn(move || {
                    let mut request_line = String::new();
                    let mut reader = BufReader::new(stream.try_clone().unwrap());
                    reader.read_line(&mut request_line).unwrap();
                    loop {
                        let mut line = String::new();
                        if reader.read_line(&mut line).unwrap() <= 2 {
                            break;
                        }
                    }
                    let path = request_line
                        .split_whitespace()
                        .nth(1)
                        .unwrap_or("")
                        .to_owned();
                    log.lock().unwrap().push(path.clone());
                    let answer = |status: &str, kind: &str, body: &[u8], extra: &str| {
                        let mut head = format!(
                            "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n{extra}Connection: close\r\n\r\n",
                            body.len()
                        )
                        .into_bytes();
                        head.extend_from_slice(body);
                        head
                    };
                    let response = match path.as_str() {
                        "/cover.png" => answer("200 OK", "image/png", &cover, ""),
                        "/cover.jpg" => answer(
                            "200 OK",
                            "image/jpeg",
                            b"<html><body>Not found</body></html>",
                            "",
                        ),
                        "/bomb.png" => answer("200 OK", "image/png", &bomb(), ""),
                        "/huge.png" => {
                            // Declares 11 MB and sends its first bytes.
                            let mut head = b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 11534336\r\nConnection: close\r\n\r\n".to_vec();
                            head.extend_from_slice(&[0; 1024]);
                            head
                        }
                        "/to-metadata.png" => answer(
                            "302 Found",
                            "text/plain",
                            b"",
                            "Location: http://169.254.169.254/latest/meta-data/\r\n",
                        ),
                        "/moved.png" => answer(
                            "301 Moved Permanently",
                            "text/plain",
                            b"",
                            "Location: /cover.png\r\n",
                        ),
                        "/slow.png" => {
                            std::thread::sleep(Duration::from_secs(4));
                            answer("200 OK", "image/png", &cover, "")
                        }
                        _ => answer("404 Not Found", "text/plain", b"no", ""),
                    };
                    let _ = stream.write_all(&response);
                });
            }
        });
        Self { port, asked }
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    fn times_asked(&self, path: &str) -> usize {
        self.asked
            .lock()
            .unwrap()
            .iter()
            .filter(|p| *p == path)
            .count()
    }
}

fn settings(private_addresses: bool) -> PictureSettings {
    PictureSettings {
        fetch_pictures: true,
        pictures_from_private_addresses: private_addresses,
        picture_fetch_seconds: 2,
        pictures_in_flight: 4,
    }
}

/// An album whose picture is `url`, saved as the site saves it.
fn album_with_picture(app: &TestApp, title: &str, url: &str) {
    let (_, ids) =
        app.artist_with_albums(&format!("Artist of {title}"), &[(title, "2001-01-01")], &[]);
    app.conn()
        .execute(
            "UPDATE albums SET picture_url = ?1 WHERE id = ?2",
            rusqlite::params![url, ids[0]],
        )
        .unwrap();
}

/// Waits until the picture at `url` is no longer waiting; its (status, reason).
async fn settled(app: &TestApp, url: &str) -> (String, String) {
    let started = Instant::now();
    loop {
        let state = pictures::state(&app.conn(), url)
            .unwrap()
            .expect("the address is wanted");
        if state.0 != "pending" || started.elapsed() > Duration::from_secs(20) {
            return state;
        }
        // A host that failed is tried again later: its first failure is kept then.
        let attempts: i64 = app
            .conn()
            .query_row("SELECT attempts FROM pictures WHERE url = ?1", [url], |r| {
                r.get(0)
            })
            .unwrap();
        if attempts > 0 {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_saved_picture_is_fetched_once_and_served_in_its_sizes() {
    let host = PictureHost::start();
    let app = TestApp::new();
    halfstar::server::tasks::pictures::start_alone(&app.state, &settings(true));
    let url = host.url("/cover.png");
    album_with_picture(&app, "Kid A", &url);
    // A second album with the same address shares the picture.
    album_with_picture(&app, "Kid A Mnesia", &url);
    assert_eq!(
        settled(&app, &url).await,
        ("ready".to_owned(), String::new())
    );

    let mut etags = Vec::new();
    for (width, expected) in [(96, (96, 72)), (320, (320, 240)), (640, (640, 480))] {
        for _ in 0..10 {
            let served = app.get(&media_path(&url, width)).await;
            assert_eq!(served.status, StatusCode::OK);
            assert_eq!(served.header("content-type"), "image/webp");
            assert!(served.header("cache-control").contains("max-age=2592000"));
            let picture = image::load_from_memory(&served.body).unwrap();
            assert_eq!((picture.width(), picture.height()), expected);
            etags.push(served.header("etag").to_owned());
        }
    }
    assert_eq!(
        host.times_asked("/cover.png"),
        1,
        "fetched once however often viewed"
    );
    let revalidated = app
        .send(
            axum::http::Request::builder()
                .uri(media_path(&url, 320))
                .header("if-none-match", &etags[10])
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(revalidated.status, StatusCode::NOT_MODIFIED);
    assert!(revalidated.body.is_empty());

    // Not a width it is kept at, an address nobody saved, a key that is not one.
    assert_eq!(
        app.get(&media_path(&url, 200)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&media_path("https://elsewhere.example/x.png", 320))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get("/media/%%%/320.webp").await.status,
        StatusCode::NOT_FOUND
    );

    // A redirect to a picture is followed (and checked).
    let moved = host.url("/moved.png");
    album_with_picture(&app, "Amnesiac", &moved);
    assert_eq!(settled(&app, &moved).await.0, "ready");

    // The admin figures count them.
    let (admin, admin_id) = app.member("root");
    app.set_role(admin_id, halfstar::domain::Role::Admin);
    let figures = app
        .call(Method::GET, "/api/admin/figures", Some(&admin), None)
        .await
        .json();
    assert_eq!(figures["pictures"]["ready"], 2);
    assert!(figures["pictures"]["bytes"].as_i64().unwrap() > 1000);
}

#[tokio::test(flavor = "multi_thread")]
async fn what_is_not_a_safe_picture_is_refused_with_the_reason_kept() {
    let host = PictureHost::start();
    let app = TestApp::new();
    halfstar::server::tasks::pictures::start_alone(&app.state, &settings(true));
    let cases = [
        ("/cover.jpg", "failed", "refused: not a picture"),
        ("/huge.png", "failed", "refused: larger than 10 MB"),
        (
            "/bomb.png",
            "failed",
            "refused: larger than 6000×6000 pixels",
        ),
        (
            "/to-metadata.png",
            "failed",
            "refused: 169.254.169.254 is a private or reserved address",
        ),
        ("/slow.png", "pending", "no answer in time"),
        ("/missing.png", "failed", "refused: HTTP 404"),
    ];
    for (path, _, _) in cases {
        album_with_picture(&app, path, &host.url(path));
    }
    for (path, status, reason) in cases {
        let (found_status, found_reason) = settled(&app, &host.url(path)).await;
        assert_eq!(found_status, status, "{path}: {found_reason}");
        assert!(found_reason.starts_with(reason), "{path}: {found_reason}");
        // Meanwhile the page shows its generated cover: a transparent stand-in, not an error.
        let served = app.get(&media_path(&host.url(path), 320)).await;
        assert_eq!(served.status, StatusCode::OK, "{path}");
        assert_eq!(served.header("content-type"), "image/svg+xml");
    }
    let slow_retry: String = app
        .conn()
        .query_row(
            "SELECT next_attempt_at FROM pictures WHERE url = ?1",
            [host.url("/slow.png")],
            |r| r.get(0),
        )
        .unwrap();
    assert!(
        slow_retry > halfstar::domain::timestamp::now(),
        "a slow host is tried again later"
    );
    assert_eq!(host.times_asked("/slow.png"), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn private_addresses_are_refused_unless_allowed() {
    let host = PictureHost::start();
    let app = TestApp::new();
    halfstar::server::tasks::pictures::start_alone(&app.state, &settings(false));
    let url = host.url("/cover.png");
    album_with_picture(&app, "Kid A", &url);
    let (status, reason) = settled(&app, &url).await;
    assert_eq!(status, "failed");
    assert!(
        reason.contains("127.0.0.1 is a private or reserved address"),
        "{reason}"
    );
    assert_eq!(host.times_asked("/cover.png"), 0, "nothing was asked of it");
}

#[tokio::test(flavor = "multi_thread")]
async fn metadata_and_link_local_addresses_are_refused_in_every_spelling_even_with_private_ones_allowed()
 {
    let app = TestApp::new();
    halfstar::server::tasks::pictures::start_alone(&app.state, &settings(true));
    let urls = [
        // AWS's metadata service over IPv6: a unique-local address.
        "http://[fd00:ec2::254]/latest/meta-data/",
        // 169.254.169.254 in decimal, IPv4-mapped, NAT64 and 6to4.
        "http://2852039166/latest/meta-data/",
        "http://[::ffff:169.254.169.254]/latest/meta-data/",
        "http://[64:ff9b::a9fe:a9fe]/latest/meta-data/",
        "http://[2002:a9fe:a9fe::]/latest/meta-data/",
        "http://[fe80::1]/cover.png",
    ];
    for (at, url) in urls.iter().enumerate() {
        album_with_picture(&app, &format!("Album {at}"), url);
    }
    for url in urls {
        let (status, reason) = settled(&app, url).await;
        assert_eq!(status, "failed", "{url}: {reason}");
        assert!(
            reason.starts_with("refused: ") && reason.contains("is a private or reserved address"),
            "{url}: {reason}"
        );
    }
}

/// The fetcher connects to the checked address itself: a proxy would resolve
/// the name, and fetch a metadata address, out of its sight.
#[test]
fn a_proxy_the_environment_names_is_not_used() {
    let proxy = PictureHost::start();
    let app = TestApp::new();
    let metadata = "http://169.254.169.254/latest/meta-data/";
    album_with_picture(&app, "Kid A", metadata);
    let cover = proxy.url("/cover.png");
    album_with_picture(&app, "Amnesiac", &cover);
    let proxy_url = format!("http://127.0.0.1:{}", proxy.port);
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_halfstar"));
    command
        .arg("--data-dir")
        .arg(app.dir.path())
        .args(["media", "fetch", "--pictures-from-private-addresses"])
        .env_remove("HALFSTAR_DATA_DIR")
        .env_remove("NO_PROXY")
        .env_remove("no_proxy");
    for name in ["ALL_PROXY", "HTTPS_PROXY", "HTTP_PROXY", "http_proxy"] {
        command.env(name, &proxy_url);
    }
    let output = command.output().expect("runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let (status, reason) = pictures::state(&app.conn(), metadata).unwrap().unwrap();
    assert_eq!(status, "failed");
    assert_eq!(
        reason,
        "refused: 169.254.169.254 is a private or reserved address (169.254.169.254)"
    );
    assert_eq!(
        pictures::state(&app.conn(), &cover).unwrap().unwrap().0,
        "ready"
    );
    assert_eq!(
        *proxy.asked.lock().unwrap(),
        ["/cover.png"],
        "asked directly, never as a proxy"
    );
}

#[tokio::test]
async fn pages_may_show_only_the_sites_own_pictures() {
    let app = TestApp::new();
    let page = app.get("/").await;
    let policy = page.header("content-security-policy");
    assert!(policy.contains("img-src 'self' data:;"), "{policy}");
    assert!(!policy.contains("https:"), "{policy}");
}

#[test]
fn the_cli_fetches_what_is_missing_and_prunes_what_nothing_uses() {
    let host = PictureHost::start();
    let app = TestApp::new();
    let url = host.url("/cover.png");
    album_with_picture(&app, "Kid A", &url);
    app.conn()
        .execute(
            "INSERT INTO pictures (url) VALUES ('https://gone.example/old.png')",
            [],
        )
        .unwrap();
    let run = |args: &[&str]| {
        let output = common::server::halfstar(app.dir.path(), args);
        let said = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            output.status.success(),
            "{said}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        said
    };
    let fetched = run(&["media", "fetch", "--pictures-from-private-addresses"]);
    assert!(fetched.contains("Fetched 1 of 2."), "{fetched}");
    assert_eq!(
        pictures::state(&app.conn(), &url).unwrap().unwrap().0,
        "ready"
    );
    let status = run(&["media", "status"]);
    assert!(status.starts_with("1 kept"), "{status}");
    assert!(status.contains("https://gone.example/old.png"), "{status}");
    // A backup holds the pictures with everything else.
    let backup = app.dir.path().join("backup.db");
    run(&["backup", backup.to_str().unwrap()]);
    let copied: i64 = rusqlite::Connection::open(&backup)
        .unwrap()
        .query_row("SELECT count(*) FROM picture_sizes", [], |r| r.get(0))
        .unwrap();
    assert_eq!(copied, 3);
    assert_eq!(
        run(&["media", "prune"]),
        "Removed 1 pictures nothing uses.\n"
    );
    assert_eq!(app.rows("pictures"), 1);
    assert_eq!(host.times_asked("/cover.png"), 1);
}

#[tokio::test]
async fn every_saved_address_is_wanted_however_it_was_saved() {
    let app = TestApp::new();
    let avatar = "https://pictures.example/me.png";
    let signed_up = app
        .call(
            Method::POST,
            "/api/auth/signup",
            None,
            Some(
                serde_json::json!({ "username": "pictured", "email": "p@example.org",
                                     "password": "a-good-password", "profilePictureUrl": avatar }),
            ),
        )
        .await;
    assert_eq!(
        signed_up.status,
        StatusCode::CREATED,
        "{}",
        signed_up.text()
    );
    let (editor_app, editor) = TestApp::with_editor("editor").await;
    let artist = editor_app
        .call(
            Method::POST,
            "/api/artist",
            Some(&editor),
            Some(serde_json::json!({ "name": "Burial", "description": "", "pictureUrl": "https://pictures.example/burial.jpg" })),
        )
        .await;
    assert_eq!(artist.status, StatusCode::CREATED, "{}", artist.text());
    assert_eq!(
        pictures::state(&app.conn(), avatar)
            .unwrap()
            .map(|s| s.0)
            .as_deref(),
        Some("pending")
    );
    assert!(
        pictures::is_wanted(&editor_app.conn(), "https://pictures.example/burial.jpg").unwrap()
    );
    // Nothing is fetched while the site does not run its fetcher; the page
    // gets the stand-in meanwhile.
    let served = app.get(&media_path(avatar, 96)).await;
    assert_eq!(served.header("content-type"), "image/svg+xml");
}
