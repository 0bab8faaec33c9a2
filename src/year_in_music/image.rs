//! The year as one picture to share: an SVG of the member's cover collage
//! (the covers from the site's own picture store, inside the file, so it
//! shows anywhere), their figures and their top artists.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

use super::YearInMusic;

const WIDTH: u32 = 800;
const COLUMNS: usize = 5;
/// Five tiles and their gaps fill the width between 40-pixel margins.
const TILE: u32 = 136;
const GAP: u32 = 10;
const TOP: u32 = 190;

/// A cover's picture, when the store has it: its WebP bytes.
pub type CoverBytes = Option<Vec<u8>>;

/// The SVG of the year; `covers` are the collage's albums' pictures, in order.
pub fn draw(year: &YearInMusic, covers: &[CoverBytes]) -> String {
    let rows = year.albums.len().div_ceil(COLUMNS).max(1) as u32;
    let artists_top = TOP + rows * (TILE + GAP) + 30;
    let height = artists_top + 40 + 28 * year.top_artists.len().max(1) as u32 + 40;
    let mut svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif">
<rect width="100%" height="100%" fill="#14151c"/>
<text x="40" y="70" fill="#f5b301" font-size="40" font-weight="700">{title}</text>
<text x="40" y="115" fill="#e8e8ee" font-size="22">{figures}</text>
<text x="40" y="150" fill="#9a9aab" font-size="18">{more}</text>
"##,
        title = escape(&format!("{}'s {} in music", year.username, year.year)),
        figures = escape(&format!(
            "{} · {} · {}",
            count(year.listens, "listen"),
            count(year.albums_listened, "album"),
            count(year.ratings, "rating")
        )),
        more = escape(&format!(
            "{} first listens, {} re-listens{}",
            year.first_listens,
            year.relistens,
            year.average_rating
                .map(|avg| format!(", average rating {avg:.1}"))
                .unwrap_or_default()
        )),
    );
    for (n, album) in year.albums.iter().enumerate() {
        let x = 40 + (n % COLUMNS) as u32 * (TILE + GAP);
        let y = TOP + (n / COLUMNS) as u32 * (TILE + GAP);
        match covers.get(n).cloned().flatten() {
            Some(bytes) => svg.push_str(&format!(
                r#"<image x="{x}" y="{y}" width="{TILE}" height="{TILE}" preserveAspectRatio="xMidYMid slice" href="data:image/webp;base64,{}"><title>{}</title></image>
"#,
                STANDARD.encode(bytes),
                escape(&format!("{} by {}", album.title, album.artist))
            )),
            None => svg.push_str(&format!(
                r##"<rect x="{x}" y="{y}" width="{TILE}" height="{TILE}" fill="#262835"/><text x="{cx}" y="{cy}" fill="#f5b301" font-size="15" font-weight="700" text-anchor="middle">{}</text><text x="{cx}" y="{sy}" fill="#9a9aab" font-size="12" text-anchor="middle">{}</text>
"##,
                escape(&clipped(&album.title, 15)),
                escape(&clipped(&album.artist, 19)),
                cx = x + TILE / 2,
                cy = y + TILE / 2,
                sy = y + TILE / 2 + 20,
            )),
        }
    }
    if !year.top_artists.is_empty() {
        svg.push_str(&format!(
            r##"<text x="40" y="{artists_top}" fill="#e8e8ee" font-size="22" font-weight="700">Top artists</text>
"##
        ));
        for (n, artist) in year.top_artists.iter().enumerate() {
            svg.push_str(&format!(
                r##"<text x="40" y="{}" fill="#e8e8ee" font-size="18">{}. {} <tspan fill="#9a9aab">({})</tspan></text>
"##,
                artists_top + 36 + 28 * n as u32,
                n + 1,
                escape(&artist.name),
                listens_and_ratings(artist.count)
            ));
        }
    }
    svg.push_str(&format!(
        r##"<text x="{}" y="{}" fill="#9a9aab" font-size="14" text-anchor="end">halfstar</text>
</svg>
"##,
        WIDTH - 40,
        height - 16
    ));
    svg
}

fn count(n: u32, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

fn listens_and_ratings(n: u32) -> String {
    if n == 1 {
        "1 listen or rating".to_owned()
    } else {
        format!("{n} listens and ratings")
    }
}

fn clipped(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        text.to_owned()
    } else {
        format!("{}…", text.chars().take(most - 1).collect::<String>())
    }
}

/// Text as SVG takes it.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::year_in_music::{Counted, YearAlbum};

    fn album(title: &str) -> YearAlbum {
        YearAlbum {
            album_id: 1,
            title: title.to_owned(),
            slug: "s".to_owned(),
            artist: "Simon & Garfunkel".to_owned(),
            artist_slug: "s".to_owned(),
            picture_url: String::new(),
            listens: 2,
            rating: Some(9.0),
        }
    }

    #[test]
    fn the_picture_holds_the_covers_it_has_and_names_the_rest() {
        let year = YearInMusic {
            username: "mira<99>".to_owned(),
            year: 2025,
            listens: 3,
            first_listens: 2,
            relistens: 1,
            albums_listened: 2,
            ratings: 1,
            average_rating: Some(9.0),
            rating_spread: vec![0; 20],
            top_genres: Vec::new(),
            top_artists: vec![Counted {
                name: "Simon & Garfunkel".to_owned(),
                slug: "s".to_owned(),
                count: 2,
            }],
            top_tracks: Vec::new(),
            days: Vec::new(),
            albums: vec![album("Bookends"), album("Bridge over Troubled Water")],
            reviews: Vec::new(),
        };
        let svg = draw(&year, &[Some(b"RIFF".to_vec()), None]);
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("mira&lt;99&gt;'s 2025 in music"));
        assert!(svg.contains("3 listens · 2 albums · 1 rating"));
        assert!(svg.contains(&format!(
            "data:image/webp;base64,{}",
            STANDARD.encode("RIFF")
        )));
        assert!(
            svg.contains(">Bridge over Tr…<"),
            "the missing cover is named"
        );
        assert!(
            svg.contains(
                "1. Simon &amp; Garfunkel <tspan fill=\"#9a9aab\">(2 listens and ratings)"
            )
        );
        assert!(!svg.contains(" & "), "every ampersand escaped");
    }
}
