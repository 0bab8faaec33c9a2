//! The server killed with SIGKILL under a rating and comment load, twenty
//! times: after each kill the database checks ok, every write that had been
//! answered 2xx is there, and every album's counters equal its ratings.
//!
//! Runs the binary named by `HALFSTAR_RELEASE_BIN` when set (the test command
//! sets it to the release build), else the test profile's build.

use crate::common;

use std::collections::{HashMap, HashSet};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use common::TestApp;
use common::server::{RunningServer, halfstar};
use rusqlite::Connection;

const ROUNDS: usize = 20;
const WRITERS: usize = 6;
const MEMBERS: usize = 36;
const ALBUMS: usize = 40;
/// The longest a round's load runs before the kill; each round picks a
/// moment up to this, so some kills land in start-up work.
const MOST_LOAD_MS: u64 = 1_500;

type Key = (i64, i64);

/// One write a writer sent: a rating (None is a library entry without a
/// number) or a comment on an album with a text no other comment has.
#[derive(Clone, Debug)]
enum Sent {
    Rating { key: Key, number: Option<f64> },
    Comment { user: i64, album: i64, text: String },
}

/// What one writer saw: the writes answered 2xx, in order, and the one it
/// was still waiting on when the server died, if any.
#[derive(Default)]
struct Outcome {
    answered: Vec<Sent>,
    in_flight: Option<Sent>,
}

/// Sends one request; Err when the connection failed before any answer
/// (`sent` tells whether the request may have reached the server).
fn send(port: u16, token: &str, path: &str, body: &str) -> Result<u16, bool> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|_| false)?;
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
         Authorization: Bearer {token}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).map_err(|_| true)?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).map_err(|_| true)?;
    answer
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse().ok())
        .ok_or(true)
}

/// Writes as the members `mine` until the server stops answering. Each
/// member is written by one writer only, so the order of a member's writes is
/// the order they were answered in.
fn writer(
    port: u16,
    mine: Vec<(i64, String)>,
    albums: Arc<Vec<i64>>,
    seed: u64,
    round: usize,
    stop: Arc<AtomicBool>,
) -> Outcome {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut outcome = Outcome::default();
    for n in 0.. {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let (user, token) = &mine[rng.usize(..mine.len())];
        let album = albums[rng.usize(..albums.len())];
        let (write, path, body) = if rng.u8(..10) < 8 {
            let number = (rng.u8(..10) != 0).then(|| f64::from(rng.u8(1..=20)) / 2.0);
            let shown = number.map_or("\"\"".to_owned(), |n| n.to_string());
            let body = format!(r#"{{"albumId":{album},"artistId":1,"number":{shown}}}"#);
            let write = Sent::Rating {
                key: (*user, album),
                number,
            };
            (write, "/api/rating", body)
        } else {
            let text = format!("crash round {round} writer {seed} comment {n}");
            let body = format!(r#"{{"commentText":"{text}","albumId":{album}}}"#);
            let write = Sent::Comment {
                user: *user,
                album,
                text,
            };
            (write, "/api/comment", body)
        };
        match send(port, token, path, &body) {
            Ok(200..=299) => outcome.answered.push(write),
            // The per-member comment limit; the comment was refused whole.
            Ok(429) => {}
            Ok(status) => panic!("{path} {body} answered {status}"),
            Err(sent) => {
                if sent {
                    outcome.in_flight = Some(write);
                }
                break;
            }
        }
    }
    outcome
}

/// Ratings and album comments as the database holds them now.
struct Stored {
    ratings: HashMap<Key, Option<f64>>,
    comments: HashSet<(i64, i64, String)>,
}

fn stored(database: &Path) -> Stored {
    let conn = Connection::open(database).unwrap();
    let ratings = conn
        .prepare("SELECT user_id, album_id, number FROM ratings")
        .unwrap()
        .query_map([], |row| Ok(((row.get(0)?, row.get(1)?), row.get(2)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    let comments = conn
        .prepare("SELECT user_id, album_id, comment_text FROM comments")
        .unwrap()
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    let wrong_counters: i64 = conn
        .query_row(
            "SELECT count(*) FROM albums a
             WHERE rating_count <> (SELECT count(number) FROM ratings WHERE album_id = a.id)
                OR rating_sum <> (SELECT coalesce(sum(number), 0) FROM ratings WHERE album_id = a.id)",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(
        wrong_counters, 0,
        "albums whose counters differ from their ratings"
    );
    Stored { ratings, comments }
}

#[test]
fn answered_writes_survive_sigkill_and_counters_stay_exact() {
    let app = TestApp::new();
    let titles: Vec<String> = (1..=ALBUMS).map(|n| format!("Album {n}")).collect();
    let catalogue: Vec<(&str, &str)> = titles.iter().map(|t| (t.as_str(), "2001-01-01")).collect();
    let (_, albums) = app.artist_with_albums("Crash Test", &catalogue, &[]);
    let members: Vec<(i64, String)> = (0..MEMBERS)
        .map(|n| {
            let (token, id) = app.member(&format!("writer{n}"));
            (id, token)
        })
        .collect();
    let data_dir = app.dir.path().to_owned();
    let database = data_dir.join("halfstar.db");
    let albums = Arc::new(albums);
    // The server, not this test, must be the only one with the file open.
    let TestApp {
        dir: _dir,
        state,
        setup,
    } = app;
    drop(setup);
    drop(state);

    let mut before = stored(&database);
    let mut rng = fastrand::Rng::with_seed(20_261_123);
    let mut answered_total = 0;
    for round in 0..ROUNDS {
        let server = RunningServer::start_binary(
            &common::server::release_binary(),
            &data_dir,
            Stdio::null(),
            &[],
        );
        let stop = Arc::new(AtomicBool::new(false));
        let writers: Vec<_> = (0..WRITERS)
            .map(|w| {
                let mine = members[w..].iter().step_by(WRITERS).cloned().collect();
                let (albums, stop, port) = (albums.clone(), stop.clone(), server.port);
                let seed = (round * WRITERS + w) as u64;
                thread::spawn(move || writer(port, mine, albums, seed, round, stop))
            })
            .collect();
        thread::sleep(Duration::from_millis(rng.u64(..MOST_LOAD_MS)));
        server.kill();
        stop.store(true, Ordering::Relaxed);
        let outcomes: Vec<Outcome> = writers.into_iter().map(|w| w.join().unwrap()).collect();

        let check = halfstar(&data_dir, &["check"]);
        let said = String::from_utf8_lossy(&check.stdout);
        assert!(
            check.status.success(),
            "round {round}: check failed:\n{said}"
        );
        assert!(said.contains("integrity: ok"), "round {round}: {said}");

        // What the database must hold: the last state plus every answered
        // write; a write cut off mid-flight may or may not have landed.
        let mut expected_ratings = before.ratings.clone();
        let mut expected_comments = before.comments.clone();
        let mut maybe_ratings: HashMap<Key, Option<f64>> = HashMap::new();
        let mut maybe_comments = HashSet::new();
        for outcome in &outcomes {
            answered_total += outcome.answered.len();
            for write in &outcome.answered {
                match write.clone() {
                    Sent::Rating { key, number } => {
                        expected_ratings.insert(key, number);
                    }
                    Sent::Comment { user, album, text } => {
                        expected_comments.insert((user, album, text));
                    }
                }
            }
            match outcome.in_flight.clone() {
                Some(Sent::Rating { key, number }) => {
                    maybe_ratings.insert(key, number);
                }
                Some(Sent::Comment { user, album, text }) => {
                    maybe_comments.insert((user, album, text));
                }
                None => {}
            }
        }

        let after = stored(&database);
        let keys: HashSet<&Key> = after
            .ratings
            .keys()
            .chain(expected_ratings.keys())
            .collect();
        for key in keys {
            let found = after.ratings.get(key);
            let lands_as_expected = found == expected_ratings.get(key);
            let in_flight_landed = maybe_ratings.get(key).is_some_and(|n| found == Some(n));
            assert!(
                lands_as_expected || in_flight_landed,
                "round {round}: rating {key:?} is {found:?}, expected {:?} (in flight: {:?})",
                expected_ratings.get(key),
                maybe_ratings.get(key)
            );
        }
        let missing: Vec<_> = expected_comments.difference(&after.comments).collect();
        assert!(
            missing.is_empty(),
            "round {round}: answered comments lost: {missing:?}"
        );
        let unexplained: Vec<_> = after
            .comments
            .difference(&expected_comments)
            .filter(|comment| !maybe_comments.contains(*comment))
            .collect();
        assert!(
            unexplained.is_empty(),
            "round {round}: comments nobody sent: {unexplained:?}"
        );
        before = after;
    }
    // The kills must have interrupted real work, not an idle server.
    assert!(
        answered_total > ROUNDS * 10,
        "only {answered_total} writes were answered in {ROUNDS} rounds"
    );
    eprintln!("{answered_total} answered writes across {ROUNDS} kills");
}
