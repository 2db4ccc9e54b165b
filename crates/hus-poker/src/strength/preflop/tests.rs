use super::*;
use crate::strength::tests::cards;

fn table_tallies() -> Vec<(HoleClass, ShowdownTally)> {
    PREFLOP_TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let n = |i: usize| f[i].parse::<u64>().unwrap();
            (
                HoleClass::parse(f[0]).unwrap(),
                ShowdownTally {
                    wins: n(1),
                    ties: n(2),
                    showdowns: n(3),
                },
            )
        })
        .collect()
}

#[test]
fn table_parses_with_every_class() {
    let t = parse_table(PREFLOP_TABLE).unwrap();
    let aa = HoleClass::parse("AA").unwrap();
    assert_eq!((t[aa.index()] * 1e4).round() / 1e4, 0.8520);
    assert_eq!(table_tallies().len(), 169);
    assert!(table_tallies()
        .iter()
        .all(|(_, t)| t.showdowns == SHOWDOWNS));
}

#[test]
fn table_is_zero_sum() {
    // Over all 1326 hero holdings every showdown is counted from both sides: the wins equal
    // the losses, so the hero's (2 wins + ties) sum to exactly one showdown per holding.
    let sum: u64 = table_tallies()
        .iter()
        .map(|(c, t)| c.combos() as u64 * (2 * t.wins + t.ties))
        .sum();
    assert_eq!(sum, 1326 * SHOWDOWNS);
}

#[test]
fn table_orders_the_obvious() {
    let e = |s: &str| class_equity(HoleClass::parse(s).unwrap());
    assert!(e("AA") > e("KK") && e("KK") > e("AKs") && e("AKs") > e("AKo"));
    assert!(e("32o") < e("72o") || e("72o") < 0.36);
}

#[test]
fn table_errors_say_where() {
    let one = "AA\t1\t1\t10\t0.15\n";
    assert!(parse_table(one).unwrap_err().contains("missing"));
    assert!(parse_table("AA\t1\t1\n").unwrap_err().starts_with("line 1"));
    assert!(parse_table("AX\t1\t1\t10\t0.15\n")
        .unwrap_err()
        .contains("class"));
    assert!(parse_table("AA\t1\t1\t10\t0.9\n")
        .unwrap_err()
        .contains("does not match"));
    let twice = format!("{one}{one}");
    assert!(parse_table(&twice).unwrap_err().contains("twice"));
}

#[test]
fn board_tally_matches_brute_force() {
    let ev = Evaluator::get();
    for b in ["Ah Kd 7c 7s 2h", "9h Th Jh 2h 3c"] {
        let board = cards(b);
        let mut acc = vec![ShowdownTally::default(); 1326];
        tally_board(board, &mut acc);
        let unseen = crate::strength::outlook::unseen(board);
        let holdings: Vec<(u32, u32)> = unseen
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| unseen[i + 1..].iter().map(move |&b| (a, b)))
            .collect();
        let rank = |(a, b): (u32, u32)| ev.rank(CardSet(board.0 | 1 << a | 1 << b));
        let ranks: Vec<_> = holdings.iter().map(|&h| rank(h)).collect();
        // Every seventh holding, against every disjoint villain.
        for (i, &(a, b)) in holdings.iter().enumerate().step_by(7) {
            let mut t = ShowdownTally::default();
            for (j, &(c, d)) in holdings.iter().enumerate() {
                if [c, d].iter().any(|x| *x == a || *x == b) {
                    continue;
                }
                t.showdowns += 1;
                t.wins += (ranks[i] > ranks[j]) as u64;
                t.ties += (ranks[i] == ranks[j]) as u64;
            }
            assert_eq!(acc[combo_index(number(a), number(b))], t);
        }
    }
}

/// The exact preflop equity of one holding by the definition, over every board and every
/// villain holding (an algorithm independent of the generator's sort-and-sweep).
fn brute_preflop(hole: CardSet) -> ShowdownTally {
    let ev = Evaluator::get();
    let unseen = crate::strength::outlook::unseen(hole);
    let n = unseen.len();
    (0..n)
        .into_par_iter()
        .map(|a| {
            let mut t = ShowdownTally::default();
            let mut rest = Vec::with_capacity(n);
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        for e in d + 1..n {
                            let board = IncrementalHand::EMPTY
                                .with(unseen[a])
                                .with(unseen[b])
                                .with(unseen[c])
                                .with(unseen[d])
                                .with(unseen[e]);
                            let hero = ev.rank_hand(IncrementalHand::of(hole.union(board.cards())));
                            rest.clear();
                            rest.extend(unseen.iter().filter(|&&x| board.cards().0 & 1 << x == 0));
                            for (i, &v) in rest.iter().enumerate() {
                                let hv = board.with(v);
                                for &w in &rest[i + 1..] {
                                    let r = ev.rank_hand(hv.with(w));
                                    t.showdowns += 1;
                                    t.wins += (hero > r) as u64;
                                    t.ties += (hero == r) as u64;
                                }
                            }
                        }
                    }
                }
            }
            t
        })
        .reduce(ShowdownTally::default, |mut x, y| {
            x.add(&y);
            x
        })
}

/// Recomputes a few table rows by the definition (billions of showdowns: run in release,
/// `cargo test --release -- --ignored preflop_rows`).
#[test]
#[ignore]
fn preflop_rows_recomputed_by_definition() {
    let rows = table_tallies();
    for (class, hole) in [("AA", "As Ah"), ("72o", "7c 2d"), ("T9s", "Th 9h")] {
        let start = std::time::Instant::now();
        let t = brute_preflop(cards(hole));
        eprintln!("{class}: {t:?} in {:?}", start.elapsed());
        let want = rows.iter().find(|(c, _)| c.name() == class).unwrap().1;
        assert_eq!(t, want, "{class}");
    }
}
