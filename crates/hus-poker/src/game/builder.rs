//! Game states built in a program instead of read from XML (reference §6): blinds, stacks,
//! the button, the cards, and the acts in order with bets and raises given as the total they
//! raise to, as poker software records them. [`GameBuilder::build`] validates exactly as the
//! XML reader does, and [`GameState::xml`] writes the state as `hus decide` reads it.

use super::chips::{Chips, Decimal, Unit, FINEST_CHIP, MAX_PLACES};
use super::opponent::Count;
use super::{Act, ActionRecord, GameRecord, GameState, InvalidGame, OpponentStat, OpponentStats};
use super::{Phase, Player, Post, Round};
use crate::cards::{Card, CardSet};
use crate::diag::{Code, SourceDiagnostic};

/// One act as a player makes it: bets and raises carry the total the player's chips in this
/// round come to (`raise to 300`), not the increment the XML records. The total is an exact
/// [`Decimal`]: the hand's unit is the finest decimal of all its amounts, known only once
/// every act is given (reference §6, amounts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    Fold,
    Check,
    Call,
    /// A bet when nothing is owed, to this total for the round.
    BetTo(Decimal),
    /// A raise, to this total for the round.
    RaiseTo(Decimal),
}

/// An amount as a program gives it: a whole number, a [`Decimal`], a decimal text, or a
/// binary float (taken as the shortest decimal that reads back as it: `0.1` for 0.1).
pub trait IntoAmount {
    /// The decimal, or why this is no amount.
    fn into_amount(self) -> Result<Decimal, String>;
}
impl IntoAmount for Decimal {
    fn into_amount(self) -> Result<Decimal, String> {
        Ok(self)
    }
}
impl IntoAmount for i64 {
    fn into_amount(self) -> Result<Decimal, String> {
        Ok(Decimal::whole(self))
    }
}
impl IntoAmount for i32 {
    fn into_amount(self) -> Result<Decimal, String> {
        Ok(Decimal::whole(self.into()))
    }
}
impl IntoAmount for f64 {
    fn into_amount(self) -> Result<Decimal, String> {
        Decimal::from_f64(self)
            .ok_or_else(|| format!("{} is not a number of chips", super::format_amount(self)))
    }
}
impl IntoAmount for &str {
    fn into_amount(self) -> Result<Decimal, String> {
        self.parse().map_err(|_| {
            format!(
                "`{}` is not a decimal number of chips",
                crate::diag::clip(self)
            )
        })
    }
}

/// An amount given to the builder: the decimal, or why it is none.
type Given = Result<Decimal, String>;

/// Builds a [`GameState`] at the hero's turn. Errors found while building (a card that is no
/// card) are reported by [`GameBuilder::build`] together with the game model's own.
#[derive(Clone, Debug)]
pub struct GameBuilder {
    sb: Given,
    bb: Given,
    hero_stack: Given,
    villain_stack: Given,
    /// `<chip>`: the size raises are rounded to.
    chip: Option<Given>,
    /// The player in the small blind, who acts first before the flop.
    button: Player,
    hero_cards: Option<[Card; 2]>,
    board: Vec<Card>,
    posts: Option<Vec<(Player, String, Given)>>,
    plays: Vec<(Player, Play)>,
    extras: Vec<(String, f64)>,
    stats: Option<OpponentStats>,
    errors: Vec<SourceDiagnostic>,
    /// More acts than a game state holds were given (reported once).
    full: bool,
}

impl GameState {
    /// A builder for a hand with these blinds; stacks default to 100 big blinds and the hero
    /// to the button (the small blind).
    pub fn builder(small_blind: impl IntoAmount, big_blind: impl IntoAmount) -> GameBuilder {
        let bb = big_blind.into_amount();
        let stack = match &bb {
            Ok(b) => b
                .times(100)
                .ok_or_else(|| format!("100 big blinds of {b} are too many chips")),
            Err(e) => Err(e.clone()),
        };
        GameBuilder {
            sb: small_blind.into_amount(),
            bb,
            hero_stack: stack.clone(),
            villain_stack: stack,
            chip: None,
            button: Player::Hero,
            hero_cards: None,
            board: Vec::new(),
            posts: None,
            plays: Vec::new(),
            extras: Vec::new(),
            stats: None,
            errors: Vec::new(),
            full: false,
        }
    }
}

impl GameBuilder {
    /// Both stacks at the start of the hand, before the blinds.
    pub fn stacks(mut self, hero: impl IntoAmount, villain: impl IntoAmount) -> Self {
        self.hero_stack = hero.into_amount();
        self.villain_stack = villain.into_amount();
        self
    }

    /// The size the hero's raises are rounded to (`<chip>`); by default the finest decimal
    /// of the hand's amounts (reference §6, amounts).
    pub fn chip(mut self, chip: impl IntoAmount) -> Self {
        self.chip = Some(chip.into_amount());
        self
    }

    /// Who has the button: in heads-up the button posts the small blind and acts first
    /// before the flop, last after it.
    pub fn button(mut self, player: Player) -> Self {
        self.button = player;
        self
    }

    /// The hero's two cards, written `"AsKd"` or `"As Kd"`.
    pub fn hero_cards(mut self, cards: &str) -> Self {
        match parse_cards(cards, "heroCards") {
            Ok(c) if c.len() == 2 => self.hero_cards = Some([c[0], c[1]]),
            Ok(c) => self.errors.push(bad_card(format!(
                "heroCards: the hero holds 2 cards, not {} (`{cards}`)",
                c.len()
            ))),
            Err(e) => self.errors.push(*e),
        }
        self
    }

    /// The board as dealt so far: 0, 3, 4 or 5 cards (`"9h5s2d"`, `"9h 5s 2d Td"`). The
    /// acts are split into rounds where each round's betting ends; a round whose cards are
    /// out and in which nobody has acted yet is the current one.
    pub fn board(mut self, cards: &str) -> Self {
        match parse_cards(cards, "board") {
            Ok(c) if matches!(c.len(), 0 | 3 | 4 | 5) => self.board = c,
            Ok(c) => self.errors.push(bad_card(format!(
                "board: a board has 0, 3, 4 or 5 cards, not {} (`{cards}`)",
                c.len()
            ))),
            Err(e) => self.errors.push(*e),
        }
        self
    }

    /// The hero's two cards as [`Card`]s, for a program that holds cards rather than text
    /// (no text to write and read back); the same card twice is an error.
    pub fn hero_hand(mut self, cards: [Card; 2]) -> Self {
        if cards[0] == cards[1] {
            self.errors.push(bad_card(format!(
                "heroCards: `{}` is given twice",
                cards[0]
            )));
        } else {
            self.hero_cards = Some(cards);
        }
        self
    }

    /// The board as [`Card`]s, as [`GameBuilder::board`] takes it written.
    pub fn board_cards(mut self, cards: &[Card]) -> Self {
        let distinct = cards.iter().copied().collect::<CardSet>().len() as usize;
        if !matches!(cards.len(), 0 | 3 | 4 | 5) {
            self.errors.push(bad_card(format!(
                "board: a board has 0, 3, 4 or 5 cards, not {}",
                cards.len()
            )));
        } else if distinct != cards.len() {
            self.errors
                .push(bad_card("board: a card is given twice".to_string()));
        } else {
            self.board = cards.to_vec();
        }
        self
    }

    /// A blind post, instead of the ones [`GameBuilder::button`] implies (a short stack's
    /// partial blind). `blind` is `SB` or `BB`.
    pub fn post(mut self, player: Player, blind: &str, amount: impl IntoAmount) -> Self {
        self.posts.get_or_insert_with(Vec::new).push((
            player,
            blind.to_string(),
            amount.into_amount(),
        ));
        self
    }

    /// The next act of the hand, in the order played. Past
    /// [`MAX_GAME_ACTS`](crate::limits::MAX_GAME_ACTS) acts nothing more is kept, and
    /// [`GameBuilder::build`] fails saying so.
    pub fn play(mut self, player: Player, play: Play) -> Self {
        let max = crate::limits::MAX_GAME_ACTS;
        if self.plays.len() < max {
            self.plays.push((player, play));
        } else if !self.full {
            self.full = true;
            self.errors.push(SourceDiagnostic::error(
                Code::BadNumber,
                format!("more than {max} acts: a hand holds at most {max}"),
            ));
        }
        self
    }

    /// Whether the builder holds as many acts as a game state may
    /// ([`MAX_GAME_ACTS`](crate::limits::MAX_GAME_ACTS)): a caller reading acts from an
    /// endless source stops here.
    pub fn is_full(&self) -> bool {
        self.plays.len() >= crate::limits::MAX_GAME_ACTS
    }

    /// An `<init>` constant the script may read (`tournamentStage`); `chip` is
    /// [`GameBuilder::chip`]. A name the XML could not hold as its own element (not a word,
    /// one of `<init>`'s own such as `BB`, or given twice) or a value that is no finite number
    /// is an error of [`GameBuilder::build`], so that a built state always writes XML that
    /// reads back.
    pub fn define(mut self, name: &str, value: f64) -> Self {
        if name.eq_ignore_ascii_case("chip") {
            return self.chip(value);
        }
        if let Some((code, problem)) = define_problem(name, value, &self.extras) {
            self.errors.push(SourceDiagnostic::error(
                code,
                format!(
                    "<init> constant `{}`: {problem}",
                    crate::diag::escape_controls(name)
                ),
            ));
        }
        self.extras.push((name.to_string(), value));
        self
    }

    /// The villain's statistics over past hands, validated as `<stats>` is: a percentage
    /// done more times than it had chances, or a count resting on more hands than
    /// `stats.hands`, is the XML reader's error, reported by [`GameBuilder::build`]. A
    /// percentage rests on its chances, as in the XML: its `hands` is taken from `chances`
    /// when left 0, and any other value is an error.
    pub fn stats(mut self, mut stats: OpponentStats) -> Self {
        for stat in OpponentStat::ALL {
            let count = &mut stats.counts[stat as usize];
            if !stat.is_ratio() && count.hands == 0 {
                count.hands = count.chances;
            }
            if let Some(problem) = stat_problem(stat, count, stats.hands) {
                self.errors.push(SourceDiagnostic::error(
                    Code::BadNumber,
                    format!("<{}>: {problem}", stat.name()),
                ));
            }
        }
        self.stats = Some(stats);
        self
    }

    /// The record the XML would hold: posts, rounds with their cards, acts as increments.
    pub fn record(&self) -> Result<GameRecord, InvalidGame> {
        let mut errors = self.errors.clone();
        let Some(hero_cards) = self.hero_cards else {
            if errors.is_empty() {
                errors.push(bad_card(
                    "heroCards: the hero's two cards are not given".into(),
                ));
            }
            return Err(InvalidGame {
                diagnostics: errors,
            });
        };
        if !errors.is_empty() {
            return Err(InvalidGame {
                diagnostics: errors,
            });
        }
        let posts = self.posts.clone().unwrap_or_else(|| self.blind_posts());
        let (amounts, mut errors) = self.amounts(&posts);
        let Some(a) = amounts else {
            return Err(InvalidGame {
                diagnostics: errors,
            });
        };
        let rounds = Rounds::split(&a.posts, &a.plays, &self.board, a.unit, &mut errors);
        if !errors.is_empty() {
            return Err(InvalidGame {
                diagnostics: errors,
            });
        }
        Ok(GameRecord {
            unit: a.unit,
            chip: a.chip,
            bb: a.bb,
            sb: a.sb,
            hero_stack: a.hero_stack,
            villain_stack: a.villain_stack,
            hero_cards,
            extras: self.extras.clone(),
            posts: a.posts,
            rounds,
            stats: self.stats.map(Box::new),
        })
    }

    /// Validates the state exactly as [`GameState::from_xml`] does; on success also returns
    /// the warnings (tolerated irregularities).
    pub fn build(&self) -> Result<(GameState, Vec<SourceDiagnostic>), InvalidGame> {
        GameState::from_record(self.record()?)
    }

    /// Every amount given, in the unit of the finest decimal among them; what is no amount
    /// of chips is reported in the builder's own terms (its arguments' names, a post's or an
    /// act's index), before the game model reads them as the XML would hold them.
    fn amounts(
        &self,
        posts: &[(Player, String, Given)],
    ) -> (Option<Amounts>, Vec<SourceDiagnostic>) {
        let bad = |what: String| SourceDiagnostic::error(Code::BadNumber, what);
        let mut out = Vec::new();
        let mut named: Vec<(Field, Decimal)> =
            Vec::with_capacity(5 + posts.len() + self.plays.len());
        let mut take = |name: Field, given: &Given, out: &mut Vec<SourceDiagnostic>| match given {
            Ok(d) => named.push((name, *d)),
            Err(e) => out.push(bad(format!("{name}: {e}"))),
        };
        take(Field::Named("small_blind"), &self.sb, &mut out);
        take(Field::Named("big_blind"), &self.bb, &mut out);
        take(Field::Named("hero_stack"), &self.hero_stack, &mut out);
        take(Field::Named("villain_stack"), &self.villain_stack, &mut out);
        if let Some(chip) = &self.chip {
            take(Field::Named("chip"), chip, &mut out);
        }
        for (i, (_, _, amount)) in posts.iter().enumerate() {
            take(Field::Post(i), amount, &mut out);
        }
        for (k, (_, play)) in self.plays.iter().enumerate() {
            if let Play::BetTo(to) | Play::RaiseTo(to) = play {
                take(Field::Action(k), &Ok(*to), &mut out);
            }
        }
        if !out.is_empty() {
            return (None, out);
        }
        let finest = named.iter().map(|(_, d)| d.places()).max().unwrap_or(0);
        let Some(unit) = Unit::new(finest) else {
            let (name, d) = named
                .iter()
                .find(|(_, d)| d.places() > MAX_PLACES)
                .expect("finest");
            out.push(bad(format!(
                "{name}: {} has more than {MAX_PLACES} decimal places (the finest chip is {FINEST_CHIP})",
                d.short()
            )));
            return (None, out);
        };
        let mut counts = named.iter().map(|(name, d)| {
            unit.of(*d).ok_or_else(|| {
                format!(
                    "{name}: {} is more than 9007199254740992 units of {} (2^53, counted exactly)",
                    d.short(),
                    unit.format(Chips(1))
                )
            })
        });
        let mut get = |out: &mut Vec<SourceDiagnostic>| {
            counts
                .next()
                .expect("one count per amount")
                .unwrap_or_else(|e| {
                    out.push(bad(e));
                    Chips::ZERO
                })
        };
        let (sb, bb, hero_stack, villain_stack) =
            (get(&mut out), get(&mut out), get(&mut out), get(&mut out));
        let chip = self.chip.as_ref().map(|_| get(&mut out));
        for (name, v) in [("small_blind", sb), ("big_blind", bb)] {
            if v <= Chips::ZERO {
                out.push(bad(format!(
                    "{name}: {} is not a positive number of chips",
                    unit.format(v)
                )));
            }
        }
        if out.is_empty() && sb > bb {
            out.push(bad(format!(
                "small_blind: {} is above big_blind ({}): the small blind is at most the big blind",
                unit.format(sb),
                unit.format(bb)
            )));
        }
        for (name, v) in [("hero_stack", hero_stack), ("villain_stack", villain_stack)] {
            if v < Chips::ZERO {
                out.push(bad(format!(
                    "{name}: {} is not a number of chips, 0 or more",
                    unit.format(v)
                )));
            }
        }
        let mut in_posts = Vec::with_capacity(posts.len());
        for (i, (player, blind, _)) in posts.iter().enumerate() {
            let amount = get(&mut out);
            if amount < Chips::ZERO && self.posts.is_some() {
                out.push(bad(format!(
                    "posts[{i}]: {} is not a number of chips, 0 or more",
                    unit.format(amount)
                )));
            }
            in_posts.push(Post {
                player: *player,
                amount,
                blind: blind.clone(),
                span: None,
            });
        }
        let plays = self
            .plays
            .iter()
            .map(|&(who, play)| {
                (
                    who,
                    match play {
                        Play::Fold => Played::Fold,
                        Play::Check => Played::Check,
                        Play::Call => Played::Call,
                        Play::BetTo(_) => Played::BetTo(get(&mut out)),
                        Play::RaiseTo(_) => Played::RaiseTo(get(&mut out)),
                    },
                )
            })
            .collect();
        let amounts = Amounts {
            unit,
            chip,
            sb,
            bb,
            hero_stack,
            villain_stack,
            posts: in_posts,
            plays,
        };
        (out.is_empty().then_some(amounts), out)
    }

    /// The blinds the button implies: the button posts the small blind.
    fn blind_posts(&self) -> Vec<(Player, String, Given)> {
        vec![
            (self.button, "SB".to_string(), self.sb.clone()),
            (self.button.other(), "BB".to_string(), self.bb.clone()),
        ]
    }
}

/// The builder's amounts in the hand's unit.
struct Amounts {
    unit: Unit,
    chip: Option<Chips>,
    sb: Chips,
    bb: Chips,
    hero_stack: Chips,
    villain_stack: Chips,
    posts: Vec<Post>,
    plays: Vec<(Player, Played)>,
}

/// A [`Play`] with its amount in the hand's unit.
#[derive(Clone, Copy)]
enum Played {
    Fold,
    Check,
    Call,
    BetTo(Chips),
    RaiseTo(Chips),
}

/// The split of a hand's acts into betting rounds, tracking what each player put in.
struct Rounds {
    rounds: Vec<Round>,
    /// Chips in this round: `[hero, villain]`.
    put_in: [Chips; 2],
    unit: Unit,
    acted: [bool; 2],
    over: bool,
}

fn seat(p: Player) -> usize {
    match p {
        Player::Hero => 0,
        Player::Villain => 1,
    }
}

impl Rounds {
    /// The rounds of `plays`: a round ends when a check or call answers the other player's
    /// act; the next act opens the next round with its board cards. Rounds whose cards are
    /// dealt after the last act are opened empty. A bet or raise to no more than the round's
    /// highest bet is added to `errors`, named by its index (`actions[k]`); other
    /// inconsistent acts are recorded as given, for the game model to report.
    fn split(
        posts: &[Post],
        plays: &[(Player, Played)],
        board: &[Card],
        unit: Unit,
        errors: &mut Vec<SourceDiagnostic>,
    ) -> Vec<Round> {
        let mut r = Rounds {
            rounds: vec![empty_round(Phase::Preflop, Vec::new())],
            put_in: [Chips::ZERO; 2],
            unit,
            acted: [false; 2],
            over: false,
        };
        for p in posts {
            r.put_in[seat(p.player)] += p.amount;
        }
        for (k, &(player, play)) in plays.iter().enumerate() {
            if r.over {
                r.open_next(board);
            }
            if let Some(e) = r.bad_raise(k, play) {
                errors.push(e);
            }
            r.record(player, play);
        }
        while r.rounds.len() < 4 && board.len() >= Phase::ALL[r.rounds.len()].board_len() {
            r.open_next(board);
        }
        r.rounds
    }

    fn open_next(&mut self, board: &[Card]) {
        let phase = Phase::ALL[self.rounds.len().min(3)];
        let from = self.rounds.last().map_or(0, |r| r.phase.board_len());
        let cards = board
            .get(from..phase.board_len())
            .map(<[Card]>::to_vec)
            .unwrap_or_default();
        self.rounds.push(empty_round(phase, cards));
        self.put_in = [Chips::ZERO; 2];
        self.acted = [false; 2];
        self.over = false;
    }

    /// Act `k` when it bets or raises to no more than the highest bet of the round.
    fn bad_raise(&self, k: usize, play: Played) -> Option<SourceDiagnostic> {
        let high = self.put_in[0].max(self.put_in[1]);
        let (what, to) = match play {
            Played::BetTo(to) => ("bet", to),
            Played::RaiseTo(to) => ("raise", to),
            _ => return None,
        };
        let amt = |c: Chips| self.unit.format(c);
        (to <= high).then(|| {
            SourceDiagnostic::error(
                Code::BadNumber,
                format!(
                    "actions[{k}]: a {what} to {} is not above the {} already bet in the round",
                    amt(to),
                    amt(high)
                ),
            )
            .with_help("a bet or raise gives the total the player's chips in the round come to")
        })
    }

    fn record(&mut self, player: Player, play: Played) {
        let me = seat(player);
        let high = self.put_in[0].max(self.put_in[1]);
        let zero = Chips::ZERO;
        let (act, amount, added) = match play {
            Played::Fold => (Act::Fold, zero, zero),
            Played::Check => (Act::Check, zero, zero),
            Played::Call => (Act::Call, high - self.put_in[me], high - self.put_in[me]),
            Played::BetTo(to) => (Act::Bet, to - high, to - self.put_in[me]),
            Played::RaiseTo(to) => (Act::Raise, to - high, to - self.put_in[me]),
        };
        self.put_in[me] += added;
        self.acted[me] = true;
        self.over = matches!(act, Act::Check | Act::Call) && self.acted[1 - me];
        let round = self.rounds.last_mut().expect("the preflop is always open");
        round.actions.push(ActionRecord {
            no: round.actions.len() as i64,
            player,
            act,
            amount,
            span: None,
        });
    }
}

/// The name of an amount the builder was given, written only when a message needs it (a
/// state is built per decision, so the names cost nothing on the way that succeeds).
#[derive(Clone, Copy)]
enum Field {
    Named(&'static str),
    Post(usize),
    Action(usize),
}

impl std::fmt::Display for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Field::Named(name) => f.write_str(name),
            Field::Post(i) => write!(f, "posts[{i}]"),
            Field::Action(k) => write!(f, "actions[{k}]"),
        }
    }
}

fn empty_round(phase: Phase, cards: Vec<Card>) -> Round {
    Round {
        phase,
        cards,
        actions: Vec::new(),
        span: None,
    }
}

/// The XML reader's problem with one count, or a percentage whose `hands` is not its
/// `chances` (the XML has no field for it).
fn stat_problem(stat: OpponentStat, count: &Count, hands: u32) -> Option<String> {
    if !stat.is_ratio() && count.hands != count.chances {
        return Some(format!(
            "`hands` ({}) is not `chances` ({}): a percentage rests on its chances",
            count.hands, count.chances
        ));
    }
    super::xml::count_problem(stat, count, Some(hands))
}

fn bad_card(message: String) -> SourceDiagnostic {
    SourceDiagnostic::error(Code::BadCard, message)
        .with_help("write cards as rank then suit letter: `As Kd`, `Th 9c`, `2s`")
}

/// Cards written one after another (`"AsKd"`, `"As Kd"`), in the order given.
fn parse_cards(text: &str, field: &str) -> Result<Vec<Card>, Box<SourceDiagnostic>> {
    let set: CardSet = text
        .parse()
        .map_err(|e| Box::new(bad_card(format!("{field}: {e}"))))?;
    let mut cards = Vec::with_capacity(set.len() as usize);
    let mut rest = text.trim();
    while !rest.is_empty() {
        // A rank letter, then a suit letter. `10` is refused: run together (`10cKd`) a
        // reader cannot tell it from a mistyped card, and `T` is the language's ten.
        if let Some(suit) = rest.strip_prefix("10") {
            let suit = suit.chars().next().map_or(String::new(), String::from);
            return Err(Box::new(bad_card(format!(
                "{field}: `10{suit}`: a ten is written `T` (`T{suit}`), one letter a rank"
            ))));
        }
        let (card, tail) = rest.split_at(2.min(rest.len()));
        cards.push(
            card.parse::<Card>()
                .map_err(|e| Box::new(bad_card(format!("{field}: {e}"))))?,
        );
        rest = tail.trim_start();
    }
    Ok(cards)
}

/// Why `name = value` cannot be an `<init>` constant beside `defined`, if it cannot.
fn define_problem(name: &str, value: f64, defined: &[(String, f64)]) -> Option<(Code, String)> {
    let word = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !word {
        return Some((
            Code::XmlSyntax,
            "a name is a word of letters, digits and `_`".into(),
        ));
    }
    let own = ["BB", "SB", "heroStack", "villainStack", "heroCards"];
    if let Some(own) = own.iter().find(|o| o.eq_ignore_ascii_case(name)) {
        return Some((
            Code::XmlDuplicate,
            format!("<{own}> is one of <init>'s own elements, given by the stakes and cards"),
        ));
    }
    if defined.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)) {
        return Some((Code::XmlDuplicate, "given twice".into()));
    }
    if !value.is_finite() {
        return Some((Code::BadNumber, format!("{value} is no finite number")));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_init_constant_the_xml_could_not_hold_is_an_error() {
        let built = |name: &str, value: f64| {
            GameState::builder(10.0, 20.0)
                .hero_cards("AcKd")
                .define(name, value)
                .build()
                .map(|_| ())
                .map_err(|e| e.diagnostics[0].message.clone())
        };
        assert_eq!(built("tournamentStage", 2.0), Ok(()));
        assert_eq!(
            built("x", f64::NAN),
            Err("<init> constant `x`: NaN is no finite number".into())
        );
        assert!(built("<a>", 1.0).unwrap_err().contains("a word of letters"));
        for own in ["BB", "sb", "heroStack", "VILLAINSTACK"] {
            assert!(built(own, 1.0)
                .unwrap_err()
                .contains("one of <init>'s own elements"));
        }
        let twice = GameState::builder(10.0, 20.0)
            .hero_cards("AcKd")
            .define("x", 1.0)
            .define("X", 2.0)
            .build();
        assert!(twice.is_err());
    }

    #[test]
    fn cards_given_as_cards_build_the_state_their_text_builds() {
        let c = |t: &str| t.parse::<Card>().unwrap();
        let by_text = GameState::builder(10, 20)
            .hero_cards("AcKd")
            .board("9h5s2d")
            .play(Player::Hero, Play::Call)
            .play(Player::Villain, Play::Check)
            .build()
            .unwrap()
            .0;
        let by_cards = GameState::builder(10, 20)
            .hero_hand([c("Ac"), c("Kd")])
            .board_cards(&[c("9h"), c("5s"), c("2d")])
            .play(Player::Hero, Play::Call)
            .play(Player::Villain, Play::Check)
            .build()
            .unwrap()
            .0;
        assert_eq!(by_cards.xml(), by_text.xml());
        let message = |b: GameBuilder| b.build().unwrap_err().diagnostics[0].message.clone();
        assert_eq!(
            message(GameState::builder(10, 20).hero_hand([c("Ac"), c("Ac")])),
            "heroCards: `Ac` is given twice"
        );
        let hand = GameState::builder(10, 20).hero_hand([c("Ac"), c("Kd")]);
        assert_eq!(
            message(hand.clone().board_cards(&[c("9h"), c("5s")])),
            "board: a board has 0, 3, 4 or 5 cards, not 2"
        );
        assert_eq!(
            message(hand.board_cards(&[c("9h"), c("5s"), c("9h")])),
            "board: a card is given twice"
        );
    }

    #[test]
    fn a_ten_is_written_t_in_the_card_notation() {
        let e = GameState::builder(10.0, 20.0)
            .hero_cards("10cKd")
            .build()
            .unwrap_err();
        assert_eq!(
            e.diagnostics[0].message,
            "heroCards: `10c`: a ten is written `T` (`Tc`), one letter a rank"
        );
        assert!(GameState::builder(10.0, 20.0)
            .hero_cards("TcKd")
            .build()
            .is_ok());
    }

    #[test]
    fn act_words_read_in_any_case_and_nothing_else() {
        assert_eq!("fold".parse::<Act>(), Ok(Act::Fold));
        assert_eq!("RAISE".parse::<Act>(), Ok(Act::Raise));
        assert_eq!("Bet".parse::<Act>(), Ok(Act::Bet));
        assert_eq!(
            "raisee".parse::<Act>().unwrap_err().to_string(),
            "unknown act `raisee`: expected check, call, raise, bet or fold"
        );
        assert!(" call".parse::<Act>().is_err());
    }

    #[test]
    fn acts_past_the_limit_are_not_kept_and_the_build_says_so() {
        let max = crate::limits::MAX_GAME_ACTS;
        let mut b = GameState::builder(10.0, 20.0).hero_cards("AcKd");
        let mut fed = 0;
        // An endless source stops at the limit, as a caller is told to.
        while !b.is_full() {
            b = b.play(Player::Hero, Play::Check);
            fed += 1;
        }
        assert_eq!(fed, max);
        for _ in 0..1000 {
            b = b.play(Player::Villain, Play::Check);
        }
        assert_eq!(b.plays.len(), max);
        let e = b.build().unwrap_err();
        assert_eq!(e.diagnostics.len(), 1, "{:?}", e.diagnostics);
        assert_eq!(
            e.diagnostics[0].message,
            "more than 16384 acts: a hand holds at most 16384"
        );
    }

    #[test]
    fn a_built_state_equals_the_one_read_from_its_own_xml() {
        let (built, _) = GameState::builder(10.0, 20.0)
            .stacks(2000.0, 2000.0)
            .hero_cards("AcKd")
            .board("9h5s2d")
            .play(Player::Hero, Play::RaiseTo(60.into()))
            .play(Player::Villain, Play::Call)
            .play(Player::Villain, Play::Check)
            .build()
            .expect("a valid state");
        let (read, _) = GameState::from_xml(&built.xml()).expect("its XML reads back");
        assert_eq!(read.record().without_spans(), *built.record());
        assert_eq!(read.derived(), built.derived());
        // The raise to 60 is recorded as the XML's increment: 40 above the 20 called.
        assert_eq!(built.record().rounds[0].actions[0].amount, Chips(40));
        assert_eq!(built.derived().pot, Chips(120));
        assert_eq!(built.phase(), Phase::Flop);
    }

    #[test]
    fn a_board_dealt_after_the_last_act_opens_its_round() {
        let (s, _) = GameState::builder(1.0, 2.0)
            .button(Player::Villain)
            .hero_cards("7h 2c")
            .board("AsKsQs")
            .play(Player::Villain, Play::Call)
            .play(Player::Hero, Play::Check)
            .build()
            .expect("a valid state");
        assert_eq!(s.phase(), Phase::Flop);
        assert_eq!(s.derived().to_call, Chips::ZERO);
        assert!(!s.derived().hero_is_button);
    }

    #[test]
    fn a_state_that_is_not_the_heros_turn_gets_the_readers_error() {
        let e = GameState::builder(10.0, 20.0)
            .hero_cards("AcKd")
            .play(Player::Hero, Play::Call)
            .build()
            .expect_err("the villain is to act");
        assert_eq!(e.diagnostics[0].code, Code::NotHeroTurn);
    }

    /// The builder's stats errors, as messages.
    fn stats_errors(stats: OpponentStats) -> Vec<String> {
        let e = GameState::builder(10.0, 20.0)
            .hero_cards("AcKd")
            .stats(stats)
            .build()
            .expect_err("invalid stats");
        assert!(e.diagnostics.iter().all(|d| d.code == Code::BadNumber));
        e.diagnostics.into_iter().map(|d| d.message).collect()
    }

    /// The same statistics as the XML reader would read them from `<stats>`.
    fn xml_errors(stats: &str) -> Vec<String> {
        let e = super::super::xml::read_stats_element(stats).expect_err("invalid stats");
        e.diagnostics.into_iter().map(|d| d.message).collect()
    }

    fn with(hands: u32, stat: OpponentStat, times: u32, chances: u32, on: u32) -> OpponentStats {
        let mut s = OpponentStats {
            hands,
            ..OpponentStats::default()
        };
        s.counts[stat as usize] = Count {
            times,
            chances,
            hands: on,
        };
        s
    }

    #[test]
    fn stats_done_more_times_than_their_chances_get_the_readers_error() {
        let built = stats_errors(with(40, OpponentStat::Vpip, 5, 3, 0));
        assert_eq!(built, ["<VPIP>: `times` (5) is more than `chances` (3)"]);
        assert_eq!(
            built,
            xml_errors(r#"<stats hands="40"><VPIP times="5" chances="3"/></stats>"#)
        );
    }

    #[test]
    fn stats_resting_on_more_hands_than_observed_get_the_readers_error() {
        let built = stats_errors(with(4, OpponentStat::Pfr, 2, 9, 0));
        assert_eq!(
            built,
            ["<PFR>: it rests on 9 hands, more than the 4 of <stats>"]
        );
        assert_eq!(
            built,
            xml_errors(r#"<stats hands="4"><PFR times="2" chances="9"/></stats>"#)
        );
        let built = stats_errors(with(4, OpponentStat::Aggression, 12, 3, 7));
        assert_eq!(
            built,
            ["<Aggression>: it rests on 7 hands, more than the 4 of <stats>"]
        );
        assert_eq!(
            built,
            xml_errors(
                r#"<stats hands="4"><Aggression times="12" chances="3" hands="7"/></stats>"#
            )
        );
    }

    #[test]
    fn a_percentage_resting_on_other_hands_than_its_chances_is_an_error() {
        let built = stats_errors(with(40, OpponentStat::CBet, 2, 9, 5));
        assert_eq!(
            built,
            ["<CBet>: `hands` (5) is not `chances` (9): a percentage rests on its chances"]
        );
    }

    #[test]
    fn every_bad_statistic_is_reported() {
        let mut stats = with(4, OpponentStat::Vpip, 5, 3, 0);
        stats.counts[OpponentStat::Wtsd as usize] = Count {
            times: 1,
            chances: 6,
            hands: 6,
        };
        assert_eq!(
            stats_errors(stats),
            [
                "<VPIP>: `times` (5) is more than `chances` (3)",
                "<WTSD>: it rests on 6 hands, more than the 4 of <stats>",
            ]
        );
    }

    #[test]
    fn valid_stats_read_back_from_the_states_xml() {
        // An aggression factor may be above 1: more bets and raises than calls.
        let mut stats = with(40, OpponentStat::Vpip, 30, 38, 0);
        stats.counts[OpponentStat::Aggression as usize] = Count {
            times: 12,
            chances: 3,
            hands: 10,
        };
        let (built, _) = GameState::builder(10.0, 20.0)
            .hero_cards("AcKd")
            .stats(stats)
            .build()
            .expect("valid stats");
        let (read, _) = GameState::from_xml(&built.xml()).expect("its XML reads back");
        assert_eq!(read.record().without_spans(), *built.record());
        let vpip = built
            .record()
            .stats
            .as_ref()
            .map(|s| s.count(OpponentStat::Vpip));
        assert_eq!(vpip.map(|c| c.hands), Some(38));
    }

    #[test]
    fn a_card_that_is_no_card_names_its_field() {
        let e = GameState::builder(10.0, 20.0)
            .hero_cards("AcXd")
            .build()
            .expect_err("not a card");
        assert!(e.diagnostics[0].message.starts_with("heroCards: "));
        assert_eq!(e.diagnostics[0].code, Code::BadCard);
    }
}
