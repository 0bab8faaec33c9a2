//! The server's background tasks against the release binary: a SIGTERM while
//! they are at their busiest (right after start on a community with
//! everything due: every album's similar albums, the chart figures, the
//! sweep of the slow orders, the new-release checks) ends the server within
//! ten seconds, every task says it stopped, and the database checks clean.

use crate::common;

use std::fs::File;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::server::{RunningServer, release_binary};

#[test]
fn a_sigterm_while_every_task_is_busy_ends_the_server_within_ten_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let made = Command::new(release_binary())
        .arg("--data-dir")
        .arg(&data)
        .args(["demo", "--synthetic", "small"])
        .env("HALFSTAR_LOG", "warn")
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );

    let log_path = dir.path().join("serve.log");
    let server = RunningServer::start_binary(
        &release_binary(),
        &data,
        File::create(&log_path).unwrap().into(),
        &[
            ("HALFSTAR_LOG", "halfstar=info"),
            // Nothing answers there: each check fails at once, as offline.
            ("HALFSTAR_MUSICBRAINZ_URL", "http://127.0.0.1:9"),
        ],
    );
    // At their busiest: just started, with everything due.
    std::thread::sleep(Duration::from_millis(300));
    let told = Instant::now();
    assert!(server.stop().success());
    let took = told.elapsed();
    assert!(took < Duration::from_secs(10), "stopped in {took:?}");

    let log = std::fs::read_to_string(&log_path).unwrap();
    let started = log
        .lines()
        .find(|line| line.contains("background tasks started"))
        .unwrap_or_else(|| panic!("no tasks started in {log}"));
    let names: Vec<&str> = started
        .split("tasks=[")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .unwrap()
        .split(", ")
        .map(|name| name.trim_matches('"'))
        .collect();
    for task in [
        "pictures",
        "recommendations",
        "new releases",
        "release days",
        "chart figures",
        "orders",
    ] {
        assert!(names.contains(&task), "{task} is not started: {started}");
    }
    for task in &names {
        let stopped = format!("task stopped task=\"{task}\"");
        assert!(log.contains(&stopped), "{task} did not stop:\n{log}");
    }
    assert!(log.contains("closing the database"), "{log}");

    let checked = Command::new(release_binary())
        .arg("--data-dir")
        .arg(&data)
        .arg("check")
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert!(
        checked.status.success(),
        "{}{}",
        String::from_utf8_lossy(&checked.stdout),
        String::from_utf8_lossy(&checked.stderr)
    );
}
