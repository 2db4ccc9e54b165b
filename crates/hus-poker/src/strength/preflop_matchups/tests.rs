use super::*;
use crate::strength::preflop;
use crate::strength::tests::cards;

/// `n` random matchups (hero, villain) of four different cards, as bit indexes.
fn random_matchups(n: usize, seed: u64) -> Vec<([u32; 2], [u32; 2])> {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<u32> = unseen(CardSet::EMPTY);
    (0..n)
        .map(|_| {
            deck.shuffle(&mut rng);
            ([deck[0], deck[1]], [deck[2], deck[3]])
        })
        .collect()
}

fn set(bits: [u32; 2]) -> CardSet {
    CardSet(1 << bits[0] | 1 << bits[1])
}

fn bits(hand: &str) -> [u32; 2] {
    let mut c = cards(hand).cards();
    [c.next().unwrap().index(), c.next().unwrap().index()]
}

/// The class of a matchup and its entry's place in the class's row, smallest of its orbit.
fn entry_of(hero: [u32; 2], villain: [u32; 2]) -> (usize, usize) {
    let (class, place) = flop_equity::placing(card(hero[0]), card(hero[1]));
    let combo = pair_index(place(card(villain[0])), place(card(villain[1])));
    let layout = Layout::of(class.index());
    (class.index(), smallest(&layout)[combo])
}

/// Renames the suits of a card (bit index): suit s becomes `p[s]`.
fn renamed(bit: u32, p: [usize; 4]) -> u32 {
    (p[bit as usize / 16] * 16) as u32 + bit % 16
}

#[test]
fn the_matchup_classes_number_93_769_and_47_008_unordered() {
    let stored: Vec<(CardSet, CardSet)> = (0..169).flat_map(stored).collect();
    assert_eq!(stored.len(), CLASSES);
    let mut keys: Vec<u32> = stored.iter().map(|&(h, v)| unordered_key(h, v).0).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), 47_008);
}

#[test]
fn renaming_suits_finds_the_same_entry() {
    for (hero, villain) in random_matchups(200, 41) {
        let want = entry_of(hero, villain);
        for p in flop_equity::permutations() {
            let (h, v) = (hero.map(|b| renamed(b, p)), villain.map(|b| renamed(b, p)));
            assert_eq!(
                entry_of(h, v),
                want,
                "{hero:?} vs {villain:?} renamed by {p:?}"
            );
            assert_eq!(entry_of([h[1], h[0]], [v[1], v[0]]), want);
        }
    }
}

#[test]
fn a_matchup_and_its_reverse_share_a_key() {
    for (hero, villain) in random_matchups(200, 42) {
        let (key, swapped) = unordered_key(set(hero), set(villain));
        let (back, _) = unordered_key(set(villain), set(hero));
        assert_eq!(key, back);
        // The key's first holding is a renaming of the hero's (or of the villain's if swapped).
        let first = if swapped { set(villain) } else { set(hero) };
        let (a, b) = (key_cards(key >> 12), key_cards(key & 0xfff));
        assert_eq!(a.union(b).len(), 4);
        let class = |s: CardSet| {
            let mut c = s.cards();
            HoleClass::of(c.next().unwrap(), c.next().unwrap())
        };
        assert_eq!(class(a), class(first));
    }
}

#[test]
fn a_damaged_table_is_refused() {
    crate::strength::class_table::assert_damage_refused(&FORMAT, write(&vec![vec![]; 169]));
}

#[test]
fn the_committed_table_parses() {
    parse(FILE).unwrap();
}

#[test]
fn the_incremental_count_is_the_reference_count() {
    // The generator's enumeration against the definition, on matchups of every shape.
    for (hero, villain) in [("Ah Kh", "Qd Qc"), ("7s 2d", "7h 2s"), ("Ac Ad", "Kc Kd")] {
        let (h, v) = (cards(hero), cards(villain));
        assert_eq!(count(h, v), count_reference(h, v), "{hero} vs {villain}");
    }
}

#[test]
fn a_matchup_read_both_ways_adds_up_to_every_board() {
    // The villain's wins are the hero's losses; a hand against itself in other suits splits
    // evenly.
    for (hero, villain) in random_matchups(500, 46) {
        let ((w, t), (back_w, back_t)) = (matchup(hero, villain), matchup(villain, hero));
        assert_eq!(t, back_t);
        assert_eq!(w + t + back_w, BOARDS, "{hero:?} vs {villain:?}");
    }
    let (w, _) = matchup(bits("Ah Kd"), bits("As Kc"));
    assert_eq!(w, matchup(bits("As Kc"), bits("Ah Kd")).0);
}

/// The table against the definition for `n` random matchups.
fn table_matches_enumeration(n: usize, seed: u64) {
    use rayon::prelude::*;
    let bad: Vec<_> = random_matchups(n, seed)
        .into_par_iter()
        .filter(|&(h, v)| matchup(h, v) != count_reference(set(h), set(v)))
        .collect();
    assert!(
        bad.is_empty(),
        "{} of {n} differ, e.g. {:?}",
        bad.len(),
        bad[0]
    );
}

#[test]
fn the_table_agrees_with_enumeration_for_20_matchups() {
    table_matches_enumeration(20, 43);
}

/// A larger sample: run with `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn the_table_agrees_with_enumeration_for_200_matchups() {
    table_matches_enumeration(200, 44);
}

#[test]
fn every_holdings_matchups_sum_to_its_preflop_table_counts() {
    // The class table (`tables/preflop-equity.tsv`) counts a holding's wins and ties over
    // every (villain, board) pair: the same pairs as its matchups, summed.
    for line in preflop::PREFLOP_TABLE
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split('\t').collect();
        let class = HoleClass::parse(f[0]).unwrap();
        let mut c = Layout::of(class.index()).hole.cards();
        let hero = [c.next().unwrap().index(), c.next().unwrap().index()];
        let rest = unseen(set(hero));
        let (mut wins, mut ties) = (0u64, 0u64);
        for (i, &a) in rest.iter().enumerate() {
            for &b in &rest[i + 1..] {
                let (w, t) = matchup(hero, [a, b]);
                wins += u64::from(w);
                ties += u64::from(t);
            }
        }
        assert_eq!(
            (wins.to_string(), ties.to_string()),
            (f[1].into(), f[2].into()),
            "{}",
            f[0]
        );
    }
}

/// A range of the given classes.
fn range(classes: &str) -> HoleClassSet {
    classes
        .split(' ')
        .map(|c| HoleClass::parse(c).unwrap())
        .collect()
}

#[test]
fn equity_against_a_small_range_is_the_enumerated_one() {
    // Card removal: the hero's ace of spades leaves three of AA's six holdings and 3 of AKs's 4.
    let hole = cards("As Qs");
    let r = range("AA AKs");
    assert_eq!(super::super::versus::live_holdings(&r, hole).len(), 6);
    assert_eq!(
        versus(hole, &r).unwrap().to_bits(),
        versus_reference(hole, &r).unwrap().to_bits()
    );
}

#[test]
fn equity_against_the_whole_range_is_the_class_equity() {
    for hand in ["As Ad", "7h 2c", "Kd Qd"] {
        let hole = cards(hand);
        let e = versus(hole, &HoleClassSet::ALL).unwrap();
        assert_eq!(
            e.to_bits(),
            crate::strength::equity(hole, CardSet::EMPTY).to_bits()
        );
    }
    assert_eq!(versus(cards("As Ad"), &HoleClassSet::EMPTY), None);
}

/// `equityVs` before the flop against the definition for random ranges (each class in with
/// chance `share`) and random hands.
fn ranges_match_enumeration(n: usize, share: f64, seed: u64) {
    use rand::{RngExt, SeedableRng};
    use rayon::prelude::*;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let cases: Vec<(CardSet, HoleClassSet)> = random_matchups(n, seed)
        .into_iter()
        .map(|(h, _)| {
            let r = HoleClass::all()
                .filter(|_| rng.random_bool(share))
                .collect();
            (set(h), r)
        })
        .collect();
    cases.par_iter().for_each(|(hole, r)| {
        let want = versus_reference(*hole, r).map(f64::to_bits);
        assert_eq!(
            versus(*hole, r).map(f64::to_bits),
            want,
            "{hole:?} vs {r:?}"
        );
    });
}

/// Random ranges of about 10 % of the classes: run with `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn equity_against_random_ranges_is_the_enumerated_one() {
    ranges_match_enumeration(4, 0.1, 45);
}
