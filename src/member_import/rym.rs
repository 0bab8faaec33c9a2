//! Rate Your Music's export: `RYM Album, First Name,Last Name,First Name
//! localized, Last Name localized,Title,Release_Date,Rating,Ownership,
//! Purchase Date,Media Type,Review`, every field quoted, names and reviews
//! with HTML entities (`Sigur R&oacute;s`), ratings 1 to 10 with 0 for
//! unrated, and ownership `o` (owned), `w` (wishlist), `u` (used to own) or
//! `n` (not catalogued). halfstar's own ratings CSV is written in the same
//! shape (`write`), with half steps such as 7.5, and cells that would start
//! a spreadsheet formula after a quote, which reading takes off again.

use csv::StringRecord;

use super::table::{Columns, Records, field};
use super::{FileRow, Format, Parsed, Progress, Shelf, Skipped, year_in};
use crate::csv_cells::{CsvWriter, restored};
pub use crate::db::member_import::Exported;
use crate::domain::RatingValue;

const HEADER: [&str; 12] = [
    "RYM Album",
    " First Name",
    "Last Name",
    "First Name localized",
    " Last Name localized",
    "Title",
    "Release_Date",
    "Rating",
    "Ownership",
    "Purchase Date",
    "Media Type",
    "Review",
];

pub fn read(text: &str, progress: &Progress) -> Result<Parsed, String> {
    let mut parsed = Parsed::default();
    let mut rows = Records::of(text, progress);
    let Some((_, header)) = rows.next(&mut parsed.skipped) else {
        return Err("The file is empty.".to_owned());
    };
    let columns = Columns::of(&header);
    let first = columns.need("first name", Format::Rym)?;
    let last = columns.need("last name", Format::Rym)?;
    let title = columns.need("title", Format::Rym)?;
    let rating = columns.need("rating", Format::Rym)?;
    let date = columns.find("release_date");
    let ownership = columns.find("ownership");
    let review = columns.find("review");
    while let Some((line, record)) = rows.next(&mut parsed.skipped) {
        let artist = decoded(&format!(
            "{} {}",
            cell(&record, Some(first)),
            cell(&record, Some(last))
        ));
        let name = decoded(cell(&record, Some(title)));
        if artist.is_empty() || name.is_empty() {
            parsed.skipped.push(Skipped {
                line,
                problem: "no artist or no title".to_owned(),
            });
            continue;
        }
        let number = match rating_of(cell(&record, Some(rating))) {
            Ok(number) => number,
            Err(problem) => {
                parsed.skipped.push(Skipped { line, problem });
                continue;
            }
        };
        let mut row = FileRow::new(line, &artist, &name, shelf_of(cell(&record, ownership)));
        row.year = year_in(cell(&record, date));
        row.rating = number;
        row.review = Some(review_text(cell(&record, review))).filter(|r| !r.is_empty());
        parsed.rows.push(row);
    }
    parsed
        .notes
        .push("Rate Your Music rates out of 10 as halfstar does: ratings are kept as they are; 0 means not rated.".to_owned());
    Ok(parsed)
}

/// A field as written, with the quote halfstar's own export puts before a
/// formula-like cell taken off.
fn cell(record: &StringRecord, at: Option<usize>) -> &str {
    restored(field(record, at))
}

/// 0 or nothing is "not rated"; whole numbers to 10 (and halfstar's own
/// half steps) are kept as they are.
fn rating_of(text: &str) -> Result<Option<RatingValue>, String> {
    if text.is_empty() || text == "0" {
        return Ok(None);
    }
    text.parse::<RatingValue>()
        .map(Some)
        .map_err(|_| format!("the rating \"{text}\" is not a number from 1 to 10"))
}

fn shelf_of(code: &str) -> Shelf {
    match code.to_ascii_lowercase().as_str() {
        "o" => Shelf::Owned,
        "w" => Shelf::Wishlist,
        "u" => Shelf::UsedToOwn,
        _ => Shelf::NotCatalogued,
    }
}

fn decoded(text: &str) -> String {
    html_escape::decode_html_entities(text.trim())
        .trim()
        .to_owned()
}

/// A review with its entities decoded and `<br>` as line breaks.
fn review_text(text: &str) -> String {
    let lines = text
        .replace("<br />", "\n")
        .replace("<br/>", "\n")
        .replace("<br>", "\n");
    decoded(&lines)
}

/// The member's albums as a Rate Your Music style CSV.
pub fn write(albums: &[Exported]) -> Result<Vec<u8>, csv::Error> {
    let mut writer = CsvWriter::quoting_every_cell();
    writer.write_record(HEADER)?;
    for album in albums {
        let rating = album
            .rating
            .and_then(RatingValue::from_f64)
            .map_or_else(|| "0".to_owned(), rating_text);
        let ownership = if album.owned {
            "o"
        } else if album.wished {
            "w"
        } else {
            "n"
        };
        let escaped = |text: &str| html_escape::encode_text(text).into_owned();
        writer.write_record([
            album.album_id.to_string(),
            String::new(),
            escaped(&album.artist),
            String::new(),
            String::new(),
            escaped(&album.title),
            album.year.to_string(),
            rating,
            ownership.to_owned(),
            String::new(),
            String::new(),
            album
                .review
                .as_deref()
                .map(|text| escaped(text).replace('\n', "<br>"))
                .unwrap_or_default(),
        ])?;
    }
    writer.into_bytes()
}

/// `8` for whole numbers, `7.5` for half steps.
fn rating_text(value: RatingValue) -> String {
    let number = value.as_f64();
    if number.fract() == 0.0 {
        format!("{number:.0}")
    } else {
        format!("{number:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture() -> Parsed {
        let bytes = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/member-import/rym.csv"
        ))
        .unwrap();
        read(&String::from_utf8(bytes).unwrap(), &Progress::default()).unwrap()
    }

    #[test]
    fn reads_the_export_with_its_quirks() {
        let parsed = fixture();
        assert!(parsed.skipped.is_empty(), "{:?}", parsed.skipped);
        assert_eq!(parsed.rows.len(), 12);
        let first = &parsed.rows[0];
        assert_eq!(
            (first.artist.as_str(), first.title.as_str()),
            ("Radiohead", "OK Computer")
        );
        assert_eq!(first.rating, RatingValue::from_f64(10.0));
        assert_eq!(first.year, Some(1997));
        assert_eq!(first.shelf, Shelf::Owned);
        assert_eq!(first.line, 2);
        assert_eq!(parsed.rows[1].artist, "Kate Bush");
        assert_eq!(parsed.rows[2].title, "Mr. Morale & the Big Steppers");
        assert_eq!(parsed.rows[3].artist, "Sigur Rós");
        assert_eq!(parsed.rows[3].title, "Ágætis byrjun");
        assert_eq!(parsed.rows[4].shelf, Shelf::UsedToOwn);
        let wished = &parsed.rows[5];
        assert_eq!((wished.shelf, wished.rating), (Shelf::Wishlist, None));
        assert_eq!(parsed.rows[6].shelf, Shelf::Owned);
        assert_eq!(parsed.rows[6].rating, None);
        assert_eq!(parsed.rows[2].shelf, Shelf::NotCatalogued);
        let reviewed = &parsed.rows[11];
        assert_eq!(
            reviewed.review.as_deref(),
            Some("\"Nights\" splits the record in two.\nStill the best album of its decade.")
        );
        assert_eq!(reviewed.line, 13);
        assert_eq!(parsed.rows[10].review, None);
    }

    #[test]
    fn a_bad_rating_skips_its_row_only() {
        let text = "RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type,Review\n\
            \"1\",\"\",\"Burial\",\"\",\"\",\"Untrue\",\"2007\",\"eleven\",\"o\",\"\",\"\",\"\"\n\
            \"2\",\"\",\"Burial\",\"\",\"\",\"Kindred\",\"2012\",\"11\",\"o\",\"\",\"\",\"\"\n\
            \"3\",\"\",\"\",\"\",\"\",\"Nameless\",\"2012\",\"5\",\"o\",\"\",\"\",\"\"\n\
            \"4\",\"\",\"Burial\",\"\",\"\",\"Rival Dealer\",\"2013\",\"7\",\"o\",\"\",\"\",\"\"\n";
        let parsed = read(text, &Progress::default()).unwrap();
        assert_eq!(parsed.rows.len(), 1);
        let problems: Vec<_> = parsed
            .skipped
            .iter()
            .map(|s| (s.line, s.problem.as_str()))
            .collect();
        assert_eq!(
            problems,
            [
                (2, "the rating \"eleven\" is not a number from 1 to 10"),
                (3, "the rating \"11\" is not a number from 1 to 10"),
                (4, "no artist or no title"),
            ]
        );
    }

    #[test]
    fn a_file_without_the_columns_says_which() {
        let error = read("Artist,Album\nx,y\n", &Progress::default()).unwrap_err();
        assert!(error.contains("\"first name\""), "{error}");
    }

    #[test]
    fn formula_like_names_are_written_as_text_and_read_back_as_they_were() {
        let names = [
            "=HYPERLINK(\"http://evil.example\",\"x\")",
            "+44",
            "-ness",
            "@SUM(1)",
            "'=quoted",
        ];
        let albums: Vec<Exported> = names
            .iter()
            .enumerate()
            .map(|(at, name)| Exported {
                album_id: at as i64,
                artist: (*name).to_owned(),
                title: format!("-{name}"),
                year: 2001,
                rating: Some(6.0),
                owned: false,
                wished: false,
                review: Some(format!("={name}")),
            })
            .collect();
        let text = String::from_utf8(write(&albums).unwrap()).unwrap();
        // Every record after the header, read as a spreadsheet would.
        for record in csv::Reader::from_reader(text.as_bytes()).records() {
            let record = record.unwrap();
            for cell in record.iter() {
                assert!(
                    !cell.starts_with(['=', '+', '-', '@']),
                    "a formula cell: {cell} in {record:?}"
                );
            }
        }
        let parsed = read(&text, &Progress::default()).unwrap();
        for (row, name) in parsed.rows.iter().zip(names) {
            assert_eq!(row.artist, name);
            assert_eq!(row.title, format!("-{name}"));
            assert_eq!(row.review, Some(format!("={name}")));
        }
        assert_eq!(parsed.rows.len(), names.len());
    }

    #[test]
    fn writes_what_it_reads() {
        let albums = [
            Exported {
                album_id: 7,
                artist: "Simon & Garfunkel".to_owned(),
                title: "Bookends".to_owned(),
                year: 1968,
                rating: Some(7.5),
                owned: true,
                wished: false,
                review: Some("Side one is a suite.\n\"Old Friends\" most of all.".to_owned()),
            },
            Exported {
                album_id: 8,
                artist: "Burial".to_owned(),
                title: "Untrue".to_owned(),
                year: 2007,
                rating: None,
                owned: false,
                wished: true,
                review: None,
            },
        ];
        let bytes = write(&albums).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.starts_with("\"RYM Album\",\" First Name\""), "{text}");
        let parsed = read(&text, &Progress::default()).unwrap();
        assert!(parsed.skipped.is_empty());
        assert_eq!(parsed.rows[0].artist, "Simon & Garfunkel");
        assert_eq!(parsed.rows[0].rating, RatingValue::from_f64(7.5));
        assert_eq!(parsed.rows[0].shelf, Shelf::Owned);
        assert_eq!(parsed.rows[0].review, albums[0].review);
        assert_eq!(
            (parsed.rows[1].rating, parsed.rows[1].shelf),
            (None, Shelf::Wishlist)
        );
    }
}
