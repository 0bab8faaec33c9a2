//! Storage: one module of queries per table group, the storage engine they
//! run on (`engine`: the pool, its PRAGMAs, the migrations runner, the one
//! writer, backups) and the data made rather than stored (`seed`: the
//! synthetic community of the benchmarks, the query tests' fixtures). Query
//! functions take `&Connection` so that one transaction can wrap several.

pub mod address_checks;
pub mod albums;
pub mod artists;
pub mod audit;
pub mod change_requests;
pub mod chart_facts;
pub mod charts;
pub mod comments;
pub mod community_year;
pub mod descriptors;
pub mod diary;
pub mod engine;
pub mod export;
pub mod feed;
pub mod follows;
pub mod genre_votes;
pub mod genres;
pub mod hidden;
pub mod imports;
pub mod invites;
pub mod listens;
pub mod lists;
pub mod mail_subscriptions;
pub mod member_import;
pub mod member_tokens;
pub mod members;
pub mod moderation;
pub mod new_releases;
pub mod notifications;
pub mod outbox;
pub mod password_resets;
pub mod pictures;
pub mod player_listens;
pub mod posts;
pub mod ratings;
pub mod recommendations;
pub mod reports;
pub mod reviews;
pub mod revisions;
pub mod search;
pub mod seed;
pub mod sessions;
pub mod shouts;
pub mod sign_on;
pub mod site_settings;
pub mod stats;
pub mod tracks;
pub mod users;
pub mod votes;
pub mod warnings;
pub mod wishlist;
pub mod year;

pub use engine::*;

use rusqlite::Connection;

/// The first of `base`, `base-2`, `base-3`, ... not yet used in `table`.
/// `owner` is the row being renamed, whose own slug does not count as taken.
/// A name with nothing sluggable (`"???"`) gets the table's word as its base.
fn free_slug(
    conn: &Connection,
    table: Table,
    base: &str,
    owner: Option<i64>,
) -> rusqlite::Result<String> {
    let base = if base.is_empty() { table.word() } else { base };
    let sql = format!(
        "SELECT EXISTS (SELECT 1 FROM {} WHERE slug = ?1 AND id IS NOT ?2)",
        table.name()
    );
    let mut taken = conn.prepare_cached(&sql)?;
    let mut n = 1;
    loop {
        let candidate = crate::domain::slug::numbered(base, n);
        if !taken.query_row(rusqlite::params![&candidate, owner], |row| {
            row.get::<_, bool>(0)
        })? {
            return Ok(candidate);
        }
        n += 1;
    }
}

/// One page of a list: at most `limit` rows after skipping `offset`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Page {
    pub limit: u32,
    pub offset: u32,
}

impl Page {
    pub fn first(limit: u32) -> Self {
        Self { limit, offset: 0 }
    }
}

/// Tables that carry slugs.
#[derive(Clone, Copy)]
enum Table {
    Artists,
    Albums,
    Genres,
}

impl Table {
    fn name(self) -> &'static str {
        match self {
            Self::Artists => "artists",
            Self::Albums => "albums",
            Self::Genres => "genres",
        }
    }

    fn word(self) -> &'static str {
        match self {
            Self::Artists => "artist",
            Self::Albums => "album",
            Self::Genres => "genre",
        }
    }
}
