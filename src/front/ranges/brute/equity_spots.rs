//! `hus equity` on random spots against every board dealt and ranked by `pokers`, with the
//! ranges read by [`super::expand`] and the villain's filter decided by [`super::classify`].

use super::classify::filter;
use super::expand::{class_name, range};
use super::{cards, combos, deal, deck, hand, pct, rng, subsets, text};
use crate::cards::query::Notation;
use crate::front::ranges::{equity, EquityOptions, EquityReport, Method};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// Holdings (mask, weight).
type Range = Vec<(u64, f64)>;

/// Per holding of each side: (wins, ties, showdowns), each weighted by the other's holding.
pub struct Tallies {
    pub hero: Vec<[f64; 3]>,
    pub villain: Vec<[f64; 3]>,
}

/// Every pair of holdings that share no card on every board that completes `board` from the
/// cards not known, counted pair by pair.
pub fn brute(hero: &[(u64, f64)], villain: &[(u64, f64)], board: u64, dead: u64) -> Tallies {
    let rest: Vec<u32> = deck()
        .into_iter()
        .filter(|&c| (board | dead) >> c & 1 == 0)
        .collect();
    let (hh, vh): (Vec<_>, Vec<_>) = (
        hero.iter().map(|h| cards(h.0)).collect(),
        villain.iter().map(|v| cards(v.0)).collect(),
    );
    let nv = villain.len();
    let mut counts = vec![[0u32; 3]; hero.len() * nv];
    let (mut hr, mut vr) = (vec![None; hero.len()], vec![None; nv]);
    subsets(&rest, 5 - board.count_ones() as usize, board, &mut |full| {
        let b = hand(full);
        for (i, h) in hero.iter().enumerate() {
            hr[i] = (h.0 & full == 0).then(|| (b + hh[i]).evaluate());
        }
        for (j, v) in villain.iter().enumerate() {
            vr[j] = (v.0 & full == 0).then(|| (b + vh[j]).evaluate());
        }
        for (i, h) in hero.iter().enumerate() {
            let Some(a) = hr[i] else { continue };
            for (j, v) in villain.iter().enumerate() {
                let Some(b) = vr[j] else { continue };
                if h.0 & v.0 != 0 {
                    continue;
                }
                let c = &mut counts[i * nv + j];
                c[0] += (a > b) as u32;
                c[1] += (a == b) as u32;
                c[2] += 1;
            }
        }
    });
    let mut t = Tallies {
        hero: vec![[0.0; 3]; hero.len()],
        villain: vec![[0.0; 3]; nv],
    };
    for (i, h) in hero.iter().enumerate() {
        for (j, v) in villain.iter().enumerate() {
            let c = counts[i * nv + j].map(f64::from);
            let lose = c[2] - c[0] - c[1];
            add(&mut t.hero[i], v.1, &c);
            t.villain[j][0] += h.1 * lose;
            t.villain[j][1] += h.1 * c[1];
            t.villain[j][2] += h.1 * c[2];
        }
    }
    t
}

/// `to += w * x`, term by term.
fn add(to: &mut [f64; 3], w: f64, x: &[f64; 3]) {
    for (t, x) in to.iter_mut().zip(x) {
        *t += w * x;
    }
}

/// A side's row (combos, win, tie, equity as printed) and its classes' rows.
pub fn rows(holdings: &[(u64, f64)], t: &[[f64; 3]]) -> (String, BTreeMap<String, String>) {
    let row = |n: f64, s: [f64; 3]| {
        let share = |x: f64| if s[2] > 0.0 { x / s[2] } else { 0.0 };
        format!(
            "{} {} {} {}",
            combos(n),
            pct(share(s[0])),
            pct(share(s[1])),
            pct(share(s[0] + s[1] / 2.0))
        )
    };
    let mut total = [0.0; 3];
    let mut classes: BTreeMap<String, (f64, [f64; 3])> = BTreeMap::new();
    for (h, x) in holdings.iter().zip(t) {
        let c = classes.entry(class_name(h.0)).or_insert((0.0, [0.0; 3]));
        c.0 += h.1;
        add(&mut total, h.1, x);
        add(&mut c.1, h.1, x);
    }
    let n = holdings.iter().fold(0.0, |a, h| a + h.1);
    let classes = classes
        .into_iter()
        .filter(|(_, (_, s))| s[2] > 0.0)
        .map(|(name, (n, s))| (name, row(n, s)))
        .collect();
    (row(n, total), classes)
}

/// The same rows from `hus equity`'s report, side 0 the hero.
fn report_rows(r: &EquityReport, side: usize) -> (String, BTreeMap<String, String>) {
    let p = &r.players[side];
    let f =
        |n: f64, w: f64, t: f64, e: f64| format!("{} {} {} {}", combos(n), pct(w), pct(t), pct(e));
    let classes = p
        .classes
        .iter()
        .map(|(c, n, w, t, e)| (c.clone(), f(*n, *w, *t, *e)))
        .collect();
    (f(p.combos, p.win, p.tie, p.equity), classes)
}

/// One random spot: both ranges, the board, the dead cards, a filter, the notation.
pub struct Spot {
    pub hero: String,
    pub villain: String,
    pub board: u64,
    pub dead: u64,
    pub with: Option<String>,
    pub stove: bool,
}

const WEIGHTS: [&str; 5] = [":0.5", ":0.25", ":0.75", ":0.3", ":0.5"];

pub const FILTERS: [&str; 12] = [
    "pair+",
    "topPair+",
    "flushDraw",
    "!overcards",
    "overcards",
    "twoPair+",
    "flushDraw, !pair",
    "topPair+ | flushDraw",
    "pair",
    "!pair | nutFlushDraw",
    "overPair | secondPair+",
    "!deskPair, pair+ | overcards",
];

/// One item of a range: a class, a `+` or `-` query, a span, two cards or `anyTwo`, maybe
/// weighted.
pub fn item(rng: &mut ChaCha8Rng, any_two: bool) -> String {
    const R: &[u8] = b"23456789TJQKA";
    let sym = |x: u32| R[x as usize] as char;
    let hi = rng.random_range(1..13u32);
    let lo = rng.random_range(0..hi);
    let sfx = ["s", "o", ""][rng.random_range(0..3)];
    let body = match rng.random_range(0..if any_two { 9 } else { 8 }) {
        0 | 1 => format!("{}{}{sfx}", sym(hi), sym(lo)),
        2 => format!("{}{}", sym(hi), sym(hi)),
        3 => format!(
            "{}{}{}",
            sym(hi),
            sym(hi),
            ["+", "-"][rng.random_range(0..2)]
        ),
        4 | 5 => format!(
            "{}{}{sfx}{}",
            sym(hi),
            sym(lo),
            ["+", "-"][rng.random_range(0..2)]
        ),
        6 => {
            let lo2 = rng.random_range(0..hi);
            if rng.random_range(0..2) == 0 {
                format!("{}{}{sfx}-{}{}{sfx}", sym(hi), sym(lo), sym(hi), sym(lo2))
            } else {
                format!("{}{}-{}{}", sym(lo), sym(lo), sym(hi), sym(hi))
            }
        }
        7 => text(deal(rng, 2, 0)),
        _ => "anyTwo".into(),
    };
    if rng.random_range(0..2) == 0 {
        format!("{body}{}", WEIGHTS[rng.random_range(0..WEIGHTS.len())])
    } else {
        body
    }
}

/// A range of one to three items, joined by `|` or `,`.
pub fn random_range(rng: &mut ChaCha8Rng, any_two: bool) -> String {
    let n = rng.random_range(1..4);
    let sep = [" | ", ", "][rng.random_range(0..2)];
    (0..n)
        .map(|_| item(rng, any_two))
        .collect::<Vec<_>>()
        .join(sep)
}

/// The holdings of `text` the known cards leave.
pub fn live(text: &str, stove: bool, known: u64) -> Range {
    range(text, stove)
        .into_iter()
        .filter(|h| h.0 & known == 0)
        .collect()
}

/// Spot `i`: the first 30 before the flop (ranges of at most 24 holdings, 0 to 3 dead cards
/// in turn), the rest on a random flop, turn or river with 0 to 3 dead cards, two in three
/// with a filter; PokerStove's notation in every other spot. Ranges are drawn again until
/// the brute force is quick.
fn spot(rng: &mut ChaCha8Rng, i: usize) -> Spot {
    let preflop = i < 30;
    let n = if preflop {
        0
    } else {
        [3, 4, 5][rng.random_range(0..3)]
    };
    let board = deal(rng, n, 0);
    let k = if preflop {
        i % 4
    } else {
        rng.random_range(0..4)
    };
    let dead = deal(rng, k, board);
    let stove = i % 2 == 1;
    let with = (!preflop && !i.is_multiple_of(3))
        .then(|| FILTERS[rng.random_range(0..FILTERS.len())].to_string());
    loop {
        let (hero, villain) = (
            random_range(rng, !preflop),
            random_range(rng, !preflop && i.is_multiple_of(5)),
        );
        let (h, v) = (
            live(&hero, stove, board | dead),
            live(&villain, stove, board | dead),
        );
        let small = if preflop {
            h.len() <= 24 && v.len() <= 24
        } else {
            h.len() * v.len() <= 40_000
        };
        if small {
            return Spot {
                hero,
                villain,
                board,
                dead,
                with,
                stove,
            };
        }
    }
}

fn options(s: &Spot) -> EquityOptions {
    EquityOptions {
        hero: s.hero.clone(),
        villain: s.villain.clone(),
        board: text(s.board),
        dead: text(s.dead),
        villain_with: s.with.clone(),
        notation: if s.stove {
            Notation::PokerStove
        } else {
            Notation::Hus
        },
        ..Default::default()
    }
}

/// Checks one spot; false when the spot has no pair of holdings to count (and `hus equity`
/// refuses it, as it must).
fn check(s: &Spot, what: &str) -> bool {
    let known = s.board | s.dead;
    let h = live(&s.hero, s.stove, known);
    let mut v = live(&s.villain, s.stove, known);
    if let Some(f) = &s.with {
        v.retain(|x| filter(f, x.0, s.board));
    }
    let report = equity(&options(s));
    let countable = h.iter().any(|a| v.iter().any(|b| a.0 & b.0 == 0));
    let Ok(report) = report else {
        assert!(!countable, "{what}: {:?}", report.err());
        return false;
    };
    assert!(countable, "{what}: hus counts what has no pair");
    assert_eq!(report.method, Method::Exact, "{what}");
    let t = brute(&h, &v, s.board, s.dead);
    assert_eq!(report_rows(&report, 0), rows(&h, &t.hero), "{what}: hero");
    assert_eq!(
        report_rows(&report, 1),
        rows(&v, &t.villain),
        "{what}: villain"
    );
    true
}

/// 100 random spots through `hus equity`'s job (a spot with no pair of holdings left, which
/// it must refuse, is drawn again): weights (0.5, 0.25, 0.75, 0.3), 0 to 3 dead
/// cards before the flop (counted by inclusion and exclusion) and after it, filters on the
/// villain, both notations and `anyTwo`: every number it prints (combos, win, tie and equity
/// of each player and each class, three decimals) equals the brute force's.
/// `cargo test --release --lib -- --ignored hus_equity_on_a_hundred_spots_against_brute_force`
#[test]
#[ignore]
fn hus_equity_on_a_hundred_spots_against_brute_force() {
    let mut r = rng(2026);
    let (mut counted, mut refused) = (0, 0);
    while counted < 100 {
        let s = spot(&mut r, counted);
        let what = format!(
            "spot {counted}: {} v {} on {} dead {} with {:?}, {}",
            s.hero,
            s.villain,
            text(s.board),
            text(s.dead),
            s.with,
            if s.stove { "pokerstove" } else { "hus" }
        );
        if check(&s, &what) {
            counted += 1;
        } else {
            refused += 1;
        }
    }
    // Spots the filter empties are drawn again, after checking that `hus equity` refuses them.
    assert!(refused < 100, "{refused} spots refused");
}

/// The hero's weighted (wins, ties, showdowns) before the flop over every board that misses
/// the dead cards; for ranges too large to count pair by pair: on each board the villain's
/// holdings sorted by rank, each hero holding's share found by binary search, less the
/// villain's holdings that share one of its cards.
fn brute_sorted(hero: &[(u64, f64)], villain: &[(u64, f64)], dead: u64) -> [f64; 3] {
    let rest: Vec<u32> = deck().into_iter().filter(|&c| dead >> c & 1 == 0).collect();
    let (hh, vh): (Vec<_>, Vec<_>) = (
        hero.iter().map(|h| cards(h.0)).collect(),
        villain.iter().map(|v| cards(v.0)).collect(),
    );
    let clash: Vec<Vec<usize>> = hero
        .iter()
        .map(|h| {
            (0..villain.len())
                .filter(|&j| villain[j].0 & h.0 != 0)
                .collect()
        })
        .collect();
    let mut total = [0.0; 3];
    let mut vr: Vec<Option<u16>> = vec![None; villain.len()];
    let mut sorted: Vec<(u16, f64)> = Vec::new();
    let mut below: Vec<f64> = Vec::new();
    subsets(&rest, 5, 0, &mut |board| {
        let b = hand(board);
        sorted.clear();
        for (j, v) in villain.iter().enumerate() {
            vr[j] = (v.0 & board == 0).then(|| (b + vh[j]).evaluate());
            if let Some(x) = vr[j] {
                sorted.push((x, v.1));
            }
        }
        sorted.sort_by_key(|x| x.0);
        below.clear();
        below.push(0.0);
        for x in &sorted {
            below.push(below.last().unwrap() + x.1);
        }
        for (i, h) in hero.iter().enumerate() {
            if h.0 & board != 0 {
                continue;
            }
            let a = (b + hh[i]).evaluate();
            let lo = sorted.partition_point(|x| x.0 < a);
            let hi = sorted.partition_point(|x| x.0 <= a);
            let mut s = [below[lo], below[hi] - below[lo], below[sorted.len()]];
            for &j in &clash[i] {
                if let Some(x) = vr[j] {
                    s[0] -= if x < a { villain[j].1 } else { 0.0 };
                    s[1] -= if x == a { villain[j].1 } else { 0.0 };
                    s[2] -= villain[j].1;
                }
            }
            add(&mut total, h.1, &s);
        }
    });
    total
}

/// The hero's equity, its standard error, and whether the report says it sampled (and why).
fn sampled(r: &EquityReport, asked: bool) -> (f64, f64) {
    let Method::Sampled {
        std_error,
        asked: a,
        ..
    } = r.method
    else {
        panic!("not sampled: {:?}", r.method)
    };
    assert_eq!(a, asked);
    let first = r.text().lines().next().unwrap().to_string();
    let says = if asked { "sampled, " } else { "sampled (above" };
    assert!(first.contains(says), "{first}");
    (r.players[0].equity, std_error)
}

/// Sampled answers lie within four standard errors of the brute force: asked for with
/// `--sample` (before the flop with a dead card, and on a flop), and chosen by the size of the
/// count (two ranges of about 90 holdings before the flop with three dead cards, above the
/// exact limit). `cargo test --release --lib -- --ignored
/// sampled_equity_lies_within_four_standard_errors`
#[test]
#[ignore]
fn sampled_equity_lies_within_four_standard_errors() {
    let asked = [
        ("QQ+ | AKs:0.5", "JJ-88 | AQs", "", "2c"),
        ("AK | 99:0.5", "anyTwo:0.5", "Kh8s4d", "2c"),
        ("T9s | 66", "AJo | KQs:0.25", "", "Ad 7c Th"),
    ];
    for (i, (h, v, board, dead)) in asked.into_iter().enumerate() {
        let o = EquityOptions {
            hero: h.into(),
            villain: v.into(),
            board: board.into(),
            dead: dead.into(),
            sample: Some(200_000),
            seed: i as u64 + 1,
            ..Default::default()
        };
        let r = equity(&o).unwrap();
        let (got, se) = sampled(&r, true);
        let (b, d) = (o.board.parse::<crate::cards::CardSet>().unwrap().0, {
            o.dead.parse::<crate::cards::CardSet>().unwrap().0
        });
        let (hl, vl) = (live(h, false, b | d), live(v, false, b | d));
        let t = brute(&hl, &vl, b, d);
        let s = hl.iter().zip(&t.hero).fold([0.0; 3], |mut s, (h, x)| {
            add(&mut s, h.1, x);
            s
        });
        let want = (s[0] + s[1] / 2.0) / s[2];
        assert!(
            (got - want).abs() <= 4.0 * se,
            "{h} v {v}: {got} against {want}, standard error {se}"
        );
    }
    let (h, v, dead) = (
        "88+ | AK | AQ | KQ",
        "22-77 | AJ | AT | KJ | QJ",
        "2c 7d Js",
    );
    let o = EquityOptions {
        hero: h.into(),
        villain: v.into(),
        dead: dead.into(),
        ..Default::default()
    };
    let r = equity(&o).unwrap();
    let (got, se) = sampled(&r, false);
    let d = dead.parse::<crate::cards::CardSet>().unwrap().0;
    let s = brute_sorted(&live(h, false, d), &live(v, false, d), d);
    let want = (s[0] + s[1] / 2.0) / s[2];
    assert!(
        (got - want).abs() <= 4.0 * se,
        "{h} v {v}: {got} against {want}, standard error {se}"
    );
}
