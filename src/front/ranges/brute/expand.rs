//! A range reader of the brute force's own, for the forms its random spots write: classes
//! (`AKs`, `T9`, `77`), `+` and `-` in the language's notation (both cards climb) and
//! PokerStove's (the kicker climbs to below the first card; `-` lowers it to the deuce), spans
//! (`A2s-A5s`, `22-66`), two cards (`AhKh`), `anyTwo`, and weights (`:0.5`), a holding named
//! twice keeping its larger weight (reference §12.9, §12.11).

use super::{card, rank, suit};
use std::collections::BTreeMap;

/// A class: high rank, low rank (equal for a pair), suited.
pub type Class = (u32, u32, bool);

const RANKS: &str = "23456789TJQKA";

fn r(c: char) -> u32 {
    RANKS.find(c).expect("a rank") as u32
}

/// The holdings of a class, as masks.
pub fn class_holdings((h, l, suited): Class) -> Vec<u64> {
    let mut out = Vec::new();
    for s in 0..4 {
        for t in 0..4 {
            let ok = if h == l { s < t } else { (s == t) == suited };
            if ok {
                out.push(1 << card(h, s) | 1 << card(l, t));
            }
        }
    }
    out
}

/// The class of a holding, named as the 13x13 table does (`AKs`, `T9o`, `77`).
pub fn class_name(hole: u64) -> String {
    let cs = super::cards_of(hole);
    let (a, b) = (cs[0], cs[1]);
    let (h, l) = (rank(a).max(rank(b)), rank(a).min(rank(b)));
    let sym = |x: u32| RANKS.as_bytes()[x as usize] as char;
    match (h == l, suit(a) == suit(b)) {
        (true, _) => format!("{}{}", sym(h), sym(l)),
        (false, true) => format!("{}{}s", sym(h), sym(l)),
        (false, false) => format!("{}{}o", sym(h), sym(l)),
    }
}

/// The suits a written suffix allows: `s`, `o`, or both.
fn kinds(suffix: &str) -> Vec<bool> {
    match suffix {
        "s" => vec![true],
        "o" => vec![false],
        _ => vec![true, false],
    }
}

/// `AK`, `AKs`, `77`: the ranks and the suffix.
fn pattern(text: &str) -> (u32, u32, String) {
    let c: Vec<char> = text.chars().collect();
    (r(c[0]), r(c[1]), c[2..].iter().collect())
}

/// The classes of one card query.
pub fn query(q: &str, stove: bool) -> Vec<Class> {
    if let Some((a, b)) = q.split_once('-').filter(|(_, b)| !b.is_empty()) {
        let ((h, l, s), (h2, l2, _)) = (pattern(a), pattern(b));
        if h == l {
            return (h.min(h2)..=h.max(h2)).map(|p| (p, p, false)).collect();
        }
        let ks = kinds(&s);
        return (l.min(l2)..=l.max(l2))
            .flat_map(|k| ks.iter().map(move |&x| (h, k, x)))
            .collect();
    }
    let (body, dir) = match (q.strip_suffix('+'), q.strip_suffix('-')) {
        (Some(b), _) => (b, 1),
        (_, Some(b)) => (b, -1),
        _ => (q, 0),
    };
    let (h, l, s) = pattern(body);
    if h == l {
        let ps = match dir {
            1 => h..=12,
            -1 => 0..=h,
            _ => h..=h,
        };
        return ps.map(|p| (p, p, false)).collect();
    }
    let mut out = Vec::new();
    for x in kinds(&s) {
        for hi in 0..13 {
            for lo in 0..hi {
                let keep = match (dir, stove) {
                    (0, _) => hi == h && lo == l,
                    (1, true) => hi == h && lo >= l,
                    (-1, true) => hi == h && lo <= l,
                    (1, false) => hi >= h && lo >= l,
                    _ => hi <= h && lo <= l,
                };
                if keep {
                    out.push((hi, lo, x));
                }
            }
        }
    }
    out
}

/// A whole range: every holding (as a mask) with its weight, in mask order.
pub fn range(text: &str, stove: bool) -> Vec<(u64, f64)> {
    let mut w: BTreeMap<u64, f64> = BTreeMap::new();
    for item in text.split(['|', ',']).map(str::trim) {
        let (body, weight) = match item.split_once(':') {
            Some((b, x)) => (b.trim(), x.trim().parse::<f64>().expect("a weight")),
            None => (item, 1.0),
        };
        let holdings: Vec<u64> = if body == "anyTwo" {
            let d = super::deck();
            let mut all = Vec::new();
            super::subsets(&d, 2, 0, &mut |m| all.push(m));
            all
        } else if body.len() == 4 && "hdcs".contains(&body[1..2]) {
            let c = |i: usize| {
                let ch = body[i..].chars().next().unwrap();
                let s = "hdcs".find(body[i + 1..].chars().next().unwrap()).unwrap();
                card(r(ch), s as u32)
            };
            vec![1 << c(0) | 1 << c(2)]
        } else {
            query(body, stove)
                .into_iter()
                .flat_map(class_holdings)
                .collect()
        };
        for m in holdings {
            let slot = w.entry(m).or_insert(0.0);
            *slot = slot.max(weight);
        }
    }
    w.into_iter().filter(|&(_, x)| x > 0.0).collect()
}

#[test]
fn the_reader_counts_the_reference_examples() {
    let n = |t: &str, stove: bool| range(t, stove).len();
    assert_eq!(n("K9s+", false), 36);
    assert_eq!(n("K9s+", true), 16);
    assert_eq!(n("K9s-", true), 32);
    assert_eq!(n("QQ+ | AK", false), 34);
    assert_eq!(n("A2s-A5s", true), 16);
    assert_eq!(n("22-66", false), 30);
    assert_eq!(n("anyTwo:0.5", false), 1326);
    assert_eq!(n("AhKh | AKs:0.5", false), 4);
    assert_eq!(
        range("AhKh | AKs:0.5", false)
            .iter()
            .map(|x| x.1)
            .sum::<f64>(),
        2.5
    );
}
