//! The one way the site writes CSV. A spreadsheet reads a cell that starts
//! with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula, so a
//! catalogue name such as `=HYPERLINK(...)`, made by any editor, would run in
//! a member's spreadsheet. Every cell written here that starts so is put
//! after a single quote (OWASP's rule), which spreadsheets show as text;
//! halfstar's own importer takes the quote off again (`restored`), so an
//! export imported back names the same albums.

use std::borrow::Cow;

const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Whether `cell`, after any quotes it starts with, starts a formula. The
/// quotes count so that a name that itself starts with `'=` keeps its own
/// quote through `neutralised` and `restored`.
fn starts_formula(cell: &str) -> bool {
    cell.trim_start_matches('\'').starts_with(FORMULA_STARTS)
}

/// `cell` as a spreadsheet shows it as text: after a single quote when it
/// would start a formula.
pub fn neutralised(cell: &str) -> Cow<'_, str> {
    if starts_formula(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// A cell as it was before `neutralised`.
pub fn restored(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if starts_formula(rest) => rest,
        _ => cell,
    }
}

/// A CSV file in memory whose every cell goes through `neutralised`.
pub struct CsvWriter(csv::Writer<Vec<u8>>);

impl CsvWriter {
    /// Quotes only the cells that need it.
    pub fn new() -> Self {
        Self::with(csv::WriterBuilder::new())
    }

    /// Quotes every cell, as Rate Your Music's export does.
    pub fn quoting_every_cell() -> Self {
        let mut builder = csv::WriterBuilder::new();
        builder.quote_style(csv::QuoteStyle::Always);
        Self::with(builder)
    }

    // The one place a CSV writer is made (clippy.toml refuses it elsewhere).
    #[allow(clippy::disallowed_methods)]
    fn with(builder: csv::WriterBuilder) -> Self {
        Self(builder.from_writer(Vec::new()))
    }

    pub fn write_record<I, T>(&mut self, record: I) -> csv::Result<()>
    where
        I: IntoIterator<Item = T>,
        T: AsRef<str>,
    {
        self.0.write_record(
            record
                .into_iter()
                .map(|cell| neutralised(cell.as_ref()).into_owned()),
        )
    }

    /// The file's bytes.
    pub fn into_bytes(self) -> csv::Result<Vec<u8>> {
        self.0
            .into_inner()
            .map_err(|error| error.into_error().into())
    }
}

impl Default for CsvWriter {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_put_after_a_quote_and_taken_back() {
        for (cell, written) in [
            (
                "=HYPERLINK(\"http://evil.example\",\"x\")",
                "'=HYPERLINK(\"http://evil.example\",\"x\")",
            ),
            ("+1", "'+1"),
            ("-2", "'-2"),
            ("@SUM(1)", "'@SUM(1)"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            // A name's own quote before a formula character is kept.
            ("'=x", "''=x"),
            ("''-x", "'''-x"),
        ] {
            assert_eq!(neutralised(cell), written, "{cell:?}");
            assert_eq!(restored(written), cell, "{written:?}");
        }
        for plain in [
            "OK Computer",
            "",
            "'",
            "'quoted'",
            "a=b",
            " =x",
            "7.5",
            "#1",
            "x-",
        ] {
            assert_eq!(neutralised(plain), plain, "{plain:?}");
            assert_eq!(restored(plain), plain, "{plain:?}");
        }
    }

    #[test]
    fn every_cell_a_writer_writes_is_neutralised() {
        let mut writer = CsvWriter::new();
        writer.write_record(["Artist", "Title"]).unwrap();
        writer
            .write_record(["=cmd|' /C calc'!A0", "-ness"])
            .unwrap();
        let text = String::from_utf8(writer.into_bytes().unwrap()).unwrap();
        assert_eq!(text, "Artist,Title\n'=cmd|' /C calc'!A0,'-ness\n");
    }
}
