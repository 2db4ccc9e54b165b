//! A range as the 13x13 grid of its classes' weights, and back: what a clickable range grid
//! shows for a range as written (`QQ+ | AK:0.5`), and the compact text a player would write
//! for a grid (pairs, then each high card's runs, the heaviest weight first).

use super::{read_range, RangeError};
use crate::cards::hole::HoleClass;
use crate::cards::query::Notation;

/// The ranks from the grid's top-left, as ranges write them.
const RANKS: [char; 13] = [
    'A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2',
];

/// A range read as class weights, in the 13x13 table's order (`row * 13 + column`).
#[derive(Clone, Debug, PartialEq)]
pub struct ClassWeights {
    /// Each class's weight; a class held only in part (`AhKh`) has the mean weight of its
    /// combinations.
    pub weights: Vec<f64>,
    /// Whether every class is held whole, all its combinations at one weight: the grid
    /// shows the range exactly, and its text can be written back from the grid.
    pub exact: bool,
}

/// The range `text` (as `hus equity` and `hus range` read one) by class.
pub fn class_weights(text: &str) -> Result<ClassWeights, RangeError> {
    let read = read_range(text, Notation::Hus)?;
    let mut sum = [0.0f64; 169];
    let mut held = [0u32; 169];
    let mut lightest = [f64::INFINITY; 169];
    let mut heaviest = [0.0f64; 169];
    for h in &read.holdings {
        let i = h.class().index();
        sum[i] += h.weight;
        held[i] += 1;
        lightest[i] = lightest[i].min(h.weight);
        heaviest[i] = heaviest[i].max(h.weight);
    }
    let mut exact = true;
    let mut weights = vec![0.0; 169];
    for (i, w) in weights.iter_mut().enumerate() {
        if held[i] == 0 {
            continue;
        }
        let combos = HoleClass::from_index(i).combos();
        if held[i] == combos && lightest[i] == heaviest[i] {
            *w = heaviest[i];
        } else {
            exact = false;
            *w = sum[i] / f64::from(combos);
        }
    }
    Ok(ClassWeights { weights, exact })
}

/// The runs of `true`, as first and last index.
pub(crate) fn runs(v: &[bool]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, &x) in v.iter().chain([false].iter()).enumerate() {
        match (x, start) {
            (true, None) => start = Some(i),
            (false, Some(a)) => {
                out.push((a, i - 1));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// The items of the classes `has` holds (by table index), compact: pair runs (`QQ+`,
/// `88-66`), then for each high card its runs of kickers, both suits at once where the
/// suited and the offsuit runs agree (`AK`, `KT-KQ`), an ace's run up to the king with `+`
/// (`AJs+`).
fn items(has: impl Fn(usize) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    let pairs: Vec<bool> = (0..13).map(|r| has(r * 13 + r)).collect();
    for (a, b) in runs(&pairs) {
        let (top, bottom) = (RANKS[a], RANKS[b]);
        out.push(match (a, b) {
            (0, b) if b > 0 => format!("{bottom}{bottom}+"),
            (a, b) if a == b => format!("{top}{top}"),
            _ => format!("{top}{top}-{bottom}{bottom}"),
        });
    }
    for high in 0..12 {
        // Kickers below `high`, from the best (column high + 1) down.
        let kickers = high + 1..13;
        let suited: Vec<bool> = kickers.clone().map(|k| has(high * 13 + k)).collect();
        let offsuit: Vec<bool> = kickers.map(|k| has(k * 13 + high)).collect();
        let (s_runs, o_runs) = (runs(&suited), runs(&offsuit));
        let both: Vec<(usize, usize)> = s_runs
            .iter()
            .filter(|r| o_runs.contains(r))
            .copied()
            .collect();
        for (suffix, list) in [("", &both), ("s", &s_runs), ("o", &o_runs)] {
            for &(a, b) in list
                .iter()
                .filter(|r| suffix.is_empty() || !both.contains(r))
            {
                let h = RANKS[high];
                let (best, worst) = (RANKS[high + 1 + a], RANKS[high + 1 + b]);
                out.push(match (high, a) {
                    _ if a == b => format!("{h}{best}{suffix}"),
                    (0, 0) => format!("{h}{worst}{suffix}+"),
                    _ => format!("{h}{best}{suffix}-{h}{worst}{suffix}"),
                });
            }
        }
    }
    out
}

/// The text of a grid of class weights (0 to 1, the table's order; missing ones are 0): each
/// weight's classes as `items`, the weight after each (`AK:0.5`) unless it is 1, the
/// heaviest first: `QQ+ | AK:0.5`. Empty for no class. [`class_weights`] reads it back to
/// the same grid.
pub fn grid_text(weights: &[f64]) -> String {
    let w = |i: usize| weights.get(i).copied().unwrap_or(0.0).clamp(0.0, 1.0);
    let mut levels: Vec<f64> = (0..169).map(w).filter(|&x| x > 0.0).collect();
    levels.sort_by(|a, b| b.total_cmp(a));
    levels.dedup();
    let mut parts = Vec::new();
    for level in levels {
        for item in items(|i| w(i) == level) {
            parts.push(if level == 1.0 {
                item
            } else {
                format!("{item}:{level}")
            });
        }
    }
    parts.join(" | ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(name: &str) -> usize {
        HoleClass::parse(name).expect("a class").index()
    }

    /// A grid with the named classes at their weights, the rest 0.
    fn grid(classes: &[(&str, f64)]) -> Vec<f64> {
        let mut w = vec![0.0; 169];
        for &(c, x) in classes {
            w[index(c)] = x;
        }
        w
    }

    #[test]
    fn a_weighted_range_reads_as_its_classes_weights() {
        let read = class_weights("QQ+ | AK:0.5").unwrap();
        let want = grid(&[
            ("AA", 1.0),
            ("KK", 1.0),
            ("QQ", 1.0),
            ("AKs", 0.5),
            ("AKo", 0.5),
        ]);
        assert_eq!(
            read,
            ClassWeights {
                weights: want,
                exact: true
            }
        );
    }

    #[test]
    fn specific_holdings_read_as_a_share_of_their_class_and_not_exact() {
        let read = class_weights("AhKh, QQ:0.5, QsQh").unwrap();
        assert!(!read.exact);
        assert_eq!(read.weights[index("AKs")], 0.25);
        // QsQh at 1, the other five of QQ at 0.5.
        assert_eq!(read.weights[index("QQ")], 3.5 / 6.0);
        assert!(class_weights("AK:0.5 | AhKh").is_ok_and(|r| !r.exact));
    }

    #[test]
    fn an_unreadable_range_is_the_range_readers_error() {
        let e = class_weights("QQ+ | AX").unwrap_err();
        assert!(
            e.message.contains("`AX` is neither a card query"),
            "{}",
            e.message
        );
        assert!(class_weights("").is_err());
    }

    #[test]
    fn a_grid_is_written_compactly_heaviest_weight_first() {
        let w = grid(&[
            ("AA", 1.0),
            ("KK", 1.0),
            ("QQ", 1.0),
            ("AKs", 0.5),
            ("AKo", 0.5),
        ]);
        assert_eq!(grid_text(&w), "QQ+ | AK:0.5");
        let w = grid(&[
            ("TT", 1.0),
            ("99", 1.0),
            ("88", 1.0),
            ("22", 0.25),
            ("AKs", 1.0),
            ("AQs", 1.0),
            ("AJs", 1.0),
            ("AKo", 1.0),
            ("KQs", 1.0),
            ("KJs", 1.0),
            ("KTs", 1.0),
            ("KQo", 1.0),
            ("KJo", 1.0),
            ("KTo", 1.0),
            ("A5s", 1.0),
            ("A4s", 1.0),
            ("72o", 0.3),
        ]);
        assert_eq!(
            grid_text(&w),
            "TT-88 | AJs+ | A5s-A4s | AKo | KQ-KT | 72o:0.3 | 22:0.25"
        );
        let w = grid(&[
            ("AKs", 1.0),
            ("AQs", 1.0),
            ("AJs", 1.0),
            ("AA", 0.5),
            ("KK", 0.5),
        ]);
        assert_eq!(grid_text(&w), "AJs+ | KK+:0.5");
        assert_eq!(grid_text(&[0.0; 169]), "");
        assert_eq!(grid_text(&[]), "");
    }

    #[test]
    fn every_class_at_weight_one_is_each_high_cards_whole_run() {
        let text = grid_text(&[1.0; 169]);
        assert!(text.starts_with("22+ | A2+ | KQ-K2 | QJ-Q2"), "{text}");
        assert!(text.ends_with("| 32"), "{text}");
    }

    /// Whatever the grid, its text reads back to the same grid.
    #[test]
    fn a_grid_s_text_reads_back_to_the_grid() {
        let levels = [0.0, 0.0, 0.0, 1.0, 1.0, 0.5, 0.25, 0.3, 1.0 / 3.0, 0.05];
        let mut seed = 7u64;
        for round in 0..200 {
            let mut w = vec![0.0; 169];
            for x in w.iter_mut() {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                // Some grids with few levels, for long runs.
                let pick = (seed >> 33) as usize % if round % 3 == 0 { 4 } else { levels.len() };
                *x = levels[pick];
            }
            let text = grid_text(&w);
            if w.iter().all(|&x| x == 0.0) {
                assert_eq!(text, "");
                continue;
            }
            let read = class_weights(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(read.weights, w, "{text}");
            assert!(read.exact);
        }
    }
}
