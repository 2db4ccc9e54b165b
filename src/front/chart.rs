//! `hus chart` (reference §12.13): what a bot does in one spot with every starting hand, as a
//! 13x13 grid of action frequencies and, after the flop, by hand category, each holding
//! weighted by the range that reaches the spot (reference §12.14). Frequencies are exact:
//! every weighted choice is followed by its weight ([`crate::eval::exact`]).

use super::reach::HoldingWeights;
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
    /// first of the class decided after it ([`SUIT_ORDER`]; empty when none is).
    pub hand: String,
    /// The combinations decided: 1 before the flop; after it every one the board leaves
    /// that the chart's range holds (0 when none).
    pub combos: u32,
    /// How many combinations of the class the chart counts: all of them before the flop, the
    /// sum of their weights in the chart's range after it (0: the range never holds it).
    pub weight: f64,
    /// The actions, fold, check, call, then raises from the smallest; shares (weighted by
    /// the range) sum to 1 - [`ChartCell::no_rule`].
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
    /// How many of its holdings were decided: those the board leaves that the range holds.
    pub combos: u32,
    /// The sum of their weights in the chart's range (`combos` when every holding counts).
    pub weight: f64,
    pub actions: Vec<ChartAction>,
    pub no_rule: f64,
}

/// What kind of decision a cell or category is: one action always, or a mix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mix {
    /// One action every time (or no rule every time, or no combination).
    Pure,
    /// Always a bet or raise, its size mixed: a solver's "sizing" choice, not a choice to
    /// put chips in or not.
    RaiseSizes,
    /// Fold, check, call or no rule against another of them or a raise.
    Actions,
}

impl Mix {
    /// The kind of decision some shares make (shares below a millionth of a millionth are
    /// rounding, not a mix).
    pub fn of(actions: &[ChartAction], no_rule: f64) -> Mix {
        const TINY: f64 = 1e-12;
        let taken: Vec<&ChartAction> = actions.iter().filter(|a| a.share > TINY).collect();
        let kinds = taken.len() + usize::from(no_rule > TINY);
        if kinds <= 1 {
            Mix::Pure
        } else if no_rule <= TINY
            && taken
                .iter()
                .all(|a| matches!(a.action, Action::Raise { .. }))
        {
            Mix::RaiseSizes
        } else {
            Mix::Actions
        }
    }

    /// The kind as `--json` names it: `pure`, `sizes`, `actions`.
    pub fn name(self) -> &'static str {
        match self {
            Mix::Pure => "pure",
            Mix::RaiseSizes => "sizes",
            Mix::Actions => "actions",
        }
    }
}

impl ChartCell {
    /// Whether the class always does one thing, only mixes raise sizes, or mixes actions.
    pub fn mix(&self) -> Mix {
        Mix::of(&self.actions, self.no_rule)
    }
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
    /// The pot before the hero acts, for bets in percent of it.
    pub pot: f64,
    /// The chips the villain has put in this round: the bet a raise is a multiple of (0:
    /// nobody has bet, the hero's raise is a bet).
    pub facing: f64,
    /// After the flop, the range the holdings are weighted by; `None`: every holding alike.
    pub range: Option<ChartRangeNote>,
    /// The 169 classes in the 13x13 table's order (`row * 13 + column`: pairs on the
    /// diagonal, suited above it).
    pub cells: Vec<ChartCell>,
    /// After the flop: every holding by made-hand category, best first (each holding once).
    pub made: Vec<CategoryRow>,
    /// After the flop: the draws and shapes (a holding may count in several).
    pub draws: Vec<CategoryRow>,
}

/// The range a chart is weighted by after the flop, and what it is.
#[derive(Clone, Debug)]
pub struct ChartRange {
    pub weights: HoldingWeights,
    /// What the weights are, as the heading says it after "over the N combos": `tag.hus
    /// brings here`, `of the range given`.
    pub source: String,
}

/// What a chart says of its range: where it comes from and how many combinations it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartRangeNote {
    pub source: String,
    pub combos: f64,
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

/// The actions of some decisions, summed, each decision weighted by its holding's weight.
#[derive(Default)]
struct Tally {
    actions: Vec<ChartAction>,
    no_rule: f64,
    random: bool,
    rules: Vec<usize>,
    /// The holdings decided.
    n: u32,
    /// Their weights summed.
    w: f64,
}

impl Tally {
    /// Adds the decisions of `bot` in `state` for a holding of weight `weight`, each weighted
    /// by its probability.
    fn add(
        &mut self,
        bot: &Bot,
        state: &GameState,
        hand: &str,
        weight: f64,
    ) -> Result<(), ChartError> {
        self.n += 1;
        self.w += weight;
        let program = &bot.script.program;
        match outcomes(program, state, &bot.script.options) {
            Ok(o) => {
                self.random |= o.read_random;
                for (d, p) in o.decisions {
                    let action = d.action;
                    match self.actions.iter_mut().find(|a| a.action == action) {
                        Some(a) => a.share += weight * p,
                        None => self.actions.push(ChartAction {
                            action,
                            share: weight * p,
                        }),
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
                    self.no_rule += weight;
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

    /// Adds one holding's decisions.
    fn merge(&mut self, one: &Tally) {
        self.n += one.n;
        self.w += one.w;
        self.no_rule += one.no_rule;
        self.random |= one.random;
        for a in &one.actions {
            match self.actions.iter_mut().find(|b| b.action == a.action) {
                Some(b) => b.share += a.share,
                None => self.actions.push(a.clone()),
            }
        }
        for r in &one.rules {
            if !self.rules.contains(r) {
                self.rules.push(*r);
            }
        }
    }

    /// Shares of the weight decided, the actions in their order.
    fn shares(mut self) -> (Vec<ChartAction>, f64) {
        let w = if self.w > 0.0 { self.w } else { 1.0 };
        for a in &mut self.actions {
            a.share /= w;
        }
        self.actions
            .sort_by(|a, b| order(&a.action).total_cmp(&order(&b.action)));
        (self.actions, self.no_rule / w)
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

/// What `bot` does in `spot` with every starting hand, every holding alike: one
/// representative combination per class before the flop (suits do not change a class's
/// decision unless the script names cards), every combination the board leaves after it, with
/// the categories.
pub fn chart(bot: &Bot, spot: &Spot) -> Result<Chart, ChartError> {
    chart_over(bot, spot, None)
}

/// [`chart`] with each holding after the flop weighted by `range` (the range that reaches
/// the spot, [`super::reach`]); holdings of weight 0 are not decided. Before the flop the
/// range is not used: the chart gives one combination per class.
pub fn chart_over(bot: &Bot, spot: &Spot, range: Option<&ChartRange>) -> Result<Chart, ChartError> {
    let board = spot.board();
    let base = spot
        .state_with(free_pair(&board))
        .map_err(ChartError::Game)?;
    let range = range.filter(|_| !board.is_empty());
    let (cells, made, draws) = if board.is_empty() {
        let mut cells = Vec::with_capacity(169);
        for class in HoleClass::all() {
            cells.push(preflop_cell(bot, &base, class)?);
        }
        (cells, Vec::new(), Vec::new())
    } else {
        postflop(bot, &base, &board, range.map(|r| &r.weights))?
    };
    let d = base.derived();
    Ok(Chart {
        bot: bot.name().to_string(),
        spot: spot.description().to_string(),
        board: board
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        big_blind: d.chips(base.record().bb),
        pot: d.chips(d.pot),
        facing: d.chips(d.hero_round + d.to_call),
        range: range.map(|r| ChartRangeNote {
            source: r.source.clone(),
            combos: r.weights.combos(),
        }),
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

/// `base` (the spot, validated once) with the hero holding `cards`.
fn dealt(base: &GameState, cards: [Card; 2]) -> GameState {
    let mut state = base.clone();
    state.set_hero_cards(cards);
    state
}

/// A class's cell before the flop: its representative combination decided.
fn preflop_cell(bot: &Bot, base: &GameState, class: HoleClass) -> Result<ChartCell, ChartError> {
    let mut tally = Tally::default();
    let cards = combo_in(class, &[], SUIT_ORDER).expect("an empty board leaves every class");
    let state = dealt(base, cards);
    let hand = cards_text(&cards);
    tally.add(bot, &state, &hand, 1.0)?;
    Ok(finish_cell(
        class,
        tally,
        Some((hand, state)),
        f64::from(class.combos()),
    ))
}

/// A cell from its tally and its representative combination.
fn finish_cell(
    class: HoleClass,
    tally: Tally,
    first: Option<(String, GameState)>,
    weight: f64,
) -> ChartCell {
    let combos = tally.n;
    let random = tally.random;
    let mut rules = tally.rules.clone();
    rules.sort_unstable();
    let (actions, no_rule) = tally.shares();
    let (hand, state) = match first {
        Some((h, s)) => (h, Some(s)),
        None => (String::new(), None),
    };
    ChartCell {
        class: class.name(),
        hand,
        combos,
        weight,
        actions,
        no_rule,
        reads_random: random,
        rules,
        state,
    }
}

/// A chart's cells, made-hand rows and draw rows.
type Parts = (Vec<ChartCell>, Vec<CategoryRow>, Vec<CategoryRow>);

/// After the flop: every holding the board leaves decided once (unless its weight is 0),
/// summed by class into the cells and by category into the rows.
fn postflop(
    bot: &Bot,
    base: &GameState,
    board: &[Card],
    weights: Option<&HoldingWeights>,
) -> Result<Parts, ChartError> {
    let set: CardSet = board.iter().copied().collect();
    let mut made: Vec<Tally> = Made::ALL.iter().map(|_| Tally::default()).collect();
    let mut draws: Vec<Tally> = DRAWS.iter().map(|_| Tally::default()).collect();
    let mut cells = Vec::with_capacity(169);
    for class in HoleClass::all() {
        let mut tally = Tally::default();
        let mut first = None;
        for cards in combos_of(class, board) {
            let weight = weights.map_or(1.0, |w| w.of(cards[0], cards[1]));
            if weight <= 0.0 {
                continue;
            }
            let hole: CardSet = cards.iter().copied().collect();
            let hand = cards_text(&cards);
            let state = dealt(base, cards);
            let mut one = Tally::default();
            one.add(bot, &state, &hand, weight)?;
            tally.merge(&one);
            first.get_or_insert((hand, state));
            let m = Made::of(hole, set);
            let k = Made::ALL.iter().position(|x| *x == m).unwrap_or(0);
            made[k].merge(&one);
            for (d, t) in DRAWS.iter().zip(draws.iter_mut()) {
                if d.holds(hole, set) {
                    t.merge(&one);
                }
            }
        }
        let weight = tally.w;
        cells.push(finish_cell(class, tally, first, weight));
    }
    let rows = |tallies: Vec<Tally>, words: Vec<&'static str>| {
        tallies
            .into_iter()
            .zip(words)
            .map(|(t, words)| {
                let (combos, weight) = (t.n, t.w);
                let (actions, no_rule) = t.shares();
                CategoryRow {
                    words,
                    combos,
                    weight,
                    actions,
                    no_rule,
                }
            })
            .collect()
    };
    Ok((
        cells,
        rows(made, Made::ALL.iter().map(|m| m.words()).collect()),
        rows(draws, DRAWS.iter().map(|d| d.words).collect()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(action: Action, share: f64) -> ChartAction {
        ChartAction { action, share }
    }

    fn raise(to: f64) -> Action {
        Action::Raise { by: to - 100.0, to }
    }

    #[test]
    fn a_mix_of_raise_sizes_is_told_from_a_mix_of_actions() {
        let sizes = [a(raise(350.0), 0.6), a(raise(400.0), 0.4)];
        assert_eq!(Mix::of(&sizes, 0.0), Mix::RaiseSizes);
        assert_eq!(Mix::of(&sizes, 0.1), Mix::Actions);
        let with_fold = [a(Action::Fold, 0.2), a(raise(350.0), 0.8)];
        assert_eq!(Mix::of(&with_fold, 0.0), Mix::Actions);
        assert_eq!(Mix::of(&[a(Action::Call, 0.5)], 0.5), Mix::Actions);
        assert_eq!(Mix::of(&[a(raise(350.0), 1.0)], 0.0), Mix::Pure);
        assert_eq!(Mix::of(&[], 1.0), Mix::Pure);
        // A share that is rounding is no mix.
        assert_eq!(
            Mix::of(&[a(Action::Fold, 1.0), a(Action::Call, 1e-15)], 0.0),
            Mix::Pure
        );
        assert_eq!(Mix::RaiseSizes.name(), "sizes");
    }
}

#[cfg(test)]
mod counting {
    use crate::eval::VERSUS_COMPUTED;
    use crate::front::{Bot, BotOptions, Spot, SpotOptions};

    /// Strengths against a range computed for the chart of `text` on a flop.
    fn computed(text: &str) -> (usize, bool) {
        let bot = Bot::from_source("t.hus", text, &BotOptions::default()).unwrap();
        let spot = Spot::new(&SpotOptions {
            actions: "BTN call, BB check".into(),
            board: "Kh8s4d".into(),
            ..SpotOptions::default()
        })
        .unwrap();
        let before = VERSUS_COMPUTED.with(|c| c.get());
        let chart = super::chart(&bot, &spot).unwrap();
        let read = chart.cells.iter().any(|c| c.reads_random);
        (VERSUS_COMPUTED.with(|c| c.get()) - before, read)
    }

    #[test]
    fn equity_against_a_range_is_computed_once_a_holding_whatever_random_is() {
        // Two ranges, read before and after `random`: each holding's equity against each is
        // computed once, not once for each of the 100 values of `random`.
        let rules = "ALWAYS\nRULE equityVs(QQ+) > 0.9\nDO RAISE 2BB\nENDRULE\n\
                     RULE equityVs(22+) > 0.5, random < 0.3\nDO RAISE 3BB\nENDRULE\n\
                     RULE equityVs(22+) > 0.5\nDO 0.5 CALL, 0.5 CHECK\nENDRULE\n\
                     RULE\nDO CHECK\nENDRULE\nENDALWAYS\n";
        let (with_random, read) = computed(rules);
        assert!(read);
        let without = computed(&rules.replace(", random < 0.3", ""));
        assert_eq!((with_random, read), (without.0, true));
        assert!(!without.1);
        // Every combination the board leaves, two ranges each.
        assert_eq!(with_random, 2 * 1176);
    }
}
