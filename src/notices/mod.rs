//! What members are told, in words: each notification's sentence ("mira99
//! and 2 others liked your review of Kid A") and the page it leads to, from
//! the rows `db::notifications` reads. The site's pages and, later, its mail
//! tell the same words.

use serde::Serialize;
use utoipa::ToSchema;

use crate::db::notifications::{Event, Told};
use crate::db::users::Author;
use crate::domain::NotificationKind;

/// One notification, or likes of one review or post grouped.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    /// Every row it stands for: marking it read marks them all.
    pub ids: Vec<i64>,
    pub kind: NotificationKind,
    /// Who did it, the newest first, at most three.
    pub actors: Vec<Author>,
    /// How many did it.
    pub actor_count: usize,
    /// A sentence saying what happened.
    pub text: String,
    /// The page it is about.
    pub link: String,
    /// When the newest of it happened.
    pub at: String,
    pub read: bool,
}

impl From<Told> for Notification {
    fn from(Told { event, ids, actors }: Told) -> Self {
        let actor_count = actors.len().max(1);
        let (text, link) = sentence(&event, &actors, actor_count);
        Notification {
            ids,
            kind: event.kind,
            actor_count: if event.actor.is_some() {
                actor_count
            } else {
                0
            },
            actors: actors.into_iter().take(3).collect(),
            text,
            link,
            at: event.at,
            read: event.read,
        }
    }
}

/// The thing it is about, in words for the member told, and its page,
/// at the comment or shout that happened (`#comment-12`, `#shout-3`):
/// the page scrolls to it.
fn thing(event: &Event) -> (String, String) {
    let (words, page) = page(event);
    let at = match (event.comment, event.shout) {
        (Some(comment), _) => format!("#comment-{comment}"),
        (None, Some(shout)) => format!("#shout-{shout}"),
        (None, None) => String::new(),
    };
    (words, page + &at)
}

fn page(event: &Event) -> (String, String) {
    let a = &event.about;
    if let (Some(album), Some(page)) = (&a.review_album, &a.review_page) {
        let whose = if a.review_mine {
            "your review"
        } else {
            "a review"
        };
        return (format!("{whose} of {album}"), page.clone());
    }
    if let (Some(title), Some(id)) = (&a.post_title, event.post) {
        let whose = if a.post_mine { "your post" } else { "the post" };
        return (format!("{whose} “{title}”"), format!("/post/{id}"));
    }
    if let (Some(title), Some(page)) = (&a.list_title, &a.list_page) {
        let whose = if a.list_mine { "your list" } else { "the list" };
        return (format!("{whose} “{title}”"), page.clone());
    }
    if let (Some(title), Some(page)) = (&a.album_title, &a.album_page) {
        return (title.clone(), page.clone());
    }
    if let (Some(name), Some(page)) = (&a.corrected_artist, &a.corrected_artist_page) {
        return (name.clone(), page.clone());
    }
    match &a.shouted_on {
        Some(profile) if *profile != a.me => {
            (format!("{profile}’s profile"), format!("/user/{profile}"))
        }
        _ => ("your profile".to_owned(), format!("/user/{}", a.me)),
    }
}

fn sentence(event: &Event, actors: &[Author], actor_count: usize) -> (String, String) {
    let who = match (actors.first(), actor_count) {
        (Some(first), 1) => first.username.clone(),
        (Some(first), 2) => format!("{} and 1 other", first.username),
        (Some(first), n) => format!("{} and {} others", first.username, n - 1),
        (None, _) => String::new(),
    };
    let (thing, page) = thing(event);
    match event.kind {
        NotificationKind::Comment => (format!("{who} commented on {thing}"), page),
        NotificationKind::Reply => (format!("{who} also commented on {thing}"), page),
        NotificationKind::Vote if actor_count > 1 => {
            (format!("{actor_count} people liked {thing}"), page)
        }
        NotificationKind::Vote => (format!("{who} liked {thing}"), page),
        NotificationKind::Shout => (format!("{who} shouted on your profile"), page),
        NotificationKind::Follow => (
            format!("{who} followed you"),
            format!(
                "/user/{}",
                actors.first().map_or("", |a| a.username.as_str())
            ),
        ),
        NotificationKind::Mention => {
            let place = if event.comment.is_some() {
                format!("a comment on {thing}")
            } else if event.review.is_some()
                || event.post.is_some()
                || event.about.list_title.is_some()
            {
                thing
            } else {
                format!("a shout on {thing}")
            };
            (format!("{who} mentioned you in {place}"), page)
        }
        NotificationKind::Correction => {
            let outcome = a_correction_outcome(event.about.correction.as_deref());
            (format!("{who} {outcome} your correction to {thing}"), page)
        }
        NotificationKind::NewAlbum => (
            format!(
                "New album by {}: {}",
                event
                    .about
                    .artist
                    .as_deref()
                    .unwrap_or("an artist you follow"),
                event.about.album_title.as_deref().unwrap_or("")
            ),
            page,
        ),
        NotificationKind::ReleaseDay => (
            format!(
                "Out today: {} by {}",
                event.about.album_title.as_deref().unwrap_or(""),
                event
                    .about
                    .artist
                    .as_deref()
                    .unwrap_or("an artist you follow")
            ),
            page,
        ),
    }
}

/// "accepted" or "declined", as the request stands now.
fn a_correction_outcome(status: Option<&str>) -> &'static str {
    match status {
        Some("declined") => "declined",
        _ => "accepted",
    }
}
