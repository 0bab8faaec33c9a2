//! What the sources failed to give during one import, told once per source
//! and kind of failure, with everything that was asked and what it cost.

use super::SourceError;

/// After this many failures in a row, a source is not asked again during the
/// import: a service that is down should cost seconds, not a timeout per album.
const GIVE_UP_AFTER: u32 = 3;

#[derive(Debug, Clone, PartialEq)]
pub struct Trouble {
    pub source: &'static str,
    /// "HTTP 404 (Not Found)", "no answer (timeout)", "error 10: Invalid API key".
    pub what: String,
    /// Each thing asked that failed this way: "the tags of Kid A".
    pub asked: Vec<String>,
    /// What was not asked any more, after the source failed too often in a row.
    pub not_asked: Vec<String>,
    /// What the import went without: "these albums have no genres from Last.fm".
    pub cost: String,
}

impl Trouble {
    /// One line: the source, what went wrong, how often and on what, and the cost.
    pub fn line(&self) -> String {
        let asked = match self.asked.as_slice() {
            [one] => one.clone(),
            many => format!("{} requests: {}", many.len(), many.join("; ")),
        };
        let not_asked = if self.not_asked.is_empty() {
            String::new()
        } else {
            format!(
                "; then not asked again ({}: {})",
                self.not_asked.len(),
                self.not_asked.join("; ")
            )
        };
        format!(
            "{}: {} for {asked}{not_asked}; {}",
            self.source, self.what, self.cost
        )
    }
}

#[derive(Debug, Default)]
pub struct Troubles {
    list: Vec<Trouble>,
    failures_in_a_row: Vec<(&'static str, u32)>,
}

impl Troubles {
    /// Calls a source unless it has failed too often already; a failure is
    /// noted with what was asked and what it costs, and answers `None`.
    pub fn ask<T>(
        &mut self,
        source: &'static str,
        asked: &dyn Fn() -> String,
        cost: &'static str,
        call: impl FnOnce() -> Result<T, SourceError>,
    ) -> Option<T> {
        if self.in_a_row(source) >= GIVE_UP_AFTER {
            let last = self.list.iter_mut().rev().find(|t| t.source == source);
            last.expect("a source given up on has failed")
                .not_asked
                .push(asked());
            return None;
        }
        match call() {
            Ok(answer) => {
                self.set_in_a_row(source, 0);
                Some(answer)
            }
            Err(error) => {
                tracing::warn!(source, %error, "a source failed");
                let count = self.in_a_row(source) + 1;
                self.set_in_a_row(source, count);
                self.note(source, error.what_happened(), asked(), cost);
                None
            }
        }
    }

    pub fn note(&mut self, source: &'static str, what: String, asked: String, cost: &'static str) {
        match self
            .list
            .iter_mut()
            .find(|t| t.source == source && t.what == what)
        {
            Some(trouble) => {
                trouble.asked.push(asked);
                if !trouble.cost.split("; ").any(|c| c == cost) {
                    trouble.cost = format!("{}; {cost}", trouble.cost);
                }
            }
            None => self.list.push(Trouble {
                source,
                what,
                asked: vec![asked],
                not_asked: Vec::new(),
                cost: cost.to_owned(),
            }),
        }
    }

    fn in_a_row(&self, source: &str) -> u32 {
        self.failures_in_a_row
            .iter()
            .find(|(s, _)| *s == source)
            .map_or(0, |(_, n)| *n)
    }

    fn set_in_a_row(&mut self, source: &'static str, count: u32) {
        match self
            .failures_in_a_row
            .iter_mut()
            .find(|(s, _)| *s == source)
        {
            Some((_, n)) => *n = count,
            None => self.failures_in_a_row.push((source, count)),
        }
    }

    pub fn into_list(self) -> Vec<Trouble> {
        self.list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failure() -> Result<(), SourceError> {
        Err(SourceError::Status {
            source_name: "Last.fm",
            url: "http://x/2.0/".into(),
            status: 404,
            message: "Not Found".into(),
        })
    }

    #[test]
    fn the_same_failure_is_told_once_and_a_failing_source_is_left_alone() {
        let mut troubles = Troubles::default();
        let mut called = 0;
        for title in ["A", "B", "C", "D", "E"] {
            let asked = || format!("the tags of {title}");
            troubles.ask("Last.fm", &asked, "no genres from Last.fm", || {
                called += 1;
                failure()
            });
        }
        assert_eq!(
            called, GIVE_UP_AFTER,
            "not asked after three failures in a row"
        );
        let list = troubles.into_list();
        assert_eq!(list.len(), 1, "told once: {list:?}");
        assert_eq!(list[0].what, "HTTP 404 (Not Found)");
        assert_eq!(
            list[0].asked,
            ["the tags of A", "the tags of B", "the tags of C"]
        );
        assert_eq!(list[0].not_asked, ["the tags of D", "the tags of E"]);
        assert_eq!(
            list[0].line(),
            "Last.fm: HTTP 404 (Not Found) for 3 requests: the tags of A; the tags of B; the tags of C; \
             then not asked again (2: the tags of D; the tags of E); no genres from Last.fm"
        );
    }

    #[test]
    fn a_success_between_failures_keeps_the_source_asked() {
        let mut troubles = Troubles::default();
        let asked = || "x".to_owned();
        for round in 0..6 {
            let result = troubles.ask("Discogs", &asked, "no styles", || {
                if round % 2 == 0 { failure() } else { Ok(()) }
            });
            assert_eq!(result.is_some(), round % 2 == 1);
        }
    }
}
