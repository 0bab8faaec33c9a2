//! How alike two members' tastes are, from the albums both rated.
//!
//! The measure is Pearson's correlation of the two members' ratings of the
//! albums they share: it compares how each rates an album against their own
//! habits, so a generous and a strict rater who order albums the same way
//! still match. It is shrunk toward zero by `n / (n + SHRINK)` for `n`
//! shared albums, so three lucky agreements do not make a perfect match,
//! and shown from 0 (opposite tastes) through 50 (no relation) to 100.
//! When either member gave every shared album the same rating there is no
//! order to compare; then closeness on the scale stands in (1 for the same
//! ratings, falling to -1 for ratings at opposite ends).

/// Fewer shared albums than this give no figure.
pub const MINIMUM_SHARED: usize = 5;
/// Shared albums at which the correlation counts half.
const SHRINK: f64 = 10.0;
/// The widest gap between two ratings (0.5 to 10).
const WIDEST_GAP: f64 = 9.5;

/// The figure, 0 to 100, for pairs of ratings (mine, theirs); none below
/// the minimum.
pub fn score(pairs: &[(f64, f64)]) -> Option<u8> {
    let n = pairs.len();
    if n < MINIMUM_SHARED {
        return None;
    }
    let count = n as f64;
    let mean = |pick: fn(&(f64, f64)) -> f64| pairs.iter().map(pick).sum::<f64>() / count;
    let (mine, theirs) = (mean(|p| p.0), mean(|p| p.1));
    let covariance: f64 = pairs.iter().map(|p| (p.0 - mine) * (p.1 - theirs)).sum();
    let spread_mine: f64 = pairs.iter().map(|p| (p.0 - mine).powi(2)).sum();
    let spread_theirs: f64 = pairs.iter().map(|p| (p.1 - theirs).powi(2)).sum();
    let correlation = if spread_mine == 0.0 || spread_theirs == 0.0 {
        let gap = pairs.iter().map(|p| (p.0 - p.1).abs()).sum::<f64>() / count;
        1.0 - 2.0 * gap / WIDEST_GAP
    } else {
        covariance / (spread_mine * spread_theirs).sqrt()
    };
    let shrunk = correlation * count / (count + SHRINK);
    Some(((shrunk + 1.0) / 2.0 * 100.0).round().clamp(0.0, 100.0) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_few_shared_albums_give_no_figure() {
        assert_eq!(score(&[(8.0, 8.0); 4]), None);
    }

    #[test]
    fn the_same_order_matches_and_the_opposite_order_does_not() {
        // Ten albums: correlation 1, shrunk by 10 / (10 + 10) to 0.5: 75.
        let same: Vec<(f64, f64)> = (1..=10).map(|n| (n as f64, n as f64)).collect();
        assert_eq!(score(&same), Some(75));
        // A strict rater ordering them the same way matches as well.
        let strict: Vec<(f64, f64)> = (1..=10).map(|n| (n as f64, n as f64 / 2.0)).collect();
        assert_eq!(score(&strict), Some(75));
        // Reversed: -1 shrunk to -0.5: 25.
        let opposite: Vec<(f64, f64)> = (1..=10).map(|n| (n as f64, 11.0 - n as f64)).collect();
        assert_eq!(score(&opposite), Some(25));
    }

    #[test]
    fn a_hand_computed_case() {
        // mine 2,4,6,8,10 (mean 6), theirs 4,4,8,6,10 (mean 6.4):
        // covariance 4*2.4 + 2*2.4 + 0 + 2*-0.4 + 4*3.6 = 28; spreads 40 and 27.2;
        // r = 28 / sqrt(1088) = 0.8489; shrunk by 5/15: 0.2830; (1.2830 / 2) * 100 = 64.
        let pairs = [(2.0, 4.0), (4.0, 4.0), (6.0, 8.0), (8.0, 6.0), (10.0, 10.0)];
        assert_eq!(score(&pairs), Some(64));
    }

    #[test]
    fn the_same_rating_everywhere_falls_back_to_closeness() {
        // Always 8 against always 8: closeness 1, shrunk by 5/15: 67.
        assert_eq!(score(&[(8.0, 8.0); 5]), Some(67));
        // Always 10 against always 0.5: closeness -1, shrunk: 33.
        assert_eq!(score(&[(10.0, 0.5); 5]), Some(33));
    }
}
