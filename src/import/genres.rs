//! Which names become an imported album's genres: only names of known genres
//! (MusicBrainz's list, shipped in the binary, and the site's own), so a
//! listener's tag such as "albums I own", "seen live", a year, a label or a
//! score can never become a genre of the site.

use std::collections::HashMap;

use crate::domain::slug::search_key;

/// At most this many genres are given to an imported album.
pub const MAX_GENRES: usize = 3;

const MUSICBRAINZ_GENRES: &str = include_str!("musicbrainz-genres.txt");

/// Names tag services give genres that MusicBrainz spells otherwise.
const ALIASES: &[(&str, &str)] = &[
    ("rap", "hip hop"),
    ("rnb", "r&b"),
    ("rhythm and blues", "r&b"),
    ("alternative", "alternative rock"),
    ("prog", "progressive rock"),
    ("prog rock", "progressive rock"),
    ("dnb", "drum and bass"),
    ("drum n bass", "drum and bass"),
    ("electronic body music", "ebm"),
    ("christmas", "christmas music"),
];

/// Words written in capitals, as MusicBrainz writes its names in lower case.
const CAPITALS: &[&str] = &["idm", "r&b", "aor", "uk", "ebm", "edm", "mpb", "dj"];

/// The known genres, found by a key that ignores case, accents, spaces and
/// punctuation ("Hip-Hop" is hip hop).
pub struct Vocabulary {
    by_key: HashMap<String, String>,
}

impl Vocabulary {
    /// MusicBrainz's genres and the site's, the site's spelling winning.
    pub fn new<'a>(site_genres: impl IntoIterator<Item = &'a str>) -> Self {
        let mut by_key: HashMap<String, String> = MUSICBRAINZ_GENRES
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(|name| (key(name), display(name)))
            .collect();
        for name in site_genres {
            by_key.insert(key(name), name.trim().to_owned());
        }
        Self { by_key }
    }

    /// The known genre a tag names, if any.
    pub fn genre(&self, tag: &str) -> Option<&str> {
        let key = key(tag);
        let key = ALIASES
            .iter()
            .find(|(from, _)| compact(from) == key)
            .map_or(key, |(_, to)| compact(to));
        self.by_key.get(&key).map(String::as_str)
    }
}

/// The candidates that name known genres, in the order given (the caller
/// puts its best source first), each once, at most three, the most specific
/// first: "alternative rock" before "rock".
pub fn choose_genres<'a>(
    candidates: impl IntoIterator<Item = &'a str>,
    vocabulary: &Vocabulary,
) -> Vec<String> {
    let mut kept: Vec<String> = Vec::new();
    for candidate in candidates {
        let Some(genre) = vocabulary.genre(candidate) else {
            continue;
        };
        if kept.iter().any(|k| key(k) == key(genre)) {
            continue;
        }
        kept.push(genre.to_owned());
        if kept.len() == MAX_GENRES {
            break;
        }
    }
    // A genre goes after the narrower forms of it that were kept (stable, so
    // genres unrelated to each other keep their sources' order).
    let broader_than = |genre: &String| kept.iter().filter(|other| narrows(other, genre)).count();
    let mut ordered = kept.clone();
    ordered.sort_by_key(broader_than);
    ordered
}

/// Whether `narrow` is a form of `broad`: every word of `broad` is one of its words.
fn narrows(narrow: &str, broad: &str) -> bool {
    let words = |name: &str| -> Vec<String> {
        search_key(name)
            .split([' ', '-'])
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let (narrow, broad) = (words(narrow), words(broad));
    narrow.len() > broad.len() && broad.iter().all(|w| narrow.contains(w))
}

fn key(name: &str) -> String {
    compact(name)
}

/// Letters and digits only, accents folded; `&` kept, as R&B is not RB.
fn compact(text: &str) -> String {
    search_key(text)
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '&')
        .collect()
}

/// "alternative rock" as "Alternative Rock", "idm" as "IDM", "synth-pop" as "Synth-Pop".
fn display(name: &str) -> String {
    let mut shown = String::with_capacity(name.len());
    for (i, word) in name.split(' ').enumerate() {
        if i > 0 {
            shown.push(' ');
        }
        if CAPITALS.contains(&word) {
            shown.push_str(&word.to_uppercase());
            continue;
        }
        let mut start = true;
        for c in word.chars() {
            if start {
                shown.extend(c.to_uppercase());
            } else {
                shown.push(c);
            }
            start = c == '-';
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chosen(tags: &[&str]) -> Vec<String> {
        choose_genres(
            tags.iter().copied(),
            &Vocabulary::new(["Hip Hop", "Krautrock"]),
        )
    }

    #[test]
    fn only_known_genres_are_kept_whatever_the_tags() {
        let junk = [
            "seen live",
            "albums I own",
            "favourite albums",
            "1997",
            "90s",
            "Parlophone",
            "10 of 10",
            "5 stars",
            "Radiohead",
            "british",
            "female vocalists",
            "under 2000 listeners",
            "",
        ];
        assert!(chosen(&junk).is_empty(), "{:?}", chosen(&junk));
        assert_eq!(
            chosen(&["seen live", "alternative rock", "90s", "britpop"]),
            ["Alternative Rock", "Britpop"]
        );
    }

    #[test]
    fn spellings_and_aliases_meet_one_genre_spelled_as_the_site_does() {
        assert_eq!(chosen(&["rap", "Hip-Hop", "hip hop"]), ["Hip Hop"]);
        assert_eq!(chosen(&["rnb", "R&B"]), ["R&B"]);
        assert_eq!(chosen(&["IDM", "idm"]), ["IDM"]);
        assert_eq!(chosen(&["synthpop"]), ["Synth-Pop"]);
        assert_eq!(
            chosen(&["krautrock"]),
            ["Krautrock"],
            "the site's genres count"
        );
        assert_eq!(chosen(&["Trip-Hop"]), ["Trip Hop"]);
    }

    #[test]
    fn three_at_most_the_most_specific_first() {
        assert_eq!(
            chosen(&["rock", "electronic", "alternative rock", "art rock", "idm"]),
            ["Electronic", "Alternative Rock", "Rock"]
        );
        assert_eq!(
            chosen(&["pop", "synth-pop", "new wave"]),
            ["Synth-Pop", "New Wave", "Pop"]
        );
        assert_eq!(
            chosen(&["jazz", "rock"]),
            ["Jazz", "Rock"],
            "unrelated keep their order"
        );
    }

    #[test]
    fn the_shipped_list_is_musicbrainz_s() {
        let vocabulary = Vocabulary::new([]);
        assert!(vocabulary.by_key.len() > 800, "{}", vocabulary.by_key.len());
        for genre in [
            "shoegaze",
            "trip hop",
            "post-rock",
            "k-pop",
            "zydeco",
            "éntekhno",
        ] {
            assert!(vocabulary.genre(genre).is_some(), "{genre}");
        }
    }
}

/// Properties over many generated tag lists, beside the examples above.
#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    fn tag() -> impl Strategy<Value = String> {
        let known = prop::sample::select(
            [
                "rock",
                "Alternative Rock",
                "hip-hop",
                "rap",
                "synthpop",
                "IDM",
                "seen live",
                "albums I own",
                "1997",
                "Parlophone",
                "Krautrock",
            ]
            .to_vec(),
        );
        prop_oneof![
            known.prop_map(str::to_owned),
            "[a-zA-Z0-9&' -]{0,14}",
            any::<String>()
        ]
    }

    proptest! {
        #[test]
        fn chosen_genres_are_few_known_and_distinct(tags in prop::collection::vec(tag(), 0..12)) {
            let vocabulary = Vocabulary::new(["Krautrock"]);
            let chosen = choose_genres(tags.iter().map(String::as_str), &vocabulary);
            prop_assert!(chosen.len() <= MAX_GENRES);
            for (i, genre) in chosen.iter().enumerate() {
                prop_assert_eq!(vocabulary.genre(genre), Some(genre.as_str()));
                prop_assert!(!chosen[..i].iter().any(|g| key(g) == key(genre)), "{:?}", chosen);
            }
            let again = choose_genres(chosen.iter().map(String::as_str), &vocabulary);
            let mut sorted_again = again.clone();
            sorted_again.sort();
            let mut sorted = chosen.clone();
            sorted.sort();
            prop_assert_eq!(sorted_again, sorted);
        }
    }
}
