//! The Annual Computer Poker Competition's protocol (version 2.0.0, heads-up no-limit): match
//! states as the dealer sends them, and their translation into the [`GameRecord`] that
//! `hus decide` reads, so a bot plays a competition seat exactly as it plays from the command
//! line ([`seat`] plays one seat of a match).

use std::fmt;

use crate::cards::Card;
pub use crate::diag::clip;
use crate::game::{
    Act, Action, ActionRecord, Chips, GameRecord, Intent, Phase, Player, Post, Round, Unit,
};

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
    /// The most raises in each round (`maxRaises`; no limit when the definition has none).
    pub max_raises: [u8; 4],
}

impl NoLimitGame {
    /// `holdem.nolimit.2p.reverse_blinds.game`: stacks 20000, blinds 100/50, the small blind
    /// (position 1) first before the flop and the big blind after it.
    pub fn standard() -> NoLimitGame {
        NoLimitGame {
            stack: 20_000,
            blinds: [100, 50],
            first_player: [1, 0, 0, 0],
            max_raises: [u8::MAX; 4],
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
        // Held to the game state's limit, so every hand the definition deals is one a bot
        // can be asked about: chips past 2^53 would round (reference §13).
        let max = crate::limits::MAX_GAME_CHIPS as u64;
        for (name, v) in [("stack", stack), ("blind", blinds[0].max(blinds[1]))] {
            if v > max {
                return err(format!(
                    "`{name} = {}`: at most {max} chips (2^53, counted exactly)",
                    join(get(name)?)
                ));
            }
        }
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
        let max_raises = match fields.iter().find(|(k, _)| k == "maxraises") {
            None => [u8::MAX; 4],
            Some((_, v)) => match v.as_slice() {
                [a, b, c, d] => [a, b, c, d].map(|&x| x.min(u8::MAX as u64) as u8),
                _ => return err(format!("`maxRaises = {}`: four rounds", join(v))),
            },
        };
        Ok(NoLimitGame {
            stack,
            blinds,
            first_player,
            max_raises,
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

/// A deck holds each card once: a card shown twice (`|KdKd`, a board card in a hand) is the
/// dealer's error, not a hand to play or score.
fn distinct_cards<'c>(cards: impl Iterator<Item = &'c Card>) -> Result<(), ProtocolError> {
    let mut seen = crate::cards::CardSet::default();
    for &c in cards {
        if seen.contains(c) {
            return err(format!("the card {c} is dealt twice"));
        }
        seen = seen.union([c].into_iter().collect());
    }
    Ok(())
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
        _ => {
            return err(format!(
                "position `{}` is not 0 or 1 (heads-up)",
                clip(position)
            ))
        }
    };
    let hand = hand.parse::<u64>().map_err(|_| {
        ProtocolError(format!(
            "hand number `{}` is not a whole number",
            clip(hand)
        ))
    })?;
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
            "`{}`: a heads-up state has two hole-card sections",
            clip(hole_text)
        ));
    }
    let mut hole = [None, None];
    for (p, text) in seats.iter().enumerate() {
        if !text.is_empty() {
            let cards = parse_cards(text)?;
            let [a, b] = cards[..] else {
                return err(format!("`{}`: a player holds two cards", clip(text)));
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
    distinct_cards(
        hole.iter()
            .flatten()
            .flatten()
            .chain(board.iter().flatten()),
    )?;
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
            amount: Chips(game.blinds[p].min(game.stack) as i64),
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
            AcpcAction::Fold => (Act::Fold, Chips::ZERO),
            AcpcAction::Call if added == 0 => (Act::Check, Chips::ZERO),
            AcpcAction::Call => (Act::Call, Chips(added as i64)),
            AcpcAction::RaiseTo(to) => (Act::Raise, Chips((to - high) as i64)),
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
    let stack = Chips(game.stack as i64);
    Ok(GameRecord {
        unit: Unit::WHOLE,
        chip: None,
        bb: Chips(game.blinds[0].max(game.blinds[1]) as i64),
        sb: Chips(game.blinds[0].min(game.blinds[1]) as i64),
        hero_stack: stack,
        villain_stack: stack,
        hero_cards,
        extras: Vec::new(),
        posts,
        rounds,
        stats: None,
    })
}

/// The act to send for `mv` when `progress` says it is position `p`'s turn, with the action
/// it is: made legal first by the dealer's rules, the way the HUS table makes a move legal
/// (reference §5: no fold when checking is free, the minimum raise, the all-in cap), so the
/// dealer never has to correct it.
pub fn answer(
    mv: Intent,
    progress: &Progress,
    p: usize,
    game: &NoLimitGame,
) -> (AcpcAction, Action) {
    let high = progress.high();
    let to_call = high - progress.spent[p];
    let behind = game.stack - progress.spent[p];
    let (lo, hi) = progress.raise_to.unwrap_or((high, high));
    let legal = crate::play::legal_move(
        mv,
        to_call as i64,
        progress.raise_to.is_some(),
        (lo - high) as i64,
        behind as i64,
        progress.spent[p].saturating_sub(progress.round_start) as i64,
    );
    let act = match legal {
        Action::Fold => AcpcAction::Fold,
        Action::Check | Action::Call => AcpcAction::Call,
        Action::Raise { by, .. } => AcpcAction::RaiseTo((high + by.max(0.0) as u64).clamp(lo, hi)),
    };
    (act, legal)
}

impl fmt::Display for AcpcAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AcpcAction::Fold => f.write_str("f"),
            AcpcAction::Call => f.write_str("c"),
            AcpcAction::RaiseTo(to) => write!(f, "r{to}"),
        }
    }
}

/// The reply to the dealer for a move at `state`, the hero's turn: `f`, `c` (a call or a
/// check) or `r<to>`, the hero's total for the hand after the raise, made legal first. Only
/// the tests use it, to check that mapping.
#[cfg(test)]
pub fn reply(mv: Intent, state: &MatchState, game: &NoLimitGame) -> Result<String, ProtocolError> {
    let progress = progress(state, game)?;
    if progress.to_act != Some(state.position) {
        return err("it is not this seat's turn");
    }
    Ok(answer(mv, &progress, state.position, game).0.to_string())
}

/// What each position wins (negative: loses) in a finished hand: the folder loses what it
/// put in; at a showdown the better hand wins the matched chips, and a tie splits the pot.
pub fn outcome(state: &MatchState, progress: &Progress) -> Result<[i64; 2], ProtocolError> {
    if progress.to_act.is_some() {
        return err("the hand is not over");
    }
    if let Some(f) = progress.folded {
        let lost = progress.spent[f] as i64;
        let mut net = [lost; 2];
        net[f] = -lost;
        return Ok(net);
    }
    let [Some(a), Some(b)] = state.hole else {
        return err("a showdown that does not show both players' cards");
    };
    let board: crate::cards::CardSet = state.board.iter().flatten().copied().collect();
    let rank = |hole: [Card; 2]| crate::strength::evaluate(board.union(hole.into_iter().collect()));
    let matched = progress.spent[0].min(progress.spent[1]) as i64;
    Ok(match rank(a).cmp(&rank(b)) {
        std::cmp::Ordering::Greater => [matched, -matched],
        std::cmp::Ordering::Less => [-matched, matched],
        std::cmp::Ordering::Equal => [0, 0],
    })
}

/// The most acts one betting round holds in the dealer (`MAX_NUM_ACTIONS` of `game.h`): a
/// raise that would leave no room for the call is refused, as the dealer refuses it.
pub const MAX_ACTS_PER_ROUND: usize = 64;

/// Where the betting of a match state stands, by the dealer's own rules (`doAction` and
/// `raiseIsValid` of `game.c`, heads-up).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Each position's chips put in during the hand.
    pub spent: [u64; 2],
    /// The round the betting is in, or ended in (0 = before the flop).
    pub round: usize,
    /// What each position had put in when the round began: the same for both, since a round
    /// after the first starts with the bets matched; 0 in the first, whose blinds are its own.
    pub round_start: u64,
    /// The position to act next; `None` once the hand is over.
    pub to_act: Option<usize>,
    /// The position that folded, when one did.
    pub folded: Option<usize>,
    /// The smallest and the largest total the player to act may raise to; `None` when they
    /// may only call (or fold).
    pub raise_to: Option<(u64, u64)>,
}

impl Progress {
    /// The hand is over and the cards are shown: nobody folded.
    pub fn showdown(&self) -> bool {
        self.to_act.is_none() && self.folded.is_none()
    }

    /// The most chips put in by one player.
    pub fn high(&self) -> u64 {
        self.spent[0].max(self.spent[1])
    }
}

/// Replays a match state's betting by the dealer's rules and says where it stands. A state
/// the dealer could not have sent (a raise below the minimum, an act after the round closed,
/// a round that starts before the last one closed) is an error naming the act.
pub fn progress(state: &MatchState, game: &NoLimitGame) -> Result<Progress, ProtocolError> {
    replay(state, game, |_, _, _, _, _| {})
}

/// Replays the betting from the blinds, as the dealer plays it (a player all in does not act;
/// a round closes when every player still able to act has called the last raise);
/// `on_act(round, position, act, high, added)` sees each act with the most put in before it
/// and the chips it added.
// Long on purpose: one pass over the acts mirroring the dealer's `doAction`, whose round and
// hand endings share every variable of the loop.
fn replay(
    state: &MatchState,
    game: &NoLimitGame,
    mut on_act: impl FnMut(usize, usize, AcpcAction, u64, u64),
) -> Result<Progress, ProtocolError> {
    let stack = game.stack;
    let big = game.blinds[0].max(game.blinds[1]);
    let mut spent = game.blinds.map(|b| b.min(stack));
    let mut min_raise_to = 2 * big;
    let mut round = 0;
    let mut round_start = 0;
    let mut folded = None;
    let mut finished = false;
    // This round's acts: who, and whether it was a raise (a fold ends the hand).
    let mut acts_now: Vec<(usize, bool)> = Vec::new();
    let can_act =
        |p: usize, spent: &[u64; 2], folded: Option<usize>| folded != Some(p) && spent[p] < stack;
    let to_act = |round: usize, acts_now: &[(usize, bool)], spent: &[u64; 2]| {
        let first = match acts_now.last() {
            Some(&(p, _)) => 1 - p,
            None => game.first_player[round],
        };
        if can_act(first, spent, None) {
            first
        } else {
            1 - first
        }
    };
    for (section, acts) in state.rounds.iter().enumerate() {
        if section > round {
            if !acts.is_empty() || !finished {
                return err(format!(
                    "round {} starts before the betting of round {} is closed",
                    section + 1,
                    round + 1
                ));
            }
            continue;
        }
        for (k, &act) in acts.iter().enumerate() {
            let at = || format!("round {}, act {}", section + 1, k + 1);
            if finished {
                return err(format!("{}: an act after the hand is over", at()));
            }
            if round != section {
                return err(format!(
                    "{}: an act after the betting of the round closed",
                    at()
                ));
            }
            let p = to_act(round, &acts_now, &spent);
            let high = spent[0].max(spent[1]);
            let before = spent[p];
            match act {
                AcpcAction::Fold => {
                    if spent[p] == high {
                        return err(format!("{}: a fold when nothing is owed", at()));
                    }
                    folded = Some(p);
                }
                AcpcAction::Call => spent[p] = high.min(stack),
                AcpcAction::RaiseTo(to) => {
                    let Some((lo, hi)) = raise_range(game, round, &acts_now, &spent, min_raise_to)
                    else {
                        return err(format!("{}: a raise when only a call is allowed", at()));
                    };
                    if to < lo || to > hi {
                        return err(format!(
                            "{}: a raise to {to}, outside the allowed {lo} to {hi}",
                            at()
                        ));
                    }
                    min_raise_to = min_raise_to.max(2 * to - high);
                    spent[p] = to;
                }
            }
            on_act(section, p, act, high, spent[p] - before);
            acts_now.push((p, matches!(act, AcpcAction::RaiseTo(_))));
            if folded.is_some() {
                finished = true;
                continue;
            }
            // The dealer's numCalled: calls (and the raise that opened them) by players
            // still able to act, back to the last raise.
            let mut called = 0;
            for &(q, raise) in acts_now.iter().rev() {
                called += can_act(q, &spent, None) as usize;
                if raise {
                    break;
                }
            }
            let acting = (0..2).filter(|&q| can_act(q, &spent, folded)).count();
            if called >= acting {
                acts_now.clear();
                if acting > 1 && round + 1 < 4 {
                    round += 1;
                    round_start = spent[0].max(spent[1]);
                    min_raise_to = big + round_start;
                } else {
                    // The last round is over, or the cards are dealt out to an all-in.
                    finished = true;
                    round = 3;
                }
            }
        }
    }
    if state.rounds.len() != round + 1 {
        return err(format!(
            "the betting shows {} round(s), but the dealer is in round {}",
            state.rounds.len(),
            round + 1
        ));
    }
    let (to_act, raise_to) = if finished {
        (None, None)
    } else {
        let p = to_act(round, &acts_now, &spent);
        (
            Some(p),
            raise_range(game, round, &acts_now, &spent, min_raise_to),
        )
    };
    Ok(Progress {
        spent,
        round,
        round_start,
        to_act,
        folded,
        raise_to,
    })
}

/// The dealer's `raiseIsValid`: the raise-to range of position `p`, or `None` when it may
/// not raise (the round's raise limit, no room left in the round, nobody left to call, or
/// no chips beyond the current bet).
fn raise_range(
    game: &NoLimitGame,
    round: usize,
    acts_now: &[(usize, bool)],
    spent: &[u64; 2],
    min_raise_to: u64,
) -> Option<(u64, u64)> {
    let raises = acts_now.iter().filter(|a| a.1).count();
    let acting = (0..2).filter(|&q| spent[q] < game.stack).count();
    if raises >= game.max_raises[round] as usize
        || acts_now.len() + 2 > MAX_ACTS_PER_ROUND
        || acting <= 1
    {
        return None;
    }
    let high = spent[0].max(spent[1]);
    if min_raise_to > game.stack {
        if high >= game.stack {
            return None;
        }
        return Some((game.stack, game.stack));
    }
    Some((min_raise_to, game.stack))
}

pub mod client;
pub mod log;
pub mod seat;

#[cfg(test)]
mod tests;
