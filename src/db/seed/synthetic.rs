//! A large community made up deterministically, for the benchmark: artists,
//! albums, members, ratings skewed toward a few popular albums, reviews,
//! comments, posts, votes and shouts, written through the real schema and
//! triggers, with the albums' counters computed from the ratings at the end.

use std::collections::HashSet;

use rusqlite::{Connection, params};
use time::{Duration, OffsetDateTime};

use crate::db::albums::{self, NewAlbum};
use crate::db::artists::{self, NewArtist};
use crate::db::member_tokens::{self, TokenKind};
use crate::db::player_listens::{self, Play};
use crate::db::sessions::Client;
use crate::domain::timestamp::format;
use crate::domain::{AlbumType, ReleaseDate};

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    pub artists: usize,
    pub albums: usize,
    pub users: usize,
    pub ratings: usize,
    pub reviews: usize,
    pub comments: usize,
    pub posts: usize,
    /// Lists of 5 to 100 albums, liked and discussed, the first ones most.
    pub lists: usize,
    /// Members each signed-in member follows, the most active likelier.
    pub follows_each: usize,
    /// Notifications each signed-in member has, a tenth of them unread.
    pub notifications_each: usize,
    /// Members with a known session token (`synthetic-{n}`), for load tests.
    pub signed_in: usize,
}

impl Scale {
    pub const LARGE: Scale = Scale {
        artists: 20_000,
        albums: 200_000,
        users: 100_000,
        ratings: 5_000_000,
        reviews: 200_000,
        comments: 1_000_000,
        posts: 50_000,
        lists: 20_000,
        follows_each: 200,
        notifications_each: 300,
        signed_in: 2_000,
    };

    pub const SMALL: Scale = Scale {
        artists: 200,
        albums: 2_000,
        users: 1_000,
        ratings: 50_000,
        reviews: 2_000,
        comments: 10_000,
        posts: 500,
        lists: 200,
        follows_each: 50,
        notifications_each: 100,
        signed_in: 200,
    };
}

/// The token of synthetic member `n` (1-based): known, so load tests can sign in.
pub fn member_token(n: usize) -> String {
    format!("synthetic-{n}")
}

/// Where the synthetic members' keys were made and used from.
const SEEDED: Client<'static> = Client {
    user_agent: "synthetic",
    address: "127.0.0.1",
};

const WORDS: &[&str] = &[
    "velvet",
    "harbor",
    "glass",
    "echo",
    "midnight",
    "paper",
    "silver",
    "ocean",
    "static",
    "ember",
    "hollow",
    "river",
    "neon",
    "garden",
    "quiet",
    "thunder",
    "golden",
    "winter",
    "satellite",
    "honey",
    "ghost",
    "electric",
    "desert",
    "crystal",
    "violet",
    "shadow",
    "summer",
    "iron",
    "broken",
    "lantern",
    "orbit",
    "meadow",
    "copper",
    "signal",
    "wild",
    "distant",
    "lunar",
    "scarlet",
    "fever",
    "marble",
    "canyon",
    "drift",
    "solar",
    "cinder",
    "atlas",
    "harvest",
    "mirror",
    "north",
    "pale",
    "radio",
    "salt",
    "tide",
    "velour",
    "wax",
    "young",
    "zero",
    "amber",
    "bloom",
    "coast",
    "dream",
    "fable",
    "gravity",
    "horizon",
    "ivory",
    "jungle",
    "kingdom",
    "lotus",
    "machine",
    "nova",
    "opal",
    "prism",
    "quartz",
    "rust",
    "sugar",
    "tunnel",
    "utopia",
    "vapour",
    "wolf",
];

/// The genre list's ids, most of them; popular ones come first in the list.
fn genre_names(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    conn.prepare("SELECT name FROM genres ORDER BY id")?
        .query_map([], |row| row.get(0))?
        .collect()
}

fn title_case(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn phrase(rng: &mut fastrand::Rng, words: usize) -> String {
    (0..words)
        .map(|_| title_case(WORDS[rng.usize(..WORDS.len())]))
        .collect::<Vec<_>>()
        .join(" ")
}

fn sentence(rng: &mut fastrand::Rng, words: usize) -> String {
    let text: Vec<&str> = (0..words)
        .map(|_| WORDS[rng.usize(..WORDS.len())])
        .collect();
    format!("{}.", title_case(&text.join(" ")))
}

/// An index below `len`, skewed toward the start: a few items get most picks,
/// as a few albums get most ratings on real sites.
fn skewed(rng: &mut fastrand::Rng, len: usize) -> usize {
    let u = rng.f64();
    ((u * u * u) * len as f64) as usize % len
}

/// A moment in the last two years, newer ones likelier, to the millisecond
/// as the server stamps them.
fn moment(rng: &mut fastrand::Rng, now: OffsetDateTime) -> String {
    let millis_back = (rng.f64().powi(2) * 2.0 * 365.0 * 24.0 * 3600.0 * 1000.0) as i64;
    format(now - Duration::milliseconds(millis_back))
}

#[derive(Debug, Default, PartialEq)]
pub struct Made {
    pub artists: usize,
    pub albums: usize,
    pub users: usize,
    pub ratings: usize,
    pub reviews: usize,
    pub comments: usize,
    pub posts: usize,
    pub lists: usize,
}

/// Fills an empty database; the same scale always makes the same community.
pub fn generate(
    conn: &mut Connection,
    scale: Scale,
    progress: &dyn Fn(&str),
) -> anyhow::Result<Made> {
    let mut rng = fastrand::Rng::with_seed(2026);
    let now = OffsetDateTime::now_utc();
    let genres = genre_names(conn)?;
    let mut made = Made::default();
    // Index building wants a big page cache; the server's own is small.
    conn.execute_batch("PRAGMA cache_size = -262144")?;
    let tx = conn.transaction()?;

    progress("members");
    {
        let mut insert = tx.prepare(
            "INSERT INTO users (username, email, password_hash, role, created_at) VALUES (?1, ?2, '!', 'user', ?3)",
        )?;
        let mut session = tx.prepare(
            "INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at) VALUES (?1, ?2, ?3, ?3, ?4)",
        )?;
        // Opened now, whenever the member joined: sessions end 180 days
        // after they open (the server's default), however long they last unused.
        let opened = format(now);
        let expires = format(now + Duration::days(365));
        for n in 1..=scale.users {
            let joined = moment(&mut rng, now);
            insert.execute(params![
                format!("member{n}"),
                format!("member{n}@example.org"),
                joined
            ])?;
            if n <= scale.signed_in {
                let hash = crate::auth::token_hash(&member_token(n));
                session.execute(params![hash, tx.last_insert_rowid(), opened, expires])?;
            }
        }
        made.users = scale.users;
    }

    progress("artists and albums");
    let mut album_ids = Vec::with_capacity(scale.albums);
    {
        let stamp = format(now);
        let mut artist_ids = Vec::with_capacity(scale.artists);
        for n in 0..scale.artists {
            let name = format!("{} {}", phrase(&mut rng, 2), n + 1);
            let artist = NewArtist {
                name: &name,
                description: &sentence(&mut rng, 20),
                picture_url: "",
                mbid: None,
            };
            artist_ids.push(artists::insert(&tx, &artist, &stamp)?);
        }
        for n in 0..scale.albums {
            let words = 1 + rng.usize(1..3);
            let title = format!("{} {}", phrase(&mut rng, words), n + 1);
            // One in fifty is just out or still to come, for /new, its feed and calendars.
            let date: ReleaseDate = if n % 50 == 0 {
                (now.date() + Duration::days(rng.i64(-90..180)))
                    .to_string()
                    .parse()
                    .expect("a real date")
            } else {
                let year = 1955 + rng.i32(0..70);
                format!("{year}-{:02}-{:02}", rng.u8(1..13), rng.u8(1..29))
                    .parse()
                    .expect("a real date")
            };
            let genre_count = 1 + rng.usize(0..3);
            let picked: Vec<String> = (0..genre_count)
                .map(|_| genres[skewed(&mut rng, genres.len())].clone())
                .collect::<HashSet<_>>()
                .into_iter()
                .collect();
            let album = NewAlbum {
                artist_id: artist_ids[n % artist_ids.len()],
                title: &title,
                release_date: date,
                album_type: AlbumType::Lp,
                picture_url: "",
                genres: &picked,
                styles: &[],
                mb_release_group: None,
            };
            album_ids.push(albums::insert(&tx, &album, &stamp)?);
        }
        made.artists = scale.artists;
        made.albums = scale.albums;
    }

    progress("ratings");
    let mut rated: Vec<(i64, i64)> = Vec::with_capacity(scale.reviews);
    {
        let mut insert = tx.prepare(
            "INSERT INTO ratings (user_id, album_id, number, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)",
        )?;
        let per_user = scale.ratings / scale.users.max(1);
        let mut left = scale.ratings;
        for user in 1..=scale.users as i64 {
            let count = if user as usize == scale.users {
                left
            } else {
                per_user.min(left)
            };
            let mut seen = HashSet::with_capacity(count);
            while seen.len() < count.min(album_ids.len()) {
                let album = album_ids[skewed(&mut rng, album_ids.len())];
                if !seen.insert(album) {
                    continue;
                }
                // Popular albums are liked, others spread over the scale.
                let steps = (10 + rng.i32(-9..=10)).clamp(1, 20);
                let number = if rng.u8(..40) == 0 {
                    None
                } else {
                    Some(f64::from(steps) / 2.0)
                };
                insert.execute(params![user, album, number, moment(&mut rng, now)])?;
                if rated.len() < scale.reviews && rng.u8(..20) == 0 {
                    rated.push((user, album));
                }
            }
            left -= seen.len();
        }
        made.ratings = scale.ratings - left;
    }

    progress("reviews, posts, comments, votes and shouts");
    {
        let mut review = tx.prepare(
            "INSERT INTO reviews (user_id, album_id, review_text, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)",
        )?;
        for (user, album) in &rated {
            let text = (0..3)
                .map(|_| sentence(&mut rng, 25))
                .collect::<Vec<_>>()
                .join(" ");
            review.execute(params![user, album, text, moment(&mut rng, now)])?;
        }
        made.reviews = rated.len();
        let mut post = tx.prepare(
            "INSERT INTO posts (user_id, title, post_text, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)",
        )?;
        for _ in 0..scale.posts {
            let user = 1 + rng.usize(..scale.users) as i64;
            post.execute(params![
                user,
                phrase(&mut rng, 4),
                sentence(&mut rng, 40),
                moment(&mut rng, now)
            ])?;
        }
        made.posts = scale.posts;
        let mut comment = tx.prepare(
            "INSERT INTO comments (user_id, album_id, review_id, post_id, comment_text, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        for _ in 0..scale.comments {
            let user = 1 + rng.usize(..scale.users) as i64;
            let kind = rng.u8(..10);
            let (album, review, post): (Option<i64>, Option<i64>, Option<i64>) = match kind {
                0..=6 => (
                    Some(album_ids[skewed(&mut rng, album_ids.len())]),
                    None,
                    None,
                ),
                7 | 8 if made.reviews > 0 => {
                    (None, Some(1 + skewed(&mut rng, made.reviews) as i64), None)
                }
                _ if made.posts > 0 => (None, None, Some(1 + skewed(&mut rng, made.posts) as i64)),
                _ => (Some(album_ids[0]), None, None),
            };
            comment.execute(params![
                user,
                album,
                review,
                post,
                sentence(&mut rng, 12),
                moment(&mut rng, now)
            ])?;
        }
        made.comments = scale.comments;
        let mut vote = tx.prepare(
            "INSERT OR IGNORE INTO votes (user_id, review_id, is_thumbs_up, created_at) VALUES (?1, ?2, ?3, ?4)",
        )?;
        for _ in 0..made.reviews * 2 {
            let user = 1 + rng.usize(..scale.users) as i64;
            let review = 1 + skewed(&mut rng, made.reviews.max(1)) as i64;
            vote.execute(params![
                user,
                review,
                rng.u8(..4) != 0,
                moment(&mut rng, now)
            ])?;
        }
        let mut shout = tx.prepare(
            "INSERT INTO shouts (user_id, recipient_id, shout_text, created_at) VALUES (?1, ?2, ?3, ?4)",
        )?;
        for _ in 0..scale.users / 2 {
            let user = 1 + rng.usize(..scale.users) as i64;
            let recipient = 1 + skewed(&mut rng, scale.users) as i64;
            shout.execute(params![
                user,
                recipient,
                sentence(&mut rng, 8),
                moment(&mut rng, now)
            ])?;
        }
    }

    progress("lists");
    add_lists(&tx, scale, &album_ids, &mut rng, now)?;
    made.lists = scale.lists;

    progress("follows and notifications");
    add_follows(&tx, scale, &mut rng, now)?;

    progress("plays from music players");
    add_player_plays(&tx, scale, &album_ids, &mut rng, now)?;

    progress("tracklists and track ratings");
    add_tracks(&tx, scale, &album_ids, &mut rng, now)?;

    progress("listening diaries");
    add_diary(&tx, scale, &album_ids, &mut rng, now)?;

    progress("genre votes");
    add_genre_votes(&tx, scale, &album_ids, &mut rng, now)?;

    progress("descriptors");
    add_descriptors(&tx, scale, &mut rng, now)?;

    progress("counters");
    recount(&tx)?;
    tx.commit()?;
    Ok(made)
}

/// The token of synthetic member `n`'s music players: known, so load tests
/// can send plays.
pub fn player_token(n: usize) -> String {
    format!("synthetic-player-{n}")
}

/// The token of synthetic member `n`'s calendar link: known, so load tests
/// can read calendars.
pub fn calendar_token(n: usize) -> String {
    format!("synthetic-calendar-{n}")
}

/// Each signed-in member's players sent a hundred plays over the last year,
/// four in five of catalogue albums (popular ones more often), the rest of
/// twenty albums the catalogue lacks.
fn add_player_plays(
    conn: &Connection,
    scale: Scale,
    album_ids: &[i64],
    rng: &mut fastrand::Rng,
    now: OffsetDateTime,
) -> rusqlite::Result<()> {
    const PLAYS: usize = 100;
    let stamp = format(now);
    for member in 1..=scale.signed_in {
        let hash = crate::auth::token_hash(&player_token(member));
        member_tokens::set_token(
            conn,
            TokenKind::Player,
            member as i64,
            &hash,
            &SEEDED,
            &stamp,
        )?;
        let hash = crate::auth::token_hash(&calendar_token(member));
        member_tokens::set_token(
            conn,
            TokenKind::Calendar,
            member as i64,
            &hash,
            &SEEDED,
            &stamp,
        )?;
        let plays: Vec<Play> = (0..PLAYS)
            .map(|n| {
                let listened_at = format(now - Duration::minutes(rng.i64(1..525_600)));
                let album_id = (rng.u8(..5) != 0).then(|| album_ids[skewed(rng, album_ids.len())]);
                let missing = rng.usize(..20);
                Play {
                    listened_at,
                    artist_name: format!("Unknown artist {missing}"),
                    release_name: album_id.map_or_else(
                        || format!("Unknown album {missing}"),
                        |id| format!("album {id}"),
                    ),
                    track_name: format!("Track {n}"),
                    release_group_mbid: None,
                    release_mbid: None,
                    recording_mbid: None,
                    duration_ms: Some(rng.i64(90_000..420_000)),
                    player: Some("synthetic".to_owned()),
                    album_id,
                }
            })
            .collect();
        player_listens::record(conn, member as i64, &plays, &SEEDED, &stamp)?;
    }
    Ok(())
}

/// Every album has 6 to 14 tracks; each signed-in member rates twenty
/// tracks of albums they are likely to know (popular ones more often).
fn add_tracks(
    conn: &Connection,
    scale: Scale,
    album_ids: &[i64],
    rng: &mut fastrand::Rng,
    now: OffsetDateTime,
) -> rusqlite::Result<()> {
    let mut insert = conn.prepare(
        "INSERT INTO tracks (album_id, disc, position, title, length_ms) VALUES (?1, 1, ?2, ?3, ?4)",
    )?;
    for &album in album_ids {
        for position in 1..=rng.u32(6..=14) {
            insert.execute(params![
                album,
                position,
                phrase(rng, 2),
                rng.i64(90_000..420_000)
            ])?;
        }
    }
    let mut rate = conn.prepare(
        "INSERT OR IGNORE INTO track_ratings (user_id, track_id, number, created_at, updated_at)
         SELECT ?1, id, ?3, ?4, ?4 FROM tracks WHERE album_id = ?2 AND position = ?5",
    )?;
    for member in 1..=scale.signed_in as i64 {
        for _ in 0..20 {
            let album = album_ids[skewed(rng, album_ids.len())];
            let stamp = moment(rng, now);
            let number = f64::from(rng.u8(1..=20)) / 2.0;
            rate.execute(params![member, album, number, stamp, rng.u32(1..=6)])?;
        }
    }
    Ok(())
}

/// Each signed-in member logged sixty listens over the last two years
/// (popular albums more often), one in five with a rating, one in ten with
/// a note, one in four a re-listen.
fn add_diary(
    conn: &Connection,
    scale: Scale,
    album_ids: &[i64],
    rng: &mut fastrand::Rng,
    now: OffsetDateTime,
) -> rusqlite::Result<()> {
    let mut insert = conn.prepare(
        "INSERT INTO diary_entries
             (user_id, album_id, listened_on, rating, note, relisten, source, created_at, updated_at)
         VALUES (?1, ?2, substr(?3, 1, 10), ?4, ?5, ?6, 'member', ?3, ?3)",
    )?;
    for member in 1..=scale.signed_in as i64 {
        for _ in 0..60 {
            let album = album_ids[skewed(rng, album_ids.len())];
            let stamp = moment(rng, now);
            let rating = (rng.u8(..5) == 0).then(|| f64::from(rng.u8(1..=20)) / 2.0);
            let note = if rng.u8(..10) == 0 {
                sentence(rng, 8)
            } else {
                String::new()
            };
            insert.execute(params![
                member,
                album,
                stamp,
                rating,
                note,
                rng.u8(..4) == 0
            ])?;
        }
    }
    Ok(())
}

/// Each signed-in member voted the genres of ten albums (popular ones more
/// often): one to three genres, the first primary.
fn add_genre_votes(
    conn: &Connection,
    scale: Scale,
    album_ids: &[i64],
    rng: &mut fastrand::Rng,
    now: OffsetDateTime,
) -> rusqlite::Result<()> {
    let genre_ids: Vec<i64> = conn
        .prepare("SELECT id FROM genres ORDER BY id")?
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut insert = conn.prepare(
        "INSERT OR IGNORE INTO genre_votes (album_id, user_id, genre_id, is_primary, voted_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for member in 1..=scale.signed_in as i64 {
        for _ in 0..10 {
            let album = album_ids[skewed(rng, album_ids.len())];
            let stamp = moment(rng, now);
            for n in 0..rng.usize(1..=3) {
                let genre = genre_ids[rng.usize(..genre_ids.len())];
                insert.execute(params![album, member, genre, n == 0, stamp])?;
            }
        }
    }
    Ok(())
}

/// Each signed-in member described ten of the albums they rated with one to
/// four words, drawn mostly from a handful that suit each album, so that
/// members agree as they would.
fn add_descriptors(
    conn: &Connection,
    scale: Scale,
    rng: &mut fastrand::Rng,
    now: OffsetDateTime,
) -> rusqlite::Result<()> {
    use crate::domain::descriptors::VOCABULARY;
    let mut rated =
        conn.prepare("SELECT album_id FROM ratings WHERE user_id = ?1 AND number IS NOT NULL")?;
    let mut insert = conn.prepare(
        "INSERT OR IGNORE INTO descriptor_votes (album_id, user_id, descriptor, applied_at)
         VALUES (?1, ?2, ?3, ?4)",
    )?;
    for member in 1..=scale.signed_in as i64 {
        let albums: Vec<i64> = rated
            .query_map([member], |row| row.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        if albums.is_empty() {
            continue;
        }
        for _ in 0..10 {
            let album = albums[rng.usize(..albums.len())];
            let stamp = moment(rng, now);
            for _ in 0..rng.usize(1..=4) {
                let suits = (album as usize * 7 + rng.usize(0..5) * 13) % VOCABULARY.len();
                insert.execute(params![album, member, VOCABULARY[suits].slug, stamp])?;
            }
        }
    }
    Ok(())
}

/// Lists by random members, each of 5 to 100 albums (popular ones more
/// often); likes and comments go mostly to the first lists, so the lowest
/// ids are the popular lists. One in ten is unlisted or private.
fn add_lists(
    conn: &Connection,
    scale: Scale,
    album_ids: &[i64],
    rng: &mut fastrand::Rng,
    now: OffsetDateTime,
) -> rusqlite::Result<()> {
    let mut list = conn.prepare(
        "INSERT INTO lists (id, user_id, title, slug, description, ranked, visibility, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
    )?;
    let mut entry = conn.prepare(
        "INSERT OR IGNORE INTO list_entries (list_id, album_id, position, note, added_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for id in 1..=scale.lists as i64 {
        let title = phrase(rng, 3);
        let visibility = match rng.u8(..20) {
            0 => "private",
            1 => "unlisted",
            _ => "public",
        };
        let made_at = moment(rng, now);
        let user = 1 + rng.usize(..scale.users) as i64;
        let slug = crate::domain::slug::words_only(&title);
        let description = sentence(rng, 20);
        list.execute(params![
            id,
            user,
            title,
            slug,
            description,
            rng.bool(),
            visibility,
            made_at
        ])?;
        for position in 1..=rng.i64(5..=100) {
            let album = album_ids[skewed(rng, album_ids.len())];
            let note = if rng.u8(..4) == 0 {
                sentence(rng, 10)
            } else {
                String::new()
            };
            entry.execute(params![id, album, position, note, made_at])?;
        }
    }
    let mut like = conn.prepare(
        "INSERT OR IGNORE INTO list_likes (list_id, user_id, created_at) VALUES (?1, ?2, ?3)",
    )?;
    let mut comment = conn.prepare(
        "INSERT INTO comments (user_id, list_id, comment_text, created_at) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for _ in 0..scale.lists * 5 {
        let list = 1 + skewed(rng, scale.lists) as i64;
        let user = 1 + rng.usize(..scale.users) as i64;
        like.execute(params![list, user, moment(rng, now)])?;
    }
    for _ in 0..scale.lists {
        let list = 1 + skewed(rng, scale.lists) as i64;
        let user = 1 + rng.usize(..scale.users) as i64;
        comment.execute(params![user, list, sentence(rng, 12), moment(rng, now)])?;
    }
    Ok(())
}

/// Artists each signed-in member follows.
const ARTISTS_FOLLOWED: usize = 30;

/// Each signed-in member follows members (ratings are skewed to the first
/// members, so they are followed most) and artists, and has notifications:
/// follows and likes of reviews, most read.
fn add_follows(
    conn: &Connection,
    scale: Scale,
    rng: &mut fastrand::Rng,
    now: OffsetDateTime,
) -> rusqlite::Result<()> {
    let mut follow = conn.prepare(
        "INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) VALUES (?1, ?2, ?3)",
    )?;
    let mut notify = conn.prepare(
        "INSERT INTO notifications (user_id, kind, actor_id, review_id, created_at, read_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    let reviews: Vec<i64> = conn
        .prepare("SELECT id FROM reviews")?
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let artists: Vec<i64> = conn
        .prepare("SELECT id FROM artists ORDER BY id")?
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut follow_artist = conn.prepare(
        "INSERT OR IGNORE INTO artist_follows (user_id, artist_id, created_at) VALUES (?1, ?2, ?3)",
    )?;
    for member in 1..=scale.signed_in as i64 {
        // Thirty artists each, the first ones likelier, as for /new's own filter and calendars.
        for _ in 0..ARTISTS_FOLLOWED.min(artists.len()) {
            let artist = artists[skewed(rng, artists.len())];
            follow_artist.execute(params![member, artist, moment(rng, now)])?;
        }
        for _ in 0..scale.follows_each {
            let followee = 1 + skewed(rng, scale.users) as i64;
            if followee != member {
                follow.execute(params![member, followee, moment(rng, now)])?;
            }
        }
        for n in 0..scale.notifications_each {
            let actor = 1 + rng.usize(..scale.users) as i64;
            let at = moment(rng, now);
            let read = (n % 10 != 0).then(|| at.clone());
            let (kind, review) = if n % 2 == 0 || reviews.is_empty() {
                ("follow", None)
            } else {
                ("vote", Some(reviews[rng.usize(..reviews.len())]))
            };
            notify.execute(params![member, kind, actor, review, at, read])?;
        }
    }
    Ok(())
}

/// Every counter from its rows, as the server keeps them row by row.
fn recount(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch(
        "UPDATE albums SET (rating_count, rating_sum, rating_square_sum) =
             (SELECT count(number), total(number), total(number * number)
              FROM ratings WHERE album_id = albums.id);
         UPDATE albums SET review_count = (SELECT count(*) FROM reviews WHERE album_id = albums.id);
         UPDATE reviews SET (votes_up, votes_down) =
             (SELECT count(*) FILTER (WHERE is_thumbs_up = 1), count(*) FILTER (WHERE is_thumbs_up = 0)
              FROM votes WHERE review_id = reviews.id);",
    )
}
