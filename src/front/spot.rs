//! The spot of a chart (reference §12.13): the blinds, the stacks, the board and the acts so
//! far, written as flags or in a short notation (`BTN 2.5bb, BB 3bet 9bb`), or read from a
//! game state; the hero is the player to act next, and the chart gives the hero every
//! starting hand in turn.

use crate::cards::{Card, CardSet};
use crate::diag::clip;
use crate::game::chips::{FINEST_CHIP, MAX_PLACES};
use crate::game::{Act, GameRecord, GameState, InvalidGame, Play, Player};

/// A spot as flags give it; [`Spot::new`] reads it.
#[derive(Clone, Debug)]
pub struct SpotOptions {
    /// The acts so far: `BTN 2.5bb, BB 3bet 9bb` (empty: nobody has acted).
    pub actions: String,
    /// `sb` (also `btn`) or `bb`: the hero's seat, checked against the acts when given.
    pub position: Option<String>,
    /// Both stacks at the start of the hand, in big blinds.
    pub stack: f64,
    pub small_blind: f64,
    pub big_blind: f64,
    /// The board so far (`Kh8s4d`), empty before the flop.
    pub board: String,
}

impl Default for SpotOptions {
    /// Nobody has acted, 100 big blinds deep, blinds 50/100, before the flop.
    fn default() -> Self {
        SpotOptions {
            actions: String::new(),
            position: None,
            stack: 100.0,
            small_blind: 50.0,
            big_blind: 100.0,
            board: String::new(),
        }
    }
}

/// Named sets of flops for `hus chart --boards NAME`: a few of each texture, fixed.
pub const BOARD_SETS: [(&str, &[&str]); 4] = [
    ("dry", &["Kh8s4d", "Ad7c2h", "Qs6d3c"]),
    ("wet", &["Th9h7c", "8s7s5d", "JdTc8d"]),
    ("paired", &["KcKd6s", "7h7d2c", "QsQh4d"]),
    ("monotone", &["Ah9h4h", "Ks8s3s"]),
];

/// The flops of a named set of [`BOARD_SETS`], or of all of them for `all`.
pub fn board_set(name: &str) -> Option<Vec<&'static str>> {
    if name == "all" {
        return Some(
            BOARD_SETS
                .iter()
                .flat_map(|(_, b)| b.iter().copied())
                .collect(),
        );
    }
    BOARD_SETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, b)| b.to_vec())
}

/// A spot that cannot be read: what is wrong and what is expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpotError {
    pub message: String,
}

impl std::fmt::Display for SpotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SpotError {}

/// An error about one act of the notation, quoting it (clipped).
fn at<T>(item: &str, message: String) -> Result<T, SpotError> {
    error(format!("`{}`: {message}", clip(item)))
}

fn error<T>(message: impl Into<String>) -> Result<T, SpotError> {
    Err(SpotError {
        message: message.into(),
    })
}

/// A game state at the hero's turn with the hero's cards still open: each starting hand of a
/// chart is dealt into it.
#[derive(Clone, Debug)]
pub struct Spot {
    /// The hand, with some hero cards that [`Spot::state_with`] replaces.
    record: GameRecord,
    description: String,
}

impl Spot {
    /// The spot the flags and the notation describe; a spot where the hero cannot act (the
    /// hand is over, a board is missing or too long) is an error saying why.
    pub fn new(options: &SpotOptions) -> Result<Spot, SpotError> {
        let (sb, bb) = (options.small_blind, options.big_blind);
        let stack = stack_chips(options.stack, sb, bb)?;
        let board: Vec<Card> = parse_board(&options.board)?;
        let acts = parse_acts(&options.actions, sb, bb, stack, board.len())?;
        let hero = acts.next_to_act;
        if let Some(p) = &options.position {
            let want = parse_seat(p).ok_or_else(|| SpotError {
                message: format!("position `{}`: write sb (or btn) or bb", clip(p)),
            })?;
            if want != hero {
                return error(format!(
                    "position {}: after {} it is {}'s turn, not {}'s",
                    seat_name(want),
                    if acts.plays.is_empty() {
                        "no act".to_string()
                    } else {
                        format!("`{}`", clip(options.actions.trim()))
                    },
                    seat_name(hero),
                    seat_name(want)
                ));
            }
        }
        let who = |s: Seat| {
            if s == hero {
                Player::Hero
            } else {
                Player::Villain
            }
        };
        let text: Vec<String> = board.iter().map(|c| c.to_string()).collect();
        let mut builder = GameState::builder(sb, bb)
            .stacks(stack, stack)
            .button(who(Seat::Sb))
            .board(&text.join(" "))
            .hero_cards(&free_cards(&board));
        for &(seat, play) in &acts.plays {
            builder = builder.play(who(seat), play);
        }
        let record = builder.record().map_err(|e| invalid(&e))?;
        let spot = Spot {
            record,
            description: String::new(),
        };
        spot.state_with(spot.record.hero_cards)
            .map_err(|e| invalid(&e))?;
        let actions = if acts.plays.is_empty() {
            "none".to_string()
        } else {
            options.actions.trim().to_string()
        };
        let board = if text.is_empty() {
            String::new()
        } else {
            format!(", board {}", text.join(" "))
        };
        Ok(Spot {
            description: format!(
                "{} to act ({}), stacks {}bb, blinds {}/{}{board}, acts so far: {actions}",
                seat_name(hero),
                if hero == Seat::Sb {
                    "the button, small blind"
                } else {
                    "the big blind"
                },
                crate::game::format_amount(options.stack),
                crate::game::format_amount(sb),
                crate::game::format_amount(bb),
            ),
            ..spot
        })
    }

    /// The spot of a game state: its hero's cards are replaced hand by hand.
    pub fn from_game(state: &GameState) -> Spot {
        let record = state.record().clone();
        let seat = if record
            .posts
            .iter()
            .any(|p| p.player == Player::Hero && p.blind == "SB")
        {
            "the button, small blind"
        } else {
            "the big blind"
        };
        Spot {
            description: format!("the game state's hero ({seat}) {}", when(state.phase())),
            record,
        }
    }

    /// What the spot is, for a chart's heading.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The hand up to the hero's turn, with placeholder hero cards.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The board cards so far.
    pub fn board(&self) -> Vec<Card> {
        self.record
            .rounds
            .iter()
            .flat_map(|r| r.cards.iter().copied())
            .collect()
    }

    /// The spot with the hero holding `cards` (none of them on the board).
    pub fn state_with(&self, cards: [Card; 2]) -> Result<GameState, InvalidGame> {
        let mut record = self.record.clone();
        record.hero_cards = cards;
        GameState::from_record(record).map(|(s, _)| s)
    }
}

/// Both stacks in chips, or the bound the blinds or the stack break: the small blind above 0
/// and at most the big blind, a stack of at least one big blind and at most
/// [`crate::limits::MAX_STACK_CHIPS`] chips.
fn stack_chips(stack_bb: f64, sb: f64, bb: f64) -> Result<f64, SpotError> {
    use crate::game::format_amount as short;
    let max = crate::limits::MAX_STACK_CHIPS as f64;
    if !(sb.is_finite() && bb.is_finite() && sb > 0.0 && bb >= sb) {
        return error(format!(
            "blinds {}/{}: the small blind must be above 0 and at most the big blind (`--blinds 50/100`)",
            short(sb),
            short(bb)
        ));
    }
    if bb > max {
        return error(format!(
            "blinds {}/{}: the big blind is above {}, the most chips a stack holds (`--blinds 50/100`)",
            short(sb),
            short(bb),
            short(max)
        ));
    }
    let stack = stack_bb * bb;
    if !(stack_bb.is_finite() && stack >= bb) {
        return error(format!(
            "stack {}: give the stacks in big blinds, at least 1 (`--stack 20`)",
            short(stack_bb)
        ));
    }
    if stack > max {
        return error(format!(
            "stack {}: at blinds {}/{} that is more than {} chips, the most a stack holds: at most {} big blinds at these blinds",
            short(stack_bb),
            short(sb),
            short(bb),
            short(max),
            short((max / bb).floor())
        ));
    }
    Ok(stack)
}

fn invalid(e: &InvalidGame) -> SpotError {
    SpotError {
        message: format!(
            "this spot is no game state: {}",
            e.to_string().trim_start_matches("invalid game state: ")
        ),
    }
}

/// Two cards not on the board: the hand the spot is checked with.
fn free_cards(board: &[Card]) -> String {
    use crate::cards::{Rank, Suit};
    let taken: CardSet = board.iter().copied().collect();
    let free: Vec<Card> = (0..13u8)
        .flat_map(|r| Suit::ALL.map(|s| Card::new(Rank(r), s)))
        .filter(|c| !taken.contains(*c))
        .take(2)
        .collect();
    format!("{}{}", free[0], free[1])
}

fn parse_board(text: &str) -> Result<Vec<Card>, SpotError> {
    let set: CardSet = text.parse().map_err(|e| SpotError {
        message: format!("board `{}`: {e}", clip(text)),
    })?;
    if !matches!(set.len(), 0 | 3 | 4 | 5) {
        return error(format!(
            "board `{}`: a board has 3, 4 or 5 cards, not {}",
            clip(text),
            set.len()
        ));
    }
    let mut cards: Vec<Card> = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let len = if rest.starts_with("10") { 3 } else { 2 };
        let (card, tail) = rest.split_at(len.min(rest.len()));
        if let Ok(c) = card.parse::<CardSet>() {
            cards.extend(c.cards());
        }
        rest = tail.trim_start();
    }
    Ok(cards)
}

/// A seat in heads-up: the small blind (the button) or the big blind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seat {
    Sb,
    Bb,
}

fn seat_name(s: Seat) -> &'static str {
    match s {
        Seat::Sb => "BTN",
        Seat::Bb => "BB",
    }
}

fn parse_seat(s: &str) -> Option<Seat> {
    match s.to_ascii_lowercase().as_str() {
        "sb" | "btn" | "button" => Some(Seat::Sb),
        "bb" => Some(Seat::Bb),
        _ => None,
    }
}

/// The acts of the notation with their seats, and who acts next.
struct Acts {
    plays: Vec<(Seat, Play)>,
    next_to_act: Seat,
}

/// Where the betting stands while the notation is read.
struct Table {
    /// Chips in the current round: `[sb, bb]`.
    round: [f64; 2],
    /// Chips in earlier rounds (both players alike: a round ends level).
    before: f64,
    acted: [bool; 2],
    stack: f64,
    bb: f64,
    /// 0 before the flop, then 1, 2, 3.
    street: usize,
    next: Seat,
}

fn ix(s: Seat) -> usize {
    s as usize
}

/// Reads `BTN 2.5bb, BB 3bet 9bb`: acts separated by commas, each an optional seat (BTN or
/// SB, BB), a verb and a size in big blinds (the total the player's chips in the round come
/// to) or in percent of the pot.
fn parse_acts(text: &str, sb: f64, bb: f64, stack: f64, board: usize) -> Result<Acts, SpotError> {
    let mut t = Table {
        round: [sb, bb],
        before: 0.0,
        acted: [false; 2],
        stack,
        bb,
        street: 0,
        next: Seat::Sb,
    };
    let mut plays = Vec::new();
    let streets_open = match board {
        0 => 0,
        n => n - 2,
    };
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if t.street > streets_open {
            return at(item, round_over(t.street));
        }
        let play = t.act(item)?;
        plays.push((t.next, play));
        t.advance(play, item)?;
    }
    if t.street < streets_open {
        return error(format!(
            "the board has {board} cards but the acts end before the {}: give the acts up to the hero's turn there",
            ["flop", "turn", "river"][t.street]
        ));
    }
    if t.street > streets_open {
        return error(round_over(t.street));
    }
    Ok(Acts {
        plays,
        next_to_act: t.next,
    })
}

/// `before the flop`, `on the turn`.
fn when(phase: crate::game::Phase) -> String {
    match phase {
        crate::game::Phase::Preflop => "before the flop".into(),
        p => format!("on the {}", p.xml_tag()),
    }
}

/// Why no act can follow when the betting of the round before `street` is over.
fn round_over(street: usize) -> String {
    match street {
        1 => "the betting before the flop is over: give the flop with --board".into(),
        2 => "the betting on the flop is over: give the turn with --board".into(),
        3 => "the betting on the turn is over: give the river with --board".into(),
        _ => "the betting on the river is over: the hand is at the showdown".into(),
    }
}

impl Table {
    fn owed(&self) -> f64 {
        let me = ix(self.next);
        (self.round[1 - me] - self.round[me]).max(0.0)
    }

    fn pot(&self) -> f64 {
        2.0 * self.before + self.round[0] + self.round[1]
    }

    /// One act of the notation as the builder takes it.
    fn act(&self, item: &str) -> Result<Play, SpotError> {
        let mut words: Vec<&str> = item.split_whitespace().collect();
        if let Some(seat) = words.first().and_then(|w| parse_seat(w)) {
            if seat != self.next {
                return at(
                    item,
                    format!(
                        "it is {}'s turn here, not {}'s",
                        seat_name(self.next),
                        seat_name(seat)
                    ),
                );
            }
            words.remove(0);
        }
        let (verb, size) = match words.as_slice() {
            [v] if size_of(v).is_some() => ("raise", Some(*v)),
            [v] => (*v, None),
            [v, s] => (*v, Some(*s)),
            _ => {
                return at(
                    item,
                    "write an act as a seat, a verb and a size, such as `BB 3bet 9bb`".into(),
                )
            }
        };
        let verb = verb.to_ascii_lowercase();
        let owed = self.owed();
        let plain = |play: Play| match size {
            None => Ok(play),
            Some(_) => at(item, format!("`{}` takes no size", clip(&verb))),
        };
        // The act words read as everywhere (`Act`); the others are the notation's own.
        match (verb.parse::<Act>(), verb.as_str()) {
            (Ok(Act::Fold), _) => plain(Play::Fold),
            (Ok(Act::Check), _) if owed > 0.0 => at(item, "nothing can be checked when a bet is owed; call, raise or fold".into()),
            (Ok(Act::Check), _) => plain(Play::Check),
            (Ok(Act::Call), _) => plain(Play::Call),
            (_, "limp") if self.street == 0 && self.next == Seat::Sb && !self.acted[0] => plain(Play::Call),
            (_, "limp") => at(item, "a limp is the small blind's first call before the flop; write call".into()),
            (_, "allin" | "all-in" | "shove" | "jam") => {
                let to = self.stack - self.before;
                // Facing an all-in as large as the stack, going all in is the call.
                if self.round[1 - ix(self.next)] >= to {
                    return Ok(Play::Call);
                }
                Ok(self.raise_to(to))
            }
            (Ok(Act::Raise | Act::Bet), _) | (_, "open" | "2bet" | "3bet" | "4bet" | "5bet") => {
                let Some(size) = size else {
                    return at(item, format!("give the size, such as `{v} 9bb` (in big blinds) or `{v} 50%` (of the pot)", v = clip(&verb)));
                };
                let to = match size_of(size) {
                    Some(Size::Bb(x)) => match on_finest_chip(x * self.bb) {
                        Some(to) => to,
                        None => return at(item, format!(
                            "{} big blinds is {} chips, finer than the finest chip, {FINEST_CHIP}",
                            short(x),
                            short(x * self.bb)
                        )),
                    },
                    Some(Size::Pot(p)) => {
                        // A pot-sized raise: the call, then the pot after the call, times p.
                        let me = ix(self.next);
                        // Its share of a pot is no exact decimal: the nearest finest chip.
                        nearest_chip(self.round[1 - me] + p * (self.pot() + owed))
                    }
                    None => return at(item, format!("the size `{}` is no number of big blinds (`9bb`) or percent of the pot (`50%`)", clip(size))),
                };
                Ok(self.raise_to(to))
            }
            _ => at(item, format!(
                "unknown act `{}`; write limp, call, check, fold, raise, bet, 3bet, 4bet, allin", clip(&verb)
            )),
        }
    }

    /// A bet or raise to `to` chips for the round (finite: its shortest decimal).
    fn raise_to(&self, to: f64) -> Play {
        let to = crate::game::Decimal::from_f64(to).unwrap_or_default();
        if self.round == [0.0, 0.0] {
            Play::BetTo(to)
        } else {
            Play::RaiseTo(to)
        }
    }

    /// Plays `play` for the player to act: chips, then whose turn and which round it is.
    fn advance(&mut self, play: Play, item: &str) -> Result<(), SpotError> {
        let me = ix(self.next);
        let other = if self.next == Seat::Sb {
            Seat::Bb
        } else {
            Seat::Sb
        };
        let limp = self.street == 0 && me == 0 && !self.acted[0];
        self.acted[me] = true;
        let over = match play {
            Play::Fold => return at(item, "after a fold the hand is over".into()),
            Play::Check => self.acted[1 - me],
            Play::Call => {
                self.round[me] = self.round[1 - me].min(self.stack - self.before);
                !limp
            }
            Play::BetTo(to) | Play::RaiseTo(to) => {
                self.round[me] = to.to_f64();
                false
            }
        };
        if over {
            if self.before + self.round[0].max(self.round[1]) >= self.stack {
                return at(item, "after it a player is all in and the bets are level: nobody is left to act, the hand is over (a chart needs a spot where the hero acts)".into());
            }
            self.before += self.round[0];
            self.round = [0.0, 0.0];
            self.acted = [false; 2];
            self.street += 1;
            self.next = Seat::Bb;
        } else {
            self.next = other;
        }
        Ok(())
    }
}

/// `chips` on the finest chip the tool models (reference §6: 9 decimal places), taking away
/// the float's error in a product such as 2.3 × 100 (229.99999999999997); `None` when
/// `chips` is finer than that chip, not merely off by the float's error.
fn on_finest_chip(chips: f64) -> Option<f64> {
    let snapped = nearest_chip(chips);
    (snapped > 0.0 && (snapped - chips).abs() <= chips * 1e-15).then_some(snapped)
}

/// The whole number of finest chips (0.000000001, reference §6) nearest `chips`.
fn nearest_chip(chips: f64) -> f64 {
    let per_chip = 10f64.powi(MAX_PLACES as i32);
    (chips * per_chip).round() / per_chip
}

/// `x` to 15 significant digits (no float noise: 1e-298, not 1.0000000000000001e-298),
/// with an exponent when very large or small.
fn short(x: f64) -> String {
    let r: f64 = format!("{x:.14e}").parse().unwrap_or(x);
    match r != 0.0 && (r.abs() < 1e-6 || r.abs() >= 1e15) {
        true => format!("{r:e}"),
        false => format!("{r}"),
    }
}

enum Size {
    /// In big blinds.
    Bb(f64),
    /// A fraction of the pot.
    Pot(f64),
}

fn size_of(s: &str) -> Option<Size> {
    let s = s.to_ascii_lowercase();
    let (num, pot) = if let Some(x) = s.strip_suffix('%') {
        (x.to_string(), true)
    } else {
        (s.strip_suffix("bb").unwrap_or(&s).to_string(), false)
    };
    let x: f64 = num
        .parse()
        .ok()
        .filter(|x: &f64| x.is_finite() && *x > 0.0)?;
    Some(if pot {
        Size::Pot(x / 100.0)
    } else {
        Size::Bb(x)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Chips;

    fn spot(actions: &str, board: &str) -> Result<Spot, SpotError> {
        Spot::new(&SpotOptions {
            actions: actions.into(),
            board: board.into(),
            ..SpotOptions::default()
        })
    }

    #[test]
    fn the_notation_finds_the_player_to_act() {
        let s = spot("", "").unwrap();
        assert!(
            s.description().starts_with("BTN to act"),
            "{}",
            s.description()
        );
        let s = spot("BTN 2.5bb", "").unwrap();
        assert!(s.description().starts_with("BB to act"));
        let s = spot("BTN 2.5bb, BB 3bet 9bb", "").unwrap();
        assert!(s.description().starts_with("BTN to act"));
        let s = spot("BTN limp", "").unwrap();
        assert!(s.description().starts_with("BB to act"));
        let s = spot("BTN 2.5bb, BB call", "Kh8s4d").unwrap();
        assert!(s.description().starts_with("BB to act"));
        let s = spot("BTN 2.5bb, BB call, BB check, BTN bet 50%", "Kh8s4d").unwrap();
        assert!(s.description().starts_with("BB to act"));
        let state = s.state_with(s.record.hero_cards).unwrap();
        // 500 in the pot, a half-pot bet of 250.
        assert_eq!(state.derived().to_call, Chips(250));
    }

    #[test]
    fn a_spot_that_cannot_be_gives_the_reason() {
        let e = |a: &str, b: &str| spot(a, b).unwrap_err().message;
        assert_eq!(e("BB 3bb", ""), "`BB 3bb`: it is BTN's turn here, not BB's");
        assert!(e("BTN 2.5bb, BB call", "").contains("give the flop with --board"));
        assert!(e("BTN 2.5bb", "Kh8s4d").contains("the acts end before the flop"));
        assert!(e("BTN raise", "").contains("give the size"));
        assert!(e("BTN dance", "").contains("unknown act `dance`"));
        assert!(e("BTN fold", "").contains("the hand is over"));
        assert!(e("BTN allin, BB call", "").contains("all in"));
        // A size below the finest chip names that chip; a size the float misses by its
        // error (2.3 × 100 is 229.99999999999997) is that chip's amount.
        assert_eq!(
            e("BTN 1e-300bb", ""),
            "`BTN 1e-300bb`: 1e-300 big blinds is 1e-298 chips, finer than the finest chip, 0.000000001"
        );
        assert_eq!(
            e("BTN 2.000000000001bb", ""),
            "`BTN 2.000000000001bb`: 2.000000000001 big blinds is 200.0000000001 chips, finer than the finest chip, 0.000000001"
        );
        assert!(spot("BTN 2.3bb", "").is_ok());
        assert!(spot("BTN 2.00000000001bb", "").is_ok());
        // A third of a pot of 500 is 166.666666667 chips, the finest chip nearest it.
        let s = spot(
            "BTN 2.5bb, BB call, BB check, BTN bet 33.3333333333%",
            "Kh8s4d",
        )
        .unwrap();
        let state = s
            .state_with(["As".parse().unwrap(), "Ad".parse().unwrap()])
            .unwrap();
        // 9 places: the unit is the finest chip.
        assert_eq!(state.derived().to_call, Chips(166_666_666_667));
        assert!(e("", "Kh8s").contains("3, 4 or 5 cards"));
        let e = Spot::new(&SpotOptions {
            position: Some("bb".into()),
            ..SpotOptions::default()
        })
        .unwrap_err();
        assert_eq!(
            e.message,
            "position BB: after no act it is BTN's turn, not BB's"
        );
    }
}
