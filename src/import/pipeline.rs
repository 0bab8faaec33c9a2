//! From an artist's name to what would be added: the artist, their studio
//! albums with covers, dates and genres, the release groups left out and why,
//! and what the sources failed to give.

use std::collections::HashSet;

use super::SourceError;
use super::genres::{MAX_GENRES, Vocabulary, choose_genres};
use super::musicbrainz::{self, ArtistChoice, ArtistHit, GroupKind, ReleaseGroup, by_votes};
use super::sources::Sources;
use super::troubles::{Trouble, Troubles};
use crate::db::tracks::TrackFields;
use crate::domain::{ReleaseDate, catalogue};

#[derive(Debug, Clone)]
pub struct ArtistPlan {
    pub name: String,
    pub mbid: String,
    pub description: String,
    /// MusicBrainz's genres for the artist, most voted first.
    pub genres: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AlbumPlan {
    pub title: String,
    pub release_date: ReleaseDate,
    pub release_group: String,
    /// Empty when the Cover Art Archive could not be asked (see the troubles).
    pub picture_url: String,
    pub genres: Vec<String>,
    pub styles: Vec<String>,
    /// The release group's tracklist; empty when MusicBrainz lists none or
    /// was not asked (see the troubles).
    pub tracks: Vec<TrackFields>,
}

/// Why a release group is not imported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SkipKind {
    Single,
    Ep,
    Live,
    Compilation,
    Soundtrack,
    Remix,
    Demo,
    Other,
    NoFrontCover,
    NoReleaseDate,
    /// A title the catalogue refuses (too long, control characters).
    Refused,
    /// The database refused to store it.
    NotStored,
}

impl SkipKind {
    pub fn code(self) -> &'static str {
        match self {
            Self::Single => "single",
            Self::Ep => "ep",
            Self::Live => "live",
            Self::Compilation => "compilation",
            Self::Soundtrack => "soundtrack",
            Self::Remix => "remix",
            Self::Demo => "demo",
            Self::Other => "other",
            Self::NoFrontCover => "no-front-cover",
            Self::NoReleaseDate => "no-release-date",
            Self::Refused => "refused",
            Self::NotStored => "not-stored",
        }
    }

    fn of(kind: GroupKind) -> Self {
        match kind {
            GroupKind::Single => Self::Single,
            GroupKind::Ep => Self::Ep,
            GroupKind::Live => Self::Live,
            GroupKind::Compilation => Self::Compilation,
            GroupKind::Soundtrack => Self::Soundtrack,
            GroupKind::Remix => Self::Remix,
            GroupKind::Demo => Self::Demo,
            GroupKind::Studio | GroupKind::Other => Self::Other,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Skipped {
    pub title: String,
    pub kind: SkipKind,
    pub reason: String,
}

#[derive(Debug)]
pub struct Plan {
    pub artist: ArtistPlan,
    pub albums: Vec<AlbumPlan>,
    pub skipped: Vec<Skipped>,
    pub troubles: Vec<Trouble>,
    /// The browse of release groups stopped early: a re-run picks up the rest.
    pub incomplete: bool,
    /// Tracklists of albums already in the catalogue without one, by release group.
    pub tracklists: Vec<(String, Vec<TrackFields>)>,
}

#[derive(Debug)]
pub enum Planned {
    Ready(Plan),
    /// Several artists have the name (or none exactly): choose one by its id.
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
    /// The site's genres, known genres beside MusicBrainz's list.
    pub site_genres: &'a [String],
    /// The artist is in the catalogue already, so their description is not looked up.
    pub artist_known: bool,
    /// Look each album's tracklist up (one MusicBrainz request an album).
    pub tracklists: bool,
    /// Albums in the catalogue without a tracklist, (release group, title):
    /// theirs are looked up.
    pub known_without_tracks: &'a [(String, String)],
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

/// The artist a request names, with their description and genres.
#[derive(Debug)]
pub enum FoundArtist {
    Found(ArtistPlan),
    Unclear(Vec<ArtistHit>),
    NotFound,
}

const LAST_FM: &str = "Last.fm";
const DISCOGS: &str = "Discogs";
const COVER_ART: &str = "the Cover Art Archive";

/// Finds the artist by id or by name, then looks them up by id for their
/// genres and links (MusicBrainz), and their description unless not wanted.
pub fn find_artist(
    sources: &Sources,
    name: &str,
    mbid: Option<&str>,
    want_description: bool,
    troubles: &mut Troubles,
) -> Result<FoundArtist, SourceError> {
    let musicbrainz = sources.musicbrainz();
    let chosen_id = match mbid {
        Some(mbid) => mbid.to_owned(),
        None => match musicbrainz::choose(musicbrainz.search_artist(name)?, name) {
            ArtistChoice::Found(hit) => hit.id,
            ArtistChoice::Unclear(candidates) => return Ok(FoundArtist::Unclear(candidates)),
            ArtistChoice::NotFound => return Ok(FoundArtist::NotFound),
        },
    };
    let Some(record) = musicbrainz.artist(&chosen_id)? else {
        tracing::warn!(name, "no such artist at MusicBrainz");
        return Ok(FoundArtist::NotFound);
    };
    // Reached by name, the artist is the only one with it, so a source asked
    // by that name cannot answer about a namesake.
    let unique_name = mbid.is_none();
    let description = if want_description {
        describe(sources, &record, unique_name, troubles)
    } else {
        String::new()
    };
    Ok(FoundArtist::Found(ArtistPlan {
        genres: by_votes(&record.details.genres),
        name: record.hit.name,
        mbid: record.hit.id,
        description,
    }))
}

/// Last.fm's biography, else the Discogs profile MusicBrainz links to (or,
/// for an artist nobody else is named like, the one Discogs finds by name).
/// A failing source costs only the description.
fn describe(
    sources: &Sources,
    record: &musicbrainz::ArtistRecord,
    unique_name: bool,
    troubles: &mut Troubles,
) -> String {
    let artist = &record.hit;
    let asked = || format!("the description of {}", artist.name);
    let cost = "the artist has no description from it";
    let from_last_fm = sources.last_fm().and_then(|last_fm| {
        troubles
            .ask(LAST_FM, &asked, cost, || {
                last_fm.artist_description(&artist.id, &artist.name)
            })
            .flatten()
    });
    let from_discogs = || {
        let discogs = sources.discogs()?;
        let discogs_id = record.details.discogs_id();
        if discogs_id.is_none() && !unique_name {
            return None;
        }
        troubles
            .ask(DISCOGS, &asked, cost, || match discogs_id {
                Some(id) => discogs.artist_profile_by_id(id),
                None => discogs.artist_profile(&artist.name),
            })
            .flatten()
    };
    from_last_fm.or_else(from_discogs).unwrap_or_default()
}

/// Looks everything up; writes nothing. Only a failure to find the artist
/// ends the run: a failing optional source costs its part, a failing page of
/// release groups ends the list there.
pub fn plan(
    sources: &Sources,
    request: &Request,
    progress: &dyn Progress,
) -> Result<Planned, SourceError> {
    let mut troubles = Troubles::default();
    let artist = match find_artist(
        sources,
        request.name,
        request.mbid,
        !request.artist_known,
        &mut troubles,
    )? {
        FoundArtist::Found(artist) => artist,
        FoundArtist::Unclear(candidates) => return Ok(Planned::Unclear(candidates)),
        FoundArtist::NotFound => return Ok(Planned::NotFound),
    };
    let browse = sources.musicbrainz().release_groups(&artist.mbid);
    let incomplete = browse.failed_at.is_some();
    if let Some((offset, error)) = &browse.failed_at {
        troubles.note(
            "MusicBrainz",
            error.what_happened(),
            format!("the release groups of {} from offset {offset}", artist.name),
            "the ones from there on are missing: run the import again to continue",
        );
    }
    let mut skipped = Vec::new();
    let studio: Vec<ReleaseGroup> = browse
        .groups
        .into_iter()
        .filter(|group| !request.known.contains(&group.id))
        .filter(|group| {
            let kind = group.kind();
            if kind != GroupKind::Studio {
                skipped.push(Skipped {
                    title: group.title.clone(),
                    kind: SkipKind::of(kind),
                    reason: format!("{} (MusicBrainz: {})", kind.describe(), group.typed_as()),
                });
            }
            kind == GroupKind::Studio
        })
        .collect();

    let vocabulary = Vocabulary::new(request.site_genres.iter().map(String::as_str));
    let mut albums = Vec::new();
    progress.albums(studio.len());
    for group in studio {
        progress.album(&group.title);
        let looked_up = AlbumLookup {
            sources,
            artist: &artist,
            vocabulary: &vocabulary,
            default_genre: request.default_genre,
        }
        .album(&group, &mut troubles);
        match looked_up {
            Ok(album) => albums.push(album),
            Err((kind, reason)) => skipped.push(Skipped {
                title: group.title,
                kind,
                reason,
            }),
        }
    }
    let mut tracklists = Vec::new();
    if request.tracklists {
        for album in &mut albums {
            album.tracks = tracklist(sources, &album.release_group, &album.title, &mut troubles);
        }
        for (group, title) in request.known_without_tracks {
            let tracks = tracklist(sources, group, title, &mut troubles);
            if !tracks.is_empty() {
                tracklists.push((group.clone(), tracks));
            }
        }
    }
    Ok(Planned::Ready(Plan {
        artist,
        albums,
        skipped,
        troubles: troubles.into_list(),
        incomplete,
        tracklists,
    }))
}

/// A release group's tracklist; a failure costs only the tracklist.
fn tracklist(
    sources: &Sources,
    release_group: &str,
    title: &str,
    troubles: &mut Troubles,
) -> Vec<TrackFields> {
    troubles
        .ask(
            "MusicBrainz",
            &|| format!("the tracklist of {title}"),
            "imported without a tracklist: `import update-albums` fetches it later",
            || sources.musicbrainz().tracklist(release_group),
        )
        .unwrap_or_default()
}

struct AlbumLookup<'a> {
    sources: &'a Sources,
    artist: &'a ArtistPlan,
    vocabulary: &'a Vocabulary,
    default_genre: Option<&'a str>,
}

impl AlbumLookup<'_> {
    /// One studio album's plan, or why it is left out.
    fn album(
        &self,
        group: &ReleaseGroup,
        troubles: &mut Troubles,
    ) -> Result<AlbumPlan, (SkipKind, String)> {
        let release_date: ReleaseDate = group.first_release_date.trim().parse().map_err(|_| {
            (
                SkipKind::NoReleaseDate,
                format!("no usable release date ('{}')", group.first_release_date),
            )
        })?;
        let title = &group.title;
        let cover = troubles.ask(
            COVER_ART,
            &|| format!("the cover of {title}"),
            "imported without a cover: `import update-pictures` fetches it later",
            || self.sources.cover_art().front_cover(&group.id),
        );
        let (picture_url, release) = match cover {
            Some(Some(cover)) => (cover.url, cover.release),
            Some(None) => {
                return Err((
                    SkipKind::NoFrontCover,
                    "no front cover at the Cover Art Archive".into(),
                ));
            }
            None => (String::new(), None),
        };

        let mut candidates = by_votes(&group.genres);
        candidates.extend(self.artist.genres.iter().cloned());
        let enough = |candidates: &Vec<String>| {
            choose_genres(candidates.iter().map(String::as_str), self.vocabulary).len()
                >= MAX_GENRES
        };
        if !enough(&candidates)
            && let Some(last_fm) = self.sources.last_fm()
        {
            let tags = troubles.ask(
                LAST_FM,
                &|| format!("the tags of {title}"),
                "these albums have no genres from Last.fm",
                || last_fm.album_tags(release.as_deref(), &self.artist.name, title),
            );
            candidates.extend(tags.unwrap_or_default());
        }
        let mut styles = Vec::new();
        if let Some(discogs) = self.sources.discogs() {
            let found = troubles.ask(
                DISCOGS,
                &|| format!("the genres and styles of {title}"),
                "these albums have no styles (nor genres) from Discogs",
                || discogs.classify(&self.artist.name, title),
            );
            if let Some(found) = found {
                candidates.extend(found.styles.iter().cloned());
                candidates.extend(found.genres);
                styles = found.styles;
            }
        }
        let mut genres = choose_genres(candidates.iter().map(String::as_str), self.vocabulary);
        if genres.is_empty() {
            genres.extend(self.default_genre.map(str::to_owned));
        }
        // The same rules as an editor's album: names tidied and capitalised, bounded.
        let refused = |reason: String| (SkipKind::Refused, reason);
        let title = catalogue::name(title, "title").map_err(refused)?;
        let genres = catalogue::genres(genres.iter().map(String::as_str)).map_err(refused)?;
        let styles = catalogue::styles(styles.iter().map(String::as_str)).map_err(refused)?;
        Ok(AlbumPlan {
            title,
            release_date,
            release_group: group.id.clone(),
            picture_url,
            genres,
            styles,
            tracks: Vec::new(),
        })
    }
}
