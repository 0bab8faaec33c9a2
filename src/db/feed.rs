//! The activity feed: what the members a member follows did (ratings,
//! reviews, public lists, posts and shouts), and the new albums of the
//! artists they follow, newest first. Blocks either way, hidden items,
//! lists that are not public and ratings their member keeps out of feeds
//! never show.

use rusqlite::{Connection, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::users::{Author, author_at};

/// What happened, one row of the feed before grouping.
#[derive(Debug, Clone)]
pub struct Event {
    pub kind: EventKind,
    pub id: i64,
    pub at: String,
    pub actor: Option<Author>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    Rating,
    Review,
    List,
    Post,
    Shout,
    NewAlbum,
}

impl EventKind {
    fn from_code(code: &str) -> Option<Self> {
        Some(match code {
            "rating" => Self::Rating,
            "review" => Self::Review,
            "list" => Self::List,
            "post" => Self::Post,
            "shout" => Self::Shout,
            "new-album" => Self::NewAlbum,
            _ => return None,
        })
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::Rating => "rating",
            Self::Review => "review",
            Self::List => "list",
            Self::Post => "post",
            Self::Shout => "shout",
            Self::NewAlbum => "new-album",
        }
    }
}

/// Where a page of the feed starts: just after this event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cursor {
    pub at: String,
    pub kind: EventKind,
    pub id: i64,
}

impl Cursor {
    pub fn encode(&self) -> String {
        format!("{}~{}~{}", self.at, self.kind.code(), self.id)
    }

    pub fn decode(text: &str) -> Option<Self> {
        let mut parts = text.splitn(3, '~');
        let at = parts.next()?.to_owned();
        let kind = EventKind::from_code(parts.next()?)?;
        let id = parts.next()?.parse().ok()?;
        Some(Self { at, kind, id })
    }
}

/// The newest `limit` events for `reader` before the cursor. Each source is
/// cut to `limit` on its own index before they are merged.
pub fn events(
    conn: &Connection,
    reader: i64,
    before: Option<&Cursor>,
    limit: u32,
) -> rusqlite::Result<Vec<Event>> {
    let (at, kind, id) = match before {
        Some(cursor) => (cursor.at.clone(), cursor.kind.code(), cursor.id),
        None => ("9999".to_owned(), "~", i64::MAX),
    };
    // (at, kind, id) < the cursor's, newest first: a total order.
    let sql = "
        WITH followed(id) AS (
            SELECT f.followee_id FROM follows f
            WHERE f.follower_id = ?1
              AND NOT EXISTS (SELECT 1 FROM blocks b
                              WHERE (b.blocker_id = ?1 AND b.blocked_id = f.followee_id)
                                 OR (b.blocker_id = f.followee_id AND b.blocked_id = ?1))
        ),
        events(kind, id, at, actor) AS (
            SELECT * FROM (
                SELECT 'rating', r.id, r.updated_at, r.user_id FROM ratings r
                WHERE r.user_id IN followed AND r.number IS NOT NULL
                  AND (SELECT ratings_in_feeds FROM users WHERE id = r.user_id)
                  AND (r.updated_at, 'rating', r.id) < (?2, ?3, ?4)
                ORDER BY r.updated_at DESC LIMIT ?5)
            UNION ALL SELECT * FROM (
                SELECT 'review', v.id, v.created_at, v.user_id FROM reviews v
                WHERE v.user_id IN followed AND v.hidden_at IS NULL
                  AND (v.created_at, 'review', v.id) < (?2, ?3, ?4)
                ORDER BY v.created_at DESC LIMIT ?5)
            UNION ALL SELECT * FROM (
                SELECT 'list', l.id, l.created_at, l.user_id FROM lists l
                WHERE l.user_id IN followed AND l.visibility = 'public' AND l.hidden_at IS NULL
                  AND (l.created_at, 'list', l.id) < (?2, ?3, ?4)
                ORDER BY l.created_at DESC LIMIT ?5)
            UNION ALL SELECT * FROM (
                SELECT 'post', p.id, p.created_at, p.user_id FROM posts p
                WHERE p.user_id IN followed AND p.hidden_at IS NULL
                  AND (p.created_at, 'post', p.id) < (?2, ?3, ?4)
                ORDER BY p.created_at DESC LIMIT ?5)
            UNION ALL SELECT * FROM (
                SELECT 'shout', s.id, s.created_at, s.user_id FROM shouts s
                WHERE s.user_id IN followed AND s.hidden_at IS NULL
                  AND NOT EXISTS (SELECT 1 FROM blocks b
                                  WHERE (b.blocker_id = ?1 AND b.blocked_id = s.recipient_id)
                                     OR (b.blocker_id = s.recipient_id AND b.blocked_id = ?1))
                  AND (s.created_at, 'shout', s.id) < (?2, ?3, ?4)
                ORDER BY s.created_at DESC LIMIT ?5)
            UNION ALL SELECT * FROM (
                SELECT 'new-album', a.id, a.created_at, NULL FROM albums a
                JOIN artist_follows af ON af.artist_id = a.artist_id AND af.user_id = ?1
                -- New since the member followed: not the back catalogue.
                WHERE a.created_at > af.created_at
                  AND (a.created_at, 'new-album', a.id) < (?2, ?3, ?4)
                ORDER BY a.created_at DESC LIMIT ?5)
        )
        SELECT e.kind, e.id, e.at, u.id, u.username, u.profile_picture_url
        FROM events e LEFT JOIN users u ON u.id = e.actor
        ORDER BY e.at DESC, e.kind DESC, e.id DESC LIMIT ?5";
    conn.prepare_cached(sql)?
        .query_map(params![reader, at, kind, id, limit], |row| {
            let code: String = row.get(0)?;
            let actor_id: Option<i64> = row.get(3)?;
            Ok(Event {
                kind: EventKind::from_code(&code).unwrap_or(EventKind::Post),
                id: row.get(1)?,
                at: row.get(2)?,
                actor: match actor_id {
                    Some(_) => Some(author_at(row, 3)?),
                    None => None,
                },
            })
        })?
        .collect()
}

/// The album and number of each rating.
pub fn ratings(
    conn: &Connection,
    ids: &[i64],
) -> rusqlite::Result<std::collections::HashMap<i64, (i64, f64)>> {
    let ids = serde_json::to_string(ids).expect("ids serialize");
    conn.prepare_cached(
        "SELECT id, album_id, number FROM ratings
         WHERE id IN (SELECT value FROM json_each(?1)) AND number IS NOT NULL",
    )?
    .query_map([ids], |row| Ok((row.get(0)?, (row.get(1)?, row.get(2)?))))?
    .collect()
}

/// A shout's text and whose profile it is on.
pub fn shout(conn: &Connection, id: i64) -> rusqlite::Result<Option<(String, String)>> {
    use rusqlite::OptionalExtension;
    conn.prepare_cached(
        "SELECT s.shout_text, u.username FROM shouts s JOIN users u ON u.id = s.recipient_id
         WHERE s.id = ?1",
    )?
    .query_row([id], |row| Ok((row.get(0)?, row.get(1)?)))
    .optional()
}
