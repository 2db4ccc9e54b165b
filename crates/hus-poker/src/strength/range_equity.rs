//! Range against range, exactly (`hus equity`, reference §12.11): every pair of holdings that
//! share no card, each weighted by both holdings' weights, against every run-out of the
//! board, as PokerStove and Equilab count it.

mod by_board;

use super::eval7::{Evaluator, HandRank, IncrementalHand};
use super::preflop_matchups::{matchup, BOARDS};
use crate::cards::range::Holding;
use crate::cards::{CardSet, DECK_MASK};
use by_board::{by_board, Units};

/// Each holding's weighted counts of (opponent holding, run-out) pairs: won, tied, all.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: f64,
    pub ties: f64,
    pub all: f64,
}

impl Tally {
    /// (wins + ties / 2) / all.
    pub fn equity(&self) -> f64 {
        (self.wins + self.ties / 2.0) / self.all
    }

    pub fn add(&mut self, o: &Tally) {
        self.wins += o.wins;
        self.ties += o.ties;
        self.all += o.all;
    }
}

/// The result: one tally per holding of each side (in the order given), each counted against
/// the other side's holdings.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeEquity {
    pub hero: Vec<Tally>,
    pub villain: Vec<Tally>,
}

impl RangeEquity {
    /// A side's tally over all its holdings, each weighted by its own weight.
    pub fn total(tallies: &[Tally], holdings: &[Holding]) -> Tally {
        let mut t = Tally::default();
        for (x, h) in tallies.iter().zip(holdings) {
            t.add(&Tally {
                wins: x.wins * h.weight,
                ties: x.ties * h.weight,
                all: x.all * h.weight,
            });
        }
        t
    }
}

/// Counts the run-outs (or deals) a long count has done and tells the total to `told` every
/// [`Ticker::EVERY`] of them, so a page can show how far it is; [`Ticker::silent`] tells no
/// one, and a count costs one increment and one test per run-out more.
pub struct Ticker<'a> {
    done: u64,
    told: Option<&'a mut dyn FnMut(u64)>,
}

impl<'a> Ticker<'a> {
    /// Run-outs between two tellings: a few milliseconds of the slowest counts.
    pub const EVERY: u64 = 1024;

    /// A ticker that tells `told(done)`.
    pub fn new(told: &'a mut dyn FnMut(u64)) -> Ticker<'a> {
        Ticker {
            done: 0,
            told: Some(told),
        }
    }

    /// A ticker that tells no one.
    pub fn silent() -> Ticker<'static> {
        Ticker {
            done: 0,
            told: None,
        }
    }

    /// One more run-out counted.
    #[inline]
    pub fn tick(&mut self) {
        self.done += 1;
        if self.done.is_multiple_of(Self::EVERY) {
            if let Some(told) = self.told.as_mut() {
                told(self.done);
            }
        }
    }

    /// The run-outs counted so far.
    pub fn done(&self) -> u64 {
        self.done
    }
}

/// The run-outs an enumeration of `board` visits: the rest of the board from the cards that
/// are neither on it nor dead.
pub fn boards(board: CardSet, dead: CardSet) -> u64 {
    let n = 52 - board.len() as u64 - dead.len() as u64;
    let k = 5 - board.len() as u64;
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The largest enumeration (run-outs x hero holdings x villain holdings) counted: about ten
/// seconds on one core.
pub const MAX_WORK: f64 = 4e9;

/// The work an enumeration takes: run-outs x pairs of holdings.
pub fn work(hero: usize, villain: usize, board: CardSet, dead: CardSet) -> f64 {
    let left = (52 - board.len() - dead.len()) as f64 - 4.0;
    let k = 5 - board.len() as i32;
    let mut runouts = 1.0;
    for i in 0..k {
        runouts *= (left - i as f64) / (i + 1) as f64;
    }
    runouts * hero as f64 * villain as f64
}

/// Both sides' tallies before the flop with no dead card, from the table of preflop matchups:
/// a lookup per pair of holdings.
pub fn preflop(hero: &[Holding], villain: &[Holding]) -> RangeEquity {
    let mut out = RangeEquity {
        hero: vec![Tally::default(); hero.len()],
        villain: vec![Tally::default(); villain.len()],
    };
    let n = f64::from(BOARDS);
    for (i, h) in hero.iter().enumerate() {
        let hm = h.set().0;
        let mut t = Tally::default();
        for (j, v) in villain.iter().enumerate() {
            if v.set().0 & hm != 0 {
                continue;
            }
            let (wins, ties) = matchup(h.cards, v.cards);
            let (wins, ties) = (f64::from(wins), f64::from(ties));
            t.wins += v.weight * wins;
            t.ties += v.weight * ties;
            t.all += v.weight * n;
            let vt = &mut out.villain[j];
            vt.wins += h.weight * (n - wins - ties);
            vt.ties += h.weight * ties;
            vt.all += h.weight * n;
        }
        out.hero[i].add(&t);
    }
    out
}

/// Both sides' tallies over every run-out of `board` (0, 3, 4 or 5 cards) that misses the dead
/// cards; holdings must already miss the board and the dead cards. Counted per run-out by
/// sorting (see `by_board`) where the weights have an exact integer form, which gives the
/// exact sums rounded once: the same numbers as [`enumerate_pairs`] wherever its sums are
/// exact (weights such as 1, 0.5 or 0.25), and within rounding of them elsewhere.
pub fn enumerate(
    hero: &[Holding],
    villain: &[Holding],
    board: CardSet,
    dead: CardSet,
) -> RangeEquity {
    enumerate_ticked(hero, villain, board, dead, &mut Ticker::silent())
}

/// [`enumerate`], ticking `ticker` once per run-out.
pub fn enumerate_ticked(
    hero: &[Holding],
    villain: &[Holding],
    board: CardSet,
    dead: CardSet,
    ticker: &mut Ticker<'_>,
) -> RangeEquity {
    match Units::of(hero, villain, board, dead) {
        Some(units) if hero.len().min(villain.len()) > FEW => {
            by_board(hero, villain, board, dead, &units, ticker)
        }
        _ => pairs_ticked(hero, villain, board, dead, ticker),
    }
}

/// Ranges this small are counted pair by pair: sorting a run-out's holdings costs more than
/// comparing a few holdings with each of the other side's.
const FEW: usize = 4;

/// Both sides' tallies by [`enumerate`]'s definition, pair of holdings by pair of holdings on
/// each run-out, summed in floating point: the reference the per-board count is checked
/// against, and the count for weights without an exact integer form.
pub fn enumerate_pairs(
    hero: &[Holding],
    villain: &[Holding],
    board: CardSet,
    dead: CardSet,
) -> RangeEquity {
    pairs_ticked(hero, villain, board, dead, &mut Ticker::silent())
}

fn pairs_ticked(
    hero: &[Holding],
    villain: &[Holding],
    board: CardSet,
    dead: CardSet,
    ticker: &mut Ticker<'_>,
) -> RangeEquity {
    let ev = Evaluator::get();
    let deck: Vec<u32> = (0..64)
        .filter(|&i| DECK_MASK >> i & 1 == 1 && (board.0 | dead.0) >> i & 1 == 0)
        .collect();
    let k = 5 - board.len() as usize;
    let mut out = RangeEquity {
        hero: vec![Tally::default(); hero.len()],
        villain: vec![Tally::default(); villain.len()],
    };
    let mut ranks_h = vec![HandRank(0); hero.len()];
    let mut ranks_v = vec![HandRank(0); villain.len()];
    let base = IncrementalHand::of(board);
    let mut visit = |extra: u64, hand: IncrementalHand| {
        rank_all(ev, hero, extra, hand, &mut ranks_h);
        rank_all(ev, villain, extra, hand, &mut ranks_v);
        count(hero, villain, extra, &ranks_h, &ranks_v, &mut out);
        ticker.tick();
    };
    runouts(&deck, k, 0, 0, base, &mut visit);
    out
}

/// Every k-card subset of `deck[from..]`, as a mask and the board hand with it.
fn runouts(
    deck: &[u32],
    k: usize,
    from: usize,
    mask: u64,
    hand: IncrementalHand,
    visit: &mut impl FnMut(u64, IncrementalHand),
) {
    if k == 0 {
        return visit(mask, hand);
    }
    for i in from..=deck.len() - k {
        let c = deck[i];
        runouts(deck, k - 1, i + 1, mask | 1 << c, hand.with(c), visit);
    }
}

/// Each holding's final rank on this board (holdings that hold a board card are skipped).
fn rank_all(
    ev: &Evaluator,
    holdings: &[Holding],
    board: u64,
    hand: IncrementalHand,
    out: &mut [HandRank],
) {
    for (h, r) in holdings.iter().zip(out.iter_mut()) {
        if h.set().0 & board == 0 {
            *r = ev.rank_hand(hand.with(h.cards[0]).with(h.cards[1]));
        }
    }
}

/// Every pair of holdings that miss the board and each other, weighted by the other side's
/// weight.
fn count(
    hero: &[Holding],
    villain: &[Holding],
    board: u64,
    rh: &[HandRank],
    rv: &[HandRank],
    out: &mut RangeEquity,
) {
    for (i, h) in hero.iter().enumerate() {
        let hm = h.set().0;
        if hm & board != 0 {
            continue;
        }
        let mut t = Tally::default();
        for (j, v) in villain.iter().enumerate() {
            let vm = v.set().0;
            if vm & (board | hm) != 0 {
                continue;
            }
            let w = v.weight;
            t.all += w;
            let vt = &mut out.villain[j];
            vt.all += h.weight;
            match rh[i].cmp(&rv[j]) {
                std::cmp::Ordering::Greater => t.wins += w,
                std::cmp::Ordering::Equal => {
                    t.ties += w;
                    vt.ties += h.weight;
                }
                std::cmp::Ordering::Less => vt.wins += h.weight,
            }
        }
        out.hero[i].add(&t);
    }
}

#[cfg(test)]
mod tests;
