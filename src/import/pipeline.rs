//! From an artist's name to what would be added: the artist, their studio
//! albums with covers, dates and genres, and the albums left out and why.

use std::collections::HashSet;

use super::SourceError;
use super::musicbrainz::{ArtistChoice, ArtistHit, ReleaseGroup};
use super::sources::Sources;
use super::tags::{MAX_TAG_GENRES, genres_from_tags};
use crate::domain::{ReleaseDate, catalogue};

#[derive(Debug, Clone)]
pub struct ArtistPlan {
    pub name: String,
    pub mbid: String,
    pub description: String,
}

#[derive(Debug, Clone)]
pub struct AlbumPlan {
    pub title: String,
    pub release_date: ReleaseDate,
    pub release_group: String,
    pub picture_url: String,
    pub genres: Vec<String>,
    pub styles: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Skipped {
    pub title: String,
    pub reason: String,
}

#[derive(Debug)]
pub struct Plan {
    pub artist: ArtistPlan,
    pub albums: Vec<AlbumPlan>,
    pub skipped: Vec<Skipped>,
}

#[derive(Debug)]
pub enum Planned {
    Ready(Plan),
    /// The name matches several artists about equally: choose one by its id.
    Unclear(Vec<ArtistHit>),
    NotFound,
}

pub struct Request<'a> {
    pub name: &'a str,
    /// The MusicBrainz id, which skips the search.
    pub mbid: Option<&'a str>,
    /// Genre for albums no source classifies.
    pub default_genre: Option<&'a str>,
    /// Release groups already in the catalogue: not looked up again.
    pub known: &'a HashSet<String>,
}

/// Reports each album as it is looked up (a progress bar, or log lines).
pub trait Progress {
    fn albums(&self, count: usize);
    fn album(&self, title: &str);
}

/// For callers with nobody to report to (the server, tests).
pub struct NoProgress;

impl Progress for NoProgress {
    fn albums(&self, _: usize) {}
    fn album(&self, _: &str) {}
}

/// The artist a request names, with their description.
#[derive(Debug)]
pub enum FoundArtist {
    Found(ArtistPlan),
    Unclear(Vec<ArtistHit>),
    NotFound,
}

/// Finds the artist by id or by name (one MusicBrainz request) and their
/// description (one Last.fm request).
pub fn find_artist(
    sources: &Sources,
    name: &str,
    mbid: Option<&str>,
) -> Result<FoundArtist, SourceError> {
    let musicbrainz = sources.musicbrainz();
    let hit = match mbid {
        Some(mbid) => musicbrainz.artist(mbid)?,
        None => match super::musicbrainz::choose(musicbrainz.search_artist(name)?, name) {
            ArtistChoice::Found(hit) => Some(hit),
            ArtistChoice::Unclear(candidates) => return Ok(FoundArtist::Unclear(candidates)),
            ArtistChoice::NotFound => None,
        },
    };
    let Some(hit) = hit else {
        tracing::warn!(name, "no such artist at MusicBrainz");
        return Ok(FoundArtist::NotFound);
    };
    let description = artist_description(sources, &hit.name);
    Ok(FoundArtist::Found(ArtistPlan {
        name: hit.name,
        mbid: hit.id,
        description,
    }))
}

/// Looks everything up; writes nothing. A failure on one album skips it,
/// with the reason; only a failure about the artist ends the run.
pub fn plan(
    sources: &Sources,
    request: &Request,
    progress: &dyn Progress,
) -> Result<Planned, SourceError> {
    let artist = match find_artist(sources, request.name, request.mbid)? {
        FoundArtist::Found(artist) => artist,
        FoundArtist::Unclear(candidates) => return Ok(Planned::Unclear(candidates)),
        FoundArtist::NotFound => return Ok(Planned::NotFound),
    };
    let musicbrainz = sources.musicbrainz();
    let groups: Vec<ReleaseGroup> = musicbrainz
        .album_groups(&artist.mbid)?
        .into_iter()
        .filter(|group| !request.known.contains(&group.id))
        .collect();

    let mut albums = Vec::new();
    let mut skipped = Vec::new();
    let plain: Vec<ReleaseGroup> = groups
        .into_iter()
        .filter(|group| {
            let keep = group.is_plain_album();
            if !keep {
                skipped.push(Skipped {
                    title: group.title.clone(),
                    reason: "not a studio album (a live album, compilation, remix or the like)"
                        .into(),
                });
            }
            keep
        })
        .collect();
    progress.albums(plain.len());
    for group in plain {
        progress.album(&group.title);
        match album(sources, &artist.name, &group, request.default_genre) {
            Ok(Ok(album)) => albums.push(album),
            Ok(Err(reason)) => skipped.push(Skipped {
                title: group.title,
                reason,
            }),
            Err(error) => {
                tracing::warn!(title = group.title, %error, "album skipped");
                skipped.push(Skipped {
                    title: group.title,
                    reason: error.to_string(),
                });
            }
        }
    }
    Ok(Planned::Ready(Plan {
        artist,
        albums,
        skipped,
    }))
}

/// Last.fm's biography, else Discogs' profile; an unreachable source only
/// costs the description.
fn artist_description(sources: &Sources, name: &str) -> String {
    let from_last_fm = sources.last_fm().and_then(|last_fm| {
        last_fm.artist_description(name).unwrap_or_else(|error| {
            tracing::warn!(%error, "no description from Last.fm");
            None
        })
    });
    from_last_fm
        .or_else(|| {
            sources.discogs().and_then(|discogs| {
                discogs.artist_profile(name).unwrap_or_else(|error| {
                    tracing::warn!(%error, "no description from Discogs");
                    None
                })
            })
        })
        .unwrap_or_default()
}

/// One album's plan, or the reason it is left out.
fn album(
    sources: &Sources,
    artist: &str,
    group: &ReleaseGroup,
    default_genre: Option<&str>,
) -> Result<Result<AlbumPlan, String>, SourceError> {
    let Ok(release_date) = release_date(&group.first_release_date) else {
        return Ok(Err(format!(
            "no usable release date ('{}')",
            group.first_release_date
        )));
    };
    let Some(picture_url) = sources.cover_art().front_cover(&group.id)? else {
        return Ok(Err("no front cover at the Cover Art Archive".into()));
    };
    let mut genres = match sources.last_fm() {
        Some(last_fm) => {
            let tags = last_fm.album_tags(artist, &group.title)?;
            genres_from_tags(tags.iter().map(String::as_str), artist)
        }
        None => Vec::new(),
    };
    let mut styles = Vec::new();
    if let Some(discogs) = sources.discogs() {
        let found = discogs.classify(artist, &group.title)?;
        if genres.is_empty() {
            genres = found
                .genres
                .into_iter()
                .chain(found.styles.iter().cloned())
                .take(MAX_TAG_GENRES)
                .collect();
        }
        styles = found.styles;
    }
    if genres.is_empty() {
        genres.extend(default_genre.map(str::to_owned));
    }
    // The same rules as an editor's album: names tidied and capitalised, bounded.
    let checked = catalogue::name(&group.title, "title")
        .and_then(|title| Ok((title, catalogue::genres(genres.iter().map(String::as_str))?)))
        .and_then(|(title, genres)| {
            Ok((
                title,
                genres,
                catalogue::styles(styles.iter().map(String::as_str))?,
            ))
        });
    let (title, genres, styles) = match checked {
        Ok(checked) => checked,
        Err(reason) => return Ok(Err(reason)),
    };
    Ok(Ok(AlbumPlan {
        title,
        release_date,
        release_group: group.id.clone(),
        picture_url,
        genres,
        styles,
    }))
}

/// MusicBrainz dates may be partial: a year gets '-01-01', a month '-01'.
fn release_date(text: &str) -> Result<ReleaseDate, String> {
    text.trim().parse()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_dates_are_completed_and_empty_ones_refused() {
        assert_eq!(release_date("1997").unwrap().to_string(), "1997-01-01");
        assert_eq!(release_date("1997-05").unwrap().to_string(), "1997-05-01");
        assert_eq!(
            release_date("1997-05-21").unwrap().to_string(),
            "1997-05-21"
        );
        assert!(release_date("").is_err());
    }
}
