//! What text members write may hold. Control characters (NUL among them)
//! have no place in a name or a review and confuse logs, terminals and
//! exports; bidirectional overrides in a name or title make it read as
//! something else ("gnp.exe" shown as "exe.png"), so names refuse them.
//! Running text keeps its line breaks and tabs, and its overrides, which
//! right-to-left writing may need. A one-line field refuses every kind of
//! line break: the control ones (`\n`, `\r`, U+0085 NEXT LINE) and the
//! Unicode line and paragraph separators, which browsers and editors show
//! as new lines too.

/// U+202A to U+202E (embeddings and overrides) and U+2066 to U+2069 (isolates).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A control character or a line or paragraph separator (U+2028, U+2029):
/// what a one-line field leaves out.
pub fn breaks_one_line(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

/// A name, title, tag or address: one line, no control characters, no
/// bidirectional overrides. The error names the field.
pub fn single_line(text: &str, field: &str) -> Result<(), String> {
    if text.chars().any(breaks_one_line) {
        return Err(format!(
            "{field} must be one line without control characters"
        ));
    }
    if text.chars().any(is_bidi_control) {
        return Err(format!(
            "{field} must not contain bidirectional override characters"
        ));
    }
    Ok(())
}

/// The text with what a one-line field refuses left out: for names other
/// programs send (a music player's track, artist and album names, an
/// uploaded file's name), where refusing would lose what is otherwise good.
pub fn strip_to_one_line(text: &str) -> String {
    text.chars()
        .filter(|&c| !breaks_one_line(c) && !is_bidi_control(c))
        .collect()
}

/// The longest review, in characters.
pub const MAX_REVIEW_CHARS: usize = 20_000;

/// Running text (a review, post, comment, shout or description): line
/// breaks and tabs, but no other control characters.
pub fn multi_line(text: &str, field: &str) -> Result<(), String> {
    let allowed = |c: char| matches!(c, '\n' | '\r' | '\t');
    if text.chars().any(|c| c.is_control() && !allowed(c)) {
        return Err(format!("{field} must not contain control characters"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripping_leaves_what_a_name_may_hold() {
        assert_eq!(
            strip_to_one_line("Ágætis\u{202E} byr\njun\u{2028}\u{7}"),
            "Ágætis byrjun"
        );
        assert_eq!(strip_to_one_line("موسيقى"), "موسيقى");
    }

    #[test]
    fn names_are_one_line_without_controls_or_overrides() {
        for fine in [
            "Sigur Rós",
            "Ágætis byrjun",
            "מוזיקה",
            "موسيقى",
            "AC/DC — Live",
        ] {
            assert_eq!(single_line(fine, "name"), Ok(()), "{fine}");
        }
        for bad in [
            "a\0b",
            "two\nlines",
            "tab\there",
            "bell\u{7}",
            "c1\u{85}",
            "line\u{2028}separator",
            "paragraph\u{2029}separator",
        ] {
            let error = single_line(bad, "name").unwrap_err();
            assert!(error.contains("control characters"), "{bad:?}: {error}");
        }
        for bad in ["gnp\u{202E}exe", "a\u{202A}b", "x\u{2066}y\u{2069}"] {
            let error = single_line(bad, "title").unwrap_err();
            assert_eq!(
                error,
                "title must not contain bidirectional override characters"
            );
        }
    }

    #[test]
    fn running_text_keeps_line_breaks_tabs_and_overrides() {
        assert_eq!(
            multi_line(
                "line one\r\nline two\n\tindented \u{202B}עברית\u{202C}",
                "reviewText"
            ),
            Ok(())
        );
        for bad in ["nul\0", "escape\u{1b}[31m", "backspace\u{8}", "c1\u{9b}"] {
            assert_eq!(
                multi_line(bad, "reviewText").unwrap_err(),
                "reviewText must not contain control characters"
            );
        }
    }
}
