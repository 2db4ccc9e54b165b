use super::reference;
use super::*;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::cmp::Ordering;

/// The 52 card bit indexes of the layout.
fn deck() -> Vec<u32> {
    (0..64).filter(|i| i % 16 < 13).collect()
}

fn set(cards: &[u32]) -> CardSet {
    CardSet(cards.iter().fold(0, |m, &c| m | 1 << c))
}

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn random_hands(n: usize, size: usize, seed: u64) -> Vec<CardSet> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut d = deck();
    (0..n)
        .map(|_| {
            d.shuffle(&mut rng);
            set(&d[..size])
        })
        .collect()
}

/// Every rank multiset `counted` picks lands in its own slot (`slot_of` its key) and reads its
/// value back through `lookup`; returns how many there were.
fn hash_is_perfect(
    counted: impl Fn(&[u8; 13]) -> bool,
    slot_of: impl Fn(u32) -> u32,
    lookup: impl Fn(u32) -> u16,
) -> usize {
    let mut seen = std::collections::HashMap::new();
    let mut n = 0;
    for_each_rank_multiset(|counts, key| {
        if !counted(counts) {
            return;
        }
        n += 1;
        let slot = slot_of(key);
        assert!(
            seen.insert(slot, key).is_none(),
            "two rank keys share slot {slot}"
        );
        assert_eq!(lookup(key), counts_value(counts));
    });
    n
}

#[test]
fn every_rank_multiset_hashes_to_its_own_value() {
    let n = hash_is_perfect(
        |_| true,
        |key| (key & ROW_MASK) + ROW_OFFSETS[(key >> ROW_SHIFT) as usize],
        lookup_key,
    );
    assert_eq!(n, 76_155);
}

#[test]
fn every_seven_card_rank_multiset_hashes_to_its_own_value() {
    let n = hash_is_perfect(
        |counts| counts.iter().sum::<u8>() == 7,
        |key| (key & ROW_MASK7) + ROW_OFFSETS7[(key >> ROW_SHIFT7) as usize],
        lookup7_key,
    );
    assert_eq!(n, 49_205);
}

/// The committed displacements are what the generator computes (what `gen-tables --check
/// eval` tells; here so that `cargo test` covers it without another build of the crate).
#[test]
fn tables_source_is_committed() {
    let committed = include_str!("../eval7_tables.rs");
    assert!(
        tables_source() == committed,
        "crates/hus-poker/src/strength/eval7_tables.rs differs from what gen-tables computes; regenerate it: \
         cargo run --release -p hus-poker --features gen-tables --bin gen-tables -- eval"
    );
}

#[test]
fn every_row_lies_inside_the_lookup() {
    assert_eq!(ROW_OFFSETS.len(), 8192);
    for &o in &ROW_OFFSETS {
        assert!((o + ROW_MASK) < LOOKUP_LEN as u32);
    }
    assert_eq!(ROW_OFFSETS7.len() << ROW_SHIFT7, 1 << 25);
    for &o in &ROW_OFFSETS7 {
        assert!((o + ROW_MASK7) < LOOKUP7_LEN as u32);
    }
}

#[test]
fn suit_keys_flag_five_or_more_cards() {
    for m in 0..8192u32 {
        assert_eq!(
            SUIT_KEY[m as usize] & SUIT_FLUSH != 0,
            m.count_ones() >= 5,
            "{m:#x}"
        );
        assert!(SUIT_KEY[m as usize] & !SUIT_FLUSH < 1 << 26);
    }
}

#[test]
fn the_included_table_is_what_the_ranking_gives() {
    // build.rs wrote it with the same functions; a mismatch means OUT_DIR's file is not this
    // build's (or the byte order is wrong).
    let fresh = table_values();
    assert_eq!(fresh.len(), TABLE.len());
    let differ = (0..TABLE.len()).filter(|&i| TABLE[i] != fresh[i]).count();
    assert_eq!(differ, 0, "entries differing");
}

#[test]
fn flush_table_follows_the_rules() {
    for m in 0..8192u16 {
        if m.count_ones() >= 5 {
            assert_eq!(TABLE[FLUSH_BASE + m as usize], flush_value(m), "{m:#x}");
        }
    }
}

#[test]
fn all_five_card_hands_by_category() {
    let ev = Evaluator::get();
    let d = deck();
    let mut by_cat = [0u32; 10];
    let mut distinct = vec![false; 1 << 16];
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for e in c + 1..52 {
                    let m4 = set(&[d[a], d[b], d[c], d[e]]).0;
                    for &f in &d[e + 1..] {
                        let r = ev.rank(CardSet(m4 | 1 << f));
                        by_cat[r.category() as usize] += 1;
                        distinct[r.0 as usize] = true;
                    }
                }
            }
        }
    }
    assert_eq!(
        by_cat[1..],
        [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    );
    assert_eq!(distinct.iter().filter(|&&x| x).count(), 7_462);
}

#[test]
fn agrees_with_the_reference_evaluator() {
    for size in [5, 6, 7] {
        let hands = random_hands(3_000, size, size as u64);
        let scored: Vec<(HandRank, reference::Score)> = hands
            .iter()
            .map(|&h| (evaluate(h), reference::best(h)))
            .collect();
        for (h, (fast, slow)) in hands.iter().zip(&scored) {
            assert_eq!(fast.category(), slow.0, "{h:?}");
        }
        for w in scored.windows(2) {
            assert_eq!(w[0].0.cmp(&w[1].0), w[0].1.cmp(&w[1].1), "{w:?}");
        }
    }
}

#[test]
fn close_calls_order_as_the_rules_say() {
    let r = |s: &str| evaluate(cards(s));
    // Wheel below six-high straight; steel wheel a straight flush.
    assert!(r("Ah 2d 3c 4s 5h Kd Kc") < r("2d 3c 4s 5h 6d Kd Kc"));
    assert_eq!(
        r("Ah 2h 3h 4h 5h Kd Kc").category(),
        Category::StraightFlush
    );
    // Best five of a seven-card flush; the sixth flush card does not count.
    assert_eq!(r("Ah Kh 9h 7h 5h 3h 2d"), r("Ah Kh 9h 7h 5h 2h 2d"));
    assert!(r("Ah Kh 9h 7h 6h 3h 2d") > r("Ah Kh 9h 7h 5h 4h 2d"));
    // Three pairs: the third pair's card can be the kicker.
    assert_eq!(r("Ah Ad Kh Kd Qh Qd 2c"), r("Ah Ad Kh Kd Qc 3d 2c"));
    assert!(r("Ah Ad Kh Kd Qh Qd 2c") > r("Ah Ad Kh Kd Jh 3d 2c"));
    // Two trips make a full house with the higher as trips.
    assert_eq!(r("Ah Ad Ac Kh Kd Kc 2c"), r("Ah Ad Ac Kh Kd 3c 2c"));
    assert_eq!(r("Ah Ad Ac Kh Kd Kc 2c").category(), Category::FullHouse);
    // Quads beat a straight flush's absence; kicker counts.
    assert!(r("9h 9d 9c 9s Ah 2d 3c") > r("9h 9d 9c 9s Kh Qd Jc"));
    assert_eq!(r("9h 9d 9c 9s Ah Ad 3c"), r("9h 9d 9c 9s Ah 2d 3c"));
}

#[test]
fn incremental_hand_agrees_with_card_sets() {
    let ev = Evaluator::get();
    for size in 0..=7 {
        for h in random_hands(500, size, 100 + size as u64) {
            assert_eq!(ev.rank_hand(IncrementalHand::of(h)), ev.rank(h), "{h:?}");
        }
    }
}

#[test]
fn adding_cards_matches_with() {
    let ev = Evaluator::get();
    for h in random_hands(500, 7, 300) {
        let mut by_with = IncrementalHand::EMPTY;
        let mut by_add = IncrementalHand::EMPTY;
        for c in h.cards() {
            let b = c.index();
            by_with = by_with.with(b);
            by_add = by_add + IncrementalHand::card(b);
        }
        assert_eq!(by_add, by_with);
        assert_eq!(by_add, IncrementalHand::of(h));
        assert_eq!(ev.rank_hand(by_add), ev.rank(h), "{h:?}");
    }
}

/// Over seven cards (or a card added twice) is misuse: any rank may come back, but no panic
/// and no lookup outside the tables.
#[test]
fn oversized_hands_stay_in_bounds() {
    let ev = Evaluator::get();
    let mut h = IncrementalHand::EMPTY;
    for round in 0..40 {
        for b in deck() {
            h = h.with(b);
            let _ = ev.rank_hand(h);
            let _ = ev.rank_hand(h + IncrementalHand::card(b + round));
        }
    }
    for x in [
        u64::MAX,
        0x1fff_1fff_1fff_1fff,
        0x0fff_0fff_0fff_0fff,
        0x000f_00ff_0fff_1fff,
    ] {
        let _ = ev.rank(CardSet(x));
        let _ = ev.rank_hand(IncrementalHand::of(CardSet(x)));
    }
}

#[test]
fn partial_hands_order_by_their_kickers() {
    let r = |s: &str| evaluate(cards(s));
    assert!(r("Ah Kd") > r("Ah Qd"));
    assert!(r("2h 2d") > r("Ah Kd"));
    assert_eq!(r("Ah Ad Kc").cmp(&r("Ah Ad Qc")), Ordering::Greater);
    assert_eq!(r("7h 7d 7c 7s").category(), Category::FourOfAKind);
}

/// All 133,784,560 seven-card hands by category. Run in release:
/// `cargo test --release -- --ignored all_seven_card_hands`.
#[test]
#[ignore]
fn all_seven_card_hands_by_category() {
    let ev = Evaluator::get();
    let d = deck();
    let start = std::time::Instant::now();
    let mut by_cat = [0u64; 10];
    for a in 0..52 {
        let ha = IncrementalHand::EMPTY.with(d[a]);
        for b in a + 1..52 {
            let hb = ha.with(d[b]);
            for c in b + 1..52 {
                let hc = hb.with(d[c]);
                for e in c + 1..52 {
                    let he = hc.with(d[e]);
                    for f in e + 1..52 {
                        let hf = he.with(d[f]);
                        for g in f + 1..52 {
                            let hg = hf.with(d[g]);
                            for &h in &d[g + 1..] {
                                let hand = hg.with(h);
                                let r = ev.rank_hand(hand);
                                assert_eq!(r, ev.rank(hand.cards()));
                                by_cat[r.category() as usize] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!("seven-card enumeration took {:?}", start.elapsed());
    assert_eq!(
        by_cat[1..],
        [
            23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
            224_848, 41_584
        ]
    );
    assert_eq!(by_cat.iter().sum::<u64>(), 133_784_560);
}
