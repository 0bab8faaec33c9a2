//! Attacks on signing in, with real concurrency against the release binary
//! (`HALFSTAR_RELEASE_BIN`), from several client addresses on 127.0.0.x:
//! bursts of parallel guesses, lock-out attempts on the admin, one
//! address's burst slowing everyone else's log-in, one account signing in
//! from all its addresses at once, and many addresses of one IPv6 /64
//! (through a proxy, over ::1).

use crate::common;

use std::net::IpAddr;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use common::server::{RunningServer, http_from, http_with_headers, release_binary};

const DEMO_PASSWORD: &str = "halfstar-demo";
/// The server's limits (src/http/login_limits.rs and passwords.rs).
const PER_ACCOUNT_AND_ADDRESS: usize = 10;
const PER_ADDRESS: usize = 30;
const SUCCESSES_PER_ACCOUNT: usize = 10;
const SIGN_UPS_PER_HOUR: usize = 5;
const MOST_DELAY: Duration = Duration::from_secs(4);

/// One attack at a time: each measures waits, which attacks running side by
/// side on a small machine would lengthen.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn alone() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

struct Answer {
    status: u16,
    retry_after: Option<u64>,
    took: Duration,
}

fn demo_server(dir: &tempfile::TempDir) -> RunningServer {
    RunningServer::start_binary(
        &release_binary(),
        dir.path(),
        Stdio::null(),
        &[("HALFSTAR_DEMO", "1")],
    )
}

fn client(last: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, last])
}

/// A log-in from `from` (bound before connecting, so the server sees it as the peer).
fn log_in(server: u16, from: IpAddr, username: &str, password: &str) -> Answer {
    let body = format!(r#"{{"username":"{username}","password":"{password}"}}"#);
    let started = Instant::now();
    let answer = http_from(server, from, "POST", "/api/auth/login", None, &body);
    answer_of(&answer, started.elapsed())
}

fn answer_of(answer: &str, took: Duration) -> Answer {
    let status = answer[9..12].parse().unwrap();
    let retry_after = answer.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.eq_ignore_ascii_case("retry-after")
            .then(|| value.trim().parse().unwrap())
    });
    Answer {
        status,
        retry_after,
        took,
    }
}

/// A log-in that tries again when the server is busy, as a person would;
/// `took` is the whole time until the last answer.
fn log_in_patiently(port: u16, from: IpAddr, username: &str, password: &str) -> Answer {
    let started = Instant::now();
    loop {
        let answer = log_in(port, from, username, password);
        if answer.status != 503 {
            return Answer {
                took: started.elapsed(),
                ..answer
            };
        }
        thread::sleep(Duration::from_secs(answer.retry_after.unwrap()));
    }
}

/// Guesses from `from` on `username`, as fast as answers come, retrying
/// when the server is busy, until refused by a limit; counts the guesses
/// the server checked (answered 401).
fn guess_until_refused(port: u16, from: IpAddr, username: &str) -> usize {
    let mut checked = 0;
    loop {
        let answer = log_in(port, from, username, "a-wrong-guess");
        match answer.status {
            401 => checked += 1,
            503 => assert_eq!(answer.retry_after, Some(1)),
            429 => return checked,
            other => panic!("unexpected {other}"),
        }
    }
}

#[test]
fn a_burst_of_parallel_guesses_never_gets_past_the_limit() {
    let _alone = alone();
    let dir = tempfile::tempdir().unwrap();
    let server = demo_server(&dir);
    let port = server.port;
    let start = Arc::new(Barrier::new(40));
    let checked: usize = (0..40)
        .map(|_| {
            let start = start.clone();
            thread::spawn(move || {
                start.wait();
                guess_until_refused(port, client(2), "vinylvera")
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|worker| worker.join().unwrap())
        .sum();
    assert_eq!(checked, PER_ACCOUNT_AND_ADDRESS, "guesses checked");

    // Refused with the right password too, so the refusal tells nothing...
    let refused = log_in(port, client(2), "vinylvera", DEMO_PASSWORD);
    assert_eq!(refused.status, 429);
    assert!(refused.retry_after.unwrap() > 800);
    // ...but only there: the owner gets in from elsewhere, slowed at most.
    let owner = log_in(port, client(3), "vinylvera", DEMO_PASSWORD);
    assert_eq!(owner.status, 200);
    assert!(
        owner.took < MOST_DELAY + Duration::from_secs(2),
        "{:?}",
        owner.took
    );
}

#[test]
fn the_admin_always_gets_in_while_strangers_hammer_the_account() {
    let _alone = alone();
    let dir = tempfile::tempdir().unwrap();
    let server = demo_server(&dir);
    let port = server.port;
    // The admin has signed in from home before.
    assert_eq!(
        log_in(port, client(2), "vinylvera", DEMO_PASSWORD).status,
        200
    );

    let attacking = Arc::new(AtomicBool::new(true));
    let attackers: Vec<_> = (10..18)
        .flat_map(|last| [last; 3])
        .map(|last| {
            let attacking = attacking.clone();
            thread::spawn(move || {
                let mut checked = 0;
                while attacking.load(Ordering::Relaxed) {
                    checked += guess_until_refused(port, client(last), "vinylvera");
                    // Refused: ask again soon, without running out of ports.
                    thread::sleep(Duration::from_millis(10));
                }
                checked
            })
        })
        .collect();
    thread::sleep(Duration::from_millis(300));
    let mut waits = Vec::new();
    for _ in 0..8 {
        let admin = log_in(port, client(2), "vinylvera", DEMO_PASSWORD);
        assert_eq!(admin.status, 200, "the admin from home");
        waits.push(admin.took);
        thread::sleep(Duration::from_millis(250));
    }
    // From an address the account has never used: slowed, and perhaps asked
    // to try again in a moment, never refused.
    let travelling = log_in_patiently(port, client(40), "vinylvera", DEMO_PASSWORD);
    attacking.store(false, Ordering::Relaxed);
    let checked: usize = attackers.into_iter().map(|a| a.join().unwrap()).sum();

    assert_eq!(travelling.status, 200, "the admin away from home");
    assert!(
        travelling.took < MOST_DELAY + Duration::from_secs(4),
        "{:?}",
        travelling.took
    );
    let slowest = waits.iter().max().unwrap();
    assert!(*slowest < Duration::from_secs(1), "{waits:?}");
    // Eight addresses, each refused after its share.
    assert!(checked <= 8 * PER_ACCOUNT_AND_ADDRESS, "{checked}");
}

#[test]
fn one_addresss_burst_barely_delays_another_addresss_log_in() {
    let _alone = alone();
    let dir = tempfile::tempdir().unwrap();
    let server = demo_server(&dir);
    let port = server.port;
    let alone: Duration = (0..3)
        .map(|_| log_in(port, client(3), "mira99", DEMO_PASSWORD).took)
        .min()
        .unwrap();

    let start = Arc::new(Barrier::new(61));
    let burst: Vec<_> = (0..60)
        .map(|n| {
            let start = start.clone();
            thread::spawn(move || {
                start.wait();
                let name = format!("nobody{n}");
                // Until the address's limit refuses it.
                let mut answers = Vec::new();
                loop {
                    let answer = log_in(port, client(2), &name, "a-wrong-guess");
                    answers.push(answer.status);
                    if answer.status == 429 {
                        return answers;
                    }
                }
            })
        })
        .collect();
    start.wait();
    thread::sleep(Duration::from_millis(50));
    let mut waits = Vec::new();
    for _ in 0..5 {
        let answer = log_in(port, client(3), "mira99", DEMO_PASSWORD);
        assert_eq!(answer.status, 200);
        waits.push(answer.took);
        thread::sleep(Duration::from_millis(100));
    }
    let statuses: Vec<u16> = burst.into_iter().flat_map(|b| b.join().unwrap()).collect();

    let busy = statuses.iter().filter(|s| **s == 503).count();
    let checked = statuses.iter().filter(|s| **s == 401).count();
    assert!(busy > 0, "the burst filled its share of the queue");
    assert!(checked <= PER_ADDRESS, "{checked}");
    for wait in &waits {
        assert!(
            wait.saturating_sub(alone) < Duration::from_secs(1),
            "alone {alone:?}, during the burst {waits:?}"
        );
    }
}

#[test]
fn one_account_signing_in_from_all_its_addresses_cannot_keep_another_member_out() {
    let _alone = alone();
    let dir = tempfile::tempdir().unwrap();
    let server = demo_server(&dir);
    let port = server.port;
    // The member has signed in from home before; the other account from
    // each of five addresses, all of them known to it now.
    assert_eq!(log_in(port, client(3), "mira99", DEMO_PASSWORD).status, 200);
    let addresses = 10..15;
    for last in addresses.clone() {
        let known = log_in(port, client(last), "shoegaze_sam", DEMO_PASSWORD);
        assert_eq!(known.status, 200);
    }

    let flooding = Arc::new(AtomicBool::new(true));
    let start = Arc::new(Barrier::new(41));
    let flood: Vec<_> = addresses
        .flat_map(|last| [last; 8])
        .map(|last| {
            let (flooding, start) = (flooding.clone(), start.clone());
            thread::spawn(move || {
                start.wait();
                let mut statuses = Vec::new();
                while flooding.load(Ordering::Relaxed) {
                    let answer = log_in(port, client(last), "shoegaze_sam", DEMO_PASSWORD);
                    statuses.push(answer.status);
                    if answer.status != 200 {
                        // At once again, whatever Retry-After says; without
                        // running out of ports.
                        thread::sleep(Duration::from_millis(20));
                    }
                }
                statuses
            })
        })
        .collect();
    start.wait();
    thread::sleep(Duration::from_millis(20));
    let mut waits = Vec::new();
    for _ in 0..6 {
        let member = log_in(port, client(3), "mira99", DEMO_PASSWORD);
        assert_eq!(member.status, 200, "the member from home");
        waits.push(member.took);
        thread::sleep(Duration::from_millis(150));
    }
    flooding.store(false, Ordering::Relaxed);
    let statuses: Vec<u16> = flood.into_iter().flat_map(|f| f.join().unwrap()).collect();

    let slowest = waits.iter().max().unwrap();
    assert!(*slowest < Duration::from_secs(1), "{waits:?}");
    // Right passwords count too, the five before the flood among them: past
    // its share the account is refused before any password work.
    let signed_in = statuses.iter().filter(|s| **s == 200).count();
    assert!(signed_in <= SUCCESSES_PER_ACCOUNT - 5, "{signed_in}");
    assert!(statuses.contains(&429));
    assert!(
        statuses.iter().all(|s| [200, 429, 503].contains(s)),
        "{statuses:?}"
    );
}

/// A request through a proxy on ::1 that forwards it for `client`.
fn forwarded(port: u16, client: &str, path: &str, body: &str) -> u16 {
    let answer = http_with_headers(
        port,
        std::net::Ipv6Addr::LOCALHOST.into(),
        "POST",
        path,
        &[("X-Forwarded-For", client)],
        body,
    );
    answer_of(&answer, Duration::ZERO).status
}

#[test]
fn the_addresses_of_one_ipv6_64_are_one_client_behind_a_proxy() {
    let _alone = alone();
    let dir = tempfile::tempdir().unwrap();
    let log_path = dir.path().join("halfstar.log");
    let server = RunningServer::start_listening(
        &release_binary(),
        &dir.path().join("data"),
        "[::1]:0",
        std::fs::File::create(&log_path).unwrap().into(),
        &[("HALFSTAR_TRUST_PROXY", "1")],
    );
    let port = server.port;

    // Forty guesses at once, each from its own address of one /64, each
    // naming its own email so that only the address limit can refuse them.
    let start = Arc::new(Barrier::new(40));
    let statuses: Vec<u16> = (1..=40)
        .map(|n| {
            let start = start.clone();
            thread::spawn(move || {
                start.wait();
                let client = format!("2001:db8:1:2:{n:x}::{n:x}");
                let body =
                    format!(r#"{{"email":"guess{n}@example.org","password":"a-wrong-guess"}}"#);
                loop {
                    match forwarded(port, &client, "/api/auth/login", &body) {
                        503 => thread::sleep(Duration::from_secs(1)),
                        status => return status,
                    }
                }
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|guess| guess.join().unwrap())
        .collect();
    let checked = statuses.iter().filter(|s| **s == 401).count();
    assert_eq!(checked, PER_ADDRESS, "{statuses:?}");
    assert!(
        statuses.iter().all(|s| [401, 429].contains(s)),
        "{statuses:?}"
    );
    let next_64 = r#"{"email":"guess@example.org","password":"a-wrong-guess"}"#;
    assert_eq!(
        forwarded(port, "2001:db8:1:3::1", "/api/auth/login", next_64),
        401
    );

    let sign_up = |client: &str, n: usize| {
        let body = format!(
            r#"{{"username":"newcomer{n}","email":"n{n}@example.org","password":"a-good-password"}}"#
        );
        forwarded(port, client, "/api/auth/signup", &body)
    };
    let statuses: Vec<u16> = (1..=8)
        .map(|n| sign_up(&format!("2001:db8:7:8::{n:x}"), n))
        .collect();
    let created = statuses.iter().filter(|s| **s == 201).count();
    assert_eq!(created, SIGN_UPS_PER_HOUR, "{statuses:?}");
    assert_eq!(sign_up("2001:db8:7:9::1", 9), 201, "the next /64");
    server.stop();

    // Counted by the /64, logged by the full address.
    let log = std::fs::read_to_string(&log_path).unwrap();
    let logged = |kind: &str| -> std::collections::HashSet<IpAddr> {
        log.lines()
            .filter_map(|line| {
                line.split_once(&format!(" {kind} client="))?
                    .1
                    .split(' ')
                    .next()
            })
            .map(|client| client.parse().unwrap())
            .collect()
    };
    let guesses = logged("login-failed");
    let in_the_64 = guesses.iter().filter(|client| {
        let IpAddr::V6(client) = client else {
            return false;
        };
        client.segments()[..4] == [0x2001, 0xdb8, 1, 2]
    });
    assert_eq!(in_the_64.count(), PER_ADDRESS, "{log}");
    assert!(logged("limit-hit").contains(&"2001:db8:7:8::8".parse::<IpAddr>().unwrap()));
}
