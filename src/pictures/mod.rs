//! Pictures served by the site itself: covers, artist pictures and avatars
//! are fetched once from the address someone saved (`fetch`), checked and
//! made into the sizes the pages show (`process`), kept in the database
//! beside what they picture (`db::pictures`, so backups and replicas hold
//! them), and served from `/media` (`api::media`). Browsers never ask
//! another host. Fetching runs in the background (`worker`): a picture not
//! fetched yet, or whose host failed, shows the generated cover meanwhile.

pub mod fetch;
pub mod process;
pub mod worker;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// The widths each picture is kept at: avatars and small tiles, tiles and
/// pages, and pages on high-density screens.
pub const WIDTHS: &[u32] = &[96, 320, 640];

/// The `/media` address of a picture saved as `url`, at `width`: the
/// address itself, base64url-encoded, so a page can name it without asking.
pub fn media_path(url: &str, width: u32) -> String {
    format!("/media/{}/{width}.webp", URL_SAFE_NO_PAD.encode(url))
}

/// The saved address a `/media` key names.
pub fn url_of_key(key: &str) -> Option<String> {
    String::from_utf8(URL_SAFE_NO_PAD.decode(key).ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_media_path_names_its_address() {
        let url = "https://coverartarchive.org/release-group/a/front-500.jpg?x=1&y=ü";
        let path = media_path(url, 320);
        assert!(path.ends_with("/320.webp"));
        let key = path.split('/').nth(2).unwrap();
        assert!(
            key.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        );
        assert_eq!(url_of_key(key).as_deref(), Some(url));
        assert_eq!(url_of_key("%%%"), None);
    }
}
