//! Every album's chart figures, kept in memory for the shaped charts, whose
//! filters combine too many ways for a kept order each. Read whole once (at
//! start-up, off the request path); after that each reader first reads
//! again only the albums `chart_changes` names as changed since, so every
//! write, the CLI's too, shows in the next chart read.

use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard};

use rusqlite::Connection;

use crate::db::chart_facts;
use crate::db::charts::{SCALE_MIDDLE, SITE_PRIOR_PSEUDO_RATINGS};
use crate::domain::shaped_chart::{AlbumEntry, AlbumFacts, Facts};

pub struct Kept {
    pub facts: Facts,
    /// The latest change read.
    seq: i64,
    rating_sum: f64,
    rating_count: f64,
}

impl Kept {
    /// The site's mean rating pulled toward the middle of the scale: what
    /// the weighted orders pull albums with few ratings toward, as the
    /// top-rated charts do (`db::charts::site_prior`).
    pub fn site_prior(&self) -> f64 {
        (self.rating_sum + SITE_PRIOR_PSEUDO_RATINGS * SCALE_MIDDLE)
            / (self.rating_count + SITE_PRIOR_PSEUDO_RATINGS)
    }

    fn count(&mut self, album: &AlbumFacts, sign: f64) {
        self.rating_sum += sign * f64::from(album.rating_sum);
        self.rating_count += sign * f64::from(album.ratings);
    }

    /// Puts the album's new facts in place of its old ones; none takes it out.
    fn replace(&mut self, id: i64, new: Option<AlbumEntry>) {
        if let Some((album, _, _)) = &new {
            self.count(album, 1.0);
        }
        if let Some(old) = self.facts.replace(id, new) {
            self.count(&old, -1.0);
        }
    }
}

#[derive(Clone, Default)]
pub struct ChartFacts {
    kept: Arc<RwLock<Option<Kept>>>,
}

impl ChartFacts {
    fn read(&self) -> RwLockReadGuard<'_, Option<Kept>> {
        self.kept.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// Reads every album's facts, unless they are kept already; answers
    /// how many albums there are.
    pub fn warm(&self, conn: &Connection) -> rusqlite::Result<usize> {
        Ok(self
            .current(conn)?
            .as_ref()
            .map_or(0, |kept| kept.facts.len()))
    }

    /// The facts as of now: the kept ones, after reading again the albums
    /// changed since (or all of them, the first time).
    pub fn current(
        &self,
        conn: &Connection,
    ) -> rusqlite::Result<RwLockReadGuard<'_, Option<Kept>>> {
        let latest = chart_facts::latest_change(conn)?;
        {
            let kept = self.read();
            if kept.as_ref().is_some_and(|kept| kept.seq >= latest) {
                return Ok(kept);
            }
        }
        {
            let mut kept = self.kept.write().unwrap_or_else(PoisonError::into_inner);
            match kept.as_mut() {
                // Another reader caught up meanwhile.
                Some(current) if current.seq >= latest => {}
                Some(current) => {
                    let (changed, seq) = chart_facts::changed_since(conn, current.seq)?;
                    for id in changed {
                        current.replace(id, chart_facts::one(conn, id)?);
                    }
                    current.seq = seq;
                }
                None => {
                    // Changes after `latest` are read again next time.
                    let seq = latest;
                    let facts = chart_facts::all(conn)?;
                    let (rating_sum, rating_count) = (0..facts.len()).map(|at| facts.get(at)).fold(
                        (0.0, 0.0),
                        |(sum, count), album| {
                            (
                                sum + f64::from(album.rating_sum),
                                count + f64::from(album.ratings),
                            )
                        },
                    );
                    *kept = Some(Kept {
                        facts,
                        seq,
                        rating_sum,
                        rating_count,
                    });
                }
            }
        }
        Ok(self.read())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::ratings;
    use crate::db::seed::fixtures;
    use crate::db::test_connection;
    use crate::domain::RatingValue;

    #[test]
    fn a_change_is_read_again_by_the_next_reader_and_only_it() {
        let conn = test_connection();
        let facts = ChartFacts::default();
        let souvlaki = fixtures::album(&conn, "Slowdive", "Souvlaki");
        assert_eq!(
            facts.current(&conn).unwrap().as_ref().unwrap().facts.len(),
            1
        );
        let vera = fixtures::user(&conn, "vera");
        ratings::upsert(&conn, vera, souvlaki, RatingValue::from_f64(9.0), "t").unwrap();
        let nowhere = fixtures::album(&conn, "Ride", "Nowhere");
        {
            let kept = facts.current(&conn).unwrap();
            let kept = kept.as_ref().unwrap();
            assert_eq!(
                (0..kept.facts.len())
                    .map(|at| kept.facts.get(at).id)
                    .collect::<Vec<_>>(),
                [souvlaki, nowhere]
            );
            assert_eq!(kept.facts.get(0).ratings, 1);
            assert!((kept.site_prior() - (9.0 + 100.0 * 5.25) / 101.0).abs() < 1e-9);
        }
        conn.execute("DELETE FROM albums WHERE id = ?1", [souvlaki])
            .unwrap();
        let kept = facts.current(&conn).unwrap();
        let kept = kept.as_ref().unwrap();
        assert_eq!(kept.facts.len(), 1);
        assert!((kept.site_prior() - 5.25).abs() < 1e-9);
    }
}
