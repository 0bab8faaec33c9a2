//! Which tag-service tags become an imported album's genres.

use crate::domain::slug::search_key;

/// At most this many genres come from tags for one album.
pub const MAX_TAG_GENRES: usize = 3;

/// Tags that describe a listener, a format or a place rather than a genre.
const IGNORED: &[&str] = &[
    "seen live",
    "albums i own",
    "albums i love",
    "favorite",
    "favorites",
    "favourite",
    "favourites",
    "favorite albums",
    "favourite albums",
    "my favorite",
    "my favourite",
    "love",
    "loved",
    "awesome",
    "amazing",
    "beautiful",
    "good",
    "great",
    "cool",
    "epic",
    "masterpiece",
    "genius",
    "classic",
    "classics",
    "essential",
    "under 2000 listeners",
    "spotify",
    "vinyl",
    "cd",
    "lp",
    "ep",
    "album",
    "albums",
    "compilation",
    "soundtrack to my life",
    "all",
    "check out",
    "to listen",
    "owned",
    "wishlist",
    "female vocalists",
    "male vocalists",
    "female vocalist",
    "male vocalist",
    "singer",
    "american",
    "british",
    "english",
    "uk",
    "usa",
    "canadian",
    "australian",
    "german",
    "french",
    "swedish",
    "japanese",
    "korean",
    "irish",
    "scottish",
];

/// Tags spelled differently from the genre list's names.
const RENAMED: &[(&str, &str)] = &[("rap", "hip hop"), ("rnb", "r&b"), ("punk", "punk rock")];

/// The tag list as genres: ignored tags, tags starting with 'best', numeric
/// tags (years, decades such as '90s') and the artist's own name dropped;
/// a few renamed; repeats dropped; the first three kept, in the service's
/// order (most used first).
pub fn genres_from_tags<'a>(tags: impl IntoIterator<Item = &'a str>, artist: &str) -> Vec<String> {
    let artist = compact(artist);
    let mut kept: Vec<String> = Vec::new();
    for tag in tags {
        let tag = tag
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
        if tag.is_empty() || IGNORED.contains(&tag.as_str()) || tag.starts_with("best") {
            continue;
        }
        if tag.chars().any(|c| c.is_ascii_digit()) || compact(&tag) == artist {
            continue;
        }
        let tag = RENAMED
            .iter()
            .find(|(from, _)| *from == tag)
            .map_or(tag.clone(), |(_, to)| (*to).to_owned());
        if kept.iter().any(|k| compact(k) == compact(&tag)) {
            continue;
        }
        kept.push(tag);
        if kept.len() == MAX_TAG_GENRES {
            break;
        }
    }
    kept
}

/// Letters and digits only, accents folded: 'Hip-Hop' and 'hip hop' are one tag.
fn compact(text: &str) -> String {
    search_key(text)
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_become_genres_as_the_rules_say() {
        let cases: &[(&[&str], &str, &[&str])] = &[
            (
                &["rock", "alternative"],
                "Radiohead",
                &["rock", "alternative"],
            ),
            (
                &["seen live", "Favorites", "indie"],
                "Radiohead",
                &["indie"],
            ),
            (
                &["best of 2000", "Best albums", "electronic"],
                "Radiohead",
                &["electronic"],
            ),
            (&["2000", "90s", "00s", "idm"], "Aphex Twin", &["idm"]),
            (
                &["radiohead", "Radio Head", "art rock"],
                "Radiohead",
                &["art rock"],
            ),
            (&["Björk", "bjork", "trip-hop"], "Björk", &["trip-hop"]),
            (
                &["rap", "rnb", "punk"],
                "Artist",
                &["hip hop", "r&b", "punk rock"],
            ),
            (&["rap", "hip hop", "Hip-Hop"], "Artist", &["hip hop"]),
            (&["rock", "ROCK", "  rock "], "Artist", &["rock"]),
            (&["a", "b", "c", "d"], "Artist", &["a", "b", "c"]),
            (&["seen live", "", "   "], "Artist", &[]),
        ];
        for (tags, artist, expected) in cases {
            assert_eq!(
                genres_from_tags(tags.iter().copied(), artist),
                *expected,
                "{tags:?} by {artist}"
            );
        }
    }
}
