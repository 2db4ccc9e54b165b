//! The Annual Computer Poker Competition's protocol (version 2.0.0, heads-up no-limit): match
//! states as the dealer sends them, and their translation into the [`GameRecord`] that
//! `hus decide` reads, so a bot plays a competition seat exactly as it plays from the command
//! line. Groundwork for `hus acpc` (issue 14): the network client is still to come.

use std::fmt;

use crate::cards::Card;
use crate::game::{Act, ActionRecord, GameRecord, Move, Phase, Player, Post, Round};

/// One act of a betting string: `f`, `c` (a call or a check) or `r<N>` (a raise **to** N
/// chips put in during the whole hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AcpcAction {
    Fold,
    Call,
    RaiseTo(u64),
}

/// A `MATCHSTATE:` line: the seat's view of one hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchState {
    /// 0: the first player after the button (the big blind in reverse-blind heads-up).
    pub position: usize,
    pub hand: u64,
    /// The betting, one list per round reached.
    pub rounds: Vec<Vec<AcpcAction>>,
    /// Each position's hole cards, when this seat sees them.
    pub hole: [Option<[Card; 2]>; 2],
    /// The board cards dealt in each round (the first round deals none).
    pub board: Vec<Vec<Card>>,
}

/// The heads-up no-limit game of a `GAMEDEF` (the only kind `hus` plays).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoLimitGame {
    pub stack: u64,
    /// The blind each position posts: `blind = 100 50` is position 0 the big blind.
    pub blinds: [u64; 2],
    /// The position (0-based) that acts first in each round.
    pub first_player: [usize; 4],
}

impl NoLimitGame {
    /// `holdem.nolimit.2p.reverse_blinds.game`: stacks 20000, blinds 100/50, the small blind
    /// (position 1) first before the flop and the big blind after it.
    pub fn standard() -> NoLimitGame {
        NoLimitGame {
            stack: 20_000,
            blinds: [100, 50],
            first_player: [1, 0, 0, 0],
        }
    }
}

impl NoLimitGame {
    /// Reads a dealer's game definition (`GAMEDEF` ... `END GAMEDEF`) and refuses, with the
    /// reason, any game `hus` cannot play: limit betting, more than two players, other than
    /// four rounds of 0, 3, 1 and 1 board cards, two hole cards and a 52-card deck, or unequal
    /// stacks.
    pub fn parse(text: &str) -> Result<NoLimitGame, ProtocolError> {
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        if !lines
            .next()
            .is_some_and(|l| l.eq_ignore_ascii_case("GAMEDEF"))
        {
            return err("a game definition starts with `GAMEDEF`");
        }
        let mut nolimit = None;
        let mut fields: Vec<(String, Vec<u64>)> = Vec::new();
        let mut ended = false;
        for line in lines.by_ref() {
            let lower = line.to_ascii_lowercase();
            if lower == "end gamedef" {
                ended = true;
                break;
            }
            match lower.as_str() {
                "nolimit" => nolimit = Some(true),
                "limit" => nolimit = Some(false),
                _ => {
                    let Some((key, values)) = line.split_once('=') else {
                        return err(format!("`{}`: expected `name = values`", clip(line)));
                    };
                    let values: Result<Vec<u64>, _> =
                        values.split_whitespace().map(str::parse::<u64>).collect();
                    let Ok(values) = values else {
                        return err(format!(
                            "`{}`: the values must be whole numbers",
                            clip(line)
                        ));
                    };
                    fields.push((key.trim().to_ascii_lowercase(), values));
                }
            }
        }
        if !ended {
            return err("the game definition has no `END GAMEDEF`");
        }
        if nolimit != Some(true) {
            return err(
                "only no-limit games can be played (the definition says limit, or neither)",
            );
        }
        let get = |name: &str| -> Result<&Vec<u64>, ProtocolError> {
            fields
                .iter()
                .find(|(k, _)| k == &name.to_ascii_lowercase())
                .map(|(_, v)| v)
                .ok_or_else(|| ProtocolError(format!("the game definition lacks `{name}`")))
        };
        let want = |name: &str, expected: &[u64], what: &str| -> Result<(), ProtocolError> {
            let v = get(name)?;
            if v.as_slice() == expected {
                Ok(())
            } else {
                err(format!("`{name} = {}`: only {what} can be played", join(v)))
            }
        };
        want("numPlayers", &[2], "heads-up (2 players)")?;
        want("numRounds", &[4], "four betting rounds")?;
        want("numBoardCards", &[0, 3, 1, 1], "hold'em boards (0 3 1 1)")?;
        want("numHoleCards", &[2], "two hole cards")?;
        want("numSuits", &[4], "a 52-card deck")?;
        want("numRanks", &[13], "a 52-card deck")?;
        let stack = match get("stack")?.as_slice() {
            [a, b] if a == b && *a > 0 => *a,
            v => {
                return err(format!(
                    "`stack = {}`: two equal stacks are needed",
                    join(v)
                ))
            }
        };
        let blinds = match get("blind")?.as_slice() {
            [a, b] if *a > 0 && *b > 0 && a != b => [*a, *b],
            v => {
                return err(format!(
                    "`blind = {}`: a big and a small blind are needed",
                    join(v)
                ))
            }
        };
        let first = get("firstPlayer")?;
        let first_player = match first.as_slice() {
            [a, b, c, d] if [a, b, c, d].iter().all(|&&p| p == 1 || p == 2) => {
                [a, b, c, d].map(|&p| (p - 1) as usize)
            }
            v => {
                return err(format!(
                    "`firstPlayer = {}`: four rounds of 1 or 2",
                    join(v)
                ))
            }
        };
        Ok(NoLimitGame {
            stack,
            blinds,
            first_player,
        })
    }
}

fn join(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

/// A match state that does not parse or cannot be a heads-up no-limit hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError(pub String);

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProtocolError {}

fn err<T>(message: impl Into<String>) -> Result<T, ProtocolError> {
    Err(ProtocolError(message.into()))
}

/// Parses `MATCHSTATE:<position>:<hand>:<betting>:<cards>` (without the line end).
pub fn parse(line: &str) -> Result<MatchState, ProtocolError> {
    let Some(rest) = line.strip_prefix("MATCHSTATE:") else {
        return err(format!("expected `MATCHSTATE:`, found `{}`", clip(line)));
    };
    let fields: Vec<&str> = rest.splitn(4, ':').collect();
    let [position, hand, betting, cards] = fields[..] else {
        return err("a match state has four fields: position, hand, betting and cards");
    };
    let position = match position.parse::<usize>() {
        Ok(p @ 0..=1) => p,
        _ => return err(format!("position `{position}` is not 0 or 1 (heads-up)")),
    };
    let hand = hand
        .parse::<u64>()
        .map_err(|_| ProtocolError(format!("hand number `{hand}` is not a whole number")))?;
    let mut rounds = Vec::new();
    for (r, text) in betting.split('/').enumerate() {
        if r >= 4 {
            return err("more than four betting rounds");
        }
        rounds.push(parse_round(text)?);
    }
    let (hole_text, board_text) = match cards.split_once('/') {
        Some((h, b)) => (h, Some(b)),
        None => (cards, None),
    };
    let seats: Vec<&str> = hole_text.split('|').collect();
    if seats.len() != 2 {
        return err(format!(
            "`{hole_text}`: a heads-up state has two hole-card sections"
        ));
    }
    let mut hole = [None, None];
    for (p, text) in seats.iter().enumerate() {
        if !text.is_empty() {
            let cards = parse_cards(text)?;
            let [a, b] = cards[..] else {
                return err(format!("`{text}`: a player holds two cards"));
            };
            hole[p] = Some([a, b]);
        }
    }
    let mut board = vec![Vec::new()];
    if let Some(b) = board_text {
        for text in b.split('/') {
            board.push(parse_cards(text)?);
        }
    }
    for (r, (cards, want)) in board.iter().zip([0, 3, 1, 1]).enumerate() {
        if cards.len() != want {
            return err(format!(
                "round {} shows {} board cards, not {want}",
                r + 1,
                cards.len()
            ));
        }
    }
    Ok(MatchState {
        position,
        hand,
        rounds,
        hole,
        board,
    })
}

fn parse_round(text: &str) -> Result<Vec<AcpcAction>, ProtocolError> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'f' => out.push(AcpcAction::Fold),
            b'c' => out.push(AcpcAction::Call),
            b'r' => {
                let start = i + 1;
                let mut end = start;
                while end < b.len() && b[end].is_ascii_digit() {
                    end += 1;
                }
                let n = text[start..end].parse::<u64>().map_err(|_| {
                    ProtocolError(format!("`{}`: a no-limit raise needs its size", clip(text)))
                })?;
                out.push(AcpcAction::RaiseTo(n));
                i = end;
                continue;
            }
            other => {
                return err(format!(
                    "`{}` in the betting: expected f, c or r<size>",
                    other as char
                ))
            }
        }
        i += 1;
    }
    Ok(out)
}

fn parse_cards(text: &str) -> Result<Vec<Card>, ProtocolError> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return err(format!(
            "`{}` is not a list of two-character cards",
            clip(text)
        ));
    }
    (0..text.len() / 2)
        .map(|k| {
            let c = &text[2 * k..2 * k + 2];
            c.parse::<Card>()
                .map_err(|_| ProtocolError(format!("`{c}` is not a card")))
        })
        .collect()
}

fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

/// The player at a position, seen from `seat`: the seat is the hero.
fn player(position: usize, seat: usize) -> Player {
    if position == seat {
        Player::Hero
    } else {
        Player::Villain
    }
}

/// The hand as `hus decide` reads it, from the seat of `state.position`: stacks reset every
/// hand, the blinds posted, every act with its HUS amount (a call or check from `c`, a raise
/// *by* from `r<to>`). The record still goes through [`crate::game::GameState::from_record`],
/// which validates it like any other.
pub fn to_record(state: &MatchState, game: &NoLimitGame) -> Result<GameRecord, ProtocolError> {
    let seat = state.position;
    let Some(hero_cards) = state.hole[seat] else {
        return err("the state does not show this seat's hole cards");
    };
    let mut posts = Vec::new();
    // The small blind first, as the game-state format lists them.
    let mut order = [0usize, 1];
    order.sort_by_key(|&p| game.blinds[p]);
    for p in order {
        posts.push(Post {
            player: player(p, seat),
            amount: game.blinds[p].min(game.stack) as f64,
            blind: if p == order[0] { "SB" } else { "BB" }.into(),
            span: None,
        });
    }
    let mut rounds: Vec<Round> = (0..state.rounds.len())
        .map(|r| Round {
            phase: Phase::ALL[r],
            cards: state.board.get(r).cloned().unwrap_or_default(),
            actions: Vec::new(),
            span: None,
        })
        .collect();
    replay(state, game, |r, actor, act, high, added| {
        let (act, amount) = match act {
            AcpcAction::Fold => (Act::Fold, 0.0),
            AcpcAction::Call if added == 0 => (Act::Check, 0.0),
            AcpcAction::Call => (Act::Call, added as f64),
            AcpcAction::RaiseTo(to) => (Act::Raise, (to - high) as f64),
        };
        let actions = &mut rounds[r].actions;
        actions.push(ActionRecord {
            no: actions.len() as i64,
            player: player(actor, seat),
            act,
            amount,
            span: None,
        });
    })?;
    let stack = game.stack as f64;
    Ok(GameRecord {
        bb: game.blinds[0].max(game.blinds[1]) as f64,
        sb: game.blinds[0].min(game.blinds[1]) as f64,
        hero_stack: stack,
        villain_stack: stack,
        hero_cards,
        extras: Vec::new(),
        posts,
        rounds,
        stats: None,
    })
}

/// The reply to the dealer for a legal move: `f`, `c` (a call or a check) or `r<to>`, the
/// hero's total for the hand after raising by the move's amount.
pub fn reply(mv: Move, state: &MatchState, game: &NoLimitGame) -> Result<String, ProtocolError> {
    Ok(match mv {
        Move::Fold => "f".into(),
        Move::Check | Move::Call => "c".into(),
        Move::Raise(by) => {
            let high = replay(state, game, |_, _, _, _, _| {})?
                .into_iter()
                .max()
                .unwrap_or(0);
            format!("r{}", high + by.round() as u64)
        }
    })
}

/// Replays the betting from the blinds, in the game's order of play (a player all in does
/// not act), checking every raise; `on_act(round, position, act, high, added)` sees each act
/// with the most put in before it and the chips it added. Returns each position's chips put
/// in during the hand.
fn replay(
    state: &MatchState,
    game: &NoLimitGame,
    mut on_act: impl FnMut(usize, usize, AcpcAction, u64, u64),
) -> Result<[u64; 2], ProtocolError> {
    let mut spent = game.blinds.map(|b| b.min(game.stack));
    let all_in = |p: usize, spent: &[u64; 2]| spent[p] >= game.stack;
    for (r, acts) in state.rounds.iter().enumerate() {
        let mut actor = game.first_player[r];
        if all_in(actor, &spent) {
            actor = 1 - actor;
        }
        for &act in acts {
            let high = spent[0].max(spent[1]);
            let before = spent[actor];
            match act {
                AcpcAction::Fold => {}
                AcpcAction::Call => spent[actor] = high.min(game.stack),
                AcpcAction::RaiseTo(to) => {
                    if to <= high || to > game.stack {
                        return err(format!(
                            "round {}: a raise to {to} when {high} is the most put in and the stack is {}",
                            r + 1,
                            game.stack
                        ));
                    }
                    spent[actor] = to;
                }
            }
            on_act(r, actor, act, high, spent[actor] - before);
            if !all_in(1 - actor, &spent) {
                actor = 1 - actor;
            }
        }
    }
    Ok(spent)
}

#[cfg(test)]
mod tests;
