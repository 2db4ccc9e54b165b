//! A player's range through the hand (reference §12.14): the weight of each of the 1,326
//! two-card holdings that reaches a point of the hand, given that the player played by its
//! script. Every act the player made multiplies a holding's weight by the exact probability
//! that the script, holding it, makes that act there ([`crate::eval::exact`]: weighted
//! choices, ties and mixed strategies followed by their weights). Charts, `hus exploit` and
//! the Python package read ranges from here.

use super::chart::ChartError;
use super::spot::Spot;
use super::{decide_error, Bot, DecideErrorKind};
use crate::cards::hole::HoleClass;
use crate::cards::range::{Holding, WeightedRange};
use crate::cards::{Card, CardSet};
use crate::eval::exact::outcomes;
use crate::game::{Act, Action, Chips, GameRecord, GameState, Intent, Player, Unit};
use crate::play::legal_in;

pub use super::reach_report::SeatRange;

/// How many two-card holdings there are.
pub const HOLDINGS: usize = 1326;

/// The holding index 0..1326 of two different cards (their order does not matter).
pub fn holding_index(a: Card, b: Card) -> usize {
    let (x, y) = (number(a), number(b));
    let (lo, hi) = if x < y { (x, y) } else { (y, x) };
    hi * (hi - 1) / 2 + lo
}

/// The two cards of holding `i` (lower card number first).
pub fn holding_cards(i: usize) -> [Card; 2] {
    HOLDING_CARDS[i]
}

/// A card's number 0..52: suit lane times 13 plus rank.
fn number(c: Card) -> usize {
    let bit = c.index() as usize;
    bit / 16 * 13 + bit % 16
}

/// The card of number `n` (inverse of [`number`]).
fn card_of(n: usize) -> Card {
    Card::from_index((n / 13 * 16 + n % 13) as u32).expect("a card number below 52")
}

static HOLDING_CARDS: std::sync::LazyLock<Vec<[Card; 2]>> = std::sync::LazyLock::new(|| {
    let mut v = Vec::with_capacity(HOLDINGS);
    for hi in 1..52 {
        for lo in 0..hi {
            v.push([card_of(lo), card_of(hi)]);
        }
    }
    v
});

/// A weight for each of the 1,326 holdings, by [`holding_index`]: how much of each holding a
/// player brings to a point of the hand (1: every time it is dealt; 0: never).
#[derive(Clone, Debug, PartialEq)]
pub struct HoldingWeights(Box<[f64; HOLDINGS]>);

impl HoldingWeights {
    /// Every holding at `w`.
    pub fn filled(w: f64) -> HoldingWeights {
        HoldingWeights(Box::new([w; HOLDINGS]))
    }

    /// Every holding at weight 1 but those that touch `dead`.
    pub fn all_but(dead: CardSet) -> HoldingWeights {
        let mut w = HoldingWeights::filled(1.0);
        w.remove(dead);
        w
    }

    /// A written range (classes with weights) without the holdings that touch `dead`.
    pub fn of_range(range: &WeightedRange, dead: CardSet) -> HoldingWeights {
        let mut w = HoldingWeights::filled(0.0);
        for h in range.holdings(dead) {
            let card = |i: u32| Card::from_index(i).expect("a holding's card");
            w.0[holding_index(card(h.cards[0]), card(h.cards[1]))] = h.weight;
        }
        w
    }

    /// Written holdings (as [`super::ranges::parse_range`] reads them) without those that
    /// touch `dead`.
    pub fn of_holdings(holdings: &[Holding], dead: CardSet) -> HoldingWeights {
        let mut w = HoldingWeights::filled(0.0);
        for h in holdings {
            let card = |i: u32| Card::from_index(i).expect("a holding's card");
            w.0[holding_index(card(h.cards[0]), card(h.cards[1]))] = h.weight;
        }
        w.remove(dead);
        w
    }

    /// The weight of holding `i`.
    pub fn get(&self, i: usize) -> f64 {
        self.0[i]
    }

    /// Sets the weight of holding `i`.
    pub fn set(&mut self, i: usize, w: f64) {
        self.0[i] = w;
    }

    /// The weight of the holding `a b`.
    pub fn of(&self, a: Card, b: Card) -> f64 {
        self.0[holding_index(a, b)]
    }

    /// The weights in holding order.
    pub fn as_slice(&self) -> &[f64] {
        &self.0[..]
    }

    /// Weight 0 for every holding that touches `dead` (card removal).
    pub fn remove(&mut self, dead: CardSet) {
        if dead.is_empty() {
            return;
        }
        for (i, w) in self.0.iter_mut().enumerate() {
            let [a, b] = HOLDING_CARDS[i];
            if dead.contains(a) || dead.contains(b) {
                *w = 0.0;
            }
        }
    }

    /// The sum of the weights: how many combinations the range holds.
    pub fn combos(&self) -> f64 {
        self.0.iter().sum()
    }

    /// Each holding of positive weight: its index, cards and weight.
    pub fn live(&self) -> impl Iterator<Item = (usize, [Card; 2], f64)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, w)| **w > 0.0)
            .map(|(i, w)| (i, HOLDING_CARDS[i], *w))
    }
}

/// Holding `i` as a player writes it, the higher rank first and a pair's suits in
/// [`super::chart::SUIT_ORDER`]: `AsKs`, `Th9h`, `AsAh`.
pub fn holding_text(i: usize) -> String {
    let [a, b] = HOLDING_CARDS[i];
    let suit = |c: Card| super::chart::SUIT_ORDER.iter().position(|s| *s == c.suit);
    let (hi, lo) = if a.rank > b.rank || (a.rank == b.rank && suit(a) < suit(b)) {
        (a, b)
    } else {
        (b, a)
    };
    format!("{hi}{lo}")
}

/// The holdings of a class's weights summed: how many combinations of each of the 169
/// classes the range holds, by [`HoleClass::index`].
pub fn class_combos(weights: &HoldingWeights) -> [f64; 169] {
    let mut out = [0.0; 169];
    for (_, [a, b], w) in weights.live() {
        out[HoleClass::of(a, b).index()] += w;
    }
    out
}

/// The moves `bot` makes in `state` (the bot is the hero) while holding `cards`, each with its
/// exact probability; where no rule gives an action it checks, or folds when a bet is owed,
/// as at a table. `state`'s hero cards are replaced; none of `cards` may be on the board.
pub fn strategy(
    bot: &Bot,
    state: &mut GameState,
    cards: [Card; 2],
) -> Result<Vec<(Action, f64)>, ChartError> {
    state.set_hero_cards(cards);
    let program = &bot.script.program;
    let unit = state.derived().unit;
    match outcomes(program, state, &bot.script.options) {
        Ok(o) => {
            let mut moves: Vec<(Action, f64)> = Vec::with_capacity(o.decisions.len());
            for (d, p) in o.decisions {
                match moves
                    .iter_mut()
                    .find(|(m, _)| same_move(*m, d.action, unit))
                {
                    Some((_, q)) => *q += p,
                    None => moves.push((d.action, p)),
                }
            }
            Ok(moves)
        }
        Err(e) => {
            let error = decide_error(&bot.source, e);
            if error.kind == DecideErrorKind::NoRuleMatched {
                let idle = if state.derived().to_call > crate::game::Chips::ZERO {
                    Action::Fold
                } else {
                    Action::Check
                };
                Ok(vec![(idle, 1.0)])
            } else {
                Err(ChartError::Decide {
                    hand: format!("{}{}", cards[0], cards[1]),
                    error,
                })
            }
        }
    }
}

/// Two actions that put in the same chips: raises compared as counts of `unit`, the state's
/// amount unit, so sizes one unit apart stay apart at any stakes.
pub fn same_move(a: Action, b: Action, unit: Unit) -> bool {
    match (a, b) {
        (Action::Raise { by: x, .. }, Action::Raise { by: y, .. }) => {
            unit.round(x, Chips(1)) == unit.round(y, Chips(1))
        }
        _ => a == b,
    }
}

/// `mv` made legal in `state`, in its unit and chip, as the dealer makes every move legal.
pub fn as_played(state: &GameState, mv: Intent) -> Action {
    legal_in(state.derived(), mv)
}

/// Multiplies the weight of every holding in `weights` by the probability that `bot`, holding
/// it, plays `mv` in `state` (the bot as hero), each of its moves compared as the dealer plays
/// it (legal, in whole chips); holdings of weight 0 are not decided, those the board holds
/// are 0.
pub fn narrow(
    bot: &Bot,
    state: &GameState,
    mv: Action,
    weights: &mut HoldingWeights,
) -> Result<(), ChartError> {
    let mut state = state.clone();
    let board = state.board();
    let unit = state.derived().unit;
    for i in 0..HOLDINGS {
        if weights.0[i] <= 0.0 {
            continue;
        }
        let cards = HOLDING_CARDS[i];
        if board.contains(cards[0]) || board.contains(cards[1]) {
            weights.0[i] = 0.0;
            continue;
        }
        let p: f64 = strategy(bot, &mut state, cards)?
            .iter()
            .filter(|(m, _)| same_move(as_played(&state, (*m).into()), mv, unit))
            .map(|(_, p)| p)
            .sum();
        weights.0[i] *= p;
    }
    Ok(())
}

/// The action an act of the record is in `state`, the state it was taken in (a raise or bet
/// by its increment above the call, `amount`).
pub fn move_of(act: Act, amount: f64, state: &GameState) -> Action {
    match act {
        Act::Fold => Action::Fold,
        Act::Check => Action::Check,
        Act::Call => Action::Call,
        Act::Bet | Act::Raise => state.derived().raise_by(amount),
    }
}

/// `record` seen from the other seat, which holds `cards`; the villain's statistics stay
/// behind (nothing records what the other seat knows of the hero).
pub fn mirrored(record: &GameRecord, cards: [Card; 2]) -> GameRecord {
    let mut m = record.clone();
    m.hero_cards = cards;
    m.stats = None;
    std::mem::swap(&mut m.hero_stack, &mut m.villain_stack);
    for p in &mut m.posts {
        p.player = p.player.other();
    }
    for a in m.rounds.iter_mut().flat_map(|r| &mut r.actions) {
        a.player = a.player.other();
    }
    m
}

/// The range that `player` of `record` brings to the end of the record's acts, given that it
/// played by `bot` from `prior` (every holding at weight 1 when `None`): each of its acts
/// narrows the range by the script's probability of making it. Holdings that touch the board
/// get weight 0, and so do those that touch the other player's cards when `known` says they
/// are known (the hero's own cards when `player` is the villain, and the reverse).
pub fn range_through(
    bot: &Bot,
    record: &GameRecord,
    player: Player,
    prior: Option<&HoldingWeights>,
    known: bool,
) -> Result<HoldingWeights, ChartError> {
    let other_cards = match player {
        Player::Hero => None,
        Player::Villain => Some(record.hero_cards),
    };
    let seen = match player {
        Player::Hero => record.clone(),
        Player::Villain => mirrored(record, placeholder(record)),
    };
    let mut weights = prior
        .cloned()
        .unwrap_or_else(|| HoldingWeights::filled(1.0));
    let mut dead: CardSet = seen
        .rounds
        .iter()
        .flat_map(|r| r.cards.iter().copied())
        .collect();
    if known {
        if let Some([a, b]) = other_cards {
            dead.insert(a);
            dead.insert(b);
        }
    }
    weights.remove(dead);
    let mut prefix = seen.clone();
    prefix.rounds.clear();
    for round in &seen.rounds {
        prefix.rounds.push(crate::game::Round {
            actions: Vec::new(),
            ..round.clone()
        });
        for a in &round.actions {
            if a.player == Player::Hero {
                let (state, _) =
                    GameState::from_record(prefix.clone()).map_err(ChartError::Game)?;
                narrow(
                    bot,
                    &state,
                    move_of(a.act, prefix.chips(a.amount), &state),
                    &mut weights,
                )?;
            }
            prefix
                .rounds
                .last_mut()
                .expect("pushed above")
                .actions
                .push(a.clone());
        }
    }
    Ok(weights)
}

/// Where a player's range at a spot comes from.
#[derive(Clone, Copy, Debug)]
pub enum RangeSource<'a> {
    /// The player played by this bot through the spot's acts.
    Script(&'a Bot),
    /// A written range, as [`super::ranges::parse_range`] reads it, instead of the acts.
    Written(&'a [Holding]),
}

/// The range `player` brings to a chart's spot (the hero is the player to act): the board's
/// cards removed, not the hero's, since a chart deals the hero every holding in turn.
pub fn spot_range(
    spot: &Spot,
    player: Player,
    source: RangeSource<'_>,
) -> Result<HoldingWeights, ChartError> {
    let board: CardSet = spot.board().into_iter().collect();
    match source {
        RangeSource::Script(bot) => range_through(bot, spot.record(), player, None, false),
        RangeSource::Written(holdings) => Ok(HoldingWeights::of_holdings(holdings, board)),
    }
}

/// The range `player` of a game state brings to it, played by `bot` through the state's
/// acts; the villain's range leaves out the hero's own cards (the hero knows them).
pub fn state_range(
    bot: &Bot,
    state: &GameState,
    player: Player,
) -> Result<HoldingWeights, ChartError> {
    range_through(bot, state.record(), player, None, true)
}

/// Two cards on no board of the record, to validate its states with before each holding is
/// dealt in.
fn placeholder(record: &GameRecord) -> [Card; 2] {
    let board: CardSet = record
        .rounds
        .iter()
        .flat_map(|r| r.cards.iter().copied())
        .collect();
    let mut free = (0..52).map(card_of).filter(|c| !board.contains(*c));
    let a = free.next().expect("a deck has more than five cards");
    let b = free.next().expect("a deck has more than five cards");
    [a, b]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holdings_are_numbered_once_each() {
        let mut seen = vec![false; HOLDINGS];
        for (i, slot) in seen.iter_mut().enumerate() {
            let [a, b] = holding_cards(i);
            assert_ne!(a, b);
            assert_eq!(holding_index(a, b), i);
            assert_eq!(holding_index(b, a), i);
            assert!(!*slot);
            *slot = true;
        }
    }

    #[test]
    fn holdings_are_written_high_card_first() {
        let card = |t: &str| t.parse::<CardSet>().unwrap().cards().next().unwrap();
        let text = |a: &str, b: &str| holding_text(holding_index(card(a), card(b)));
        assert_eq!(text("Ks", "As"), "AsKs");
        assert_eq!(text("2c", "Th"), "Th2c");
        assert_eq!(text("Ah", "As"), "AsAh");
    }

    #[test]
    fn a_written_range_loses_the_holdings_on_the_board() {
        let holdings = crate::front::parse_range("AA, KQs:0.5").unwrap();
        let w = HoldingWeights::of_holdings(&holdings, "As8d2c".parse().unwrap());
        // AA: 3 of 6 left; KQs: 4 at half weight.
        assert_eq!(w.combos(), 5.0);
        let classes = class_combos(&w);
        assert_eq!(classes[HoleClass::parse("AA").unwrap().index()], 3.0);
        assert_eq!(classes[HoleClass::parse("KQs").unwrap().index()], 2.0);
    }

    #[test]
    fn card_removal_leaves_the_holdings_off_the_board() {
        let board: CardSet = "Kh8s4d".parse().unwrap();
        // 49 cards left: 49 * 48 / 2 holdings.
        assert_eq!(HoldingWeights::all_but(board).combos(), 1176.0);
    }
}
