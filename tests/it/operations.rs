//! Keeping a community's data: backup while serving, restore with its checks,
//! and one server per data directory.

use crate::common;

use std::path::Path;
use std::process::Stdio;

use common::server::{RunningServer, halfstar};
use rusqlite::Connection;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn sign_up(server: &RunningServer, username: &str) {
    let body = format!(
        r#"{{"username":"{username}","email":"{username}@example.org","password":"a-good-password","profilePictureUrl":""}}"#
    );
    let answer = server.http("POST", "/api/auth/signup", None, &body);
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
}

fn usernames(database: &Path) -> Vec<String> {
    Connection::open(database)
        .unwrap()
        .prepare("SELECT username FROM users ORDER BY username")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn a_backup_taken_while_serving_restores_after_the_server_stops() {
    let data = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let backup = elsewhere.path().join("nightly.db");
    let server = RunningServer::start(data.path(), Stdio::null(), &[]);
    sign_up(&server, "before_backup");

    let backed_up = halfstar(data.path(), &["backup", backup.to_str().unwrap()]);
    assert!(backed_up.status.success(), "{}", text(&backed_up.stderr));
    assert!(text(&backed_up.stdout).contains("Backed up"));
    assert_eq!(usernames(&backup), ["before_backup"]);
    let checked = halfstar::db::check(&backup).unwrap();
    assert!(checked.is_ok(), "{checked:?}");
    assert!(!elsewhere.path().join("nightly.db-wal").exists());

    sign_up(&server, "after_backup");
    let refused = halfstar(data.path(), &["restore", backup.to_str().unwrap()]);
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("a halfstar server is using"),
        "{}",
        text(&refused.stderr)
    );
    let second = halfstar(data.path(), &["serve", "--listen", "127.0.0.1:0"]);
    assert!(!second.status.success(), "a second server on the same data");
    assert!(server.stop().success());

    let restored = halfstar(data.path(), &["restore", backup.to_str().unwrap()]);
    assert!(restored.status.success(), "{}", text(&restored.stderr));
    let said = text(&restored.stdout);
    assert!(said.contains("kept at"), "{said}");
    let database = data.path().join("halfstar.db");
    assert_eq!(usernames(&database), ["before_backup"]);
    let aside = std::fs::read_dir(data.path())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| path.to_string_lossy().contains("before-restore-"))
        .expect("the replaced database is kept");
    assert_eq!(usernames(&aside), ["after_backup", "before_backup"]);
    assert!(halfstar(data.path(), &["check"]).status.success());
}

#[test]
fn restore_refuses_damaged_foreign_and_newer_files_and_replaces_nothing() {
    let data = tempfile::tempdir().unwrap();
    assert!(halfstar(data.path(), &["migrate"]).status.success());
    let database = data.path().join("halfstar.db");
    let files = tempfile::tempdir().unwrap();

    let garbage = files.path().join("garbage.db");
    std::fs::write(&garbage, b"this is not a database at all, only text").unwrap();
    let foreign = files.path().join("foreign.db");
    Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hi');")
        .unwrap();
    let newer = files.path().join("newer.db");
    assert!(
        halfstar(data.path(), &["backup", newer.to_str().unwrap()])
            .status
            .success()
    );
    Connection::open(&newer)
        .unwrap()
        .execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum)
             VALUES (999, 'from_the_future', '2030-01-01T00:00:00Z', '0')",
            [],
        )
        .unwrap();
    let missing = files.path().join("missing.db");
    // Read after the backup above, which notes its time in the database.
    let before = std::fs::read(&database).unwrap();

    for (file, expected) in [
        (&garbage, "not a database"),
        (&foreign, "not a halfstar database"),
        (&newer, "newer halfstar"),
        (&missing, "no backup at"),
    ] {
        let refused = halfstar(data.path(), &["restore", file.to_str().unwrap()]);
        assert!(!refused.status.success(), "{}", file.display());
        let said = text(&refused.stderr);
        assert!(said.contains(expected), "{}: {said}", file.display());
    }
    assert_eq!(std::fs::read(&database).unwrap(), before);
    let names: Vec<_> = std::fs::read_dir(data.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|name| !name.contains("before-restore")),
        "{names:?}"
    );
}
