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

/// Properties over many generated tag lists, beside the examples above.
#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Tags as a tag service sends them: genres, listeners' words from the
    /// ignore list, years, the renamed ones, in any case and spacing.
    fn tag() -> impl Strategy<Value = String> {
        let known = prop::sample::select(
            IGNORED
                .iter()
                .chain(RENAMED.iter().map(|(from, _)| from))
                .chain(&[
                    "rock",
                    "hip hop",
                    "Hip-Hop",
                    "post-punk",
                    "90s",
                    "best of 2000",
                ])
                .copied()
                .collect::<Vec<_>>(),
        );
        let spelled = (known, any::<bool>(), "[ \t]{0,2}").prop_map(|(tag, upper, pad)| {
            let tag = if upper {
                tag.to_uppercase()
            } else {
                tag.to_owned()
            };
            format!("{pad}{}{pad}", tag.replace(' ', "  "))
        });
        prop_oneof![spelled, "[a-zA-Z0-9&' -]{0,12}", any::<String>()]
    }

    fn artist() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("Radiohead".to_owned()),
            Just("Rock".to_owned()),
            Just("Hip Hop".to_owned()),
            "[a-zA-Z ]{1,10}",
        ]
    }

    proptest! {
        #[test]
        fn kept_tags_are_tidy_genres_and_few(
            tags in prop::collection::vec(tag(), 0..12),
            artist in artist(),
        ) {
            let kept = genres_from_tags(tags.iter().map(String::as_str), &artist);
            prop_assert!(kept.len() <= MAX_TAG_GENRES);
            for (i, genre) in kept.iter().enumerate() {
                prop_assert!(!genre.is_empty());
                prop_assert_eq!(genre, &genre.split_whitespace().collect::<Vec<_>>().join(" "));
                prop_assert_eq!(genre, &genre.to_lowercase());
                prop_assert!(!IGNORED.contains(&genre.as_str()), "{}", genre);
                prop_assert!(!genre.starts_with("best"), "{}", genre);
                prop_assert!(!genre.chars().any(|c| c.is_ascii_digit()), "{}", genre);
                prop_assert!(!RENAMED.iter().any(|(from, _)| from == genre), "{}", genre);
                // A tag naming the artist is dropped; a renamed tag may name them
                // ('rap' by an artist called Hip Hop is still the genre hip hop).
                let renamed = RENAMED.iter().any(|(_, to)| to == genre);
                prop_assert!(renamed || compact(genre) != compact(&artist), "{} by {}", genre, artist);
                prop_assert!(!kept[..i].iter().any(|k| compact(k) == compact(genre)), "{:?}", kept);
            }
        }

        #[test]
        fn filtering_again_changes_nothing(
            tags in prop::collection::vec(tag(), 0..12),
            // Except by an artist named like a renamed genre (see above).
            artist in artist().prop_filter("named like a renamed genre", |artist| {
                !RENAMED.iter().any(|(_, to)| compact(to) == compact(artist))
            }),
        ) {
            let kept = genres_from_tags(tags.iter().map(String::as_str), &artist);
            prop_assert_eq!(genres_from_tags(kept.iter().map(String::as_str), &artist), kept);
        }

        #[test]
        fn more_tags_only_add_genres_after_the_first(
            tags in prop::collection::vec(tag(), 0..12),
            cut in 0..12usize,
            artist in artist(),
        ) {
            let all = genres_from_tags(tags.iter().map(String::as_str), &artist);
            let first = genres_from_tags(tags.iter().take(cut).map(String::as_str), &artist);
            prop_assert!(all.starts_with(&first), "{:?} then {:?}", first, all);
        }

        #[test]
        fn case_and_spacing_of_ascii_tags_do_not_matter(
            tags in prop::collection::vec("[a-zA-Z&' -]{0,12}", 0..8),
            artist in artist(),
        ) {
            let kept = genres_from_tags(tags.iter().map(String::as_str), &artist);
            let shouted: Vec<String> = tags.iter().map(|t| format!(" {} ", t.to_uppercase().replace(' ', "\t "))).collect();
            prop_assert_eq!(genres_from_tags(shouted.iter().map(String::as_str), &artist), kept);
        }
    }
}
