//! The import pipeline against a stand-in for its four sources, answering
//! with recorded shapes of the real services (see tests/fixtures/import/README.md).

use crate::common;

use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use common::sources::{
    LASTFM_KEY, MockSources, NIRVANA_UK, PROLIFIC, RADIOHEAD, Trouble, UTADA, cover_release,
};
use halfstar::db;
use halfstar::domain::DatePrecision;
use halfstar::import::pipeline::{self, NoProgress, Plan, Planned, Request};
use halfstar::import::sources::{SourceSettings, Sources};
use halfstar::import::store;

fn request<'a>(name: &'a str, mbid: Option<&'a str>, known: &'a HashSet<String>) -> Request<'a> {
    Request {
        name,
        mbid,
        default_genre: None,
        known,
        site_genres: &[],
        artist_known: false,
        tracklists: false,
        known_without_tracks: &[],
    }
}

fn plan(settings: SourceSettings, name: &str, mbid: Option<&str>) -> Planned {
    let known = HashSet::new();
    pipeline::plan(
        &Sources::new(settings),
        &request(name, mbid, &known),
        &NoProgress,
    )
    .expect("plans")
}

fn ready(planned: Planned) -> Plan {
    match planned {
        Planned::Ready(plan) => plan,
        other => panic!("expected a plan, got {other:?}"),
    }
}

fn album<'a>(plan: &'a Plan, title: &str) -> &'a pipeline::AlbumPlan {
    plan.albums
        .iter()
        .find(|a| a.title == title)
        .unwrap_or_else(|| panic!("no {title} in {:?}", plan.albums))
}

#[test]
fn exactly_the_studio_albums_and_each_left_out_as_musicbrainz_types_it() {
    let mock = MockSources::start();
    let plan = ready(plan(mock.settings(false, false), "Radiohead", None));
    assert_eq!(plan.artist.mbid, RADIOHEAD);
    let titles: Vec<&str> = plan.albums.iter().map(|a| a.title.as_str()).collect();
    assert_eq!(
        titles,
        ["Pablo Honey", "OK Computer", "Kid A", "A Moon Shaped Pool"]
    );
    let mut left_out: Vec<(&str, &str)> = plan
        .skipped
        .iter()
        .map(|s| (s.title.as_str(), s.kind.code()))
        .collect();
    left_out.sort();
    assert_eq!(
        left_out,
        [
            ("Amnesiac", "no-front-cover"),
            ("Creep", "single"),
            ("I Might Be Wrong: Live Recordings", "live"),
            ("Kid A Mnesia", "live"),
            ("Live at Glastonbury 1997", "other"),
            ("Manic Hedgehog Demo", "demo"),
            ("Meeting People Is Easy", "soundtrack"),
            ("My Iron Lung", "ep"),
            ("Radiohead Box Set", "other"),
            ("Radiohead Interview Disc", "other"),
            ("Radiohead: The Best Of", "compilation"),
            ("TKOL RMX 1234567", "remix"),
        ]
    );
    let reason = |title: &str| {
        plan.skipped
            .iter()
            .find(|s| s.title == title)
            .unwrap()
            .reason
            .clone()
    };
    assert_eq!(
        reason("Kid A Mnesia"),
        "live album (MusicBrainz: Album + Compilation + Live)"
    );
    assert_eq!(
        reason("Radiohead Box Set"),
        "other release (MusicBrainz: no type)"
    );
    assert_eq!(
        reason("Radiohead Interview Disc"),
        "other release (MusicBrainz: Album + Spokenword + Interview)"
    );
    assert!(plan.troubles.is_empty(), "{:?}", plan.troubles);
    assert!(!plan.incomplete);

    // A search, the lookup of the one artist with the name, one page of release groups.
    let requests = mock.musicbrainz_requests();
    assert_eq!(requests.len(), 3, "{requests:?}");
}

#[test]
fn dates_keep_their_precision_and_covers_are_linked_over_https() {
    let mock = MockSources::start();
    let plan = ready(plan(mock.settings(false, false), "Radiohead", None));
    let ok_computer = album(&plan, "OK Computer");
    assert_eq!(ok_computer.release_date.to_string(), "1997-05-21");
    assert_eq!(ok_computer.release_date.precision(), DatePrecision::Day);
    let kid_a = album(&plan, "Kid A");
    assert_eq!(kid_a.release_date.to_string(), "2000-10-01");
    assert_eq!(kid_a.release_date.precision(), DatePrecision::Month);
    assert_eq!(
        ok_computer.picture_url,
        "https://coverartarchive.org/release/0b6b4ba0-d36f-47bd-b4ea-6a5b91842d29/1611507817-500.jpg"
    );
    assert!(
        plan.albums
            .iter()
            .all(|a| a.picture_url.starts_with("https://"))
    );

    let nirvana = ready(plan_uk(&mock));
    let simopath = album(&nirvana, "The Story of Simon Simopath");
    assert_eq!(simopath.release_date.precision(), DatePrecision::Year);
    assert_eq!(simopath.release_date.year(), 1968);
    assert_eq!(
        album(&nirvana, "All of Us").release_date.precision(),
        DatePrecision::Month
    );

    let dir = tempfile::tempdir().unwrap();
    let pool = db::open(dir.path()).unwrap();
    let mut conn = pool.get().unwrap();
    store::apply(&mut conn, &nirvana).unwrap();
    let stored: (String, String) = conn
        .query_row(
            "SELECT release_date, release_date_precision FROM albums WHERE title = 'The Story of Simon Simopath'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(stored, ("1968-01-01".into(), "year".into()));
}

fn plan_uk(mock: &MockSources) -> Planned {
    plan(mock.settings(true, false), "Nirvana", Some(NIRVANA_UK))
}

#[test]
fn every_namesake_is_offered_with_what_tells_them_apart() {
    let mock = MockSources::start();
    let candidates = match plan(mock.settings(false, false), "nirvana", None) {
        Planned::Unclear(candidates) => candidates,
        other => panic!("expected candidates, got {other:?}"),
    };
    assert_eq!(candidates.len(), 7, "every Nirvana, and only they");
    assert!(candidates.iter().all(|c| c.name == "Nirvana"));
    let uk = candidates.iter().find(|c| c.id == NIRVANA_UK).unwrap();
    assert_eq!(uk.disambiguation, "1960s UK psychedelic band");
    assert_eq!(uk.artist_type.as_deref(), Some("Group"));
    assert_eq!(uk.country.as_deref(), Some("GB"));
    assert_eq!(uk.active_years(), "1967–");
    assert_eq!(uk.score, 100);
    let us = &candidates[0];
    assert_eq!(us.active_years(), "1987–1994");
    let search = &mock.musicbrainz_requests()[0];
    assert!(search.starts_with("search artist:\"nirvana\""), "{search}");

    assert!(matches!(
        plan(mock.settings(false, false), "Nobody Like This", None),
        Planned::NotFound
    ));
    assert!(matches!(
        plan(
            mock.settings(false, false),
            "x",
            Some("00000000-0000-0000-0000-000000000000")
        ),
        Planned::NotFound
    ));
}

#[test]
fn sources_are_asked_by_identifier_so_namesakes_never_swap_descriptions() {
    let mock = MockSources::start();
    // Last.fm does not know the UK band's id; by name it answers about the US
    // band (another MusicBrainz id), which must not become the description.
    let uk = ready(plan_uk(&mock));
    assert_eq!(uk.artist.name, "Nirvana");
    assert_eq!(uk.artist.description, "");
    let asked = mock.log.lock().unwrap().lastfm.clone();
    assert_eq!(
        asked[..2],
        [
            format!("artist.getinfo mbid={NIRVANA_UK}"),
            "artist.getinfo artist=Nirvana".to_owned()
        ]
    );

    let radiohead = ready(plan(mock.settings(true, false), "Radiohead", None));
    assert!(
        radiohead
            .artist
            .description
            .starts_with("Radiohead are an English rock band")
    );
    assert!(
        mock.log
            .lock()
            .unwrap()
            .lastfm
            .contains(&format!("artist.getinfo mbid={RADIOHEAD}"))
    );

    // Discogs has no MusicBrainz ids, but MusicBrainz links the artist's Discogs page.
    let mock = MockSources::start();
    let by_link = ready(plan(mock.settings(false, true), "Radiohead", None));
    assert!(
        by_link
            .artist
            .description
            .starts_with("English rock band formed in 1985")
    );
    let discogs = mock.log.lock().unwrap().discogs.clone();
    assert!(discogs.contains(&"artist 3840".to_owned()), "{discogs:?}");
    assert!(
        !discogs.iter().any(|r| r.contains("\"type\": \"artist\"")),
        "the artist was not searched for by name: {discogs:?}"
    );
    assert_eq!(
        album(&by_link, "Kid A").styles,
        ["Art Rock", "IDM", "Experimental"]
    );
}

#[test]
fn genres_come_from_musicbrainz_then_last_fm_and_only_known_genres() {
    let mock = MockSources::start();
    let plan = ready(plan(mock.settings(true, false), "宇多田ヒカル", None));
    assert_eq!(plan.artist.mbid, UTADA);
    let titles: Vec<&str> = plan.albums.iter().map(|a| a.title.as_str()).collect();
    assert_eq!(
        titles,
        [
            "First Love",
            "Fantôme",
            "初恋",
            "BADモード",
            "Can’t Wait ’Til Christmas"
        ]
    );
    // The release group's own genres, then the artist's; the most specific first.
    assert_eq!(
        album(&plan, "First Love").genres,
        ["J-Pop", "Contemporary R&B", "R&B"]
    );
    // Last.fm fills what MusicBrainz leaves; its junk tags never become genres.
    assert_eq!(
        album(&plan, "BADモード").genres,
        ["J-Pop", "Contemporary R&B", "Synth-Pop"]
    );
    assert_eq!(
        album(&plan, "Can’t Wait ’Til Christmas").genres,
        ["J-Pop", "Contemporary R&B", "Christmas Music"]
    );
    let asked = mock.log.lock().unwrap().lastfm.clone();
    let cant_wait = cover_release("55e6f7a8-b9c0-3d1e-8f3a-4b5c6d7e8f9a");
    assert!(
        asked.contains(&format!("album.gettoptags mbid={cant_wait}")),
        "{asked:?}"
    );
    assert!(
        !asked.iter().any(|a| a.contains("album=Can’t Wait")),
        "found by its release's id, the album is not asked by name: {asked:?}"
    );
    assert!(
        !asked.iter().any(|a| a.contains("album=First Love")),
        "MusicBrainz gave First Love enough genres: {asked:?}"
    );
}

#[test]
fn a_failing_optional_source_costs_only_its_part_and_is_reported_once() {
    let cases: &[(Trouble, &str, &str)] = &[
        (
            Trouble::LastFmPlainText404,
            "Last.fm",
            "HTTP 404 (Not Found)",
        ),
        (
            Trouble::LastFmBadKey,
            "Last.fm",
            "error 10: Invalid API key - You must be granted a valid key by last.fm",
        ),
        (
            Trouble::DiscogsHtml502,
            "Discogs",
            "HTTP 502 (discogs.com | 502: Bad gateway)",
        ),
    ];
    for (trouble, source, what) in cases {
        let mock = MockSources::start();
        mock.log.lock().unwrap().trouble = Some(*trouble);
        let plan = ready(plan(mock.settings(true, true), "宇多田ヒカル", None));
        assert_eq!(
            plan.albums.len(),
            5,
            "{trouble:?}: every album is still there"
        );
        let theirs: Vec<_> = plan
            .troubles
            .iter()
            .filter(|t| t.source == *source)
            .collect();
        assert_eq!(
            theirs.len(),
            1,
            "{trouble:?}: told once: {:?}",
            plan.troubles
        );
        assert_eq!(theirs[0].what, *what);
        assert!(!theirs[0].asked.is_empty());
        assert!(
            theirs[0].asked.len() <= 3,
            "a failing source is given up on: {:?}",
            theirs[0]
        );
    }

    let mock = MockSources::start();
    mock.log.lock().unwrap().trouble = Some(Trouble::CoverArtSlow);
    let settings = SourceSettings {
        timeout: Duration::from_millis(500),
        ..mock.settings(false, false)
    };
    let plan = ready(plan(settings, "宇多田ヒカル", None));
    assert_eq!(
        plan.albums.len(),
        5,
        "albums come without covers: {:?}",
        plan.skipped
    );
    assert!(plan.albums.iter().all(|a| a.picture_url.is_empty()));
    assert_eq!(plan.troubles.len(), 1, "{:?}", plan.troubles);
    let trouble = &plan.troubles[0];
    assert_eq!(trouble.source, "the Cover Art Archive");
    assert!(trouble.what.starts_with("no answer"), "{}", trouble.what);
    assert_eq!(trouble.asked.len() + trouble.not_asked.len(), 5);
    assert!(trouble.cost.contains("update-pictures"));
}

#[test]
fn a_failing_page_is_tried_again_then_the_import_keeps_what_came_before() {
    let mock = MockSources::start();
    mock.log.lock().unwrap().failing_page = Some((100, 1));
    let whole = ready(plan(mock.settings(false, false), "Prolific", None));
    assert_eq!(whole.albums.len(), 230, "the page came on the second try");
    assert!(!whole.incomplete);

    let mock = MockSources::start();
    mock.log.lock().unwrap().failing_page = Some((100, 99));
    let cut = ready(plan(mock.settings(false, false), "Prolific", None));
    assert!(cut.incomplete);
    assert_eq!(cut.albums.len(), 100, "the first page is kept");
    assert_eq!(cut.troubles.len(), 1);
    assert_eq!(cut.troubles[0].source, "MusicBrainz");
    assert_eq!(
        cut.troubles[0].asked,
        ["the release groups of Prolific from offset 100"]
    );
    assert!(
        cut.troubles[0].what.contains("502"),
        "{}",
        cut.troubles[0].what
    );
    let browses = mock
        .musicbrainz_requests()
        .into_iter()
        .filter(|r| r.starts_with("browse") && r.ends_with("offset 100"))
        .count();
    assert_eq!(browses, 3, "tried three times with a pause between");

    let dir = tempfile::tempdir().unwrap();
    let pool = db::open(dir.path()).unwrap();
    let mut conn = pool.get().unwrap();
    assert_eq!(store::apply(&mut conn, &cut).unwrap().added.len(), 100);
    // The service is back: a re-run adds only the rest.
    mock.log.lock().unwrap().failing_page = None;
    let artist_id = db::imports::artist_by_mbid(&conn, PROLIFIC)
        .unwrap()
        .unwrap();
    let known = db::imports::release_groups_of(&conn, artist_id).unwrap();
    let rest = pipeline::plan(
        &Sources::new(mock.settings(false, false)),
        &Request {
            artist_known: true,
            ..request("Prolific", Some(PROLIFIC), &known)
        },
        &NoProgress,
    )
    .unwrap();
    let summary = store::apply(&mut conn, &ready(rest)).unwrap();
    assert_eq!(summary.added.len(), 130);
    let count: i64 = conn
        .query_row("SELECT count(*) FROM albums", [], |r| r.get(0))
        .unwrap();
    assert_eq!(count, 230);
}

#[test]
fn throttled_sources_are_waited_for() {
    let mock = MockSources::start();
    mock.log.lock().unwrap().throttle_browses = 1;
    mock.log.lock().unwrap().lastfm_busy = 2;
    let plan = ready(plan(mock.settings(true, false), "Radiohead", None));
    assert_eq!(plan.albums.len(), 4);
    assert!(plan.troubles.is_empty(), "{:?}", plan.troubles);
    assert!(
        !plan.artist.description.is_empty(),
        "Last.fm was asked again"
    );
    let browses = mock
        .musicbrainz_requests()
        .into_iter()
        .filter(|r| r.starts_with("browse"))
        .count();
    assert_eq!(browses, 2, "the page was asked for again after its 503");
}

#[test]
fn a_second_import_changes_nothing_that_did_not_change() {
    let mock = MockSources::start();
    let dir = tempfile::tempdir().unwrap();
    let pool = db::open(dir.path()).unwrap();
    let mut conn = pool.get().unwrap();
    let import = |conn: &mut rusqlite::Connection| {
        store::apply(
            conn,
            &ready(plan(mock.settings(true, false), "Radiohead", None)),
        )
        .unwrap()
    };
    let first = import(&mut conn);
    assert!(first.artist_added);
    assert_eq!(first.added.len(), 4);
    conn.execute(
        "UPDATE albums SET updated_at = '2020-01-01T00:00:00.000Z'",
        [],
    )
    .unwrap();
    let second = import(&mut conn);
    assert!(!second.artist_added);
    assert!(
        second.added.is_empty() && second.updated.is_empty(),
        "{second:?}"
    );
    assert_eq!(second.unchanged.len(), 4);
    let untouched: i64 = conn
        .query_row(
            "SELECT count(*) FROM albums WHERE updated_at = '2020-01-01T00:00:00.000Z'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(untouched, 4, "no album was rewritten");
    let imported: i64 = conn
        .query_row(
            "SELECT count(*) FROM revisions WHERE action = 'import' AND entity_kind = 'album'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(
        imported, 4,
        "each import is in the album's history; the unchanged re-run adds none"
    );

    conn.execute(
        "UPDATE albums SET picture_url = '' WHERE title = 'Kid A'",
        [],
    )
    .unwrap();
    let third = import(&mut conn);
    assert_eq!(third.updated, ["Kid A"]);
    assert_eq!(third.unchanged.len(), 3);
    let counts: (i64, i64) = conn
        .query_row(
            "SELECT (SELECT COUNT(*) FROM artists), (SELECT COUNT(*) FROM albums)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(counts, (1, 4));
}

#[test]
fn an_album_already_in_the_catalogue_is_recognised_by_its_title() {
    let mock = MockSources::start();
    let dir = tempfile::tempdir().unwrap();
    let pool = db::open(dir.path()).unwrap();
    let mut conn = pool.get().unwrap();
    let first = ready(plan(mock.settings(false, false), "宇多田ヒカル", None));
    store::apply(&mut conn, &first).unwrap();
    // An editor's copy, typed with plain apostrophes.
    conn.execute(
        "UPDATE albums SET mb_release_group = NULL, title = 'Can''t Wait ''Til Christmas' WHERE title LIKE 'Can%'",
        [],
    )
    .unwrap();
    let again = ready(plan(mock.settings(false, false), "宇多田ヒカル", None));
    let summary = store::apply(&mut conn, &again).unwrap();
    assert!(summary.added.is_empty(), "{summary:?}");
    let count: i64 = conn
        .query_row("SELECT count(*) FROM albums", [], |r| r.get(0))
        .unwrap();
    assert_eq!(count, 5);
}

fn halfstar(data_dir: &Path, mock: &MockSources, args: &[&str]) -> Output {
    halfstar_with_input(data_dir, mock, args, "")
}

fn halfstar_with_input(data_dir: &Path, mock: &MockSources, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_halfstar"))
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
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn the_command_line_offers_namesakes_by_number() {
    let mock = MockSources::start();
    let dir = tempfile::tempdir().unwrap();
    let stopped = halfstar_with_input(dir.path(), &mock, &["import", "artist", "Nirvana"], "");
    assert!(!stopped.status.success());
    let said = stderr(&stopped);
    assert!(
        said.contains("7 artists at MusicBrainz could be Nirvana"),
        "{said}"
    );
    assert!(
        said.contains(&format!(
            " 2. Nirvana  {NIRVANA_UK}  (1960s UK psychedelic band; Group; GB; 1967–; score 100)"
        )),
        "{said}"
    );
    assert!(said.contains("--mbid"), "{said}");

    let chosen = halfstar_with_input(
        dir.path(),
        &mock,
        &["import", "artist", "Nirvana"],
        "9\nUK\n2\n",
    );
    assert!(chosen.status.success(), "{}", stderr(&chosen));
    assert!(stderr(&chosen).contains("'9' is not a number from 1 to 7"));
    assert!(
        stdout(&chosen).contains("3 added, 0 updated, 0 unchanged, 0 left out"),
        "{}",
        stdout(&chosen)
    );
    let pool = db::open(dir.path()).unwrap();
    let mbid: String = pool
        .get()
        .unwrap()
        .query_row("SELECT mbid FROM artists", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mbid, NIRVANA_UK);
}

#[test]
fn the_command_line_dry_runs_imports_re_runs_and_refreshes_covers() {
    let mock = MockSources::start();
    let dir = tempfile::tempdir().unwrap();

    let dry = halfstar(
        dir.path(),
        &mock,
        &["import", "artist", "Radiohead", "--dry-run"],
    );
    assert!(dry.status.success(), "{}", stderr(&dry));
    assert!(
        stdout(&dry).contains("+ Kid A (2000-10) [Alternative Rock, Art Rock, Rock] https://"),
        "{}",
        stdout(&dry)
    );
    assert!(
        stdout(&dry).contains("left out, single (1):\n    - Creep: single (MusicBrainz: Single)"),
        "{}",
        stdout(&dry)
    );
    assert!(stdout(&dry).contains("nothing written"));
    let pool = db::open(dir.path()).unwrap();
    let artists: i64 = pool
        .get()
        .unwrap()
        .query_row("SELECT COUNT(*) FROM artists", [], |r| r.get(0))
        .unwrap();
    assert_eq!(artists, 0, "a dry run writes nothing");

    let imported = halfstar(dir.path(), &mock, &["import", "artist", "Radiohead"]);
    assert!(imported.status.success(), "{}", stderr(&imported));
    assert!(
        stdout(&imported).contains("4 added, 0 updated, 0 unchanged, 12 left out"),
        "{}",
        stdout(&imported)
    );
    let again = halfstar(dir.path(), &mock, &["import", "artist", "Radiohead"]);
    assert!(
        stdout(&again).contains("0 added, 0 updated, 4 unchanged, 12 left out"),
        "{}",
        stdout(&again)
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
    assert!(covers.status.success(), "{}", stderr(&covers));
    assert!(
        stdout(&covers).contains("4 covers updated"),
        "{}",
        stdout(&covers)
    );

    let before = mock.log.lock().unwrap().lastfm.len();
    let update = halfstar(dir.path(), &mock, &["import", "update-albums", "Radiohead"]);
    assert!(update.status.success(), "{}", stderr(&update));
    assert!(
        stdout(&update).contains("0 added, 0 updated, 0 unchanged"),
        "{}",
        stdout(&update)
    );
    let lastfm = mock.log.lock().unwrap().lastfm[before..].to_vec();
    assert!(
        lastfm.is_empty(),
        "update-albums asks nothing it does not use: {lastfm:?}"
    );
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

/// The tracks an album got, as (disc, position, title).
fn stored_tracks(conn: &rusqlite::Connection, title: &str) -> Vec<(u32, u32, String)> {
    let id: i64 = conn
        .query_row("SELECT id FROM albums WHERE title = ?1", [title], |r| {
            r.get(0)
        })
        .unwrap();
    db::tracks::fields_of(conn, id)
        .unwrap()
        .into_iter()
        .map(|t| (t.disc, t.position, t.title))
        .collect()
}

#[test]
fn albums_come_with_the_tracklist_of_their_first_official_release_and_update_albums_fills_the_rest()
{
    let mock = MockSources::start();
    let known = HashSet::new();
    let with_tracks = Request {
        tracklists: true,
        ..request("Radiohead", None, &known)
    };
    let planned = pipeline::plan(
        &Sources::new(mock.settings(false, false)),
        &with_tracks,
        &NoProgress,
    );
    let plan = ready(planned.unwrap());
    assert!(plan.troubles.is_empty(), "{:?}", plan.troubles);
    let ok_computer = album(&plan, "OK Computer");
    let short: String = ok_computer.release_group.chars().take(8).collect();
    let titles: Vec<&str> = ok_computer
        .tracks
        .iter()
        .map(|t| t.title.as_str())
        .collect();
    assert_eq!(
        titles,
        [
            format!("1. {short}"),
            format!("2. {short}"),
            format!("3. {short}")
        ]
    );
    assert_eq!(ok_computer.tracks[0].length_ms, Some(181_000));
    // One more request an album.
    let requests = mock.musicbrainz_requests();
    assert_eq!(
        requests
            .iter()
            .filter(|r| r.starts_with("releases "))
            .count(),
        4,
        "{requests:?}"
    );

    let dir = tempfile::tempdir().unwrap();
    let pool = db::open(dir.path()).unwrap();
    let mut conn = pool.get().unwrap();
    store::apply(&mut conn, &plan).unwrap();
    assert_eq!(stored_tracks(&conn, "Kid A").len(), 3);

    // Albums imported before tracklists: update-albums looks theirs up, and
    // leaves an editor's tracklist alone.
    conn.execute_batch(
        "DELETE FROM tracks WHERE album_id = (SELECT id FROM albums WHERE title = 'Kid A')",
    )
    .unwrap();
    let pablo: i64 = conn
        .query_row(
            "SELECT id FROM albums WHERE title = 'Pablo Honey'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let edited = [db::tracks::TrackFields {
        disc: 1,
        position: 1,
        title: "You".to_owned(),
        length_ms: None,
        recording_mbid: None,
    }];
    db::tracks::replace(&conn, pablo, &edited).unwrap();
    conn.execute_batch(
        "DELETE FROM tracks WHERE album_id = (SELECT id FROM albums WHERE title = 'OK Computer')",
    )
    .unwrap();
    let artist_id = db::imports::artist_by_mbid(&conn, RADIOHEAD)
        .unwrap()
        .unwrap();
    let known = db::imports::release_groups_of(&conn, artist_id).unwrap();
    let without = db::imports::albums_without_tracks(&conn, artist_id).unwrap();
    let titles: Vec<&str> = without.iter().map(|(_, title)| title.as_str()).collect();
    assert_eq!(titles, ["OK Computer", "Kid A"]);
    let update = Request {
        artist_known: true,
        tracklists: true,
        known_without_tracks: &without,
        ..request("Radiohead", Some(RADIOHEAD), &known)
    };
    let rest = ready(
        pipeline::plan(
            &Sources::new(mock.settings(false, false)),
            &update,
            &NoProgress,
        )
        .unwrap(),
    );
    let mut summary = store::apply(&mut conn, &rest).unwrap();
    summary.updated.sort();
    assert_eq!(summary.updated, ["Kid A", "OK Computer"]);
    assert_eq!(stored_tracks(&conn, "Kid A").len(), 3);
    assert_eq!(
        stored_tracks(&conn, "Pablo Honey"),
        [(1, 1, "You".to_owned())]
    );
    let imported: i64 = conn
        .query_row(
            "SELECT count(*) FROM revisions WHERE action = 'import' AND after_json ->> '$.tracks[0].title' IS NOT NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(
        imported >= 4,
        "the tracklists are in the history: {imported}"
    );
}

#[test]
fn a_failing_tracklist_costs_only_the_tracklist() {
    let mock = MockSources::start();
    mock.log.lock().unwrap().failing_tracklists = true;
    let known = HashSet::new();
    let with_tracks = Request {
        tracklists: true,
        ..request("Radiohead", None, &known)
    };
    let plan = ready(
        pipeline::plan(
            &Sources::new(mock.settings(false, false)),
            &with_tracks,
            &NoProgress,
        )
        .unwrap(),
    );
    assert_eq!(plan.albums.len(), 4);
    assert!(plan.albums.iter().all(|a| a.tracks.is_empty()));
    let [trouble] = plan.troubles.as_slice() else {
        panic!("one trouble: {:?}", plan.troubles)
    };
    assert_eq!(trouble.source, "MusicBrainz");
    assert!(
        trouble.cost.contains("without a tracklist"),
        "{}",
        trouble.cost
    );
}
