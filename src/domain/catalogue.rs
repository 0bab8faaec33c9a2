//! The rules for catalogue text: names, titles, descriptions, genres, styles.

use super::slug::name_key;

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
    if text.chars().count() > MAX_NAME_CHARS {
        return Err(format!(
            "{field} must be at most {MAX_NAME_CHARS} characters"
        ));
    }
    Ok(text.to_owned())
}

pub fn description(text: &str) -> Result<String, String> {
    let text = text.trim();
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
    let names = tags(given, "genres", MAX_GENRES)?;
    Ok(names.into_iter().map(|n| capitalized(&n)).collect())
}

fn capitalized(name: &str) -> String {
    if name.chars().any(char::is_uppercase) {
        return name.to_owned();
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
    tags(given, "styles", MAX_STYLES)
}

fn tags<'a>(
    given: impl IntoIterator<Item = &'a str>,
    field: &str,
    most: usize,
) -> Result<Vec<String>, String> {
    let mut kept: Vec<String> = Vec::new();
    for tag in given {
        let tag = tag.split_whitespace().collect::<Vec<_>>().join(" ");
        if tag.is_empty() || kept.iter().any(|k| name_key(k) == name_key(&tag)) {
            continue;
        }
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
    }

    #[test]
    fn styles_keep_their_case() {
        assert_eq!(styles(["Art Rock", "IDM"]).unwrap(), ["Art Rock", "IDM"]);
    }
}
