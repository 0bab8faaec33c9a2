//! The demo community: a real catalogue (assets/demo/catalogue.json) and a
//! few members with their ratings, reviews, comments, posts, shouts and votes
//! (assets/demo/community.json), so that every screen has content after
//! `halfstar serve --demo`.
//!
//! Demo albums carry no picture URL: the UI draws its generated cover for
//! them, which also works on a machine without internet. Ratings beyond the
//! written reviews are generated from a fixed seed, skewed so that a few
//! albums have most of them, as on real sites. Every demo account's password
//! is [`DEMO_PASSWORD`].

use std::collections::HashMap;

use anyhow::{Context, bail};
use rusqlite::Connection;
use serde::Deserialize;
use time::Duration;

use crate::db::comments::CommentTarget;
use crate::db::votes::VoteTarget;
use crate::db::{
    albums, artists, comments, posts, ratings, reviews, shouts, users, votes, wishlist,
};
use crate::domain::timestamp::before_now;
use crate::domain::{AlbumType, RatingValue, ReleaseDate, Role};

pub const DEMO_PASSWORD: &str = "halfstar-demo";

const CATALOGUE: &str = include_str!("../assets/demo/catalogue.json");
const COMMUNITY: &str = include_str!("../assets/demo/community.json");

/// Quiet members who only rate, so that averages and popularity mean something.
const LISTENER_NAMES: [&str; 40] = [
    "amberwaves",
    "basslinebea",
    "crateraider",
    "deepcutdan",
    "echochamber",
    "fadeoutfin",
    "grooveguru",
    "hissandpop",
    "indigoears",
    "jukeboxjo",
    "kickdrumkai",
    "lowendlou",
    "mixtapemo",
    "needledrop",
    "offbeatola",
    "ponderosa",
    "quietstorm",
    "reverbrita",
    "sidebside",
    "tapehissted",
    "upbeatuma",
    "vinylvik",
    "wallofsound",
    "xylophonix",
    "yearningyuki",
    "zigzagzoe",
    "b_sides_only",
    "cassette.kid",
    "dustygrooves",
    "earworm_eli",
    "feedbackfay",
    "gatefoldgus",
    "hookline",
    "interludeivy",
    "jamband_jay",
    "keychange_kim",
    "liner.notes",
    "monomix_max",
    "nightdrive",
    "outro_otto",
];

#[derive(Deserialize)]
struct DemoArtist {
    name: String,
    description: String,
    albums: Vec<DemoAlbum>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoAlbum {
    title: String,
    release_date: String,
    #[serde(rename = "type")]
    album_type: String,
    genres: Vec<String>,
}

#[derive(Deserialize)]
struct Community {
    users: Vec<DemoUser>,
    reviews: Vec<DemoReview>,
    posts: Vec<DemoPost>,
    comments: Vec<DemoComment>,
    shouts: Vec<DemoShout>,
    votes: Vec<DemoVote>,
}

#[derive(Deserialize)]
struct DemoUser {
    username: String,
    email: String,
    role: String,
}

#[derive(Deserialize)]
struct DemoReview {
    user: String,
    artist: String,
    album: String,
    rating: f64,
    text: String,
}

#[derive(Deserialize)]
struct DemoPost {
    user: String,
    title: String,
    text: String,
}

#[derive(Deserialize)]
struct AlbumRef {
    artist: String,
    title: String,
}

#[derive(Deserialize)]
struct DemoComment {
    user: String,
    album: Option<AlbumRef>,
    review: Option<usize>,
    post: Option<usize>,
    text: String,
}

#[derive(Deserialize)]
struct DemoShout {
    from: String,
    to: String,
    text: String,
}

#[derive(Deserialize)]
struct DemoVote {
    user: String,
    review: Option<usize>,
    post: Option<usize>,
    up: bool,
}

/// How much the demo added.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub artists: usize,
    pub albums: usize,
    pub users: usize,
    pub ratings: usize,
    pub reviews: usize,
    pub posts: usize,
    pub comments: usize,
    pub shouts: usize,
    pub votes: usize,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} artists, {} albums, {} users, {} ratings, {} reviews, {} posts, {} comments, {} shouts, {} votes",
            self.artists,
            self.albums,
            self.users,
            self.ratings,
            self.reviews,
            self.posts,
            self.comments,
            self.shouts,
            self.votes
        )
    }
}

/// True when nothing has been added yet: no artists and no users.
pub fn database_is_empty(conn: &Connection) -> rusqlite::Result<bool> {
    Ok(artists::count(conn)? == 0 && users::count(conn)? == 0)
}

/// Loads the demo into an empty database in one transaction. `password_hash`
/// is the hash of [`DEMO_PASSWORD`], made by the caller on a blocking thread.
pub fn load(conn: &mut Connection, password_hash: &str) -> anyhow::Result<Summary> {
    let catalogue: Vec<DemoArtist> =
        serde_json::from_str(CATALOGUE).context("assets/demo/catalogue.json")?;
    let community: Community =
        serde_json::from_str(COMMUNITY).context("assets/demo/community.json")?;
    let tx = conn.transaction()?;
    if !database_is_empty(&tx)? {
        bail!(
            "the database already has artists or users; the demo loads only into an empty database"
        );
    }
    let mut summary = Summary::default();
    let mut rng = fastrand::Rng::with_seed(2);
    let album_ids = add_catalogue(&tx, &catalogue, &mut summary)?;
    let user_ids = add_users(&tx, &community.users, password_hash, &mut rng, &mut summary)?;
    add_ratings(&tx, &user_ids, &album_ids, &mut rng)?;
    add_community(
        &tx,
        &community,
        &user_ids,
        &album_ids,
        &mut rng,
        &mut summary,
    )?;
    summary.ratings = ratings::count_with_number(&tx)? as usize;
    tx.commit()?;
    Ok(summary)
}

type AlbumKey = (String, String);

fn album_key(artist: &str, title: &str) -> AlbumKey {
    (artist.to_lowercase(), title.to_lowercase())
}

fn add_catalogue(
    conn: &Connection,
    catalogue: &[DemoArtist],
    summary: &mut Summary,
) -> anyhow::Result<HashMap<AlbumKey, i64>> {
    let now = before_now(Duration::days(400));
    let mut album_ids = HashMap::new();
    for artist in catalogue {
        let new_artist = artists::NewArtist {
            name: &artist.name,
            description: &artist.description,
            picture_url: "",
            mbid: None,
        };
        let artist_id = artists::insert(conn, &new_artist, &now)
            .with_context(|| format!("demo artist {}", artist.name))?;
        summary.artists += 1;
        for album in &artist.albums {
            let context = || format!("demo album {} - {}", artist.name, album.title);
            let release_date: ReleaseDate = album
                .release_date
                .parse()
                .map_err(anyhow::Error::msg)
                .with_context(context)?;
            let album_type: AlbumType = album
                .album_type
                .parse()
                .map_err(anyhow::Error::msg)
                .with_context(context)?;
            let new_album = albums::NewAlbum {
                artist_id,
                title: &album.title,
                release_date,
                album_type,
                picture_url: "",
                genres: &album.genres,
                styles: &[],
                mb_release_group: None,
            };
            let id = albums::insert(conn, &new_album, &now).with_context(context)?;
            album_ids.insert(album_key(&artist.name, &album.title), id);
            summary.albums += 1;
        }
    }
    Ok(album_ids)
}

fn add_users(
    conn: &Connection,
    members: &[DemoUser],
    password_hash: &str,
    rng: &mut fastrand::Rng,
    summary: &mut Summary,
) -> anyhow::Result<HashMap<String, i64>> {
    let listeners = LISTENER_NAMES.iter().map(|name| DemoUser {
        username: (*name).to_owned(),
        email: format!("{}@demo.halfstar.invalid", name.replace('.', "_")),
        role: "user".to_owned(),
    });
    let mut ids = HashMap::new();
    for member in members
        .iter()
        .map(|m| DemoUser {
            username: m.username.clone(),
            email: m.email.clone(),
            role: m.role.clone(),
        })
        .chain(listeners)
    {
        let role: Role = member.role.parse().map_err(anyhow::Error::msg)?;
        let joined = before_now(Duration::days(rng.i64(200..400)));
        let new_user = users::NewUser {
            username: &member.username,
            email: &member.email,
            password_hash,
            profile_picture_url: "",
            role,
        };
        let id = users::insert(conn, &new_user, &joined)
            .with_context(|| format!("demo user {}", member.username))?;
        ids.insert(member.username, id);
        summary.users += 1;
    }
    Ok(ids)
}

const HALF_YEAR_IN_MINUTES: i64 = 180 * 24 * 60;

/// A recent moment within the last half year.
fn recent(rng: &mut fastrand::Rng) -> String {
    minutes_ago(rng.i64(5..HALF_YEAR_IN_MINUTES))
}

fn minutes_ago(minutes: i64) -> String {
    before_now(Duration::minutes(minutes))
}

/// Gives every member ratings from a fixed seed: each album has a quality,
/// each member a leaning, and popular albums are picked far more often.
fn add_ratings(
    conn: &Connection,
    user_ids: &HashMap<String, i64>,
    album_ids: &HashMap<AlbumKey, i64>,
    rng: &mut fastrand::Rng,
) -> anyhow::Result<()> {
    let mut albums: Vec<i64> = album_ids.values().copied().collect();
    albums.sort_unstable();
    rng.shuffle(&mut albums);
    // Popularity falls off with rank, as with real listening.
    let weights: Vec<f64> = (1..=albums.len())
        .map(|rank| (rank as f64).powf(-0.9))
        .collect();
    let quality: Vec<f64> = albums.iter().map(|_| 5.0 + rng.f64() * 4.5).collect();
    let mut users: Vec<(&String, &i64)> = user_ids.iter().collect();
    users.sort_unstable_by_key(|(_, id)| **id);
    for (username, &user_id) in users {
        let is_listener = LISTENER_NAMES.contains(&username.as_str());
        let how_many = if is_listener {
            rng.usize(15..50)
        } else {
            rng.usize(60..120)
        };
        let leaning = rng.f64() * 2.0 - 1.0;
        // Weighted sampling without replacement (Efraimidis and Spirakis).
        let mut keyed: Vec<(f64, usize)> = weights
            .iter()
            .enumerate()
            .map(|(i, w)| (rng.f64().powf(1.0 / w), i))
            .collect();
        keyed.sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
        for &(_, i) in keyed.iter().take(how_many) {
            let score = quality[i] + leaning + (rng.f64() * 3.0 - 1.5);
            let half_steps = (score * 2.0).round().clamp(1.0, 20.0) as u8;
            let number = RatingValue::from_half_steps(half_steps);
            ratings::upsert(conn, user_id, albums[i], number, &recent(rng))?;
        }
        if !is_listener {
            // A few library entries without a number, and a wishlist.
            let unrated = keyed.get(how_many..).unwrap_or_default();
            for &(_, i) in unrated.iter().take(4) {
                ratings::upsert(conn, user_id, albums[i], None, &recent(rng))?;
            }
            for &(_, i) in unrated.get(4..).unwrap_or_default().iter().take(6) {
                wishlist::add(conn, user_id, albums[i], &recent(rng))?;
            }
        }
    }
    Ok(())
}

fn add_community(
    conn: &Connection,
    community: &Community,
    user_ids: &HashMap<String, i64>,
    album_ids: &HashMap<AlbumKey, i64>,
    rng: &mut fastrand::Rng,
    summary: &mut Summary,
) -> anyhow::Result<()> {
    let user = |name: &str| {
        user_ids
            .get(name)
            .copied()
            .with_context(|| format!("demo community names an unknown user {name}"))
    };
    let album = |artist: &str, title: &str| {
        album_ids
            .get(&album_key(artist, title))
            .copied()
            .with_context(|| format!("demo community names an unknown album {artist} - {title}"))
    };

    // Reviews and posts keep how long ago they were written, so that their
    // comments and votes come after them.
    let mut written_reviews = Vec::new();
    for review in &community.reviews {
        let (user_id, album_id) = (user(&review.user)?, album(&review.artist, &review.album)?);
        let number = RatingValue::from_f64(review.rating)
            .with_context(|| format!("demo review rating {}", review.rating))?;
        let age = rng.i64(60..HALF_YEAR_IN_MINUTES);
        ratings::upsert(
            conn,
            user_id,
            album_id,
            Some(number),
            &minutes_ago(age + 30),
        )?;
        let id = reviews::insert(conn, user_id, album_id, &review.text, &minutes_ago(age))?;
        written_reviews.push((id, age));
        summary.reviews += 1;
    }
    let mut written_posts = Vec::new();
    for post in &community.posts {
        let age = rng.i64(60..HALF_YEAR_IN_MINUTES);
        let id = posts::insert(
            conn,
            user(&post.user)?,
            &post.title,
            &post.text,
            &minutes_ago(age),
        )?;
        written_posts.push((id, age));
        summary.posts += 1;
    }
    let indexed = |written: &[(i64, i64)], index: usize, what: &str| {
        written
            .get(index)
            .copied()
            .with_context(|| format!("demo community names {what} {index}, which does not exist"))
    };
    for comment in &community.comments {
        let (target, age) = match (&comment.album, comment.review, comment.post) {
            (Some(a), None, None) => (
                CommentTarget::Album(album(&a.artist, &a.title)?),
                rng.i64(5..HALF_YEAR_IN_MINUTES),
            ),
            (None, Some(r), None) => {
                let (id, written) = indexed(&written_reviews, r, "review")?;
                (CommentTarget::Review(id), rng.i64(1..written))
            }
            (None, None, Some(p)) => {
                let (id, written) = indexed(&written_posts, p, "post")?;
                (CommentTarget::Post(id), rng.i64(1..written))
            }
            _ => bail!("a demo comment must name exactly one album, review or post"),
        };
        comments::insert(
            conn,
            user(&comment.user)?,
            target,
            &comment.text,
            &minutes_ago(age),
        )?;
        summary.comments += 1;
    }
    for shout in &community.shouts {
        shouts::insert(
            conn,
            user(&shout.from)?,
            user(&shout.to)?,
            &shout.text,
            &recent(rng),
        )?;
        summary.shouts += 1;
    }
    for vote in &community.votes {
        let (target, written) = match (vote.review, vote.post) {
            (Some(r), None) => {
                let (id, written) = indexed(&written_reviews, r, "review")?;
                (VoteTarget::Review(id), written)
            }
            (None, Some(p)) => {
                let (id, written) = indexed(&written_posts, p, "post")?;
                (VoteTarget::Post(id), written)
            }
            _ => bail!("a demo vote must name exactly one review or post"),
        };
        let when = minutes_ago(rng.i64(1..written));
        votes::insert(conn, user(&vote.user)?, target, vote.up, &when)?;
        summary.votes += 1;
    }
    Ok(())
}
