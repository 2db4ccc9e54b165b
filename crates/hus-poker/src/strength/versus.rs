//! Strength against a range (reference §12.8): `equityVs`, `ppotVs`, `npotVs` and
//! `handStrengthVs` count the villain holdings of a range that the known cards leave, each
//! against every run-out, exactly.
//!
//! On the flop each live holding is counted against every run-out by SIMD lanes over the
//! run-out's second card (`outlook::range_flop`, the flop outlook's rows). On the turn,
//! holdings with the same two ranks and the same state now (ahead, tied, behind) form a group:
//! without a flush their final rank is one lookup of the ranks, shared by the group and by every
//! run-out of the same ranks. A run-out's count per group is the group's size less the holdings
//! that hold a run-out card (per-card counts, kept per group), and holdings that can make a
//! flush on that run-out are ranked one by one as a correction.

use super::eval7::{Evaluator, HandRank, IncrementalHand};
use super::outlook::{unseen, Outlook, AHEAD, BEHIND, TIED};
use crate::cards::hole::HoleClassSet;
use crate::cards::CardSet;

/// One live villain holding: its two cards (bit indexes) and its group.
#[derive(Clone, Copy)]
struct Holding {
    a: u32,
    b: u32,
    group: usize,
}

/// The range's live holdings, grouped, for one (hole, board).
struct Groups {
    holdings: Vec<Holding>,
    /// Per group: its state now, the key of its two ranks, its size.
    now: Vec<usize>,
    ranks: Vec<IncrementalHand>,
    size: Vec<i64>,
    /// `per_card[card * g + group]`: the group's holdings that hold the card; row 64 is zeros
    /// (the missing second card of a turn's run-out).
    per_card: Vec<i64>,
    /// The group of the holding made of exactly two cards (`a * 64 + b`), if live.
    pair_group: Vec<u16>,
}

const NO_GROUP: u16 = u16::MAX;

/// The villain holdings in `range` disjoint from `dead`, as (card, card) bit indexes.
pub fn live_holdings(range: &HoleClassSet, dead: CardSet) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    crate::cards::range::each_holding(dead, |a, b, class| {
        if range.contains(class) {
            out.push((a, b));
        }
    });
    out
}

fn state(hero: HandRank, villain: HandRank) -> usize {
    match hero.cmp(&villain) {
        std::cmp::Ordering::Greater => AHEAD,
        std::cmp::Ordering::Equal => TIED,
        std::cmp::Ordering::Less => BEHIND,
    }
}

fn group(live: &[(u32, u32)], hole: CardSet, board: CardSet) -> Option<Groups> {
    let ev = Evaluator::get();
    if live.is_empty() {
        return None;
    }
    let hero_now = ev.rank(hole.union(board));
    let mut index = vec![NO_GROUP; 13 * 13 * 3];
    let mut g = Groups {
        holdings: Vec::with_capacity(live.len()),
        now: Vec::new(),
        ranks: Vec::new(),
        size: Vec::new(),
        per_card: Vec::new(),
        pair_group: vec![NO_GROUP; 64 * 64],
    };
    for &(a, b) in live {
        let villain_now = ev.rank(board.union(CardSet(1 << a | 1 << b)));
        let now = state(hero_now, villain_now);
        let (ra, rb) = ((a % 16) as usize, (b % 16) as usize);
        let key = (ra.max(rb) * 13 + ra.min(rb)) * 3 + now;
        if index[key] == NO_GROUP {
            index[key] = g.now.len() as u16;
            g.now.push(now);
            g.ranks
                .push(IncrementalHand::card(a) + IncrementalHand::card(b));
            g.size.push(0);
        }
        let group = index[key] as usize;
        g.size[group] += 1;
        g.pair_group[(a * 64 + b) as usize] = group as u16;
        g.holdings.push(Holding { a, b, group });
    }
    let n = g.now.len();
    g.per_card = vec![0; 65 * n];
    for h in &g.holdings {
        g.per_card[h.a as usize * n + h.group] += 1;
        g.per_card[h.b as usize * n + h.group] += 1;
    }
    Some(g)
}

/// Per-group counts of (holding, run-out) pairs: all, hero ahead at the end, hero tied.
struct Tally {
    all: Vec<i64>,
    ahead: Vec<i64>,
    tied: Vec<i64>,
}

impl Tally {
    fn add(&mut self, group: usize, hero: HandRank, villain: HandRank, n: i64) {
        self.all[group] += n;
        self.ahead[group] += n * (hero > villain) as i64;
        self.tied[group] += n * (hero == villain) as i64;
    }

    fn into_outlook(self, g: &Groups) -> Outlook {
        let mut hp = [[0u64; 3]; 3];
        for (k, &now) in g.now.iter().enumerate() {
            hp[now][AHEAD] += self.ahead[k] as u64;
            hp[now][TIED] += self.tied[k] as u64;
            hp[now][BEHIND] += (self.all[k] - self.ahead[k] - self.tied[k]) as u64;
        }
        Outlook { hp }
    }
}

/// The run-out's cards (one on the turn: the second is 64, no card) and what they make.
struct RunOut {
    c: u32,
    d: u32,
    board: IncrementalHand,
    hero: HandRank,
    /// The non-flush rank of each group on this run-out's ranks.
    row: usize,
}

/// HP (reference §7's matrix) of the hero against the range's live holdings over every
/// run-out, on the flop or the turn; `None` when the known cards leave no holding of the range.
pub fn versus(hole: CardSet, board: CardSet, range: &HoleClassSet) -> Option<Outlook> {
    versus_live(hole, board, &live_holdings(range, hole.union(board)))
}

/// HP of the hero against the given villain holdings (each disjoint from the hole cards and
/// the board) over every run-out; `None` when there is none.
pub fn versus_live(hole: CardSet, board: CardSet, live: &[(u32, u32)]) -> Option<Outlook> {
    assert!(
        matches!(board.len(), 3 | 4),
        "a range outlook needs a flop or a turn"
    );
    if board.len() == 3 {
        return (!live.is_empty()).then(|| super::outlook::range_flop(hole, board, live));
    }
    let g = group(live, hole, board)?;
    let ev = Evaluator::get();
    let n = g.now.len();
    let cards = unseen(hole.union(board));
    let board_hand = IncrementalHand::of(board);
    let hero_hand = IncrementalHand::of(hole.union(board));
    // Non-flush ranks by the run-out's ranks (13 x 13 rows, filled when first needed).
    let mut memo = vec![HandRank(0); 169 * n];
    let mut filled = [false; 169];
    let mut t = Tally {
        all: vec![0; n],
        ahead: vec![0; n],
        tied: vec![0; n],
    };
    let suit_lists = flush_lists(&g);
    let board_suits = suit_counts(board);
    let mut visit = |c: u32, d: u32| {
        let mut b = board_hand.with(c);
        let mut h = hero_hand.with(c);
        let mut row = (c % 16) as usize;
        if d < 64 {
            b = b.with(d);
            h = h.with(d);
            row = row.max((d % 16) as usize) * 13 + row.min((d % 16) as usize);
        }
        if !filled[row] {
            filled[row] = true;
            for k in 0..n {
                memo[row * n + k] = ev.rank_ignoring_flush(b + g.ranks[k]);
            }
        }
        let r = RunOut {
            c,
            d,
            board: b,
            hero: ev.rank_hand(h),
            row,
        };
        count_groups(&g, &memo[r.row * n..(r.row + 1) * n], &r, &mut t);
        correct_flushes(
            &g,
            &memo[r.row * n..],
            &r,
            &board_suits,
            &suit_lists,
            &mut t,
        );
    };
    for (i, &c) in cards.iter().enumerate() {
        if board.len() == 4 {
            visit(c, 64);
        } else {
            for &d in &cards[i + 1..] {
                visit(c, d);
            }
        }
    }
    Some(t.into_outlook(&g))
}

/// Every group at its non-flush rank, counting its holdings that miss the run-out's cards.
fn count_groups(g: &Groups, memo: &[HandRank], r: &RunOut, t: &mut Tally) {
    let n = g.now.len();
    let pc = &g.per_card[r.c as usize * n..][..n];
    let pd = &g.per_card[r.d as usize * n..][..n];
    for k in 0..n {
        let live = g.size[k] - pc[k] - pd[k];
        t.add(k, r.hero, memo[k], live);
    }
    if r.d < 64 {
        // The holding made of both run-out cards was taken away twice.
        let both = g.pair_group[(r.c * 64 + r.d) as usize];
        if both != NO_GROUP {
            t.add(both as usize, r.hero, memo[both as usize], 1);
        }
    }
}

/// Per suit, the holdings with at least one card of it and those with two.
struct FlushLists {
    one: [Vec<usize>; 4],
    two: [Vec<usize>; 4],
}

fn flush_lists(g: &Groups) -> FlushLists {
    let mut f = FlushLists {
        one: Default::default(),
        two: Default::default(),
    };
    for (i, h) in g.holdings.iter().enumerate() {
        let (sa, sb) = ((h.a / 16) as usize, (h.b / 16) as usize);
        f.one[sa].push(i);
        if sb != sa {
            f.one[sb].push(i);
        } else {
            f.two[sa].push(i);
        }
    }
    f
}

fn suit_counts(cards: CardSet) -> [u32; 4] {
    std::array::from_fn(|s| ((cards.0 >> (16 * s)) & 0x1fff).count_ones())
}

/// Where the board and run-out hold three or more of a suit, the holdings that can make a
/// flush are ranked as they are, replacing their group's non-flush rank.
fn correct_flushes(
    g: &Groups,
    memo: &[HandRank],
    r: &RunOut,
    board_suits: &[u32; 4],
    lists: &FlushLists,
    t: &mut Tally,
) {
    let mut suits = *board_suits;
    suits[(r.c / 16) as usize] += 1;
    if r.d < 64 {
        suits[(r.d / 16) as usize] += 1;
    }
    let Some(s) = (0..4).find(|&s| suits[s] >= 3) else {
        return;
    };
    let ev = Evaluator::get();
    let gone = 1u64 << r.c | if r.d < 64 { 1u64 << r.d } else { 0 };
    let mut fix = |i: usize| {
        let h = g.holdings[i];
        if (1u64 << h.a | 1u64 << h.b) & gone != 0 {
            return;
        }
        let real = ev.rank_hand(r.board.with(h.a).with(h.b));
        let k = h.group;
        t.add(k, r.hero, real, 1);
        t.add(k, r.hero, memo[k], -1);
    };
    match 5 - suits[s].min(5) {
        0 => (0..g.holdings.len()).for_each(&mut fix),
        1 => lists.one[s].iter().for_each(|&i| fix(i)),
        _ => lists.two[s].iter().for_each(|&i| fix(i)),
    }
}

/// The range outlook by its definition, for tests and benchmarks: every live holding against
/// every run-out, both hands ranked.
#[doc(hidden)]
pub fn versus_reference(hole: CardSet, board: CardSet, range: &HoleClassSet) -> Option<Outlook> {
    let live = live_holdings(range, hole.union(board));
    if live.is_empty() {
        return None;
    }
    let ev = Evaluator::get();
    let cards = unseen(hole.union(board));
    let hero_now = ev.rank(hole.union(board));
    let mut hp = [[0u64; 3]; 3];
    for &(a, b) in &live {
        let villain = board.union(CardSet(1 << a | 1 << b));
        let now = state(hero_now, ev.rank(villain));
        let rest: Vec<u32> = cards
            .iter()
            .copied()
            .filter(|&c| c != a && c != b)
            .collect();
        let mut run = |extra: CardSet| {
            let fin = state(
                ev.rank(hole.union(board).union(extra)),
                ev.rank(villain.union(extra)),
            );
            hp[now][fin] += 1;
        };
        for (i, &c) in rest.iter().enumerate() {
            if board.len() == 4 {
                run(CardSet(1 << c));
            } else {
                for &d in &rest[i + 1..] {
                    run(CardSet(1 << c | 1 << d));
                }
            }
        }
    }
    Some(Outlook { hp })
}

/// (wins, ties, losses) of the hero's cards as they are against the range's live holdings;
/// `None` when none is left.
pub fn showdown_now(hole: CardSet, board: CardSet, range: &HoleClassSet) -> Option<[u32; 3]> {
    showdown_live(hole, board, &live_holdings(range, hole.union(board)))
}

/// (wins, ties, losses) of the hero's cards as they are against the given holdings.
pub fn showdown_live(hole: CardSet, board: CardSet, live: &[(u32, u32)]) -> Option<[u32; 3]> {
    if live.is_empty() {
        return None;
    }
    let ev = Evaluator::get();
    let hero = ev.rank(hole.union(board));
    let mut n = [0u32; 3];
    for &(a, b) in live {
        n[state(hero, ev.rank(board.union(CardSet(1 << a | 1 << b))))] += 1;
    }
    Some(n)
}

#[cfg(test)]
mod tests;
