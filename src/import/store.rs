//! Writes a plan: the artist, then each album in its own transaction, so a
//! failure leaves earlier albums in and later ones still tried. Albums are
//! recognised by their release group, or by artist and title, so a second run
//! updates in place and adds nothing twice; an album whose every field is
//! already as planned is not written at all (its `updated_at` stays).

use rusqlite::Connection;

use super::pipeline::{AlbumPlan, Plan, SkipKind, Skipped};
use crate::db::albums::{self, AlbumChange, NewAlbum};
use crate::db::artists::{self, NewArtist};
use crate::db::audit::Actor;
use crate::db::imports;
use crate::db::revisions::{self, Change, EntityKind};
use crate::db::tracks::{self, TrackFields};
use crate::domain::AlbumType;
use crate::domain::timestamp::now;

#[derive(Debug, Default, PartialEq)]
pub struct Summary {
    pub artist_added: bool,
    pub added: Vec<String>,
    pub updated: Vec<String>,
    pub unchanged: Vec<String>,
    pub skipped: Vec<Skipped>,
}

pub fn apply(conn: &mut Connection, plan: &Plan) -> rusqlite::Result<Summary> {
    let stamp = now();
    let mut summary = Summary {
        skipped: plan.skipped.clone(),
        ..Summary::default()
    };
    let tx = conn.transaction()?;
    let artist_id = match imports::artist_by_mbid(&tx, &plan.artist.mbid)? {
        Some(id) => id,
        None => match artists::id_by_name(&tx, &plan.artist.name)? {
            Some(id) => {
                let before = revisions::snapshot(&tx, EntityKind::Artist, id)?;
                imports::claim_artist(
                    &tx,
                    id,
                    &plan.artist.mbid,
                    &plan.artist.description,
                    &stamp,
                )?;
                let change = Change::artist(id, "import");
                revisions::record(&tx, &change, Actor::CommandLine, before, &stamp)?;
                id
            }
            None => {
                summary.artist_added = true;
                let artist = NewArtist {
                    name: &plan.artist.name,
                    description: &plan.artist.description,
                    picture_url: "",
                    mbid: Some(&plan.artist.mbid),
                };
                let id = artists::insert(&tx, &artist, &stamp)?;
                let change = Change::artist(id, "import");
                revisions::record(&tx, &change, Actor::CommandLine, None, &stamp)?;
                id
            }
        },
    };
    tx.commit()?;

    for album in &plan.albums {
        let result = (|| {
            let tx = conn.transaction()?;
            let stored = store_album(&tx, artist_id, album, &stamp)?;
            tx.commit()?;
            Ok::<Stored, rusqlite::Error>(stored)
        })();
        match result {
            Ok(Stored::Added) => summary.added.push(album.title.clone()),
            Ok(Stored::Updated) => summary.updated.push(album.title.clone()),
            Ok(Stored::Unchanged) => summary.unchanged.push(album.title.clone()),
            Err(error) => {
                tracing::warn!(title = album.title, %error, "album not stored");
                summary.skipped.push(Skipped {
                    title: album.title.clone(),
                    kind: SkipKind::NotStored,
                    reason: format!("could not be stored: {error}"),
                });
            }
        }
    }
    for (release_group, tracklist) in &plan.tracklists {
        let tx = conn.transaction()?;
        if let Some(title) = fill_tracklist(&tx, release_group, tracklist, &stamp)? {
            summary.updated.push(title);
        }
        tx.commit()?;
    }
    Ok(summary)
}

/// Adds the albums a new-release check found for the artist, inside the
/// writer's own transaction: each album in a savepoint of its own, so one the
/// database refuses is skipped and the others still go in. Answers their titles.
pub fn add_found(conn: &Connection, artist_id: i64, plan: &Plan) -> rusqlite::Result<Vec<String>> {
    let stamp = now();
    let mut added = Vec::new();
    for album in &plan.albums {
        conn.execute_batch("SAVEPOINT found_album")?;
        match store_album(conn, artist_id, album, &stamp) {
            Ok(stored) => {
                conn.execute_batch("RELEASE found_album")?;
                if matches!(stored, Stored::Added) {
                    added.push(album.title.clone());
                }
            }
            Err(error) => {
                conn.execute_batch("ROLLBACK TO found_album; RELEASE found_album")?;
                tracing::warn!(title = album.title, %error, "new album not stored");
            }
        }
    }
    Ok(added)
}

/// Gives the album of `release_group` its tracklist, when it still has
/// none; answers the album's title when it did.
fn fill_tracklist(
    conn: &Connection,
    release_group: &str,
    tracklist: &[TrackFields],
    stamp: &str,
) -> rusqlite::Result<Option<String>> {
    let Some(id) = imports::album_by_release_group(conn, release_group)? else {
        return Ok(None);
    };
    if !tracks::fields_of(conn, id)?.is_empty() {
        return Ok(None);
    }
    let before = revisions::snapshot(conn, EntityKind::Album, id)?;
    tracks::replace(conn, id, tracklist)?;
    revisions::record(
        conn,
        &Change::album(id, "import"),
        Actor::CommandLine,
        before,
        stamp,
    )?;
    Ok(albums::stored(conn, id)?.map(|album| album.title))
}

enum Stored {
    Added,
    Updated,
    Unchanged,
}

/// Adds the album, updates the one already there, or leaves it be when it
/// is already as planned.
fn store_album(
    conn: &Connection,
    artist_id: i64,
    album: &AlbumPlan,
    stamp: &str,
) -> rusqlite::Result<Stored> {
    let existing =
        imports::existing_album(conn, artist_id, &album.title, Some(&album.release_group))?;
    let Some(id) = existing else {
        let new = NewAlbum {
            artist_id,
            title: &album.title,
            release_date: album.release_date,
            album_type: AlbumType::Lp,
            picture_url: &album.picture_url,
            genres: &album.genres,
            styles: &album.styles,
            mb_release_group: Some(&album.release_group),
        };
        let id = albums::insert(conn, &new, stamp)?;
        tracks::replace(conn, id, &album.tracks)?;
        revisions::record(
            conn,
            &Change::album(id, "import"),
            Actor::CommandLine,
            None,
            stamp,
        )?;
        return Ok(Stored::Added);
    };
    // A tracklist already there (an editor's, perhaps corrected) is kept.
    let add_tracks = !album.tracks.is_empty() && tracks::fields_of(conn, id)?.is_empty();
    let change = AlbumChange {
        artist_id,
        title: &album.title,
        release_date: album.release_date,
        album_type: AlbumType::Lp,
        // A cover the archive could not be asked for now is kept, not erased.
        picture_url: &album.picture_url,
        genres: &album.genres,
        styles: &album.styles,
    };
    let stored = albums::stored(conn, id)?;
    let kept_cover;
    let change = match &stored {
        Some(stored) if album.picture_url.is_empty() => {
            kept_cover = stored.picture_url.clone();
            AlbumChange {
                picture_url: &kept_cover,
                ..change
            }
        }
        _ => change,
    };
    let same_group =
        imports::release_group_of(conn, id)?.as_deref() == Some(album.release_group.as_str());
    if same_group && !add_tracks && stored.is_some_and(|stored| stored.is(&change)) {
        return Ok(Stored::Unchanged);
    }
    let before = revisions::snapshot(conn, EntityKind::Album, id)?;
    albums::update(conn, id, &change, stamp)?;
    if add_tracks {
        tracks::replace(conn, id, &album.tracks)?;
    }
    imports::set_release_group(conn, id, &album.release_group)?;
    revisions::record(
        conn,
        &Change::album(id, "import"),
        Actor::CommandLine,
        before,
        stamp,
    )?;
    Ok(Stored::Updated)
}
