//! Writes a plan: the artist, then each album in its own transaction, so a
//! failure leaves earlier albums in and later ones still tried. Albums are
//! recognised by their release group, or by artist and title, so a second run
//! updates in place and adds nothing twice.

use rusqlite::Connection;

use super::pipeline::{AlbumPlan, Plan, Skipped};
use crate::db::albums::{self, AlbumChange, NewAlbum};
use crate::db::artists::{self, NewArtist};
use crate::db::imports;
use crate::domain::AlbumType;
use crate::domain::timestamp::now;

#[derive(Debug, Default, PartialEq)]
pub struct Summary {
    pub artist_added: bool,
    pub added: Vec<String>,
    pub updated: Vec<String>,
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
                imports::claim_artist(
                    &tx,
                    id,
                    &plan.artist.mbid,
                    &plan.artist.description,
                    &stamp,
                )?;
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
                artists::insert(&tx, &artist, &stamp)?
            }
        },
    };
    tx.commit()?;

    for album in &plan.albums {
        let result = (|| {
            let tx = conn.transaction()?;
            let added = store_album(&tx, artist_id, album, &stamp)?;
            tx.commit()?;
            Ok::<bool, rusqlite::Error>(added)
        })();
        match result {
            Ok(true) => summary.added.push(album.title.clone()),
            Ok(false) => summary.updated.push(album.title.clone()),
            Err(error) => {
                tracing::warn!(title = album.title, %error, "album not stored");
                summary.skipped.push(Skipped {
                    title: album.title.clone(),
                    reason: format!("could not be stored: {error}"),
                });
            }
        }
    }
    Ok(summary)
}

/// Adds the album (true) or updates the one already there (false).
fn store_album(
    conn: &Connection,
    artist_id: i64,
    album: &AlbumPlan,
    stamp: &str,
) -> rusqlite::Result<bool> {
    match imports::existing_album(conn, artist_id, &album.title, Some(&album.release_group))? {
        Some(id) => {
            let change = AlbumChange {
                artist_id,
                title: &album.title,
                release_date: album.release_date,
                album_type: AlbumType::Lp,
                picture_url: &album.picture_url,
                genres: &album.genres,
                styles: &album.styles,
            };
            albums::update(conn, id, &change, stamp)?;
            imports::set_release_group(conn, id, &album.release_group)?;
            Ok(false)
        }
        None => {
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
            albums::insert(conn, &new, stamp)?;
            Ok(true)
        }
    }
}
