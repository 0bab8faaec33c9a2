//! Keys that make two spellings of one album meet, for matching a member's
//! imported history against the catalogue: `"Nirvana (2)"` and `"Nirvana"`,
//! `"Beatles, The"` and `"The Beatles"`, `"Mezzanine (Deluxe Edition)"` and
//! `"Mezzanine"`, `"Mr. Morale & the Big Steppers"` and `"Mr Morale and the
//! Big Steppers"` each give one key. Built on the slugs' folding (accents and
//! case), then without punctuation, a leading "The", Discogs' disambiguation
//! numbers and edition words.

use super::slug::search_key;

/// Words that name an edition of an album rather than the album: a bracket
/// or a " - " tail holding one is dropped from a title.
const EDITION_WORDS: &[&str] = &[
    "remaster",
    "remastered",
    "remasters",
    "deluxe",
    "edition",
    "expanded",
    "anniversary",
    "bonus",
    "reissue",
    "mono",
    "stereo",
    "version",
    "legacy",
    "collector's",
    "collectors",
];

/// An artist's name as matching compares it.
pub fn artist_key(name: &str) -> String {
    let name = name.trim();
    let name = without_disambiguation(name);
    let name = article_to_front(name);
    words_key(&search_key(&name))
}

/// An album title as matching compares it.
pub fn title_key(title: &str) -> String {
    let folded = search_key(title);
    let without_tail = match folded.split_once(" - ") {
        Some((head, tail)) if names_edition(tail) && !head.trim().is_empty() => head.to_owned(),
        _ => folded,
    };
    words_key(&without_edition_brackets(&without_tail))
}

/// `"Nirvana (2)"` is Discogs' second artist of that name.
fn without_disambiguation(name: &str) -> &str {
    if let Some(open) = name.rfind(" (")
        && let Some(inside) = name[open + 2..].strip_suffix(')')
        && !inside.is_empty()
        && inside.bytes().all(|b| b.is_ascii_digit())
    {
        return &name[..open];
    }
    name
}

/// `"Beatles, The"` (catalogue order) is `"The Beatles"`.
fn article_to_front(name: &str) -> String {
    match name.rsplit_once(", ") {
        Some((rest, article)) if article.eq_ignore_ascii_case("the") => format!("The {rest}"),
        _ => name.to_owned(),
    }
}

fn names_edition(text: &str) -> bool {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .any(|word| EDITION_WORDS.contains(&word))
        || text.trim().chars().all(|c| c.is_ascii_digit())
}

/// Drops each `(...)` or `[...]` that names an edition or holds only a year.
fn without_edition_brackets(title: &str) -> String {
    let mut kept = String::with_capacity(title.len());
    let mut rest = title;
    while let Some(open) = rest.find(['(', '[']) {
        let close_char = if rest.as_bytes()[open] == b'(' {
            ')'
        } else {
            ']'
        };
        let Some(length) = rest[open + 1..].find(close_char) else {
            break;
        };
        let inside = &rest[open + 1..open + 1 + length];
        kept.push_str(&rest[..open]);
        if !names_edition(inside) || inside.trim().is_empty() {
            kept.push_str(&rest[open..open + length + 2]);
        }
        rest = &rest[open + length + 2..];
    }
    kept.push_str(rest);
    kept
}

/// Letters and digits only, `&` read as "and", without a leading "the"; a
/// name with nothing left (`"( )"`) keeps its folded form.
fn words_key(folded: &str) -> String {
    let spaced = folded.replace('&', " and ");
    let words: Vec<&str> = spaced
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect();
    let words = match words.as_slice() {
        ["the", rest @ ..] if !rest.is_empty() => rest,
        all => all,
    };
    if words.is_empty() {
        folded.split_whitespace().collect()
    } else {
        words.join(" ")
    }
}

/// How alike two keys are, 0 to 1 (Jaro-Winkler, which forgives a typo
/// near the end more than one at the start).
pub fn likeness(a: &str, b: &str) -> f64 {
    strsim::jaro_winkler(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn artists_meet_across_spellings() {
        assert_eq!(artist_key("Nirvana (2)"), "nirvana");
        assert_eq!(artist_key("Beatles, The"), artist_key("The Beatles"));
        assert_eq!(artist_key("The Beatles"), "beatles");
        assert_eq!(artist_key("Björk"), "bjork");
        assert_eq!(artist_key("Sigur Rós"), "sigur ros");
        assert_eq!(artist_key("Simon & Garfunkel"), "simon and garfunkel");
        assert_eq!(
            artist_key("Boards Of Canada"),
            artist_key("Boards of Canada")
        );
        assert_eq!(artist_key("The The"), "the");
        assert_eq!(artist_key("Sunn O)))"), "sunn o");
        assert_eq!(artist_key("(2)"), "2");
    }

    #[test]
    fn titles_drop_editions_but_not_their_words() {
        assert_eq!(title_key("Mezzanine (Deluxe Edition)"), "mezzanine");
        assert_eq!(title_key("Homogenic [Remastered]"), "homogenic");
        assert_eq!(title_key("The Bends (Collector's Edition)"), "bends");
        assert_eq!(title_key("Abbey Road - 2019 Remaster"), "abbey road");
        assert_eq!(title_key("OK Computer (1997)"), "ok computer");
        assert_eq!(
            title_key("Mr. Morale & the Big Steppers"),
            "mr morale and the big steppers"
        );
        assert_eq!(title_key("Ágætis byrjun"), "agaetis byrjun");
        assert_eq!(
            title_key("Scary Monsters (and Super Creeps)"),
            "scary monsters and super creeps"
        );
        assert_eq!(title_key("Live - Stereo"), "live");
        assert_eq!(title_key("( )"), "()");
        assert_eq!(title_key("Takk..."), "takk");
        assert_eq!(title_key("- Remastered"), "remastered");
    }

    #[test]
    fn likeness_ranks_typos_above_other_names() {
        assert!(likeness("in rainbow", "in rainbows") > 0.95);
        assert!(likeness("joni mitchel", "joni mitchell") > 0.95);
        assert!(likeness("cocteau twins", "caetano veloso") < 0.8);
        assert_eq!(likeness("blue", "blue"), 1.0);
    }
}
