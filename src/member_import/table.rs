//! The CSV side of the readers: columns found by their names (trimmed,
//! any case), as the sites' exports differ in spacing and order.

use std::collections::HashMap;

use csv::{ReaderBuilder, StringRecord, Trim};

use super::{Format, Progress, Skipped};

/// The format a CSV file's first line shows.
pub(super) fn sniff_header(line: &str) -> Option<Format> {
    let fields = first_record(line)?;
    let names: Vec<String> = fields.iter().map(|f| f.to_ascii_lowercase()).collect();
    let has = |name: &str| names.iter().any(|n| n == name);
    if has("rym album") {
        Some(Format::Rym)
    } else if has("release_id") && has("artist") && has("title") {
        Some(if has("collectionfolder") {
            Format::DiscogsCollection
        } else {
            Format::DiscogsWantlist
        })
    } else if has("artist") && has("album") {
        Some(Format::Lastfm)
    } else if fields.len() == 4 && super::scrobbles::listen_time(&fields[3]).is_some() {
        // The headerless "artist,album,track,date" export.
        Some(Format::Lastfm)
    } else {
        None
    }
}

fn first_record(line: &str) -> Option<StringRecord> {
    ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(Trim::All)
        .from_reader(line.as_bytes())
        .records()
        .next()?
        .ok()
}

/// A header's column positions by lower-case name.
pub(super) struct Columns(HashMap<String, usize>);

impl Columns {
    pub(super) fn of(header: &StringRecord) -> Self {
        Self(
            header
                .iter()
                .enumerate()
                .map(|(at, name)| (name.to_ascii_lowercase(), at))
                .collect(),
        )
    }

    pub(super) fn find(&self, name: &str) -> Option<usize> {
        self.0.get(name).copied()
    }

    pub(super) fn need(&self, name: &str, format: Format) -> Result<usize, String> {
        self.find(name).ok_or_else(|| {
            format!(
                "line 1: this {} has no \"{name}\" column; is it the whole file as exported?",
                format.name()
            )
        })
    }
}

/// A field, empty when the row is shorter than the header.
pub(super) fn field(record: &StringRecord, at: Option<usize>) -> &str {
    at.and_then(|at| record.get(at)).unwrap_or_default()
}

/// The records of `text` with their lines, the header first when there is
/// one, read one at a time so that a large file is never held as records;
/// rows that are not CSV at all become skipped rows.
pub(super) struct Records<'t> {
    reader: csv::Reader<&'t [u8]>,
    progress: &'t Progress,
}

impl<'t> Records<'t> {
    pub(super) fn of(text: &'t str, progress: &'t Progress) -> Self {
        progress.start(text.bytes().filter(|&b| b == b'\n').count().max(1));
        let reader = ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .trim(Trim::All)
            .from_reader(text.as_bytes());
        Self { reader, progress }
    }

    /// The next record that is not empty, noting rows that are not CSV in
    /// `skipped` on the way.
    pub(super) fn next(&mut self, skipped: &mut Vec<Skipped>) -> Option<(usize, StringRecord)> {
        let mut record = StringRecord::new();
        loop {
            match self.reader.read_record(&mut record) {
                Ok(false) => return None,
                Ok(true) => {
                    self.progress.advance(1);
                    if record.iter().any(|f| !f.is_empty()) {
                        let line = record.position().map_or(0, |p| p.line() as usize);
                        return Some((line, record));
                    }
                }
                Err(error) => {
                    self.progress.advance(1);
                    skipped.push(Skipped {
                        line: error.position().map_or(0, |p| p.line() as usize),
                        problem: format!("not a CSV row: {error}"),
                    });
                }
            }
        }
    }
}
