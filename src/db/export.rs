//! Everything one member wrote, gathered for `halfstar export-user` and the
//! profile's download. Albums are named by artist, title, date and page, not
//! only by id, so the file still means something outside this database.

use rusqlite::{Connection, Row};
use serde::Serialize;
use utoipa::ToSchema;

use super::users::User;

/// The layout of the file; raised when a field changes meaning or goes away.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserExport {
    /// Always `halfstar-user-export`.
    pub format: &'static str,
    pub format_version: u32,
    pub exported_at: String,
    pub member: Member,
    /// Every album in the member's library, rated or not.
    pub library: Vec<LibraryEntry>,
    /// The library entries that carry a rating.
    pub ratings: Vec<LibraryEntry>,
    pub wishlist: Vec<WishlistEntry>,
    pub reviews: Vec<ExportedReview>,
    pub posts: Vec<ExportedPost>,
    pub comments: Vec<ExportedComment>,
    /// Shouts the member left on profiles.
    pub shouts: Vec<ExportedShout>,
    /// The member's thumbs on reviews and posts.
    pub votes: Vec<ExportedVote>,
    /// The lists of others the member likes.
    pub list_likes: Vec<ExportedListLike>,
    /// What the member reported, and what became of it.
    pub reports: Vec<ExportedReport>,
    /// Corrections the member suggested to albums and artists.
    pub change_requests: Vec<ExportedChangeRequest>,
    /// Warnings admins gave the member.
    pub warnings: Vec<ExportedWarning>,
    /// Invite links the member made.
    pub invites: Vec<ExportedInvite>,
    /// The member's lists, each with its albums in order.
    pub lists: Vec<ExportedList>,
    /// The members they follow.
    pub following: Vec<String>,
    /// The members who follow them.
    pub followers: Vec<String>,
    /// The members they blocked.
    pub blocks: Vec<String>,
    /// The artists they follow.
    pub followed_artists: Vec<String>,
    /// Whether their ratings show in their followers' feeds.
    pub ratings_in_feeds: bool,
    /// The kinds of notification they turned off.
    pub notifications_off: Vec<String>,
    /// Albums they listened to, from imported listening histories and
    /// their music players.
    pub listened: Vec<ExportedListen>,
    /// Each play their music players sent, oldest first.
    pub player_plays: Vec<super::player_listens::ExportedPlay>,
    /// Their ratings of tracks, by album.
    pub track_ratings: Vec<super::tracks::ExportedTrackRating>,
    /// Their listening diary, oldest first.
    pub diary: Vec<super::diary::ExportedEntry>,
    /// The genres they voted for albums, by album.
    pub genre_votes: Vec<super::genre_votes::ExportedGenreVote>,
    /// The descriptors they applied to albums, by album.
    pub descriptors: Vec<super::descriptors::ExportedDescriptor>,
    /// Whether albums are recommended to them ("For you").
    pub recommendations: bool,
    /// Albums they asked not to be recommended, most recent first.
    pub dismissed_recommendations: Vec<ExportedDismissal>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedDismissal {
    pub album: AlbumRef,
    pub dismissed_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedListen {
    pub album: AlbumRef,
    pub plays: u32,
    #[schema(required)]
    pub last_listened_at: Option<String>,
    /// Taken out of the "Listened, not yet rated" queue.
    pub dismissed: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedList {
    pub list_id: i64,
    pub title: String,
    pub description: String,
    pub ranked: bool,
    /// public, unlisted or private.
    pub visibility: String,
    pub created_at: String,
    pub updated_at: String,
    pub entries: Vec<ExportedListEntry>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedListEntry {
    pub album: AlbumRef,
    pub note: String,
    pub added_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedReport {
    pub item_kind: String,
    pub item_id: i64,
    pub reason: String,
    pub note: String,
    pub created_at: String,
    /// dismissed, deleted, warned or suspended; null while open.
    #[schema(required)]
    pub resolution: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedChangeRequest {
    pub entity_kind: String,
    pub entity_id: i64,
    #[schema(value_type = Object)]
    pub fields: serde_json::Value,
    pub note: String,
    pub created_at: String,
    /// open, accepted or declined.
    pub status: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedWarning {
    pub message: String,
    pub created_at: String,
    #[schema(required)]
    pub seen_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedInvite {
    pub created_at: String,
    pub expires_at: String,
    pub max_uses: i64,
    pub uses: i64,
    pub revoked: bool,
}

/// The account itself; the password hash and sessions never leave the server.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    pub user_id: i64,
    pub username: String,
    pub email: String,
    #[schema(value_type = crate::domain::Role)]
    pub role: &'static str,
    pub profile_picture_url: String,
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlbumRef {
    pub album_id: i64,
    pub artist: String,
    pub title: String,
    /// The first day of the period `releaseDatePrecision` says is known.
    pub release_date: String,
    #[schema(value_type = crate::domain::DatePrecision)]
    pub release_date_precision: String,
    #[serde(rename = "type")]
    #[schema(value_type = crate::domain::AlbumType)]
    pub album_type: String,
    /// The album's page on this site, e.g. `/albums/radiohead/ok-computer`.
    pub page: String,
    #[schema(required)]
    pub musicbrainz_release_group: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LibraryEntry {
    pub album: AlbumRef,
    /// 0.5 to 10 in half steps; null for an album kept without a rating.
    #[schema(required)]
    pub rating: Option<f64>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistEntry {
    pub album: AlbumRef,
    pub created_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedReview {
    pub review_id: i64,
    pub album: AlbumRef,
    pub review_text: String,
    pub votes_up: i64,
    pub votes_down: i64,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedPost {
    pub post_id: i64,
    pub title: String,
    pub post_text: String,
    pub votes_up: i64,
    pub votes_down: i64,
    pub created_at: String,
    pub updated_at: String,
}

/// What a comment or a vote is on: exactly one of them is set.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Target {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub album: Option<AlbumRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub review: Option<ReviewRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub post: Option<PostRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub list: Option<ListRef>,
}

/// Another member's list, or the member's own. Its title is read now, so
/// it is left out (null) once its author made the list private or an admin
/// hid it: the member sees it no longer on the site either.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListRef {
    pub list_id: i64,
    #[schema(required)]
    pub title: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewRef {
    pub review_id: i64,
    pub author: String,
    pub album: AlbumRef,
}

/// A post; its title is null once an admin hid another member's post.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostRef {
    pub post_id: i64,
    #[schema(required)]
    pub title: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedComment {
    pub comment_id: i64,
    pub on: Target,
    pub comment_text: String,
    pub created_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedShout {
    pub shout_id: i64,
    /// The member whose profile holds the shout.
    pub recipient: String,
    pub shout_text: String,
    pub created_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedListLike {
    pub list: ListRef,
    pub created_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedVote {
    pub on: Target,
    pub thumbs_up: bool,
    pub created_at: String,
}

/// The album columns `album_at` reads, for an album table aliased `album`
/// joined to its artist `artist`.
fn album_columns(album: &str, artist: &str) -> String {
    format!(
        "{album}.id, {artist}.name, {album}.title, {album}.release_date, {album}.type, \
         {artist}.slug, {album}.slug, {album}.mb_release_group, {album}.release_date_precision"
    )
}
const ALBUM_REF_WIDTH: usize = 9;

fn album_at(row: &Row<'_>, first: usize) -> rusqlite::Result<AlbumRef> {
    let artist_slug: String = row.get(first + 5)?;
    let album_slug: String = row.get(first + 6)?;
    Ok(AlbumRef {
        album_id: row.get(first)?,
        artist: row.get(first + 1)?,
        title: row.get(first + 2)?,
        release_date: row.get(first + 3)?,
        release_date_precision: row.get(first + 8)?,
        album_type: row.get(first + 4)?,
        page: format!("/albums/{artist_slug}/{album_slug}"),
        musicbrainz_release_group: row.get(first + 7)?,
    })
}

/// An album given by an `al.id` that may be NULL (the comment is elsewhere).
fn maybe_album_at(row: &Row<'_>, first: usize) -> rusqlite::Result<Option<AlbumRef>> {
    match row.get::<_, Option<i64>>(first)? {
        Some(_) => album_at(row, first).map(Some),
        None => Ok(None),
    }
}

/// What a comment or vote (aliased `t`, with album_id, review_id, post_id and
/// list_id) is on. `target_at` reads `target_columns()` in order: the album,
/// the review's id, author and album, the post's id and title, then the
/// list's. The member exported is bound at `?1`.
const TARGET_JOINS: &str = "
     LEFT JOIN albums al ON al.id = t.album_id
     LEFT JOIN artists ar ON ar.id = al.artist_id
     LEFT JOIN reviews rv ON rv.id = t.review_id
     LEFT JOIN users rvu ON rvu.id = rv.user_id
     LEFT JOIN albums ral ON ral.id = rv.album_id
     LEFT JOIN artists rar ON rar.id = ral.artist_id
     LEFT JOIN posts p ON p.id = t.post_id
     LEFT JOIN lists li ON li.id = t.list_id";
fn target_columns() -> String {
    format!(
        "{}, rv.id, rvu.username, {}, p.id, {}, li.id, {}",
        album_columns("al", "ar"),
        album_columns("ral", "rar"),
        POST_TITLE_SHOWN,
        LIST_TITLE_SHOWN
    )
}

/// SQL: the title of the post `p` if the member at `?1` still sees it.
const POST_TITLE_SHOWN: &str = "CASE WHEN p.user_id = ?1 OR p.hidden_at IS NULL THEN p.title END";
/// SQL: the title of the list `li` if the member at `?1` still may open it
/// (an unlisted list stays open by its link).
const LIST_TITLE_SHOWN: &str = "CASE WHEN li.user_id = ?1
         OR (li.visibility <> 'private' AND li.hidden_at IS NULL) THEN li.title END";
const TARGET_WIDTH: usize = ALBUM_REF_WIDTH + 2 + ALBUM_REF_WIDTH + 2 + 2;

fn target_at(row: &Row<'_>, first: usize) -> rusqlite::Result<Target> {
    let album = maybe_album_at(row, first)?;
    let review_at = first + ALBUM_REF_WIDTH;
    let review = match row.get::<_, Option<i64>>(review_at)? {
        Some(review_id) => Some(ReviewRef {
            review_id,
            author: row.get(review_at + 1)?,
            album: album_at(row, review_at + 2)?,
        }),
        None => None,
    };
    let post_at = review_at + 2 + ALBUM_REF_WIDTH;
    let post = match row.get::<_, Option<i64>>(post_at)? {
        Some(post_id) => Some(PostRef {
            post_id,
            title: row.get(post_at + 1)?,
        }),
        None => None,
    };
    let list_at = post_at + 2;
    let list = match row.get::<_, Option<i64>>(list_at)? {
        Some(list_id) => Some(ListRef {
            list_id,
            title: row.get(list_at + 1)?,
        }),
        None => None,
    };
    Ok(Target {
        album,
        review,
        post,
        list,
    })
}

fn collect<T>(
    conn: &Connection,
    sql: &str,
    user_id: i64,
    map: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
) -> rusqlite::Result<Vec<T>> {
    conn.prepare(sql)?.query_map([user_id], map)?.collect()
}

/// Everything `user` wrote, oldest first, read in one transaction so the
/// sections agree with each other while the site keeps taking writes.
pub fn for_user(
    conn: &mut Connection,
    user: User,
    exported_at: String,
) -> rusqlite::Result<UserExport> {
    let album = album_columns("al", "ar");
    let target = target_columns();
    let tx = conn.transaction()?;
    let library = collect(
        &tx,
        &format!(
            "SELECT {album}, r.number, r.created_at, r.updated_at
             FROM ratings r JOIN albums al ON al.id = r.album_id
             JOIN artists ar ON ar.id = al.artist_id
             WHERE r.user_id = ?1 ORDER BY r.created_at, r.id"
        ),
        user.id,
        |row| {
            Ok(LibraryEntry {
                album: album_at(row, 0)?,
                rating: row.get(ALBUM_REF_WIDTH)?,
                created_at: row.get(ALBUM_REF_WIDTH + 1)?,
                updated_at: row.get(ALBUM_REF_WIDTH + 2)?,
            })
        },
    )?;
    let wishlist = collect(
        &tx,
        &format!(
            "SELECT {album}, w.created_at
             FROM wishlist_items w JOIN albums al ON al.id = w.album_id
             JOIN artists ar ON ar.id = al.artist_id
             WHERE w.user_id = ?1 ORDER BY w.created_at, w.id"
        ),
        user.id,
        |row| {
            Ok(WishlistEntry {
                album: album_at(row, 0)?,
                created_at: row.get(ALBUM_REF_WIDTH)?,
            })
        },
    )?;
    let reviews = collect(
        &tx,
        &format!(
            "SELECT {album}, rv.id, rv.review_text, rv.votes_up, rv.votes_down,
                    rv.created_at, rv.updated_at
             FROM reviews rv JOIN albums al ON al.id = rv.album_id
             JOIN artists ar ON ar.id = al.artist_id
             WHERE rv.user_id = ?1 ORDER BY rv.created_at, rv.id"
        ),
        user.id,
        |row| {
            Ok(ExportedReview {
                album: album_at(row, 0)?,
                review_id: row.get(ALBUM_REF_WIDTH)?,
                review_text: row.get(ALBUM_REF_WIDTH + 1)?,
                votes_up: row.get(ALBUM_REF_WIDTH + 2)?,
                votes_down: row.get(ALBUM_REF_WIDTH + 3)?,
                created_at: row.get(ALBUM_REF_WIDTH + 4)?,
                updated_at: row.get(ALBUM_REF_WIDTH + 5)?,
            })
        },
    )?;
    let posts = collect(
        &tx,
        "SELECT id, title, post_text, votes_up, votes_down, created_at, updated_at
         FROM posts WHERE user_id = ?1 ORDER BY created_at, id",
        user.id,
        |row| {
            Ok(ExportedPost {
                post_id: row.get(0)?,
                title: row.get(1)?,
                post_text: row.get(2)?,
                votes_up: row.get(3)?,
                votes_down: row.get(4)?,
                created_at: row.get(5)?,
                updated_at: row.get(6)?,
            })
        },
    )?;
    let comments = collect(
        &tx,
        &format!(
            "SELECT {target}, t.id, t.comment_text, t.created_at
             FROM comments t {TARGET_JOINS}
             WHERE t.user_id = ?1 ORDER BY t.created_at, t.id"
        ),
        user.id,
        |row| {
            let after = TARGET_WIDTH;
            Ok(ExportedComment {
                on: target_at(row, 0)?,
                comment_id: row.get(after)?,
                comment_text: row.get(after + 1)?,
                created_at: row.get(after + 2)?,
            })
        },
    )?;
    let shouts = collect(
        &tx,
        "SELECT s.id, r.username, s.shout_text, s.created_at
         FROM shouts s JOIN users r ON r.id = s.recipient_id
         WHERE s.user_id = ?1 ORDER BY s.created_at, s.id",
        user.id,
        |row| {
            Ok(ExportedShout {
                shout_id: row.get(0)?,
                recipient: row.get(1)?,
                shout_text: row.get(2)?,
                created_at: row.get(3)?,
            })
        },
    )?;
    // Votes have no album column; NULL AS album_id keeps TARGET_JOINS shared.
    let votes = collect(
        &tx,
        &format!(
            "SELECT {target}, t.is_thumbs_up, t.created_at
             FROM (SELECT id, NULL AS album_id, review_id, post_id, NULL AS list_id,
                          is_thumbs_up, created_at
                   FROM votes WHERE user_id = ?1) t {TARGET_JOINS}
             ORDER BY t.created_at, t.id"
        ),
        user.id,
        |row| {
            Ok(ExportedVote {
                on: target_at(row, 0)?,
                thumbs_up: row.get(TARGET_WIDTH)?,
                created_at: row.get(TARGET_WIDTH + 1)?,
            })
        },
    )?;
    let list_likes = collect(
        &tx,
        &format!(
            "SELECT li.id, {LIST_TITLE_SHOWN}, k.created_at
             FROM list_likes k JOIN lists li ON li.id = k.list_id
             WHERE k.user_id = ?1 ORDER BY k.created_at, li.id"
        ),
        user.id,
        |row| {
            Ok(ExportedListLike {
                list: ListRef {
                    list_id: row.get(0)?,
                    title: row.get(1)?,
                },
                created_at: row.get(2)?,
            })
        },
    )?;
    let reports = collect(
        &tx,
        "SELECT item_kind, item_id, reason, note, created_at, resolution
         FROM reports WHERE reporter_id = ?1 ORDER BY id",
        user.id,
        |row| {
            Ok(ExportedReport {
                item_kind: row.get(0)?,
                item_id: row.get(1)?,
                reason: row.get(2)?,
                note: row.get(3)?,
                created_at: row.get(4)?,
                resolution: row.get(5)?,
            })
        },
    )?;
    let change_requests = collect(
        &tx,
        "SELECT entity_kind, entity_id, fields_json, note, created_at, status
         FROM change_requests WHERE requester_id = ?1 ORDER BY id",
        user.id,
        |row| {
            let fields: String = row.get(2)?;
            Ok(ExportedChangeRequest {
                entity_kind: row.get(0)?,
                entity_id: row.get(1)?,
                fields: serde_json::from_str(&fields).unwrap_or_default(),
                note: row.get(3)?,
                created_at: row.get(4)?,
                status: row.get(5)?,
            })
        },
    )?;
    let warnings = collect(
        &tx,
        "SELECT message, created_at, seen_at FROM warnings WHERE user_id = ?1 ORDER BY id",
        user.id,
        |row| {
            Ok(ExportedWarning {
                message: row.get(0)?,
                created_at: row.get(1)?,
                seen_at: row.get(2)?,
            })
        },
    )?;
    let invites = collect(
        &tx,
        "SELECT created_at, expires_at, max_uses, uses, revoked
         FROM invites WHERE created_by = ?1 ORDER BY id",
        user.id,
        |row| {
            Ok(ExportedInvite {
                created_at: row.get(0)?,
                expires_at: row.get(1)?,
                max_uses: row.get(2)?,
                uses: row.get(3)?,
                revoked: row.get(4)?,
            })
        },
    )?;
    let mut lists = collect(
        &tx,
        "SELECT id, title, description, ranked, visibility, created_at, updated_at
         FROM lists WHERE user_id = ?1 ORDER BY created_at, id",
        user.id,
        |row| {
            Ok(ExportedList {
                list_id: row.get(0)?,
                title: row.get(1)?,
                description: row.get(2)?,
                ranked: row.get(3)?,
                visibility: row.get(4)?,
                created_at: row.get(5)?,
                updated_at: row.get(6)?,
                entries: Vec::new(),
            })
        },
    )?;
    for list in &mut lists {
        list.entries = collect(
            &tx,
            &format!(
                "SELECT {album}, e.note, e.added_at
                 FROM list_entries e JOIN albums al ON al.id = e.album_id
                 JOIN artists ar ON ar.id = al.artist_id
                 WHERE e.list_id = ?1 ORDER BY e.position, e.id"
            ),
            list.list_id,
            |row| {
                Ok(ExportedListEntry {
                    album: album_at(row, 0)?,
                    note: row.get(ALBUM_REF_WIDTH)?,
                    added_at: row.get(ALBUM_REF_WIDTH + 1)?,
                })
            },
        )?;
    }
    let names = |sql: &str| collect(&tx, sql, user.id, |row| row.get::<_, String>(0));
    let following = names(
        "SELECT u.username FROM follows f JOIN users u ON u.id = f.followee_id
         WHERE f.follower_id = ?1 ORDER BY f.created_at",
    )?;
    let followers = names(
        "SELECT u.username FROM follows f JOIN users u ON u.id = f.follower_id
         WHERE f.followee_id = ?1 ORDER BY f.created_at",
    )?;
    let blocks = names(
        "SELECT u.username FROM blocks b JOIN users u ON u.id = b.blocked_id
         WHERE b.blocker_id = ?1 ORDER BY b.created_at",
    )?;
    let followed_artists = names(
        "SELECT a.name FROM artist_follows f JOIN artists a ON a.id = f.artist_id
         WHERE f.user_id = ?1 ORDER BY a.name",
    )?;
    let notifications_off =
        names("SELECT kind FROM notification_mutes WHERE user_id = ?1 ORDER BY kind")?;
    let ratings_in_feeds: bool = tx.query_row(
        "SELECT ratings_in_feeds FROM users WHERE id = ?1",
        [user.id],
        |row| row.get(0),
    )?;
    let listened = collect(
        &tx,
        &format!(
            "SELECT {album}, l.plays, l.last_listened_at, l.dismissed
             FROM listens l JOIN albums al ON al.id = l.album_id
             JOIN artists ar ON ar.id = al.artist_id
             WHERE l.user_id = ?1 ORDER BY l.plays DESC, al.id"
        ),
        user.id,
        |row| {
            Ok(ExportedListen {
                album: album_at(row, 0)?,
                plays: row.get(ALBUM_REF_WIDTH)?,
                last_listened_at: row.get(ALBUM_REF_WIDTH + 1)?,
                dismissed: row.get(ALBUM_REF_WIDTH + 2)?,
            })
        },
    )?;
    let player_plays = super::player_listens::export(&tx, user.id)?;
    let track_ratings = super::tracks::export(&tx, user.id)?;
    let diary = super::diary::export(&tx, user.id)?;
    let genre_votes = super::genre_votes::export(&tx, user.id)?;
    let descriptors = super::descriptors::export(&tx, user.id)?;
    let recommendations = super::recommendations::wanted_by(&tx, user.id)?;
    let dismissed_recommendations = collect(
        &tx,
        &format!(
            "SELECT {album}, d.dismissed_at
             FROM recommendation_dismissals d JOIN albums al ON al.id = d.album_id
             JOIN artists ar ON ar.id = al.artist_id
             WHERE d.user_id = ?1 ORDER BY d.dismissed_at DESC, al.id"
        ),
        user.id,
        |row| {
            Ok(ExportedDismissal {
                album: album_at(row, 0)?,
                dismissed_at: row.get(ALBUM_REF_WIDTH)?,
            })
        },
    )?;
    tx.commit()?;
    let ratings = library
        .iter()
        .filter(|entry| entry.rating.is_some())
        .cloned()
        .collect();
    Ok(UserExport {
        format: "halfstar-user-export",
        format_version: FORMAT_VERSION,
        exported_at,
        member: Member {
            user_id: user.id,
            username: user.username,
            email: user.email,
            role: user.role.as_str(),
            profile_picture_url: user.profile_picture_url,
            created_at: user.created_at,
        },
        library,
        ratings,
        wishlist,
        reviews,
        posts,
        comments,
        shouts,
        votes,
        list_likes,
        reports,
        change_requests,
        warnings,
        invites,
        lists,
        following,
        followers,
        blocks,
        followed_artists,
        ratings_in_feeds,
        notifications_off,
        listened,
        player_plays,
        track_ratings,
        diary,
        genre_votes,
        descriptors,
        recommendations,
        dismissed_recommendations,
    })
}
