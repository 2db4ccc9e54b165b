//! Strength against a villain range as a player writes it (reference §12.8-12.9): weighted
//! classes, narrowed holding by holding on the board. Each holding counts with its weight;
//! a range of weight-1 holdings gives the same numbers as the plain class range.

use super::outlook::{range_flop_weighted, WeightedHp, AHEAD, BEHIND, TIED};
use super::preflop_matchups::{matchup, BOARDS};
use super::versus::{showdown_live, versus_live};
use super::VsStrength;
use crate::cards::range::{Holding, VillainRange};
use crate::cards::CardSet;

/// `equityVs`, `ppotVs` and `npotVs` against `range` from the flop on; `None` before the flop
/// or when the known cards (and the range's filter) leave no holding.
pub fn strength(hole: CardSet, board: CardSet, range: &VillainRange) -> Option<VsStrength> {
    let live = range.live(hole, board);
    if live.is_empty() {
        return None;
    }
    let hp = match board.len() {
        0 => {
            return Some(VsStrength {
                equity: preflop(hole, &live),
                ppot: 0.0,
                npot: 0.0,
            })
        }
        3 => {
            let cards: Vec<(u32, u32)> = live.iter().map(|h| (h.cards[0], h.cards[1])).collect();
            let weights: Vec<f64> = live.iter().map(|h| h.weight).collect();
            range_flop_weighted(hole, board, &cards, &weights)
        }
        4 => by_weight(&live, |cards| versus_live(hole, board, cards)),
        5 => {
            let hs = showdown(hole, board, &live);
            return Some(VsStrength {
                equity: hs,
                ppot: 0.0,
                npot: 0.0,
            });
        }
        _ => return None,
    };
    Some(VsStrength {
        equity: hp.equity(),
        ppot: hp.ppot(),
        npot: hp.npot(),
    })
}

/// `handStrengthVs` against `range` from the flop on: (wins + ties/2) / all as the cards are
/// now, each holding weighted; `None` before the flop or when no holding is left.
pub fn hand_strength(hole: CardSet, board: CardSet, range: &VillainRange) -> Option<f64> {
    let live = range.live(hole, board);
    if live.is_empty() {
        return None;
    }
    // Before the flop hand strength is equity, as `handStrength` is.
    Some(if board.is_empty() {
        preflop(hole, &live)
    } else {
        showdown(hole, board, &live)
    })
}

/// Equity before the flop from the table of preflop matchups, each holding by its weight.
fn preflop(hole: CardSet, live: &[Holding]) -> f64 {
    let mut cards = hole.cards().map(|c| c.index());
    let hero = [cards.next().unwrap_or(0), cards.next().unwrap_or(0)];
    let (mut num, mut den) = (0.0, 0.0);
    for h in live {
        let (wins, ties) = matchup(hero, h.cards);
        num += h.weight * (2.0 * f64::from(wins) + f64::from(ties));
        den += h.weight * 2.0 * f64::from(BOARDS);
    }
    num / den
}

fn showdown(hole: CardSet, board: CardSet, live: &[Holding]) -> f64 {
    let mut n = [0.0f64; 3];
    for (w, cards) in by_weight_groups(live) {
        if let Some([win, tie, lose]) = showdown_live(hole, board, &cards) {
            n[AHEAD] += win as f64 * w;
            n[TIED] += tie as f64 * w;
            n[BEHIND] += lose as f64 * w;
        }
    }
    (n[AHEAD] + n[TIED] / 2.0) / (n[AHEAD] + n[TIED] + n[BEHIND])
}

/// The outlook summed over the holdings of each weight, each part times its weight.
fn by_weight(
    live: &[Holding],
    outlook: impl Fn(&[(u32, u32)]) -> Option<super::Outlook>,
) -> WeightedHp {
    let mut hp = WeightedHp::default();
    for (w, cards) in by_weight_groups(live) {
        if let Some(o) = outlook(&cards) {
            hp.add(&WeightedHp::of(&o, w));
        }
    }
    hp
}

/// The holdings grouped by weight, each weight once in increasing order with its holdings'
/// card pairs: every holding of a group counts the same, so a group is counted at once.
fn by_weight_groups(live: &[Holding]) -> Vec<(f64, Vec<(u32, u32)>)> {
    let mut weights: Vec<f64> = live.iter().map(|h| h.weight).collect();
    weights.sort_by(f64::total_cmp);
    weights.dedup();
    weights
        .into_iter()
        .map(|w| {
            let cards = live
                .iter()
                .filter(|h| h.weight == w)
                .map(|h| (h.cards[0], h.cards[1]))
                .collect();
            (w, cards)
        })
        .collect()
}

#[cfg(test)]
mod tests;
