//! Which starting hands fall through a script (`hus check --coverage`, reference §9): for
//! each round and situation, the starting-hand classes whose decision comes only from the
//! lowest-priority rules (the fallback) or from no rule at all.
//!
//! Each class is played with one combination of its suits in a fixed game state per round
//! and situation (blinds 50/100 and 100 big blinds deep unless [`Depth`] says otherwise, a
//! single-raised pot after the flop,
//! checked through to the current round, no opponent statistics). Before the flop the answer
//! is exact for that state. After it the board matters, so each class is tried on
//! [`BOARDS`] fixed boards and falls through when it does on at least half of them.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::cards::hole::{HoleClass, HoleClassSet};
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::Play;
use crate::game::{GameState, Phase, Player};
use crate::ir::Program;

use super::{decide, DecideOptions};

mod stack;
pub use stack::pinned_stack;

/// Boards tried after the flop for each class.
pub const BOARDS: usize = 8;

/// The blinds and stacks the coverage is judged at (`hus check --coverage --stack BB`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Depth {
    pub small_blind: f64,
    pub big_blind: f64,
    /// Both stacks at the start of the hand, in big blinds (at least [`Depth::MIN_STACK`]).
    pub stack: f64,
}

impl Default for Depth {
    /// Blinds 50/100, 100 big blinds deep.
    fn default() -> Self {
        Depth {
            small_blind: 50.0,
            big_blind: 100.0,
            stack: 100.0,
        }
    }
}

impl Depth {
    /// The shortest stack judged, in big blinds: a raise to 2.5 big blinds before the flop
    /// and a bet of as much after it leave chips for an all-in above the bet.
    pub const MIN_STACK: f64 = 6.0;
}

/// Where the hero stands in the round when deciding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Situation {
    /// Nobody has acted in the round yet.
    FirstToAct,
    /// The villain checked (before the flop: limped), nothing is owed.
    CheckedTo,
    /// The villain bet or raised a normal size.
    FacingBet,
    /// The villain put the hero all in.
    FacingAllIn,
}

impl Situation {
    pub const ALL: [Situation; 4] = [
        Situation::FirstToAct,
        Situation::CheckedTo,
        Situation::FacingBet,
        Situation::FacingAllIn,
    ];

    /// As a player says it.
    pub fn label(self) -> &'static str {
        match self {
            Situation::FirstToAct => "first to act",
            Situation::CheckedTo => "checked to",
            Situation::FacingBet => "facing a bet or raise",
            Situation::FacingAllIn => "facing an all-in",
        }
    }
}

/// The classes that fall through in one round and situation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub phase: Phase,
    pub situation: Situation,
    pub falls: HoleClassSet,
}

/// How many coverages this process has computed: each decides every starting hand on many
/// boards, so a test can tell that one was computed only when asked.
static COMPUTED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The number of coverages computed so far in this process.
pub fn computed() -> u64 {
    COMPUTED.load(std::sync::atomic::Ordering::Relaxed)
}

/// Every round and situation of `program`, in order, at `depth`.
pub fn coverage(program: &Program, depth: &Depth) -> Vec<Cell> {
    COMPUTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let boards = boards();
    let mut out = Vec::new();
    for phase in Phase::ALL {
        let cards = [0, 3, 4, 5][phase as usize];
        let lowest = fallback_priority(program, phase);
        for situation in Situation::ALL {
            let mut falls = HoleClassSet::EMPTY;
            for class in HoleClass::all() {
                let tries: Vec<&[Card]> = if cards == 0 {
                    vec![&[]]
                } else {
                    boards.iter().map(|b| &b[..cards]).collect()
                };
                let fell = tries
                    .iter()
                    .filter(|board| {
                        let spot = (phase, situation, depth);
                        falls_through(program, lowest, class, board, spot)
                    })
                    .count();
                if 2 * fell >= tries.len() {
                    falls.insert(class);
                }
            }
            out.push(Cell {
                phase,
                situation,
                falls,
            });
        }
    }
    out
}

/// The priority of the fallback rules of a round: the lowest among its candidates, when they
/// have more than one (with one priority only, no rule is a fallback).
pub fn fallback_priority(program: &Program, phase: Phase) -> Option<i64> {
    let priorities = program.candidates[phase as usize]
        .iter()
        .map(|&i| program.rules[i].priority);
    let (lo, hi) = priorities.fold((i64::MAX, i64::MIN), |(lo, hi), p| (lo.min(p), hi.max(p)));
    (lo < hi).then_some(lo)
}

/// Fixed five-card boards, drawn by a fixed sequence (splitmix64 from 0) so every run and
/// every version shows the same.
fn boards() -> Vec<[Card; 5]> {
    let mut x: u64 = 0;
    let mut next = move || {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    (0..BOARDS)
        .map(|_| {
            let mut cards: Vec<Card> = Vec::new();
            while cards.len() < 5 {
                let n = next() % 52;
                let c = Card::new(Rank((n % 13) as u8), Suit::ALL[(n / 13) as usize]);
                if !cards.contains(&c) {
                    cards.push(c);
                }
            }
            [cards[0], cards[1], cards[2], cards[3], cards[4]]
        })
        .collect()
}

/// A combination of `class` that shares no card with `board`.
fn combo(class: HoleClass, board: &[Card]) -> Option<[Card; 2]> {
    combo_in(class, board, Suit::ALL)
}

/// The first combination of `class` that shares no card with `board`, the suits tried in the
/// order of `suits`, the high card's first.
pub fn combo_in(class: HoleClass, board: &[Card], suits: [Suit; 4]) -> Option<[Card; 2]> {
    let taken: CardSet = board.iter().copied().collect();
    for a in suits {
        for b in suits {
            let same = a == b;
            if same != class.suited || (class.is_pair() && same) {
                continue;
            }
            let cards = [Card::new(class.high, a), Card::new(class.low, b)];
            if cards.iter().all(|c| !taken.contains(*c)) {
                return Some(cards);
            }
        }
    }
    None
}

/// Whether the decision of `class` on `board` comes from no rule or a fallback rule.
fn falls_through(
    program: &Program,
    lowest: Option<i64>,
    class: HoleClass,
    board: &[Card],
    (phase, situation, depth): (Phase, Situation, &Depth),
) -> bool {
    let Some(hole) = combo(class, board) else {
        return false;
    };
    let Some(state) = state(hole, board, phase, situation, depth) else {
        return false;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    match decide(program, &state, &mut rng, &DecideOptions::default()) {
        Ok(d) => Some(program.rules[d.rule.index].priority) == lowest,
        Err(_) => true,
    }
}

/// The game state of a round and situation (see the module's documentation).
fn state(
    hole: [Card; 2],
    board: &[Card],
    phase: Phase,
    situation: Situation,
    depth: &Depth,
) -> Option<GameState> {
    use Play::*;
    use Player::{Hero, Villain};
    let stack = depth.stack * depth.big_blind;
    let open = 2.5 * depth.big_blind;
    // Sizes of the depth's numbers: finite, so each is its shortest decimal.
    let to = |x: f64| crate::game::Decimal::from_f64(x).unwrap_or_default();
    // Before the flop the hero is first to act on the button, otherwise in the big blind;
    // after it first to act out of position, otherwise on the button.
    let hero_button = match phase {
        Phase::Preflop => situation == Situation::FirstToAct,
        _ => situation != Situation::FirstToAct,
    };
    let (button, other) = if hero_button {
        (Hero, Villain)
    } else {
        (Villain, Hero)
    };
    let text = |cs: &[Card]| {
        cs.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut b = GameState::builder(depth.small_blind, depth.big_blind)
        .stacks(stack, stack)
        .button(button)
        .hero_cards(&text(&hole))
        .board(&text(board));
    let mut plays: Vec<(Player, Play)> = Vec::new();
    if phase != Phase::Preflop {
        plays.push((button, RaiseTo(to(open))));
        plays.push((other, Call));
        for _ in 1..phase as usize {
            plays.push((other, Check));
            plays.push((button, Check));
        }
    }
    let first = if phase == Phase::Preflop {
        button
    } else {
        other
    };
    let (bet, all_in) = if phase == Phase::Preflop {
        (RaiseTo(to(open)), RaiseTo(to(stack)))
    } else {
        (BetTo(to(open)), BetTo(to(stack - open)))
    };
    match situation {
        Situation::FirstToAct => {}
        Situation::CheckedTo if phase == Phase::Preflop => plays.push((first, Call)),
        Situation::CheckedTo => plays.push((first, Check)),
        Situation::FacingBet => plays.push((first, bet)),
        Situation::FacingAllIn => plays.push((first, all_in)),
    }
    for (p, play) in plays {
        b = b.play(p, play);
    }
    b.build().ok().map(|(s, _)| s)
}

/// The classes that fall through, as text: before the flop a 13x13 grid (the class's name
/// where it falls through, `.` elsewhere; pairs on the diagonal, suited above it), after it a
/// list; only the count when none or all of them do.
pub fn text(program: &Program, cells: &[Cell], depth: &Depth) -> String {
    use std::fmt::Write;
    let mut s = format!(
        "at blinds {}/{}, stacks {} big blinds; after the flop on the boards (flop turn river) {}\n",
        crate::game::format_amount(depth.small_blind),
        crate::game::format_amount(depth.big_blind),
        crate::game::format_amount(depth.stack),
        boards()
            .iter()
            .map(|b| format!("{}{}{} {} {}", b[0], b[1], b[2], b[3], b[4]))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for cell in cells {
        let n = cell.falls.len();
        let fallback = match fallback_priority(program, cell.phase) {
            Some(p) => format!("only PRIORITY {p} rules or no rule"),
            None => "no rule".to_string(),
        };
        let how = if cell.phase == Phase::Preflop {
            String::new()
        } else {
            format!(", on at least half of {BOARDS} boards")
        };
        let _ = writeln!(
            s,
            "{}, {}: {n} of 169 starting hands reach {fallback}{how}",
            cell.phase.xml_tag(),
            cell.situation.label()
        );
        // Nothing to show, or everything: the count says it.
        if n == 0 || n == 169 {
            continue;
        }
        if cell.phase == Phase::Preflop {
            for row in 0..13 {
                s.push(' ');
                for col in 0..13 {
                    let class = HoleClass::from_index(row * 13 + col);
                    let name = if cell.falls.contains(class) {
                        class.name()
                    } else {
                        ".".to_string()
                    };
                    let _ = write!(s, " {name:<3}");
                }
                s.truncate(s.trim_end().len());
                s.push('\n');
            }
        } else {
            let names: Vec<String> = cell.falls.classes().map(|c| c.name()).collect();
            for line in names.chunks(13) {
                let _ = writeln!(s, "  {}", line.join(" "));
            }
        }
    }
    s
}

/// The grids before the flop as an SVG picture: one 13x13 grid per situation, the classes
/// that fall through filled.
pub fn svg(cells: &[Cell], script: &str) -> String {
    use std::fmt::Write;
    const SIDE: usize = 30;
    const GRID: usize = 13 * SIDE;
    const GAP: usize = 20;
    let grids: Vec<&Cell> = cells.iter().filter(|c| c.phase == Phase::Preflop).collect();
    let width = grids.len() * (GRID + GAP) + GAP;
    let height = GRID + 2 * GAP + 20;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"11\">\n<title>coverage of {}</title>\n",
        crate::diag::xml_text(script)
    );
    for (k, cell) in grids.iter().enumerate() {
        let x0 = GAP + k * (GRID + GAP);
        let y0 = GAP + 20;
        let _ = writeln!(
            s,
            "<text x=\"{x0}\" y=\"{}\" font-size=\"14\">preflop, {} ({} fall through)</text>",
            y0 - 8,
            cell.situation.label(),
            cell.falls.len()
        );
        for i in 0..169 {
            let class = HoleClass::from_index(i);
            let (x, y) = (x0 + (i % 13) * SIDE, y0 + (i / 13) * SIDE);
            let fill = if cell.falls.contains(class) {
                "#e06666"
            } else {
                "#f3f3f3"
            };
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SIDE}\" height=\"{SIDE}\" fill=\"{fill}\" \
                 stroke=\"#999\"/><text x=\"{}\" y=\"{}\">{}</text>",
                x + 3,
                y + 19,
                class.name()
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests;
