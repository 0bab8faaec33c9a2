//! The database file: migrations, restarts, the demo, and `check`.

use halfstar::db;
use halfstar::db::users::{self, NewUser};
use halfstar::demo;
use halfstar::domain::Role;
use rusqlite::Connection;

fn count(conn: &Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |row| row.get(0)).expect(sql)
}

#[test]
fn an_empty_database_is_migrated_to_the_latest_version() {
    let dir = tempfile::tempdir().unwrap();
    let pool = db::open(dir.path()).unwrap();
    let health = db::check(&halfstar::config::database_path(dir.path())).unwrap();
    assert!(health.is_ok(), "{health:?}");
    assert_eq!(health.applied, health.known);
    assert!(count(&pool.get().unwrap(), "SELECT count(*) FROM genres") >= 120);
}

#[test]
fn migrating_an_already_migrated_database_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let pool = db::open(dir.path()).unwrap();
    let mut conn = pool.get().unwrap();
    assert_eq!(db::migrate(&mut conn).unwrap(), 0);
    drop(conn);
    drop(pool);
    let pool = db::open(dir.path()).unwrap();
    let genres = count(&pool.get().unwrap(), "SELECT count(*) FROM genres");
    assert_eq!(
        genres,
        count(
            &db::open(dir.path()).unwrap().get().unwrap(),
            "SELECT count(*) FROM genres"
        )
    );
}

#[test]
fn connections_use_wal_foreign_keys_and_normal_sync() {
    let dir = tempfile::tempdir().unwrap();
    let pool = db::open(dir.path()).unwrap();
    let conn = pool.get().unwrap();
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    assert_eq!(count(&conn, "PRAGMA foreign_keys"), 1);
    assert_eq!(count(&conn, "PRAGMA synchronous"), 1, "NORMAL is 1");
    assert!(count(&conn, "PRAGMA busy_timeout") >= 1000);
}

#[test]
fn data_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    {
        let pool = db::open(dir.path()).unwrap();
        let user = NewUser {
            username: "vera",
            email: "vera@example.org",
            password_hash: "hash",
            profile_picture_url: "",
            role: Role::Editor,
        };
        users::insert(&pool.get().unwrap(), &user, "2026-01-01T00:00:00.000Z").unwrap();
        db::checkpoint(&pool).unwrap();
    }
    let pool = db::open(dir.path()).unwrap();
    let role: String = pool
        .get()
        .unwrap()
        .query_row("SELECT role FROM users WHERE username = 'VERA'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(role, "editor");
}

#[test]
fn the_demo_fills_an_empty_database_once_with_exact_counters() {
    let dir = tempfile::tempdir().unwrap();
    let pool = db::open(dir.path()).unwrap();
    let mut conn = pool.get().unwrap();
    let summary = demo::load(&mut conn, "demo-hash").unwrap();
    assert!(summary.artists >= 40, "{summary}");
    assert!(summary.albums >= 200, "{summary}");
    assert!(summary.reviews >= 20 && summary.posts >= 5, "{summary}");
    assert!(
        summary.comments >= 30 && summary.shouts >= 10 && summary.votes >= 30,
        "{summary}"
    );
    assert_eq!(
        count(&conn, "SELECT count(*) FROM albums") as usize,
        summary.albums
    );

    // Counters kept by the writes equal a fresh aggregate.
    let mismatched = count(
        &conn,
        "SELECT count(*) FROM albums a WHERE
           a.rating_count <> (SELECT count(number) FROM ratings r WHERE r.album_id = a.id)
        OR a.rating_sum <> (SELECT coalesce(sum(number), 0) FROM ratings r WHERE r.album_id = a.id)
        OR a.review_count <> (SELECT count(*) FROM reviews v WHERE v.album_id = a.id)",
    );
    assert_eq!(mismatched, 0);
    let mismatched_votes = count(
        &conn,
        "SELECT count(*) FROM reviews v WHERE v.votes_up + v.votes_down <>
           (SELECT count(*) FROM votes WHERE review_id = v.id)",
    );
    assert_eq!(mismatched_votes, 0);
    // Every review's author has rated the album (reviewRating is that rating).
    let unrated_reviews = count(
        &conn,
        "SELECT count(*) FROM reviews v WHERE NOT EXISTS
           (SELECT 1 FROM ratings r WHERE r.user_id = v.user_id AND r.album_id = v.album_id
              AND r.number IS NOT NULL)",
    );
    assert_eq!(unrated_reviews, 0);
    // Popularity is skewed: the most rated album has several times the median.
    let top = count(&conn, "SELECT max(rating_count) FROM albums");
    assert!(top >= 10, "top album has {top} ratings");

    let again = demo::load(&mut conn, "demo-hash");
    assert!(again.unwrap_err().to_string().contains("empty database"));
    assert_eq!(
        count(&conn, "SELECT count(*) FROM albums") as usize,
        summary.albums
    );
}

#[test]
fn check_flags_a_database_written_by_a_newer_version() {
    let dir = tempfile::tempdir().unwrap();
    let pool = db::open(dir.path()).unwrap();
    pool.get()
        .unwrap()
        .execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum)
             VALUES (999, 'future', '2030-01-01T00:00:00Z', '0')",
            [],
        )
        .unwrap();
    let health = db::check(&halfstar::config::database_path(dir.path())).unwrap();
    assert_eq!(health.unknown(), [999]);
    assert!(!health.is_ok());
}
