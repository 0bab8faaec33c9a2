//! Catalogue history: a revision for every change to an artist or album,
//! with its fields before and after, so an editor can see and revert it.

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::audit::Actor;
use super::{albums, artists};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EntityKind {
    Album,
    Artist,
}

impl EntityKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Album => "album",
            Self::Artist => "artist",
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Revision {
    pub revision_id: i64,
    pub entity_kind: EntityKind,
    pub entity_id: i64,
    /// The album's title or the artist's name at the time.
    pub entity_name: String,
    /// add, edit, import, delete, revert or request (an accepted change request).
    pub action: String,
    /// Who made it; null for the command line.
    #[schema(required)]
    pub actor: Option<String>,
    pub at: String,
    /// The fields before (null for an addition).
    #[schema(required, value_type = Option<Object>)]
    pub before: Option<Value>,
    /// The fields after (null for a deletion).
    #[schema(required, value_type = Option<Object>)]
    pub after: Option<Value>,
    pub note: String,
}

/// The catalogue fields of an album or artist as they are now; `None` when it is gone.
pub fn snapshot(conn: &Connection, kind: EntityKind, id: i64) -> rusqlite::Result<Option<Value>> {
    Ok(match kind {
        EntityKind::Album => albums::by_id(conn, id, None)?
            .map(|album| Ok::<_, rusqlite::Error>((super::tracks::fields_of(conn, id)?, album)))
            .transpose()?
            .map(|(tracks, album)| {
                json!({
                    "title": album.title,
                    "artist": album.artist,
                    "releaseDate": album.release_date,
                    "releaseDatePrecision": album.release_date_precision,
                    "type": album.album_type,
                    "pictureUrl": album.picture_url,
                    "genres": album.genres.iter().map(|g| g.name.clone()).collect::<Vec<_>>(),
                    "styles": album.styles,
                    "tracks": tracks,
                })
            }),
        EntityKind::Artist => artists::by_id(conn, id)?.map(|artist| {
            json!({
                "name": artist.name,
                "description": artist.description,
                "pictureUrl": artist.picture_url,
            })
        }),
    })
}

/// What changed, to record.
pub struct Change<'a> {
    pub kind: EntityKind,
    pub id: i64,
    /// add, edit, import, delete, revert or request.
    pub action: &'a str,
    pub note: &'a str,
}

impl<'a> Change<'a> {
    pub fn album(id: i64, action: &'a str) -> Self {
        Self {
            kind: EntityKind::Album,
            id,
            action,
            note: "",
        }
    }

    pub fn artist(id: i64, action: &'a str) -> Self {
        Self {
            kind: EntityKind::Artist,
            id,
            action,
            note: "",
        }
    }
}

/// Records a change made since `before` was taken (the fields as they are
/// now are the after); nothing when nothing changed.
pub fn record(
    conn: &Connection,
    change: &Change,
    actor: Actor,
    before: Option<Value>,
    now: &str,
) -> rusqlite::Result<Option<i64>> {
    let (kind, id, action, note) = (change.kind, change.id, change.action, change.note);
    let after = snapshot(conn, kind, id)?;
    if before == after {
        return Ok(None);
    }
    let name_of = |fields: &Option<Value>| {
        let key = if kind == EntityKind::Album {
            "title"
        } else {
            "name"
        };
        fields
            .as_ref()
            .and_then(|f| f[key].as_str().map(str::to_owned))
    };
    let name = name_of(&after)
        .or_else(|| name_of(&before))
        .unwrap_or_default();
    let (actor_id, actor_name) = match actor {
        Actor::Member { id, username } => (Some(id), Some(username)),
        Actor::CommandLine => (None, None),
    };
    conn.prepare_cached(
        "INSERT INTO revisions (entity_kind, entity_id, entity_name, action, actor_id, actor_name,
                                at, before_json, after_json, note)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![
        kind.as_str(),
        id,
        name,
        action,
        actor_id,
        actor_name,
        now,
        before.map(|v| v.to_string()),
        after.map(|v| v.to_string()),
        note
    ])?;
    Ok(Some(conn.last_insert_rowid()))
}

const REVISION_COLUMNS: &str = "id, entity_kind, entity_id, entity_name, action, actor_name, at,
     before_json, after_json, note";

fn revision_from_row(row: &rusqlite::Row) -> rusqlite::Result<Revision> {
    let kind: String = row.get(1)?;
    let json = |index: usize| -> rusqlite::Result<Option<Value>> {
        let text: Option<String> = row.get(index)?;
        Ok(text.and_then(|t| serde_json::from_str(&t).ok()))
    };
    Ok(Revision {
        revision_id: row.get(0)?,
        entity_kind: if kind == "artist" {
            EntityKind::Artist
        } else {
            EntityKind::Album
        },
        entity_id: row.get(2)?,
        entity_name: row.get(3)?,
        action: row.get(4)?,
        actor: row.get(5)?,
        at: row.get(6)?,
        before: json(7)?,
        after: json(8)?,
        note: row.get(9)?,
    })
}

/// An album's or artist's revisions, newest first.
pub fn history(conn: &Connection, kind: EntityKind, id: i64) -> rusqlite::Result<Vec<Revision>> {
    conn.prepare_cached(&format!(
        "SELECT {REVISION_COLUMNS} FROM revisions WHERE entity_kind = ?1 AND entity_id = ?2
         ORDER BY id DESC LIMIT 500"
    ))?
    .query_map(params![kind.as_str(), id], revision_from_row)?
    .collect()
}

pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<Revision>> {
    conn.prepare_cached(&format!(
        "SELECT {REVISION_COLUMNS} FROM revisions WHERE id = ?1"
    ))?
    .query_row([id], revision_from_row)
    .optional()
}
