//! The import pipeline against a stand-in for its four sources.

mod common;

use std::collections::HashSet;
use std::path::Path;
use std::process::{Command, Output};

use common::sources::{LASTFM_KEY, MockSources};
use halfstar::db;
use halfstar::import::pipeline::{self, NoProgress, Planned, Request};
use halfstar::import::sources::{SourceSettings, Sources};
use halfstar::import::store;

fn plan(
    settings: SourceSettings,
    name: &str,
    mbid: Option<&str>,
    default_genre: Option<&str>,
) -> Planned {
    let known = HashSet::new();
    let request = Request {
        name,
        mbid,
        default_genre,
        known: &known,
    };
    pipeline::plan(&Sources::new(settings), &request, &NoProgress).expect("plans")
}

fn ready(planned: Planned) -> pipeline::Plan {
    match planned {
        Planned::Ready(plan) => plan,
        other => panic!("expected a plan, got {other:?}"),
    }
}

#[test]
fn an_artist_comes_with_studio_albums_covers_dates_and_filtered_genres() {
    let mock = MockSources::start();
    let plan = ready(plan(mock.settings(true, false), "Radiohead", None, None));
    assert_eq!(plan.artist.name, "Radiohead");
    assert_eq!(plan.artist.mbid, "a74b1b7f-71a5-4011-9441-d0b5e4122711");
    assert_eq!(
        plan.artist.description,
        "Radiohead are an English rock band from Abingdon, Oxfordshire, formed in 1985."
    );
    let titles: Vec<&str> = plan.albums.iter().map(|a| a.title.as_str()).collect();
    assert_eq!(titles, ["OK Computer", "Kid A"]);
    let ok_computer = &plan.albums[0];
    assert_eq!(ok_computer.release_date.to_string(), "1997-05-21");
    assert_eq!(
        ok_computer.genres,
        ["Alternative", "Rock", "Alternative Rock"]
    );
    assert_eq!(
        ok_computer.picture_url,
        "http://coverartarchive.org/release/0b6b4ba0-d36f-47bd-b4ea-6a5b91842d29/1611507817-500.jpg"
    );
    let kid_a = &plan.albums[1];
    assert_eq!(kid_a.release_date.to_string(), "2000-10-01");
    assert_eq!(
        kid_a.genres,
        ["Electronic"],
        "a tag list of one arrives as a bare object"
    );

    let skipped: Vec<(&str, &str)> = plan
        .skipped
        .iter()
        .map(|s| (s.title.as_str(), s.reason.as_str()))
        .collect();
    assert_eq!(skipped.len(), 2, "{skipped:?}");
    assert!(skipped.iter().any(
        |(t, r)| *t == "I Might Be Wrong: Live Recordings" && r.contains("not a studio album")
    ));
    assert!(
        skipped
            .iter()
            .any(|(t, r)| *t == "Amnesiac" && r.contains("no front cover"))
    );

    // One search and the two pages of albums: nothing more from MusicBrainz.
    let requests = mock.musicbrainz_requests();
    assert_eq!(requests.len(), 3, "{requests:?}");
    let agents = mock.log.lock().unwrap().user_agents.clone();
    assert!(
        agents.iter().all(|a| a
            == &format!(
                "halfstar/{} ( mailto:admin@example.org )",
                env!("CARGO_PKG_VERSION")
            )),
        "{agents:?}"
    );
}

#[test]
fn close_matches_are_listed_and_an_id_settles_them() {
    let mock = MockSources::start();
    match plan(mock.settings(false, false), "Nirvana", None, None) {
        Planned::Unclear(candidates) => {
            let ids: Vec<&str> = candidates.iter().map(|c| c.id.as_str()).collect();
            assert_eq!(
                ids,
                [
                    "5b11f4ce-a62d-471e-81fc-a69a8278c7da",
                    "9282c8b4-ca0b-4c6b-b7e3-4f7762dfc4d6"
                ]
            );
        }
        other => panic!("expected candidates, got {other:?}"),
    }
    assert!(matches!(
        plan(mock.settings(false, false), "Nobody Like This", None, None),
        Planned::NotFound
    ));

    let by_id = ready(plan(
        mock.settings(false, false),
        "whatever was typed",
        Some("a74b1b7f-71a5-4011-9441-d0b5e4122711"),
        Some("Rock"),
    ));
    assert_eq!(by_id.artist.name, "Radiohead");
    assert!(
        mock.musicbrainz_requests()
            .iter()
            .any(|r| r.starts_with("artist a74b1b7f"))
    );
    // Neither Last.fm nor Discogs is configured: the default genre stands in.
    assert!(by_id.albums.iter().all(|a| a.genres == ["Rock"]));
    assert!(by_id.artist.description.is_empty());
    assert!(matches!(
        plan(
            mock.settings(false, false),
            "x",
            Some("00000000-0000-0000-0000-000000000000"),
            None
        ),
        Planned::NotFound
    ));
}

#[test]
fn discogs_fills_genres_without_last_fm_and_always_gives_styles() {
    let mock = MockSources::start();
    let plan = ready(plan(mock.settings(false, true), "Radiohead", None, None));
    assert_eq!(
        plan.artist.description,
        "English rock band formed in 1985 in Abingdon, Oxfordshire, signed to Parlophone and later XL Recordings. Members: Thom Yorke, Jonny Greenwood.",
        "without Last.fm, the Discogs profile describes the artist"
    );
    let kid_a = plan.albums.iter().find(|a| a.title == "Kid A").unwrap();
    assert_eq!(kid_a.genres, ["Electronic", "Rock", "Art Rock"]);
    assert_eq!(kid_a.styles, ["Art Rock", "IDM", "Experimental"]);

    let both = ready(self::plan(
        mock.settings(true, true),
        "Radiohead",
        None,
        None,
    ));
    let kid_a = both.albums.iter().find(|a| a.title == "Kid A").unwrap();
    assert_eq!(kid_a.genres, ["Electronic"], "Last.fm's tags come first");
    assert_eq!(kid_a.styles, ["Art Rock", "IDM", "Experimental"]);
}

#[test]
fn a_busy_last_fm_is_asked_again() {
    let mock = MockSources::start();
    mock.log.lock().unwrap().lastfm_busy = 2;
    let plan = ready(plan(mock.settings(true, false), "Radiohead", None, None));
    assert!(!plan.artist.description.is_empty());
    assert_eq!(
        plan.albums[0].genres,
        ["Alternative", "Rock", "Alternative Rock"]
    );
}

#[test]
fn a_throttled_musicbrainz_is_waited_for() {
    let mock = MockSources::start();
    mock.log.lock().unwrap().throttle_browses = 1;
    let plan = ready(plan(
        mock.settings(false, false),
        "Radiohead",
        None,
        Some("Rock"),
    ));
    assert_eq!(plan.albums.len(), 2);
    let browses = mock
        .musicbrainz_requests()
        .into_iter()
        .filter(|r| r.starts_with("browse"))
        .count();
    assert_eq!(
        browses, 3,
        "the first page was asked for again after its 503"
    );
}

#[test]
fn importing_twice_adds_nothing_the_second_time() {
    let mock = MockSources::start();
    let dir = tempfile::tempdir().unwrap();
    let pool = db::open(dir.path()).unwrap();
    let mut conn = pool.get().unwrap();
    let first = store::apply(
        &mut conn,
        &ready(plan(mock.settings(true, false), "Radiohead", None, None)),
    )
    .unwrap();
    assert!(first.artist_added);
    assert_eq!(first.added, ["OK Computer", "Kid A"]);
    let second = store::apply(
        &mut conn,
        &ready(plan(mock.settings(true, false), "Radiohead", None, None)),
    )
    .unwrap();
    assert!(!second.artist_added);
    assert!(second.added.is_empty());
    assert_eq!(second.updated, ["OK Computer", "Kid A"]);
    let counts: (i64, i64) = conn
        .query_row(
            "SELECT (SELECT COUNT(*) FROM artists), (SELECT COUNT(*) FROM albums)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(counts, (1, 2));
}

fn halfstar(data_dir: &Path, mock: &MockSources, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_halfstar"))
        .arg("--data-dir")
        .arg(data_dir)
        .args(args)
        .env("HALFSTAR_MUSICBRAINZ_URL", &mock.base)
        .env("HALFSTAR_COVERART_URL", &mock.base)
        .env("HALFSTAR_LASTFM_URL", &mock.base)
        .env("HALFSTAR_DISCOGS_URL", &mock.base)
        .env("HALFSTAR_LASTFM_KEY", LASTFM_KEY)
        .env_remove("HALFSTAR_DISCOGS_TOKEN")
        .env("HALFSTAR_MUSICBRAINZ_INTERVAL_MS", "5")
        .output()
        .expect("runs")
}

#[test]
fn the_command_line_dry_runs_imports_and_refreshes_covers() {
    let mock = MockSources::start();
    let dir = tempfile::tempdir().unwrap();
    let text = |output: &Output| String::from_utf8_lossy(&output.stdout).into_owned();

    let dry = halfstar(
        dir.path(),
        &mock,
        &["import", "artist", "Radiohead", "--dry-run"],
    );
    assert!(
        dry.status.success(),
        "{}",
        String::from_utf8_lossy(&dry.stderr)
    );
    assert!(
        text(&dry).contains("+ OK Computer (1997-05-21) [Alternative, Rock, Alternative Rock]"),
        "{}",
        text(&dry)
    );
    assert!(text(&dry).contains("nothing written"));
    let pool = db::open(dir.path()).unwrap();
    let artists: i64 = pool
        .get()
        .unwrap()
        .query_row("SELECT COUNT(*) FROM artists", [], |r| r.get(0))
        .unwrap();
    assert_eq!(artists, 0, "a dry run writes nothing");

    let unclear = halfstar(dir.path(), &mock, &["import", "artist", "Nirvana"]);
    assert!(!unclear.status.success());
    let said = String::from_utf8_lossy(&unclear.stderr);
    assert!(
        said.contains("--mbid")
            && said.contains("5b11f4ce-a62d-471e-81fc-a69a8278c7da")
            && said.contains("60s band from the UK"),
        "{said}"
    );

    let imported = halfstar(dir.path(), &mock, &["import", "artist", "Radiohead"]);
    assert!(
        imported.status.success(),
        "{}",
        String::from_utf8_lossy(&imported.stderr)
    );
    assert!(
        text(&imported).contains("2 added, 0 updated, 2 skipped"),
        "{}",
        text(&imported)
    );

    pool.get()
        .unwrap()
        .execute("UPDATE albums SET picture_url = ''", [])
        .unwrap();
    let covers = halfstar(
        dir.path(),
        &mock,
        &["import", "update-pictures", "radiohead"],
    );
    assert!(
        covers.status.success(),
        "{}",
        String::from_utf8_lossy(&covers.stderr)
    );
    assert!(
        text(&covers).contains("2 covers updated"),
        "{}",
        text(&covers)
    );
    let missing: i64 = pool
        .get()
        .unwrap()
        .query_row(
            "SELECT COUNT(*) FROM albums WHERE picture_url = ''",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(missing, 0);

    let again = halfstar(dir.path(), &mock, &["import", "update-albums", "Radiohead"]);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert!(
        text(&again).contains("0 added, 0 updated"),
        "{}",
        text(&again)
    );
}

#[test]
fn thirty_albums_take_one_search_and_one_page() {
    let mock = MockSources::start();
    let plan = ready(plan(
        mock.settings(false, false),
        "Prolific",
        None,
        Some("Rock"),
    ));
    assert_eq!(plan.skipped.len(), 30, "none of them has a cover here");
    let requests = mock.musicbrainz_requests();
    assert_eq!(requests.len(), 2, "{requests:?}");
}

#[test]
fn a_file_of_album_payloads_is_added_once() {
    let mock = MockSources::start();
    let dir = tempfile::tempdir().unwrap();
    let text = |output: &Output| String::from_utf8_lossy(&output.stdout).into_owned();
    let pool = db::open(dir.path()).unwrap();
    halfstar::db::artists::insert(
        &pool.get().unwrap(),
        &halfstar::db::artists::NewArtist {
            name: "Slowdive",
            description: "",
            picture_url: "",
            mbid: None,
        },
        "2026-01-01T00:00:00.000Z",
    )
    .unwrap();
    let file = dir.path().join("albums.json");
    std::fs::write(
        &file,
        r#"[{"title":"Souvlaki","artist":"Slowdive","pictureUrl":"","releaseDate":"1993-05-17","releaseYear":1993,"type":"LP","genres":"shoegaze, dream pop"},
            {"title":"Nowhere","artist":"Ride","releaseDate":"1990","type":"LP","genres":"shoegaze"}]"#,
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let first = halfstar(dir.path(), &mock, &["import", "file", path]);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(text(&first).contains("+ Souvlaki"), "{}", text(&first));
    assert!(
        text(&first).contains("- Nowhere: No artist called Ride: add the artist first"),
        "{}",
        text(&first)
    );
    let second = halfstar(dir.path(), &mock, &["import", "file", path]);
    assert!(
        text(&second).contains("0 added, 2 skipped"),
        "{}",
        text(&second)
    );
    std::fs::write(
        &file,
        r#"[{"title":"Pygmalion","artist":"Slowdive","releaseDate":"1995-02-30"}]"#,
    )
    .unwrap();
    let bad = halfstar(dir.path(), &mock, &["import", "file", path]);
    assert!(!bad.status.success());
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("albums[0]: releaseDate"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}
