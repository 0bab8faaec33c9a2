//! The `halfstar` binary: its subcommands, exit codes and shutdown.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn halfstar(data_dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_halfstar"))
        .arg("--data-dir")
        .arg(data_dir)
        .args(args)
        .env_remove("HALFSTAR_DATA_DIR")
        .output()
        .expect("runs")
}

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

fn http_get(port: u16, path: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn serve_answers_and_shuts_down_cleanly_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_halfstar"))
        .arg("--data-dir")
        .arg(dir.path())
        .args(["serve", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first_line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut first_line)
        .unwrap();
    let port: u16 = first_line
        .rsplit(':')
        .next()
        .and_then(|p| p.trim().parse().ok())
        .unwrap_or_else(|| panic!("no port in {first_line:?}"));

    let health = http_get(port, "/api/health");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(health.contains(r#"{"status":"ok"}"#), "{health}");

    let killed = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = server.wait().unwrap();
    assert!(status.success(), "exit {status:?}");
    // The write-ahead log was folded into the database on the way out.
    let wal = dir.path().join("halfstar.db-wal");
    assert!(!wal.exists() || std::fs::metadata(&wal).unwrap().len() == 0);
    assert!(halfstar(dir.path(), &["check"]).status.success());
}
