//! The rules for catalogue text: names, titles, descriptions, genres, styles.

use super::slug::name_key;
use super::text;

pub const MAX_NAME_CHARS: usize = 300;
pub const MAX_DESCRIPTION_CHARS: usize = 10_000;
pub const MAX_GENRES: usize = 10;
pub const MAX_STYLES: usize = 20;
pub const MAX_TAG_CHARS: usize = 60;

/// A required name or title: trimmed, 1 to 300 characters.
pub fn name(text: &str, field: &str) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!("{field} is required"));
    }
    text::single_line(text, field)?;
    if text.chars().count() > MAX_NAME_CHARS {
        return Err(format!(
            "{field} must be at most {MAX_NAME_CHARS} characters"
        ));
    }
    Ok(text.to_owned())
}

pub fn description(text: &str) -> Result<String, String> {
    let text = text.trim();
    text::multi_line(text, "description")?;
    if text.chars().count() > MAX_DESCRIPTION_CHARS {
        return Err(format!(
            "description must be at most {MAX_DESCRIPTION_CHARS} characters"
        ));
    }
    Ok(text.to_owned())
}

/// Genres as listed (a comma-joined string is split by the caller, so a name
/// such as Discogs' `Folk, World, & Country` survives in a list): trimmed,
/// empty ones and repeats dropped, at most ten. An all-lower-case name (as tag services
/// send them) gets capitals like the genre list's names: `dream pop` becomes
/// `Dream Pop`; known genres are matched in any case anyway.
pub fn genres<'a>(given: impl IntoIterator<Item = &'a str>) -> Result<Vec<String>, String> {
    tags(given, "genres", MAX_GENRES, capitalized)
}

fn capitalized(name: String) -> String {
    if name.chars().any(char::is_uppercase) {
        return name;
    }
    name.split(' ')
        .map(|word| {
            let mut chars = word.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A MusicBrainz id (a UUID), lower-cased; the error names the field.
pub fn musicbrainz_id(text: &str, field: &str) -> Result<String, String> {
    let id = text.trim();
    if id.len() == 36 && id.chars().all(|c| c.is_ascii_hexdigit() || c == '-') {
        Ok(id.to_lowercase())
    } else {
        Err(format!("{field} must be a MusicBrainz id"))
    }
}

/// Styles (finer than genres, from Discogs): as given, at most twenty.
pub fn styles<'a>(given: impl IntoIterator<Item = &'a str>) -> Result<Vec<String>, String> {
    tags(given, "styles", MAX_STYLES, |style| style)
}

/// Tidied by `tidy` before repeats are looked for and lengths measured, as it
/// may change both (capitals make `ßa` into `SSa`, the same name as `ssa`).
fn tags<'a>(
    given: impl IntoIterator<Item = &'a str>,
    field: &str,
    most: usize,
    tidy: fn(String) -> String,
) -> Result<Vec<String>, String> {
    let mut kept: Vec<String> = Vec::new();
    for tag in given {
        let tag = tidy(tag.split_whitespace().collect::<Vec<_>>().join(" "));
        if tag.is_empty() || kept.iter().any(|k| name_key(k) == name_key(&tag)) {
            continue;
        }
        text::single_line(&tag, field)?;
        if tag.chars().count() > MAX_TAG_CHARS {
            return Err(format!(
                "{field}: each must be at most {MAX_TAG_CHARS} characters"
            ));
        }
        kept.push(tag);
    }
    if kept.len() > most {
        return Err(format!(
            "{field}: at most {most} allowed, got {}",
            kept.len()
        ));
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_required_and_bounded() {
        assert_eq!(name("  OK Computer ", "title").unwrap(), "OK Computer");
        assert_eq!(name("   ", "title").unwrap_err(), "title is required");
        assert!(name(&"x".repeat(300), "name").is_ok());
        assert!(
            name(&"x".repeat(301), "name")
                .unwrap_err()
                .starts_with("name must be at most 300")
        );
    }

    #[test]
    fn genres_are_tidied_and_bounded() {
        assert_eq!(
            genres(["Art Rock", " electronic ", "", "art  rock"]).unwrap(),
            ["Art Rock", "Electronic"]
        );
        assert_eq!(
            genres(["Folk, World, & Country"]).unwrap(),
            ["Folk, World, & Country"]
        );
        assert_eq!(
            genres(["R&B", "dream pop", "post-punk"]).unwrap(),
            ["R&B", "Dream Pop", "Post-punk"]
        );
        let eleven: Vec<String> = (0..11).map(|n| format!("g{n}")).collect();
        assert!(
            genres(eleven.iter().map(String::as_str))
                .unwrap_err()
                .contains("at most 10")
        );
        assert!(genres([""]).unwrap().is_empty());
        // Names that become one once capitalized are kept once.
        assert_eq!(genres(["ßa", "ssa"]).unwrap(), ["SSa"]);
    }

    #[test]
    fn styles_keep_their_case() {
        assert_eq!(styles(["Art Rock", "IDM"]).unwrap(), ["Art Rock", "IDM"]);
    }
}

/// Properties of the genre and style lists over many generated inputs.
#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    /// A comma-joined genre field as the edit form sends it, or anything at all.
    /// Names come from a small pool as often as not, so repeats in another
    /// case or spacing (and `ß` against `ss`) are common.
    fn joined() -> impl Strategy<Value = String> {
        let known = prop::sample::select(vec![
            "rock",
            "Rock",
            " ROCK ",
            "art  rock",
            "Art Rock",
            "dream pop",
            "Dream\tPop",
            "Post-punk",
            "ßa",
            "SSa",
            "ssa",
            "",
            " ",
        ])
        .prop_map(str::to_owned);
        let piece = prop_oneof![
            known,
            "[ \t]{0,2}[a-zA-Zéß&-]{0,8}( [a-zA-Z]{1,6})?[ \t]{0,2}"
        ];
        prop_oneof![
            prop::collection::vec(piece, 0..14).prop_map(|pieces| pieces.join(",")),
            any::<String>(),
        ]
    }

    proptest! {
        #[test]
        fn genre_lists_are_tidy_and_stable(text in joined()) {
            match genres(text.split(',')) {
                Ok(names) => {
                    prop_assert!(names.len() <= MAX_GENRES);
                    for (i, name) in names.iter().enumerate() {
                        prop_assert!(!name.is_empty());
                        prop_assert!(name.chars().count() <= MAX_TAG_CHARS);
                        prop_assert_eq!(name, &name.split_whitespace().collect::<Vec<_>>().join(" "));
                        prop_assert!(!names[..i].iter().any(|n| name_key(n) == name_key(name)), "{:?}", names);
                    }
                    prop_assert_eq!(genres(names.iter().map(String::as_str)), Ok(names.clone()));
                    let rejoined = names.join(",");
                    if !names.iter().any(|n| n.contains(',')) {
                        prop_assert_eq!(genres(rejoined.split(',')), Ok(names));
                    }
                }
                Err(message) => prop_assert!(
                    message.starts_with("genres: at most 10 allowed")
                        || message == "genres: each must be at most 60 characters",
                    "{}", message
                ),
            }
        }

        #[test]
        fn styles_keep_what_was_given_tidied(text in joined()) {
            if let Ok(names) = styles(text.split(',')) {
                let given: Vec<String> = text
                    .split(',')
                    .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
                    .filter(|t| !t.is_empty())
                    .collect();
                prop_assert!(names.iter().all(|n| given.contains(n)));
                for (i, name) in names.iter().enumerate() {
                    prop_assert!(!names[..i].iter().any(|n| name_key(n) == name_key(name)), "{:?}", names);
                }
                prop_assert_eq!(styles(names.iter().map(String::as_str)), Ok(names));
            }
        }
    }
}
