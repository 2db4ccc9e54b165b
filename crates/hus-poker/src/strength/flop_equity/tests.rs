use super::*;
use crate::strength::outlook;
use crate::strength::tests::{cards, random_flops};

/// The smallest combination of the class of (hole, flop), found through [`locate`].
fn stored_of(hole: CardSet, flop: CardSet) -> (usize, usize) {
    let (class, combo) = locate(hole, flop);
    (class, Layout::of(class).smallest().nth(combo).unwrap())
}

/// Renames the suits of a card set: suit s becomes `p[s]`.
fn renamed(set: CardSet, p: [usize; 4]) -> CardSet {
    set.cards().fold(CardSet::EMPTY, |m, c| {
        m.union(Card::new(c.rank, Suit::ALL[p[c.suit as usize]]).set())
    })
}

#[test]
fn the_hole_and_flop_classes_number_1_286_792() {
    // The count of flop hands under suit isomorphism published with Waugh's hand indexer.
    let total: usize = (0..169).map(|c| Layout::of(c).stored().len()).sum();
    assert_eq!(total, CLASSES);
}

#[test]
fn each_hole_class_stores_its_flops_once_per_renaming_orbit() {
    // Suited: the three other suits rename freely; offsuit: two; a pair: two and the pair's.
    let count = |hand: &str| {
        let (a, b) = {
            let h = cards(hand);
            let mut c = h.cards();
            (c.next().unwrap(), c.next().unwrap())
        };
        Layout::of(HoleClass::of(a, b).index()).stored().len()
    };
    assert_eq!(count("Ah Kh"), 4_494);
    assert_eq!(count("Ah Kd"), 10_968);
    assert_eq!(count("Ah Ad"), 6_212);
}

#[test]
fn renaming_suits_finds_the_same_stored_flop() {
    for (hole, flop) in random_flops(200, 31) {
        let want = stored_of(hole, flop);
        for p in permutations() {
            assert_eq!(
                stored_of(renamed(hole, p), renamed(flop, p)),
                want,
                "hole {hole:?} flop {flop:?} renamed by {p:?}"
            );
        }
    }
}

#[test]
fn the_stored_flops_are_distinct_classes() {
    // Two stored flops of one hole class are never renamings of each other.
    let layout = Layout::of(locate(cards("Ah Ad"), cards("2c 3c 4c")).0);
    let stored = layout.stored();
    let mut seen = std::collections::HashSet::new();
    for &flop in &stored {
        assert!(seen.insert(stored_of(layout.hole, flop)));
    }
}

#[test]
fn a_damaged_table_is_refused() {
    crate::strength::class_table::assert_damage_refused(&FORMAT, write(&vec![vec![]; 169]));
}

#[test]
fn a_class_count_spreads_to_every_renaming() {
    // A made-up table whose count is the stored flop's combination index plus one.
    let per_class: Vec<Vec<u32>> = (0..169)
        .map(|c| {
            let layout = Layout::of(c);
            let smallest: Vec<usize> = layout.smallest().collect();
            (0..FLOPS)
                .filter(|&i| smallest[i] == i)
                .map(|i| i as u32 + 1)
                .collect()
        })
        .collect();
    let bytes = write(&per_class);
    let table = parse(&bytes).unwrap();
    for (hole, flop) in random_flops(50, 34) {
        let (class, combo) = locate(hole, flop);
        let stored = stored_of(hole, flop).1;
        assert_eq!(spread(&table, class)[combo], stored as u32 + 1);
    }
}

#[test]
fn a_count_reads_as_the_outlook_equity() {
    let o = outlook::Outlook {
        hp: [[300_001, 2, 3], [4, 5, 6], [7, 8, 770_154]],
    };
    assert_eq!(
        equity_of(o.doubled_wins() as u32).to_bits(),
        o.equity().to_bits()
    );
}

/// The committed table, installed as a build without it gets it (a no-op with it built in).
fn committed() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tables/flop-equity.bin");
    install(std::fs::read(path).unwrap()).unwrap();
    assert!(available());
}

fn table_matches_enumeration(n: usize, seed: u64) {
    committed();
    for (hole, flop) in random_flops(n, seed) {
        let want = outlook::flop(hole, flop).equity();
        assert_eq!(
            equity(hole, flop).unwrap().to_bits(),
            want.to_bits(),
            "hole {hole:?} flop {flop:?}"
        );
    }
}

#[test]
fn the_table_agrees_with_enumeration_to_the_last_bit() {
    table_matches_enumeration(100, 32);
}

/// A larger sample: run with `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn many_table_equities_agree_with_enumeration() {
    table_matches_enumeration(20_000, 33);
}

#[cfg(feature = "flop-table")]
#[test]
fn the_committed_table_parses() {
    parse(BUILT_IN.unwrap()).unwrap();
}

#[test]
fn bytes_that_are_not_the_table_are_refused() {
    let e = install(b"HUSFEQ01 but short".to_vec()).unwrap_err();
    assert!(e.contains("flop equity table"), "{e}");
}
