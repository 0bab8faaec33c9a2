//! The `halfstar` binary: its subcommands, exit codes and shutdown.

use crate::common;

use std::process::{Command, Output, Stdio};

use common::server::{RunningServer, halfstar};

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn help_names_every_subcommand_and_its_environment_variables() {
    let dir = tempfile::tempdir().unwrap();
    let top = stdout(&halfstar(dir.path(), &["--help"]));
    for command in ["serve", "demo", "migrate", "check"] {
        assert!(top.contains(command), "{top}");
    }
    let serve = stdout(&halfstar(dir.path(), &["serve", "--help"]));
    for variable in [
        "HALFSTAR_LISTEN",
        "HALFSTAR_DEMO",
        "HALFSTAR_DATA_DIR",
        "127.0.0.1:8080",
    ] {
        assert!(serve.contains(variable), "{serve}");
    }
}

#[test]
fn check_fails_without_a_database_and_passes_after_migrate() {
    let dir = tempfile::tempdir().unwrap();
    let missing = halfstar(dir.path(), &["check"]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no database"));
    assert!(
        !dir.path().join("halfstar.db").exists(),
        "check must not create a database"
    );

    assert!(halfstar(dir.path(), &["migrate"]).status.success());
    let checked = halfstar(dir.path(), &["check"]);
    assert!(checked.status.success(), "{}", stdout(&checked));
    assert!(stdout(&checked).contains("migrations pending: none"));
}

#[test]
fn check_fails_on_a_corrupt_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("halfstar.db"), b"this is not a database").unwrap();
    assert!(!halfstar(dir.path(), &["check"]).status.success());
}

#[test]
fn the_data_directory_can_come_from_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_halfstar"))
        .arg("migrate")
        .env("HALFSTAR_DATA_DIR", dir.path())
        .status()
        .unwrap();
    assert!(status.success());
    assert!(dir.path().join("halfstar.db").exists());
}

#[test]
fn serve_answers_and_shuts_down_cleanly_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let server = RunningServer::start(dir.path(), Stdio::null(), &[]);

    let health = server.http("GET", "/api/health", None, "");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(health.contains(r#"{"status":"ok"}"#), "{health}");

    let status = server.stop();
    assert!(status.success(), "exit {status:?}");
    // The write-ahead log was folded into the database on the way out.
    let wal = dir.path().join("halfstar.db-wal");
    assert!(!wal.exists() || std::fs::metadata(&wal).unwrap().len() == 0);
    assert!(halfstar(dir.path(), &["check"]).status.success());
}

#[test]
fn healthcheck_passes_while_the_server_answers_and_fails_once_it_stops() {
    let dir = tempfile::tempdir().unwrap();
    let server = RunningServer::start(dir.path(), Stdio::null(), &[]);
    let listen = format!("127.0.0.1:{}", server.port);

    let answering = halfstar(dir.path(), &["healthcheck", "--listen", &listen]);
    assert!(answering.status.success(), "{answering:?}");
    assert_eq!(stdout(&answering).trim(), "ok");

    assert!(server.stop().success());
    let stopped = halfstar(dir.path(), &["healthcheck", "--listen", &listen]);
    assert!(!stopped.status.success(), "{stopped:?}");
    assert!(
        String::from_utf8_lossy(&stopped.stderr).contains("/api/health did not answer"),
        "{stopped:?}"
    );
}

#[test]
fn commands_leave_the_log_to_litestream_when_told() {
    for (checkpoints, folded) in [("own", true), ("litestream", false)] {
        let dir = tempfile::tempdir().unwrap();
        // Litestream's connection stays open, so the command's is not the
        // last to close and SQLite does not fold the log on its own.
        let litestream = rusqlite::Connection::open(dir.path().join("halfstar.db")).unwrap();
        let mode: String = litestream
            .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        litestream
            .query_row("SELECT count(*) FROM sqlite_master", [], |_| Ok(()))
            .unwrap();

        let migrate = halfstar(dir.path(), &["--checkpoints", checkpoints, "migrate"]);
        assert!(migrate.status.success(), "{migrate:?}");
        let log = std::fs::metadata(dir.path().join("halfstar.db-wal")).unwrap();
        assert_eq!(log.len() == 0, folded, "{checkpoints}: {} bytes", log.len());
    }
}
