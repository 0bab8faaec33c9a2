//! Who follows whom, who blocked whom, and which artists members follow.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::Page;
use super::users::{Author, author_at};

/// A member as another sees them: counts, and how they stand to the reader.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Social {
    pub followers: i64,
    pub following: i64,
    /// The reader follows them (false for a visitor).
    pub you_follow: bool,
    /// They follow the reader.
    pub follows_you: bool,
    /// The reader blocked them.
    pub you_block: bool,
}

pub fn social(conn: &Connection, member: i64, reader: Option<i64>) -> rusqlite::Result<Social> {
    let reader = reader.unwrap_or(0);
    conn.prepare_cached(
        "SELECT (SELECT count(*) FROM follows WHERE followee_id = ?1),
                (SELECT count(*) FROM follows WHERE follower_id = ?1),
                EXISTS (SELECT 1 FROM follows WHERE follower_id = ?2 AND followee_id = ?1),
                EXISTS (SELECT 1 FROM follows WHERE follower_id = ?1 AND followee_id = ?2),
                EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ?2 AND blocked_id = ?1)",
    )?
    .query_row(params![member, reader], |row| {
        Ok(Social {
            followers: row.get(0)?,
            following: row.get(1)?,
            you_follow: row.get(2)?,
            follows_you: row.get(3)?,
            you_block: row.get(4)?,
        })
    })
}

/// Whether either member blocked the other.
pub fn blocked_either_way(conn: &Connection, a: i64, b: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = ?1 AND blocked_id = ?2)
                                              OR (blocker_id = ?2 AND blocked_id = ?1))",
    )?
    .query_row(params![a, b], |row| row.get(0))
}

/// Whether `blocker` blocked `member`.
pub fn blocks(conn: &Connection, blocker: i64, member: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ?1 AND blocked_id = ?2)",
    )?
    .query_row(params![blocker, member], |row| row.get(0))
}

/// Follows; answers whether it is new.
pub fn follow(
    conn: &Connection,
    follower: i64,
    followee: i64,
    now: &str,
) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached(
            "INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) VALUES (?1, ?2, ?3)",
        )?
        .execute(params![follower, followee, now])?
        > 0)
}

pub fn unfollow(conn: &Connection, follower: i64, followee: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM follows WHERE follower_id = ?1 AND followee_id = ?2")?
        .execute(params![follower, followee])?
        > 0)
}

/// Blocks, ending the follows between the two either way.
pub fn block(conn: &Connection, blocker: i64, blocked: i64, now: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT OR IGNORE INTO blocks (blocker_id, blocked_id, created_at) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![blocker, blocked, now])?;
    unfollow(conn, blocker, blocked)?;
    unfollow(conn, blocked, blocker)?;
    Ok(())
}

pub fn unblock(conn: &Connection, blocker: i64, blocked: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM blocks WHERE blocker_id = ?1 AND blocked_id = ?2")?
        .execute(params![blocker, blocked])?
        > 0)
}

fn authors(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> rusqlite::Result<Vec<Author>> {
    conn.prepare_cached(sql)?
        .query_map(params, |row| author_at(row, 0))?
        .collect()
}

/// The member's followers, the newest first.
pub fn followers(conn: &Connection, member: i64, page: Page) -> rusqlite::Result<Vec<Author>> {
    authors(
        conn,
        "SELECT u.id, u.username, u.profile_picture_url FROM follows f
         JOIN users u ON u.id = f.follower_id
         WHERE f.followee_id = ?1 ORDER BY f.created_at DESC LIMIT ?2 OFFSET ?3",
        params![member, page.limit, page.offset],
    )
}

/// Whom the member follows, the newest first.
pub fn following(conn: &Connection, member: i64, page: Page) -> rusqlite::Result<Vec<Author>> {
    authors(
        conn,
        "SELECT u.id, u.username, u.profile_picture_url FROM follows f
         JOIN users u ON u.id = f.followee_id
         WHERE f.follower_id = ?1 ORDER BY f.created_at DESC LIMIT ?2 OFFSET ?3",
        params![member, page.limit, page.offset],
    )
}

/// The members the member blocked, the newest first.
pub fn blocked_by(conn: &Connection, member: i64) -> rusqlite::Result<Vec<Author>> {
    authors(
        conn,
        "SELECT u.id, u.username, u.profile_picture_url FROM blocks b
         JOIN users u ON u.id = b.blocked_id
         WHERE b.blocker_id = ?1 ORDER BY b.created_at DESC",
        [member],
    )
}

/// Whether the member follows an artist, and how many do.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArtistFollow {
    pub following: bool,
    pub followers: i64,
}

pub fn artist_follow(
    conn: &Connection,
    artist: i64,
    reader: Option<i64>,
) -> rusqlite::Result<ArtistFollow> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM artist_follows WHERE artist_id = ?1 AND user_id = ?2),
                (SELECT count(*) FROM artist_follows WHERE artist_id = ?1)",
    )?
    .query_row(params![artist, reader.unwrap_or(0)], |row| {
        Ok(ArtistFollow {
            following: row.get(0)?,
            followers: row.get(1)?,
        })
    })
}

pub fn set_artist_follow(
    conn: &Connection,
    user: i64,
    artist: i64,
    follow: bool,
    now: &str,
) -> rusqlite::Result<()> {
    if follow {
        conn.prepare_cached(
            "INSERT OR IGNORE INTO artist_follows (user_id, artist_id, created_at) VALUES (?1, ?2, ?3)",
        )?
        .execute(params![user, artist, now])?;
    } else {
        conn.prepare_cached("DELETE FROM artist_follows WHERE user_id = ?1 AND artist_id = ?2")?
            .execute(params![user, artist])?;
    }
    Ok(())
}

/// An artist a member follows.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FollowedArtist {
    pub artist_id: i64,
    pub name: String,
    pub slug: String,
    pub picture_url: String,
}

pub fn followed_artists(conn: &Connection, user: i64) -> rusqlite::Result<Vec<FollowedArtist>> {
    conn.prepare_cached(
        "SELECT a.id, a.name, a.slug, a.picture_url FROM artist_follows f
         JOIN artists a ON a.id = f.artist_id WHERE f.user_id = ?1 ORDER BY a.name",
    )?
    .query_map([user], |row| {
        Ok(FollowedArtist {
            artist_id: row.get(0)?,
            name: row.get(1)?,
            slug: row.get(2)?,
            picture_url: row.get(3)?,
        })
    })?
    .collect()
}

/// Whether the member lets their ratings show in their followers' feeds.
pub fn ratings_in_feeds(conn: &Connection, user: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT ratings_in_feeds FROM users WHERE id = ?1")?
        .query_row([user], |row| row.get(0))
        .optional()
        .map(|found| found.unwrap_or(true))
}

pub fn set_ratings_in_feeds(conn: &Connection, user: i64, shown: bool) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE users SET ratings_in_feeds = ?2 WHERE id = ?1")?
        .execute(params![user, shown])?;
    Ok(())
}
