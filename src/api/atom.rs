//! Atom (RFC 4287) feeds for feed readers: the albums just out, a member's
//! reviews, a list's changes. Each is what an anonymous visitor may read, with
//! absolute links to the site's pages, as readers have no page to resolve
//! relative ones against.

use atom_syndication::{Content, Entry, Feed, FixedDateTime, Link, Person, Text};
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// The most entries a feed holds: readers keep what they have seen.
pub(super) const MOST_ENTRIES: u32 = 30;

/// One entry, its page a path on the site.
pub(super) struct Item {
    /// Unique and lasting: the same thing keeps its id.
    pub id: String,
    pub title: String,
    pub page: String,
    /// As the database stores moments (RFC 3339).
    pub updated: String,
    pub published: Option<String>,
    pub author: Option<String>,
    /// Plain text.
    pub content: String,
}

/// What the feed is, its page a path on the site.
pub(super) struct About<'a> {
    pub origin: &'a str,
    /// The feed's own path.
    pub feed_path: &'a str,
    pub page: &'a str,
    pub title: String,
    pub subtitle: String,
    /// When the feed's subject last changed, for a feed without entries.
    pub changed: Option<&'a str>,
}

/// The feed as `application/atom+xml`.
pub(super) fn feed(about: About, items: Vec<Item>) -> Response {
    let origin = about.origin;
    let link = |href: String, rel: &str, mime: Option<&str>| Link {
        href,
        rel: rel.to_owned(),
        mime_type: mime.map(str::to_owned),
        ..Link::default()
    };
    let newest = moment(
        items
            .iter()
            .map(|item| item.updated.as_str())
            .max()
            .or(about.changed),
    );
    let entries: Vec<Entry> = items
        .into_iter()
        .map(|item| Entry {
            id: format!("{origin}{}", item.id),
            title: Text::plain(item.title),
            updated: moment(Some(&item.updated)),
            published: item.published.as_deref().map(|at| moment(Some(at))),
            authors: item
                .author
                .map(|name| Person {
                    name,
                    ..Person::default()
                })
                .into_iter()
                .collect(),
            links: vec![link(format!("{origin}{}", item.page), "alternate", None)],
            content: Some(Content {
                value: Some(item.content),
                content_type: Some("text".to_owned()),
                ..Content::default()
            }),
            ..Entry::default()
        })
        .collect();
    let feed = Feed {
        id: format!("{origin}{}", about.feed_path),
        title: Text::plain(about.title),
        subtitle: Some(Text::plain(about.subtitle)),
        updated: newest,
        authors: vec![Person {
            name: "halfstar".to_owned(),
            ..Person::default()
        }],
        links: vec![
            link(
                format!("{origin}{}", about.feed_path),
                "self",
                Some("application/atom+xml"),
            ),
            link(
                format!("{origin}{}", about.page),
                "alternate",
                Some("text/html"),
            ),
        ],
        entries,
        ..Feed::default()
    };
    (
        [(header::CONTENT_TYPE, "application/atom+xml; charset=utf-8")],
        feed.to_string(),
    )
        .into_response()
}

/// A stored moment; the epoch for none (a feed with nothing in it yet).
fn moment(at: Option<&str>) -> FixedDateTime {
    at.and_then(|at| FixedDateTime::parse_from_rfc3339(at).ok())
        .unwrap_or_default()
}
