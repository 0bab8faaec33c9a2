//! The activity feed: what the members a member follows did (ratings of
//! albums and of tracks, listens logged in their diaries, reviews, public lists, posts and
//! shouts), and the new albums of the
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
    /// Whether the actor lets ratings into feeds: a listen's rating shows
    /// only then.
    pub ratings_shown: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    Rating,
    /// A track rating: its id is the track's, unique only with its actor.
    TrackRating,
    Listen,
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
            "track-rating" => Self::TrackRating,
            "listen" => Self::Listen,
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
            Self::TrackRating => "track-rating",
            Self::Listen => "listen",
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

/// An event's place in the feed's total order, newest greatest.
fn order_of(event: &Event) -> (&str, &str, i64) {
    (&event.at, event.kind.code(), event.id)
}

/// The newest `limit` events for `reader` before the cursor. The members
/// followed are walked from the most recently active (`members_active`), each
/// one's newest events read from its own indexes, until the next member's
/// last activity is older than the page gathered so far: a page reads the
/// few members who made it, not the history of every member followed.
pub fn events(
    conn: &Connection,
    reader: i64,
    before: Option<&Cursor>,
    limit: u32,
) -> rusqlite::Result<Vec<Event>> {
    Ok(walk(conn, reader, before, limit)?.0)
}

/// `events`, and how many followed members' events it read.
fn walk(
    conn: &Connection,
    reader: i64,
    before: Option<&Cursor>,
    limit: u32,
) -> rusqlite::Result<(Vec<Event>, usize)> {
    let (at, kind, id) = match before {
        Some(cursor) => (cursor.at.as_str(), cursor.kind.code(), cursor.id),
        None => ("9999", "~", i64::MAX),
    };
    let limit = limit as usize;
    let mut page = new_albums(conn, reader, (at, kind, id), limit)?;
    let mut read = 0;
    for followed in followed_by_activity(conn, reader)? {
        let floor = match page.get(limit.saturating_sub(1)) {
            // Every event of this member is at or before its last activity.
            Some(last) if followed.active_at.as_str() < last.at.as_str() => break,
            Some(last) => order_of(last),
            None => ("", "", i64::MIN),
        };
        let theirs = member_events(conn, reader, &followed, (at, kind, id), floor, limit)?;
        read += 1;
        page.extend(theirs);
        page.sort_by(|a, b| order_of(b).cmp(&order_of(a)));
        page.truncate(limit);
    }
    Ok((page, read))
}

/// A member the reader follows, as the feed walks them.
struct Followed {
    author: Author,
    ratings_in_feeds: bool,
    active_at: String,
}

/// The members `reader` follows and neither blocks nor is blocked by, the
/// most recently active first.
fn followed_by_activity(conn: &Connection, reader: i64) -> rusqlite::Result<Vec<Followed>> {
    conn.prepare_cached(
        "SELECT u.id, u.username, u.profile_picture_url, u.ratings_in_feeds, a.at
         FROM follows f
         JOIN members_active a ON a.user_id = f.followee_id
         JOIN users u ON u.id = f.followee_id
         WHERE f.follower_id = ?1
           AND NOT EXISTS (SELECT 1 FROM blocks b
                           WHERE (b.blocker_id = ?1 AND b.blocked_id = f.followee_id)
                              OR (b.blocker_id = f.followee_id AND b.blocked_id = ?1))
         ORDER BY a.at DESC",
    )?
    .query_map([reader], |row| {
        Ok(Followed {
            author: author_at(row, 0)?,
            ratings_in_feeds: row.get(3)?,
            active_at: row.get(4)?,
        })
    })?
    .collect()
}

/// One followed member's newest `limit` events between `floor` and the
/// cursor (both excluded), each kind cut to `limit` on its own index.
fn member_events(
    conn: &Connection,
    reader: i64,
    member: &Followed,
    (at, kind, id): (&str, &str, i64),
    (floor_at, floor_kind, floor_id): (&str, &str, i64),
    limit: usize,
) -> rusqlite::Result<Vec<Event>> {
    // (at, kind, id) between the floor and the cursor: a total order, but for
    // two members rating one track in the same millisecond.
    let sql = "
        SELECT * FROM (
            SELECT 'rating', r.id, r.updated_at FROM ratings r
            WHERE r.user_id = ?2 AND ?9 AND r.number IS NOT NULL
              AND (r.updated_at, 'rating', r.id) < (?3, ?4, ?5)
              AND (r.updated_at, 'rating', r.id) > (?6, ?7, ?8)
            ORDER BY r.updated_at DESC LIMIT ?10)
        UNION ALL SELECT * FROM (
            SELECT 'track-rating', t.track_id, t.updated_at FROM track_ratings t
            WHERE t.user_id = ?2 AND ?9
              AND (t.updated_at, 'track-rating', t.track_id) < (?3, ?4, ?5)
              AND (t.updated_at, 'track-rating', t.track_id) > (?6, ?7, ?8)
            ORDER BY t.updated_at DESC LIMIT ?10)
        UNION ALL SELECT * FROM (
            SELECT 'listen', d.id, d.created_at FROM diary_entries d
            WHERE d.user_id = ?2
              AND (d.created_at, 'listen', d.id) < (?3, ?4, ?5)
              AND (d.created_at, 'listen', d.id) > (?6, ?7, ?8)
            ORDER BY d.created_at DESC LIMIT ?10)
        UNION ALL SELECT * FROM (
            SELECT 'review', v.id, v.created_at FROM reviews v
            WHERE v.user_id = ?2 AND v.hidden_at IS NULL AND NOT v.imported
              AND (v.created_at, 'review', v.id) < (?3, ?4, ?5)
              AND (v.created_at, 'review', v.id) > (?6, ?7, ?8)
            ORDER BY v.created_at DESC LIMIT ?10)
        UNION ALL SELECT * FROM (
            SELECT 'list', l.id, l.created_at FROM lists l
            WHERE l.user_id = ?2 AND l.visibility = 'public' AND l.hidden_at IS NULL
              AND (l.created_at, 'list', l.id) < (?3, ?4, ?5)
              AND (l.created_at, 'list', l.id) > (?6, ?7, ?8)
            ORDER BY l.created_at DESC LIMIT ?10)
        UNION ALL SELECT * FROM (
            SELECT 'post', p.id, p.created_at FROM posts p
            WHERE p.user_id = ?2 AND p.hidden_at IS NULL
              AND (p.created_at, 'post', p.id) < (?3, ?4, ?5)
              AND (p.created_at, 'post', p.id) > (?6, ?7, ?8)
            ORDER BY p.created_at DESC LIMIT ?10)
        UNION ALL SELECT * FROM (
            SELECT 'shout', s.id, s.created_at FROM shouts s
            WHERE s.user_id = ?2 AND s.hidden_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM blocks b
                              WHERE (b.blocker_id = ?1 AND b.blocked_id = s.recipient_id)
                                 OR (b.blocker_id = s.recipient_id AND b.blocked_id = ?1))
              AND (s.created_at, 'shout', s.id) < (?3, ?4, ?5)
              AND (s.created_at, 'shout', s.id) > (?6, ?7, ?8)
            ORDER BY s.created_at DESC LIMIT ?10)";
    conn.prepare_cached(sql)?
        .query_map(
            params![
                reader,
                member.author.user_id,
                at,
                kind,
                id,
                floor_at,
                floor_kind,
                floor_id,
                member.ratings_in_feeds,
                limit as i64
            ],
            |row| {
                let code: String = row.get(0)?;
                Ok(Event {
                    kind: EventKind::from_code(&code).unwrap_or(EventKind::Post),
                    id: row.get(1)?,
                    at: row.get(2)?,
                    actor: Some(member.author.clone()),
                    ratings_shown: member.ratings_in_feeds,
                })
            },
        )?
        .collect()
}

/// The newest albums of the artists `reader` follows, added since they
/// followed them (not the back catalogue), before the cursor.
fn new_albums(
    conn: &Connection,
    reader: i64,
    (at, kind, id): (&str, &str, i64),
    limit: usize,
) -> rusqlite::Result<Vec<Event>> {
    conn.prepare_cached(
        "SELECT a.id, a.created_at FROM albums a
         JOIN artist_follows af ON af.artist_id = a.artist_id AND af.user_id = ?1
         WHERE a.created_at > af.created_at
           AND (a.created_at, 'new-album', a.id) < (?2, ?3, ?4)
         ORDER BY a.created_at DESC LIMIT ?5",
    )?
    .query_map(params![reader, at, kind, id, limit as i64], |row| {
        Ok(Event {
            kind: EventKind::NewAlbum,
            id: row.get(0)?,
            at: row.get(1)?,
            actor: None,
            ratings_shown: true,
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

/// A member's rating of a track, as the feed tells it.
#[derive(Debug, Clone)]
pub struct RatedTrack {
    pub title: String,
    pub number: f64,
    pub album_id: i64,
}

/// These members' ratings of these tracks, by (member, track).
pub fn track_ratings(
    conn: &Connection,
    rated: &[(i64, i64)],
) -> rusqlite::Result<std::collections::HashMap<(i64, i64), RatedTrack>> {
    let pairs = serde_json::to_string(rated).expect("pairs serialize");
    conn.prepare_cached(
        "SELECT r.user_id, r.track_id, t.title, r.number, t.album_id
         FROM json_each(?1) pair
         JOIN track_ratings r ON r.user_id = pair.value ->> 0 AND r.track_id = pair.value ->> 1
         JOIN tracks t ON t.id = r.track_id",
    )?
    .query_map([pairs], |row| {
        Ok((
            (row.get(0)?, row.get(1)?),
            RatedTrack {
                title: row.get(2)?,
                number: row.get(3)?,
                album_id: row.get(4)?,
            },
        ))
    })?
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::seed::fixtures;
    use crate::db::test_connection;

    /// The feed as every followed member's whole history merged: what the
    /// walk by activity must answer, page by page.
    const EVERY_MEMBER_MERGED: &str = "
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
                SELECT 'track-rating', t.track_id, t.updated_at, t.user_id FROM track_ratings t
                WHERE t.user_id IN followed
                  AND (SELECT ratings_in_feeds FROM users WHERE id = t.user_id)
                  AND (t.updated_at, 'track-rating', t.track_id) < (?2, ?3, ?4)
                ORDER BY t.updated_at DESC LIMIT ?5)
            UNION ALL SELECT * FROM (
                SELECT 'listen', d.id, d.created_at, d.user_id FROM diary_entries d
                WHERE d.user_id IN followed
                  AND (d.created_at, 'listen', d.id) < (?2, ?3, ?4)
                ORDER BY d.created_at DESC LIMIT ?5)
            UNION ALL SELECT * FROM (
                SELECT 'review', v.id, v.created_at, v.user_id FROM reviews v
                WHERE v.user_id IN followed AND v.hidden_at IS NULL AND NOT v.imported
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

    fn merged(
        conn: &Connection,
        reader: i64,
        before: Option<&Cursor>,
        limit: u32,
    ) -> Vec<(String, String, i64)> {
        let (at, kind, id) = match before {
            Some(cursor) => (cursor.at.clone(), cursor.kind.code(), cursor.id),
            None => ("9999".to_owned(), "~", i64::MAX),
        };
        conn.prepare(EVERY_MEMBER_MERGED)
            .unwrap()
            .query_map(params![reader, at, kind, id, limit], |row| {
                Ok((row.get(2)?, row.get(0)?, row.get(1)?))
            })
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap()
    }

    fn walked(events: &[Event]) -> Vec<(String, String, i64)> {
        events
            .iter()
            .map(|e| (e.at.clone(), e.kind.code().to_owned(), e.id))
            .collect()
    }

    /// A small deterministic sequence (no test depends on a seed's luck:
    /// every page of every size is compared).
    struct Dice(u64);

    impl Dice {
        fn roll(&mut self, sides: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % sides
        }
    }

    #[test]
    fn walking_members_by_activity_pages_as_merging_every_history_does() {
        let conn = test_connection();
        let reader = fixtures::user(&conn, "reader");
        let members: Vec<i64> = (0..8)
            .map(|n| fixtures::user(&conn, &format!("member{n}")))
            .collect();
        let albums: Vec<i64> = (0..30)
            .map(|n| fixtures::album(&conn, &format!("Artist {}", n % 5), &format!("Album {n}")))
            .collect();
        let now = "2026-01-01T00:00:00.000Z";
        // Followed: members 0 to 5; the reader blocks member 5 and member 7
        // (shouts on 7's profile stay out); member 3 keeps ratings out of feeds.
        for &followed in &members[..6] {
            conn.execute(
                "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?1, ?2, ?3)",
                params![reader, followed, now],
            )
            .unwrap();
        }
        for blocked in [members[5], members[7]] {
            conn.execute(
                "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?1, ?2, ?3)",
                params![reader, blocked, now],
            )
            .unwrap();
        }
        conn.execute(
            "UPDATE users SET ratings_in_feeds = 0 WHERE id = ?1",
            [members[3]],
        )
        .unwrap();
        let mut dice = Dice(36);
        // Distinct minutes, so that the order of the events is their time's.
        let mut minutes: Vec<u64> = (0..2000).collect();
        let mut at = || {
            let minute = minutes.swap_remove(dice.roll(minutes.len() as u64) as usize);
            format!(
                "2026-03-{:02}T{:02}:{:02}:00.000Z",
                1 + minute / 1440,
                minute / 60 % 24,
                minute % 60
            )
        };
        let mut dice = Dice(7);
        for &member in &members {
            for &album in &albums {
                if dice.roll(3) == 0 {
                    let when = at();
                    conn.execute(
                        "INSERT INTO ratings (user_id, album_id, number, created_at, updated_at)
                         VALUES (?1, ?2, ?3, ?4, ?4)",
                        params![member, album, 1 + dice.roll(10) as i64, when],
                    )
                    .unwrap();
                }
                if dice.roll(8) == 0 {
                    conn.execute(
                        "INSERT INTO reviews (user_id, album_id, review_text, created_at, updated_at, hidden_at)
                         VALUES (?1, ?2, 'Good.', ?3, ?3, CASE WHEN ?4 THEN ?3 END)",
                        params![member, album, at(), dice.roll(4) == 0],
                    )
                    .unwrap();
                }
                if dice.roll(6) == 0 {
                    let when = at();
                    conn.execute(
                        "INSERT OR IGNORE INTO tracks (album_id, disc, position, title)
                         VALUES (?1, 1, 1, 'Opener')",
                        [album],
                    )
                    .unwrap();
                    conn.execute(
                        "INSERT INTO track_ratings (user_id, track_id, number, created_at, updated_at)
                         SELECT ?1, id, 8, ?2, ?2 FROM tracks WHERE album_id = ?3",
                        params![member, when, album],
                    )
                    .unwrap();
                }
                if dice.roll(6) == 0 {
                    conn.execute(
                        "INSERT INTO diary_entries
                             (user_id, album_id, listened_on, source, created_at, updated_at)
                         VALUES (?1, ?2, '2026-02-01', 'member', ?3, ?3)",
                        params![member, album, at()],
                    )
                    .unwrap();
                }
            }
            for _ in 0..3 {
                conn.execute(
                    "INSERT INTO posts (user_id, title, post_text, created_at, updated_at)
                     VALUES (?1, 'A post', 'Words.', ?2, ?2)",
                    params![member, at()],
                )
                .unwrap();
                let recipient = members[dice.roll(8) as usize];
                if recipient != member {
                    conn.execute(
                        "INSERT INTO shouts (user_id, recipient_id, shout_text, created_at)
                         VALUES (?1, ?2, 'Hi!', ?3)",
                        params![member, recipient, at()],
                    )
                    .unwrap();
                }
            }
        }
        // Deleted after the fact: members_active is then later than what is
        // left, which must cost nothing but a look.
        conn.execute(
            "DELETE FROM ratings WHERE id IN (SELECT id FROM ratings ORDER BY updated_at DESC LIMIT 15)",
            [],
        )
        .unwrap();
        conn.execute(
            "DELETE FROM posts WHERE id IN (SELECT id FROM posts ORDER BY created_at DESC LIMIT 4)",
            [],
        )
        .unwrap();

        let everything = merged(&conn, reader, None, 1000);
        assert!(everything.len() > 50, "{}", everything.len());
        for limit in [1, 2, 3, 7, 20, 50] {
            let mut before: Option<Cursor> = None;
            let mut pages = 0;
            loop {
                let page = events(&conn, reader, before.as_ref(), limit).unwrap();
                assert_eq!(
                    walked(&page),
                    merged(&conn, reader, before.as_ref(), limit),
                    "limit {limit}, page {pages}"
                );
                let Some(last) = page.last() else { break };
                before = Some(Cursor {
                    at: last.at.clone(),
                    kind: last.kind,
                    id: last.id,
                });
                pages += 1;
            }
            assert_eq!(
                pages,
                everything.len().div_ceil(limit as usize),
                "limit {limit}"
            );
        }
    }

    #[test]
    fn a_page_reads_only_the_members_who_made_it() {
        let conn = test_connection();
        let reader = fixtures::user(&conn, "reader");
        let album = fixtures::album(&conn, "Artist", "Album");
        for n in 0..10 {
            let member = fixtures::user(&conn, &format!("member{n}"));
            conn.execute(
                "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?1, ?2, '2026')",
                params![reader, member],
            )
            .unwrap();
            conn.execute(
                "INSERT INTO ratings (user_id, album_id, number, created_at, updated_at)
                 VALUES (?1, ?2, 7, ?3, ?3)",
                params![member, album, format!("2026-02-{:02}", 10 + n)],
            )
            .unwrap();
        }
        let (page, read) = walk(&conn, reader, None, 3).unwrap();
        let days: Vec<&str> = page.iter().map(|e| e.at.as_str()).collect();
        assert_eq!(days, ["2026-02-19", "2026-02-18", "2026-02-17"]);
        assert_eq!(
            read, 3,
            "the fourth member's last activity is older than the page"
        );
    }

    #[test]
    fn members_are_active_as_late_as_their_newest_event() {
        let conn = test_connection();
        let member = fixtures::user(&conn, "member");
        let album = fixtures::album(&conn, "Artist", "Album");
        let active = |conn: &Connection| -> Option<String> {
            conn.query_row(
                "SELECT at FROM members_active WHERE user_id = ?1",
                [member],
                |row| row.get(0),
            )
            .ok()
        };
        assert_eq!(active(&conn), None);
        conn.execute(
            "INSERT INTO ratings (user_id, album_id, number, created_at, updated_at)
             VALUES (?1, ?2, 7, '2026-02-01', '2026-02-01')",
            params![member, album],
        )
        .unwrap();
        assert_eq!(active(&conn).as_deref(), Some("2026-02-01"));
        conn.execute("UPDATE ratings SET updated_at = '2026-02-03'", [])
            .unwrap();
        assert_eq!(active(&conn).as_deref(), Some("2026-02-03"));
        conn.execute(
            "INSERT INTO posts (user_id, title, post_text, created_at, updated_at)
             VALUES (?1, 'Old', 'An imported post.', '2025-01-01', '2025-01-01')",
            [member],
        )
        .unwrap();
        assert_eq!(
            active(&conn).as_deref(),
            Some("2026-02-03"),
            "never moved back"
        );
    }
}
