//! `@username` in what members write.

/// The most members one text can notify by mentioning them.
pub const MOST_MENTIONS: usize = 10;

/// The distinct usernames mentioned with `@name` in the text, in order,
/// at most `MOST_MENTIONS`. A name is what a username may hold (letters,
/// digits, `_`, `-`, `.`), without a trailing `.` or `-` (the end of a
/// sentence); an `@` inside a word (an email address) mentions nobody.
pub fn mentioned(text: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
    let mut at = 0;
    while at < chars.len() && names.len() < MOST_MENTIONS {
        let starts_word = at == 0 || !(chars[at - 1].is_alphanumeric() || chars[at - 1] == '_');
        if chars[at] != '@' || !starts_word {
            at += 1;
            continue;
        }
        let end = (at + 1..chars.len())
            .find(|&i| !allowed(chars[i]))
            .unwrap_or(chars.len());
        let name: String = chars[at + 1..end].iter().collect();
        let name = name.trim_end_matches(['.', '-']);
        if (3..=30).contains(&name.len())
            && !names.iter().any(|known| known.eq_ignore_ascii_case(name))
        {
            names.push(name.to_owned());
        }
        at = end;
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_each_name_once_and_not_in_email_addresses() {
        assert_eq!(
            mentioned(
                "@mira99 and @lowend.theo, what do you think? Ask @Mira99. Mail me@example.org"
            ),
            ["mira99", "lowend.theo"]
        );
        assert_eq!(mentioned("(@crate_digger) @x @ok-"), ["crate_digger"]);
        assert!(mentioned("no mentions here @ all").is_empty());
    }

    #[test]
    fn stops_at_the_most_mentions() {
        let text: String = (0..20).map(|n| format!("@member{n} ")).collect();
        assert_eq!(mentioned(&text).len(), MOST_MENTIONS);
    }
}
