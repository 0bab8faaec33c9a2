//! Discogs' collection and wantlist exports: `Catalog#,Artist,Title,Label,
//! Format,Rating,Released,release_id,...` (the collection adds
//! `CollectionFolder`, `Date Added` and the conditions). Ratings are 1 to 5
//! stars, empty when not rated; artists carry Discogs' disambiguation
//! number ("Nirvana (2)"), which matching sets aside; `Released` is a year
//! or a date; one row is one pressing, so an album owned twice is two rows.

use super::table::{Columns, Records, field};
use super::{FileRow, Format, Parsed, Progress, Shelf, Skipped, year_in};
use crate::domain::RatingValue;

pub fn read(text: &str, wantlist: bool, progress: &Progress) -> Result<Parsed, String> {
    let format = if wantlist {
        Format::DiscogsWantlist
    } else {
        Format::DiscogsCollection
    };
    let mut parsed = Parsed::default();
    let mut rows = Records::of(text, progress);
    let Some((_, header)) = rows.next(&mut parsed.skipped) else {
        return Err("The file is empty.".to_owned());
    };
    let columns = Columns::of(&header);
    let artist = columns.need("artist", format)?;
    let title = columns.need("title", format)?;
    let rating = columns.find("rating");
    let released = columns.find("released");
    let shelf = if wantlist {
        Shelf::Wishlist
    } else {
        Shelf::Owned
    };
    let mut rated = 0;
    while let Some((line, record)) = rows.next(&mut parsed.skipped) {
        let (name, album) = (field(&record, Some(artist)), field(&record, Some(title)));
        if name.is_empty() || album.is_empty() {
            parsed.skipped.push(Skipped {
                line,
                problem: "no artist or no title".to_owned(),
            });
            continue;
        }
        let stars = field(&record, rating);
        let number = match stars_to_rating(stars) {
            Ok(number) => number,
            Err(problem) => {
                parsed.skipped.push(Skipped { line, problem });
                continue;
            }
        };
        rated += usize::from(number.is_some());
        let mut row = FileRow::new(line, name, album, shelf);
        row.year = year_in(field(&record, released));
        row.rating = number;
        parsed.rows.push(row);
    }
    if rated > 0 {
        parsed.notes.push(
            "Discogs rates 1 to 5 stars: each rating became twice its stars (4 stars → 8)."
                .to_owned(),
        );
    }
    if !wantlist {
        parsed.notes.push(
            "Albums in the collection join your library; each pressing of one album counts once."
                .to_owned(),
        );
    }
    Ok(parsed)
}

fn stars_to_rating(stars: &str) -> Result<Option<RatingValue>, String> {
    match stars {
        "" | "0" => Ok(None),
        _ => stars
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=5).contains(n))
            .and_then(|n| RatingValue::from_half_steps(n * 4))
            .map(Some)
            .ok_or_else(|| format!("the rating \"{stars}\" is not 1 to 5 stars")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> String {
        String::from_utf8(super::super::fixture(name)).unwrap()
    }

    #[test]
    fn reads_the_collection_with_stars_doubled() {
        let parsed = read(
            &fixture("discogs-collection.csv"),
            false,
            &Progress::default(),
        )
        .unwrap();
        assert!(parsed.skipped.is_empty(), "{:?}", parsed.skipped);
        let seen: Vec<_> = parsed
            .rows
            .iter()
            .map(|r| {
                (
                    r.artist.as_str(),
                    r.title.as_str(),
                    r.rating.map(|v| v.as_f64()),
                    r.year,
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                ("Radiohead", "In Rainbows", Some(10.0), Some(2007)),
                ("Nirvana (2)", "Nevermind", Some(8.0), Some(1991)),
                ("Björk", "Post", Some(6.0), Some(1995)),
                ("Daft Punk", "Discovery", None, Some(2001)),
                (
                    "Massive Attack",
                    "Mezzanine (Deluxe Edition)",
                    Some(10.0),
                    Some(1998)
                ),
                (
                    "Boards Of Canada",
                    "Music Has The Right To Children",
                    Some(10.0),
                    Some(1998)
                ),
            ]
        );
        assert!(parsed.rows.iter().all(|r| r.shelf == Shelf::Owned));
        assert!(parsed.notes[0].contains("twice its stars"));
    }

    #[test]
    fn reads_the_wantlist_into_the_wishlist() {
        let parsed = read(&fixture("discogs-wantlist.csv"), true, &Progress::default()).unwrap();
        assert_eq!(parsed.rows.len(), 3);
        assert!(
            parsed
                .rows
                .iter()
                .all(|r| r.shelf == Shelf::Wishlist && r.rating.is_none())
        );
        assert!(parsed.notes.is_empty(), "no ratings, nothing to say");
    }

    #[test]
    fn stars_outside_one_to_five_are_refused() {
        assert_eq!(stars_to_rating("3").unwrap().map(|v| v.as_f64()), Some(6.0));
        assert_eq!(stars_to_rating("").unwrap(), None);
        for bad in ["6", "-1", "4.5", "five"] {
            assert!(stars_to_rating(bad).is_err(), "{bad}");
        }
    }
}
