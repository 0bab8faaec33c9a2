//! Slugs and search keys: how names in paths and searches are matched
//! regardless of case and accents.

use deunicode::deunicode;

/// Characters that would change a URL's meaning inside one path segment.
const URL_SPECIAL: &[char] = &['/', '?', '#', '%', '\\'];

/// The name in lower case with single spaces: what makes two names the same.
pub fn name_key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The name folded to lower-case ASCII with single spaces: `"Ágætis  Byrjun"`
/// becomes `"agaetis byrjun"`. Names with nothing to transliterate (emoji only)
/// keep their lower-cased form so their key is never empty.
pub fn search_key(name: &str) -> String {
    let folded = deunicode(name).to_lowercase();
    let key = folded.split_whitespace().collect::<Vec<_>>().join(" ");
    if key.is_empty() {
        name.trim().to_lowercase()
    } else {
        key
    }
}

/// The spec's slug: lower-case, accents stripped, whitespace turned to hyphens.
/// Characters that would break a path segment are dropped as well. The slug
/// of a slug is itself, so a path may carry either a name or a slug.
pub fn slugify(name: &str) -> String {
    search_key(name)
        .chars()
        .filter(|c| !URL_SPECIAL.contains(c))
        .collect::<String>()
        .split(' ')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// The `n`th slug for a base that is taken: `radiohead`, `radiohead-2`, ...
pub fn numbered(base: &str, n: u32) -> String {
    if n <= 1 {
        base.to_owned()
    } else {
        format!("{base}-{n}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_case_accents_and_whitespace() {
        assert_eq!(slugify("Sigur Rós"), "sigur-ros");
        assert_eq!(slugify("Björk"), "bjork");
        assert_eq!(slugify("Ágætis byrjun"), "agaetis-byrjun");
        assert_eq!(slugify("  The   Dark Side  "), "the-dark-side");
        assert_eq!(slugify("Motörhead"), "motorhead");
    }

    #[test]
    fn keeps_punctuation_but_not_url_specials() {
        assert_eq!(slugify("R&B"), "r&b");
        assert_eq!(slugify("AC/DC"), "acdc");
        assert_eq!(slugify("What's Going On?"), "what's-going-on");
        assert_eq!(slugify("Post-punk"), "post-punk");
    }

    #[test]
    fn slug_of_a_slug_is_itself() {
        for name in ["Sigur Rós", "The Velvet Underground & Nico", "100%"] {
            let slug = slugify(name);
            assert_eq!(slugify(&slug), slug);
        }
    }

    #[test]
    fn search_key_never_empty_for_nonblank_names() {
        assert_eq!(search_key("Ágætis  Byrjun"), "agaetis byrjun");
        assert!(!search_key("🎵").is_empty());
    }

    #[test]
    fn name_keys_fold_unicode_case_but_keep_accents() {
        assert_eq!(name_key("BJÖRK"), name_key("Björk"));
        assert_ne!(name_key("Sigur Ros"), name_key("Sigur Rós"));
        assert_eq!(name_key(" The  Cure "), "the cure");
    }

    #[test]
    fn numbered_slugs() {
        assert_eq!(numbered("greatest-hits", 1), "greatest-hits");
        assert_eq!(numbered("greatest-hits", 3), "greatest-hits-3");
    }
}
