use super::*;
use rand::{RngExt, SeedableRng};

/// Each entry's counts on one board by the definition: every entry of the other side that
/// shares no card with it, compared by rank.
fn brute(entries: &[ShowdownEntry], board: u64) -> Vec<Counts> {
    let ev = Evaluator::get();
    let hand = IncrementalHand::of(crate::cards::CardSet(board));
    let rank = |e: &ShowdownEntry| ev.rank_hand(hand.with(e.cards[0]).with(e.cards[1]));
    entries
        .iter()
        .map(|e| {
            let mut c = Counts::default();
            if e.mask() & board != 0 {
                return c;
            }
            for o in entries {
                if o.mask() & (board | e.mask()) != 0 {
                    continue;
                }
                for s in 0..2 {
                    match rank(e).cmp(&rank(o)) {
                        std::cmp::Ordering::Greater => c.wins[s] += o.weight[1 - s],
                        std::cmp::Ordering::Equal => c.ties[s] += o.weight[1 - s],
                        std::cmp::Ordering::Less => {}
                    }
                }
            }
            c
        })
        .collect()
}

/// Random entries (some held by one side only, weights 0 to 3) on random boards: the sweep
/// counts what the definition counts, exactly.
#[test]
fn the_sweep_counts_every_disjoint_pair_by_rank() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let deck: Vec<u32> = crate::strength::outlook::unseen(crate::cards::CardSet::EMPTY);
    for _ in 0..40 {
        let mut taken = std::collections::HashSet::new();
        let mut entries = Vec::new();
        // Few distinct cards so that ties and shared cards are common.
        let cards: Vec<u32> = (0..12)
            .map(|_| deck[rng.random_range(0..deck.len())])
            .collect();
        for _ in 0..30 {
            let (a, b) = (
                cards[rng.random_range(0..12)],
                cards[rng.random_range(0..12)],
            );
            if a == b || !taken.insert((a.min(b), a.max(b))) {
                continue;
            }
            entries.push(ShowdownEntry {
                cards: [a.min(b), a.max(b)],
                weight: [rng.random_range(0..4), rng.random_range(0..4)],
            });
        }
        let mut board = 0u64;
        while board.count_ones() < 5 {
            board |= 1 << deck[rng.random_range(0..deck.len())];
        }
        let mut counter = BoardCounter::new(entries.clone());
        let hand = IncrementalHand::of(crate::cards::CardSet(board));
        counter.add_board(Evaluator::get(), board, hand);
        assert_eq!(counter.counts(), &brute(&entries, board)[..]);
    }
}
