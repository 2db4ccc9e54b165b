//! `hus chart` (reference §12.13): what a bot does in one spot with every starting hand, as a
//! 13x13 grid of action frequencies and, after the flop, by hand category. Frequencies are
//! exact: every weighted choice is followed by its weight ([`crate::eval::exact`]).

use super::spot::Spot;
use super::{decide_error, Action, Bot, DecideError, DecideErrorKind};
use crate::cards::category::{Made, DRAWS};
use crate::cards::hole::HoleClass;
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::eval::coverage::combo_in;
use crate::eval::exact::outcomes;
use crate::game::{GameState, InvalidGame};

/// The suits of a class's representative combination, in the order tried: AKs is A♠K♠,
/// AKo A♠K♥, AA A♠A♥.
pub const SUIT_ORDER: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

/// One action of a cell or category and how often it is taken.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartAction {
    pub action: Action,
    /// Its share of the decisions, from 0 to 1.
    pub share: f64,
}

/// What the bot does with one starting-hand class.
#[derive(Clone, Debug)]
pub struct ChartCell {
    /// `AKs`, `72o`, `TT`.
    pub class: String,
    /// The representative combination (`AsKs`): the only one decided before the flop, the
    /// first of the class not on the board after it ([`SUIT_ORDER`]).
    pub hand: String,
    /// The combinations decided: 1 before the flop, every one the board leaves after it
    /// (0 when the board holds them all).
    pub combos: u32,
    /// The actions, fold, check, call, then raises from the smallest; shares sum to
    /// 1 - [`ChartCell::no_rule`].
    pub actions: Vec<ChartAction>,
    /// The share of decisions where no rule gives an action (at a table: check or fold).
    pub no_rule: f64,
    /// A decision read `random` (decided at 100 values of it, see the reference).
    pub reads_random: bool,
    /// The lines of the rules that gave the actions, ascending.
    pub rules: Vec<usize>,
    /// The spot with the representative combination: decide it with `explain` to see why.
    pub state: Option<GameState>,
}

/// The decisions of every holding of one hand category on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct CategoryRow {
    /// The category's words, as `hus range` prints them (`topPair, topKicker`).
    pub words: &'static str,
    /// How many holdings the board leaves in it.
    pub combos: u32,
    pub actions: Vec<ChartAction>,
    pub no_rule: f64,
}

/// A bot's strategy in one spot.
#[derive(Clone, Debug)]
pub struct Chart {
    /// The bot's name.
    pub bot: String,
    /// The spot, as [`Spot::description`] says it.
    pub spot: String,
    /// The board so far (`Kh 8s 4d`), empty before the flop.
    pub board: String,
    /// The big blind, for sizes in big blinds.
    pub big_blind: f64,
    /// The 169 classes in the 13x13 table's order (`row * 13 + column`: pairs on the
    /// diagonal, suited above it).
    pub cells: Vec<ChartCell>,
    /// After the flop: every holding by made-hand category, best first (each holding once).
    pub made: Vec<CategoryRow>,
    /// After the flop: the draws and shapes (a holding may count in several).
    pub draws: Vec<CategoryRow>,
}

/// Why a chart could not be made.
#[derive(Clone, Debug)]
pub enum ChartError {
    /// The spot with some hand is no valid game state.
    Game(InvalidGame),
    /// A decision failed for a reason other than "no rule matched": a missing constant, an
    /// external program. `hand` is the hero's hand it failed with.
    Decide { hand: String, error: DecideError },
}

impl std::fmt::Display for ChartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChartError::Game(e) => write!(f, "{e}"),
            ChartError::Decide { hand, error } => {
                write!(f, "with {hand}: {}", error.diagnostic.message)
            }
        }
    }
}

impl std::error::Error for ChartError {}

/// The actions of some decisions, summed.
#[derive(Default)]
struct Tally {
    actions: Vec<ChartAction>,
    no_rule: f64,
    random: bool,
    rules: Vec<usize>,
    n: u32,
}

impl Tally {
    /// Adds the decisions of `bot` in `state`, each weighted by its probability.
    fn add(&mut self, bot: &Bot, state: &GameState, hand: &str) -> Result<(), ChartError> {
        self.n += 1;
        let program = &bot.script.program;
        match outcomes(program, state, &bot.script.options) {
            Ok(o) => {
                self.random |= o.read_random;
                for (d, p) in o.decisions {
                    let action = Action::of(d.action, state);
                    match self.actions.iter_mut().find(|a| a.action == action) {
                        Some(a) => a.share += p,
                        None => self.actions.push(ChartAction { action, share: p }),
                    }
                    if !self.rules.contains(&d.rule.line) {
                        self.rules.push(d.rule.line);
                    }
                }
                Ok(())
            }
            Err(e) => {
                let error = decide_error(&bot.source, e);
                if error.kind == DecideErrorKind::NoRuleMatched {
                    self.no_rule += 1.0;
                    Ok(())
                } else {
                    Err(ChartError::Decide {
                        hand: hand.to_string(),
                        error,
                    })
                }
            }
        }
    }

    /// Shares of the decisions added, the actions in their order.
    fn shares(mut self) -> (Vec<ChartAction>, f64) {
        let n = f64::from(self.n.max(1));
        for a in &mut self.actions {
            a.share /= n;
        }
        self.actions
            .sort_by(|a, b| order(&a.action).total_cmp(&order(&b.action)));
        (self.actions, self.no_rule / n)
    }
}

/// Fold, check, call, then raises by the total they come to.
pub(super) fn order(a: &Action) -> f64 {
    match a {
        Action::Fold => -3.0,
        Action::Check => -2.0,
        Action::Call => -1.0,
        Action::Raise { to, .. } => *to,
    }
}

fn cards_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join("")
}

/// What `bot` does in `spot` with every starting hand: one representative combination per
/// class before the flop (suits do not change a class's decision unless the script names
/// cards), every combination the board leaves after it, with the categories.
pub fn chart(bot: &Bot, spot: &Spot) -> Result<Chart, ChartError> {
    let board = spot.board();
    let mut cells = Vec::with_capacity(169);
    for i in 0..169 {
        cells.push(cell(bot, spot, &board, HoleClass::from_index(i))?);
    }
    let (made, draws) = if board.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        categories(bot, spot, &board)?
    };
    let bb = spot
        .state_with(free_pair(&board))
        .map_err(ChartError::Game)?;
    Ok(Chart {
        bot: bot.name().to_string(),
        spot: spot.description().to_string(),
        board: board
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        big_blind: bb.record().bb,
        cells,
        made,
        draws,
    })
}

/// Two cards not on the board.
fn free_pair(board: &[Card]) -> [Card; 2] {
    let taken: CardSet = board.iter().copied().collect();
    let mut free = (0..13u8)
        .rev()
        .flat_map(|r| SUIT_ORDER.map(|s| Card::new(Rank(r), s)))
        .filter(|c| !taken.contains(*c));
    let a = free.next().unwrap_or(Card::new(Rank(12), Suit::Spades));
    let b = free.next().unwrap_or(Card::new(Rank(11), Suit::Spades));
    [a, b]
}

/// The combinations of `class` the board leaves, the representative first.
fn combos_of(class: HoleClass, board: &[Card]) -> Vec<[Card; 2]> {
    let taken: CardSet = board.iter().copied().collect();
    let mut out = Vec::new();
    for (i, a) in SUIT_ORDER.iter().enumerate() {
        for (j, b) in SUIT_ORDER.iter().enumerate() {
            let ok = if class.is_pair() {
                j > i
            } else {
                (a == b) == class.suited
            };
            let cards = [Card::new(class.high, *a), Card::new(class.low, *b)];
            if ok && cards.iter().all(|c| !taken.contains(*c)) {
                out.push(cards);
            }
        }
    }
    out
}

/// One class's cell.
fn cell(bot: &Bot, spot: &Spot, board: &[Card], class: HoleClass) -> Result<ChartCell, ChartError> {
    let all = if board.is_empty() {
        combo_in(class, board, SUIT_ORDER).into_iter().collect()
    } else {
        combos_of(class, board)
    };
    let mut tally = Tally::default();
    let mut first = None;
    for cards in &all {
        let hand = cards_text(cards);
        let state = spot.state_with(*cards).map_err(ChartError::Game)?;
        tally.add(bot, &state, &hand)?;
        first.get_or_insert((hand, state));
    }
    let combos = tally.n;
    let random = tally.random;
    let mut rules = tally.rules.clone();
    rules.sort_unstable();
    let (actions, no_rule) = tally.shares();
    let (hand, state) = match first {
        Some((h, s)) => (h, Some(s)),
        None => (String::new(), None),
    };
    Ok(ChartCell {
        class: class.name(),
        hand,
        combos,
        actions,
        no_rule,
        reads_random: random,
        rules,
        state,
    })
}

/// Every holding the board leaves, decided and summed by category.
fn categories(
    bot: &Bot,
    spot: &Spot,
    board: &[Card],
) -> Result<(Vec<CategoryRow>, Vec<CategoryRow>), ChartError> {
    let set: CardSet = board.iter().copied().collect();
    let mut made: Vec<Tally> = Made::ALL.iter().map(|_| Tally::default()).collect();
    let mut draws: Vec<Tally> = DRAWS.iter().map(|_| Tally::default()).collect();
    for class in HoleClass::all() {
        for cards in combos_of(class, board) {
            let hole: CardSet = cards.iter().copied().collect();
            let hand = cards_text(&cards);
            let state = spot.state_with(cards).map_err(ChartError::Game)?;
            let mut one = Tally::default();
            one.add(bot, &state, &hand)?;
            let m = Made::of(hole, set);
            let k = Made::ALL.iter().position(|x| *x == m).unwrap_or(0);
            merge(&mut made[k], &one);
            for (d, t) in DRAWS.iter().zip(draws.iter_mut()) {
                if d.holds(hole, set) {
                    merge(t, &one);
                }
            }
        }
    }
    let rows = |tallies: Vec<Tally>, words: Vec<&'static str>| {
        tallies
            .into_iter()
            .zip(words)
            .map(|(t, words)| {
                let combos = t.n;
                let (actions, no_rule) = t.shares();
                CategoryRow {
                    words,
                    combos,
                    actions,
                    no_rule,
                }
            })
            .collect()
    };
    Ok((
        rows(made, Made::ALL.iter().map(|m| m.words()).collect()),
        rows(draws, DRAWS.iter().map(|d| d.words).collect()),
    ))
}

/// Adds one holding's decisions to a category.
fn merge(into: &mut Tally, one: &Tally) {
    into.n += one.n;
    into.no_rule += one.no_rule;
    into.random |= one.random;
    for a in &one.actions {
        match into.actions.iter_mut().find(|b| b.action == a.action) {
            Some(b) => b.share += a.share,
            None => into.actions.push(a.clone()),
        }
    }
}
