//! A dealer's hand log (`NAME.log`: one `STATE:` line per finished hand, with every player's
//! cards, results and names, then a `SCORE:` line), and `hus replay`: every decision one
//! player made, rebuilt as the game state `hus decide` reads and put to a bot.

use std::collections::HashMap;

use super::seat::{take_turn, SeatError, Turn};
use super::{parse, progress, replay, to_record, AcpcAction, MatchState, NoLimitGame};
use crate::game::{Ending, GameState, OpponentStats, Phase};
use crate::play::{Decider, DecisionRng, ScriptBot};

/// One finished hand of the log.
#[derive(Clone, Debug, PartialEq)]
pub struct LoggedHand {
    /// The line it was read from, from 1.
    pub line: usize,
    /// The hand with every player's cards (`position` is 0; [`LoggedHand::seen_by`] gives a
    /// player's view).
    pub state: MatchState,
    /// What each position won, in chips, by the betting and the cards (the run-out of an
    /// all-in).
    pub values: [f64; 2],
    /// The values the log reports when they are not those: the competition reports a hand
    /// that went all in before the river at each player's expected value.
    pub reported: Option<[f64; 2]>,
    /// The hand ended at a showdown.
    pub showdown: bool,
    /// Each position's player name.
    pub names: [String; 2],
}

impl LoggedHand {
    /// The hand as position `p` saw it while playing: its own hole cards only.
    pub fn seen_by(&self, p: usize) -> MatchState {
        let mut s = self.state.clone();
        s.position = p;
        s.hole[1 - p] = None;
        s
    }
}

/// The log's last line: each player's total, by name.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    pub line: usize,
    pub values: Vec<(String, f64)>,
}

/// A log that does not read: the line (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for LogError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for LogError {}

/// A whole log: its hands in order, and the score when the match finished (the
/// competition's published logs have none).
#[derive(Clone, Debug, PartialEq)]
pub struct Log {
    pub hands: Vec<LoggedHand>,
    pub score: Option<Score>,
}

impl Log {
    /// The hands reported at their all-in expected value rather than their run-out.
    pub fn expected_value_hands(&self) -> usize {
        self.hands.iter().filter(|h| h.reported.is_some()).count()
    }

    /// The statistics (reference §12.7) each player kept of their opponent over the log, by
    /// name in order of appearance: the HUD of each seat, from what it saw.
    #[cfg(test)]
    pub fn huds(&self, game: &NoLimitGame) -> Result<Vec<(String, OpponentStats)>, LogError> {
        Ok(self
            .players_and_huds(game)?
            .into_iter()
            .map(|(p, hud)| (p.name, hud))
            .collect())
    }

    /// Each player's results over the log, by the run-out chips, in order of appearance.
    #[cfg(test)]
    pub fn players(&self) -> Vec<PlayerResult> {
        let mut out: Vec<PlayerResult> = Vec::new();
        let mut index = HashMap::new();
        for h in &self.hands {
            for (p, name) in h.names.iter().enumerate() {
                let i = slot(&mut index, &mut out, name, PlayerResult::named);
                out[i].add(h, p);
            }
        }
        out
    }

    /// `Log::players` each with the HUD `Log::huds` gives it: one pass over the hands
    /// and one index of names, so the work grows with the hands, not hands × names.
    pub fn players_and_huds(
        &self,
        game: &NoLimitGame,
    ) -> Result<Vec<(PlayerResult, OpponentStats)>, LogError> {
        let mut out: Vec<(PlayerResult, OpponentStats)> = Vec::new();
        let mut index = HashMap::new();
        for h in &self.hands {
            for (p, name) in h.names.iter().enumerate() {
                let record = to_record(&h.seen_by(p), game).map_err(|e| LogError {
                    line: h.line,
                    message: e.0,
                })?;
                let end = Ending::from_net(h.showdown, h.values[p] as i64);
                let i = slot(&mut index, &mut out, name, |n| {
                    (PlayerResult::named(n), OpponentStats::default())
                });
                out[i].0.add(h, p);
                out[i].1.observe(&record, end);
            }
        }
        Ok(out)
    }
}

/// A player's name as a key of the index of names (borrowed from the log); in tests its
/// comparisons are counted, to show that the work grows with the hands, not hands × names.
#[derive(Hash, Eq)]
struct NameKey<'a>(&'a str);

impl PartialEq for NameKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        #[cfg(test)]
        tests::COMPARED.with(|c| c.set(c.get() + 1));
        self.0 == other.0
    }
}

/// The index in `out` (in order of appearance) of the entry for `name`, made when it is new:
/// one hash lookup a hand, however many players the log names.
fn slot<'a, T>(
    index: &mut HashMap<NameKey<'a>, usize>,
    out: &mut Vec<T>,
    name: &'a str,
    make: impl FnOnce(&str) -> T,
) -> usize {
    if let Some(&i) = index.get(&NameKey(name)) {
        return i;
    }
    out.push(make(name));
    index.insert(NameKey(name), out.len() - 1);
    out.len() - 1
}

/// One player's results over a log.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerResult {
    pub name: String,
    pub hands: u64,
    /// Chips won (negative: lost), by the run-out of every hand.
    pub net: i64,
    pub tally: crate::dealer::ResultSums,
    pub showdowns: u64,
}

impl PlayerResult {
    fn named(name: &str) -> PlayerResult {
        PlayerResult {
            name: name.to_string(),
            ..PlayerResult::default()
        }
    }

    /// Adds position `p`'s result in hand `h`.
    fn add(&mut self, h: &LoggedHand, p: usize) {
        let v = h.values[p] as i64;
        self.hands += 1;
        self.net += v;
        self.tally.push(v);
        self.showdowns += h.showdown as u64;
    }
}

/// Reads a dealer's log. Comment lines (`#`) and empty lines are skipped; every `STATE:` line
/// must be a finished heads-up no-limit hand of `game`, whose values are the chips its betting
/// and cards give.
pub fn read(text: &str, game: &NoLimitGame) -> Result<Log, LogError> {
    let mut log = Log {
        hands: Vec::new(),
        score: None,
    };
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        let no = i + 1;
        let fail = |message: String| LogError { line: no, message };
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if log.score.is_some() {
            return Err(fail("a line after the SCORE line".into()));
        }
        if let Some(rest) = line.strip_prefix("SCORE:") {
            log.score = Some(Score {
                line: no,
                values: read_score(rest).map_err(fail)?,
            });
            continue;
        }
        let Some(rest) = line.strip_prefix("STATE:") else {
            return Err(fail(format!(
                "expected `STATE:` or `SCORE:`, found `{}`",
                super::clip(line)
            )));
        };
        let hand = read_state(rest, game).map_err(fail)?;
        if let Some(last) = log.hands.last() {
            if hand.state.hand <= last.state.hand {
                return Err(fail(format!(
                    "hand {} comes after hand {}: hands go up",
                    hand.state.hand, last.state.hand
                )));
            }
        }
        log.hands.push(LoggedHand { line: no, ..hand });
    }
    if let Some(score) = &log.score {
        check_score(score, &log.hands)?;
    }
    Ok(log)
}

/// The SCORE line must be each player's sum over the hands: a log whose hands and score
/// disagree is not one match.
fn check_score(score: &Score, hands: &[LoggedHand]) -> Result<(), LogError> {
    for (name, total) in &score.values {
        let sum: f64 = hands
            .iter()
            .flat_map(|h| h.names.iter().zip(h.reported.unwrap_or(h.values)))
            .filter(|(n, _)| *n == name)
            .map(|(_, v)| v)
            .sum::<f64>()
            + 0.0; // No hands: 0, not -0.
        if (sum - total).abs() > 1e-6 * total.abs().max(1.0) {
            return Err(LogError {
                line: score.line,
                message: format!(
                    "the score gives {name} {}, but {name}'s hands add up to {}",
                    amount(*total),
                    amount(sum),
                    name = super::clip(&crate::diag::escape_controls(name))
                ),
            });
        }
    }
    Ok(())
}

/// A note for a hand the game refuses but whose largest raise, taken as the stacks, makes it
/// a hand of another game: the log was played at other stacks (a `hus match` log at 100 big
/// blinds read in the standard 200-big-blind game). Empty otherwise.
fn other_stacks(state: &MatchState, game: &NoLimitGame) -> String {
    let Some(stack) = state
        .rounds
        .iter()
        .flatten()
        .filter_map(|a| match a {
            AcpcAction::RaiseTo(to) => Some(*to),
            _ => None,
        })
        .max()
    else {
        return String::new();
    };
    let other = NoLimitGame {
        stack,
        ..game.clone()
    };
    if stack == game.stack || progress(state, &other).is_err() {
        return String::new();
    }
    format!(
        " (this game's stacks are {} chips; the hand fits stacks of {stack}: give the game \
         definition the log was played in, with `stack = {stack} {stack}`)",
        game.stack
    )
}

/// `<hand>:<betting>:<cards>:<value>|<value>:<name>|<name>` (after `STATE:`).
fn read_state(rest: &str, game: &NoLimitGame) -> Result<LoggedHand, String> {
    // Names may hold ':' no more than the dealer allows them to; values and names are the
    // last two fields.
    let mut fields = rest.rsplitn(3, ':');
    let (Some(names), Some(values), Some(head)) = (fields.next(), fields.next(), fields.next())
    else {
        return Err("a STATE line has five fields: hand, betting, cards, values and names".into());
    };
    let state = parse(&format!("MATCHSTATE:0:{head}")).map_err(|e| e.0)?;
    let names = pair(names, "names")?.map(str::to_string);
    if names[0] == names[1] {
        return Err(format!(
            "both seats are named `{}`: a log names two different players",
            super::clip(&crate::diag::escape_controls(&names[0]))
        ));
    }
    let values = pair(values, "values")?;
    let values = [values[0], values[1]].map(|v| v.parse::<f64>().ok().filter(|x| x.is_finite()));
    let [Some(v0), Some(v1)] = values else {
        return Err("the values are not two numbers".into());
    };
    if state.hole.iter().any(Option::is_none) {
        return Err("a logged hand shows both players' hole cards".into());
    }
    let p = progress(&state, game).map_err(|e| e.0 + &other_stacks(&state, game))?;
    if p.to_act.is_some() {
        return Err(format!(
            "hand {} is not finished: position {} is still to act",
            state.hand,
            p.to_act.unwrap_or(0)
        ));
    }
    let expected = super::outcome(&state, &p).map_err(|e| e.0)?;
    let exact = expected == [v0, v1].map(|v| v as i64) && v0.fract() == 0.0 && v1.fract() == 0.0;
    let reported = if exact {
        None
    } else if all_in_expected_value(&state, &p, [v0, v1]) {
        Some([v0, v1])
    } else {
        return Err(format!(
            "the values {}|{} are not what hand {} gives ({}|{}){}",
            amount(v0),
            amount(v1),
            state.hand,
            expected[0],
            expected[1],
            if p.showdown() && all_in_before_river(&state) {
                ", nor an all-in expected value (the values must add up to 0 and neither may exceed the chips at stake)"
            } else {
                ""
            }
        ));
    };
    Ok(LoggedHand {
        line: 0,
        state,
        values: expected.map(|v| v as f64),
        reported,
        showdown: p.showdown(),
        names,
    })
}

/// The betting ended all in before the river: the last act is in an earlier round, the
/// later ones dealt out without betting.
fn all_in_before_river(state: &MatchState) -> bool {
    state
        .rounds
        .iter()
        .rposition(|r| !r.is_empty())
        .is_some_and(|last| last < 3)
}

/// Whether `values` can be a hand's all-in expected value, as the competition reports such
/// hands: a showdown after the betting went all in before the river, values adding up to 0,
/// neither beyond the chips at stake.
fn all_in_expected_value(state: &MatchState, p: &super::Progress, values: [f64; 2]) -> bool {
    let at_stake = p.spent[0].min(p.spent[1]) as f64;
    p.showdown()
        && all_in_before_river(state)
        && (values[0] + values[1]).abs() <= 1e-3
        && values.iter().all(|v| v.abs() <= at_stake + 1e-3)
}

/// A logged amount in a message: short however large (`1e308`, not 309 digits).
fn amount(v: f64) -> String {
    crate::game::format_amount(v)
}

fn pair<'a>(text: &'a str, what: &str) -> Result<[&'a str; 2], String> {
    match text.split('|').collect::<Vec<_>>()[..] {
        [a, b] => Ok([a, b]),
        _ => Err(format!(
            "`{}`: expected two {what} separated by `|`",
            super::clip(text)
        )),
    }
}

fn read_score(rest: &str) -> Result<Vec<(String, f64)>, String> {
    let (values, names) = rest
        .split_once(':')
        .ok_or("a SCORE line has values and names")?;
    let values = pair(values, "values")?;
    let names = pair(names, "names")?;
    let mut out = Vec::new();
    for (v, n) in values.iter().zip(names) {
        let x: f64 = v
            .parse()
            .ok()
            .filter(|x: &f64| x.is_finite())
            .ok_or_else(|| format!("`{}` is not a number", super::clip(v)))?;
        out.push((n.to_string(), x));
    }
    Ok(out)
}

/// What the player did, as `hus replay` compares it: fold, check or call, raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionClass {
    Fold,
    CheckCall,
    Raise,
}

impl ActionClass {
    fn of(act: AcpcAction) -> ActionClass {
        match act {
            AcpcAction::Fold => ActionClass::Fold,
            AcpcAction::Call => ActionClass::CheckCall,
            AcpcAction::RaiseTo(_) => ActionClass::Raise,
        }
    }
}

/// One decision the player made, put to the bot.
pub struct Replayed {
    /// The dealer's hand number.
    pub hand: u64,
    /// The decision's number in the hand for this player, from 0.
    pub no: usize,
    pub phase: Phase,
    /// What the player did, and what the bot does.
    pub played: AcpcAction,
    pub bot: AcpcAction,
    /// Both raised, and the bot's raise (over the call) is within 10% of the player's.
    pub size_close: Option<bool>,
    /// The bot's action came from a random choice (a mixed strategy, a weighted RAISE, a
    /// random tie between rules) or may have (the decision read the constant `random`).
    pub random: bool,
    /// The game state the bot saw.
    pub state: GameState,
    /// The seed of the decision's generator (`hus decide --seed` replays it).
    pub seed: u64,
}

impl Replayed {
    /// The bot does the same kind of thing (fold, check or call, raise).
    pub fn same(&self) -> bool {
        ActionClass::of(self.played) == ActionClass::of(self.bot)
    }
}

/// Puts every decision of the player named `player` in the log to `bot`, in hand order,
/// calling `each` with it. A decision after `k` acts of hand `h` draws its random choices
/// from the `k`-th number of `decision_seeds(seed, h)` as `hus acpc --seed` does, so the seed
/// a seat played with reproduces its random choices too. The bot's statistics of its opponent are kept across
/// the hands as in play.
pub fn replay_player(
    log: &Log,
    player: &str,
    bot: &ScriptBot,
    game: &NoLimitGame,
    seed: u64,
    mut each: impl FnMut(Replayed) -> Result<(), String>,
) -> Result<(), ReplayFailure> {
    let mut opponent = OpponentStats::default();
    let tracks = bot.reads_stats();
    for hand in &log.hands {
        let Some(p) = hand.names.iter().position(|n| n == player) else {
            continue;
        };
        let line = format!("log line {}", hand.line);
        let seen = hand.seen_by(p);
        // Every act of this player, with where it stands in the betting.
        let mut at = Vec::new();
        let mut counts = vec![0usize; seen.rounds.len()];
        replay(&seen, game, |round, actor, act, _, _| {
            if actor == p {
                at.push((round, counts[round], act));
            }
            counts[round] += 1;
        })
        .map_err(|e| {
            ReplayFailure::Log(LogError {
                line: hand.line,
                message: e.0,
            })
        })?;
        for (no, (round, k, played)) in at.into_iter().enumerate() {
            let mut before = seen.clone();
            before.rounds.truncate(round + 1);
            before.rounds[round].truncate(k);
            before.board.truncate(round + 1);
            let prog = progress(&before, game).map_err(|e| {
                ReplayFailure::Log(LogError {
                    line: hand.line,
                    message: e.0,
                })
            })?;
            let decision_seed = super::seat::seed_after(seed, hand.state.hand, &before);
            let mut rng = DecisionRng::new(decision_seed);
            let Turn {
                state,
                decision,
                act,
                played: _,
            } = take_turn(
                bot,
                &before,
                &prog,
                game,
                tracks.then_some(&opponent),
                &mut rng,
                &line,
            )
            .map_err(ReplayFailure::Seat)?;
            let high = prog.high();
            let size_close = match (played, act) {
                (AcpcAction::RaiseTo(a), AcpcAction::RaiseTo(b)) => {
                    let (a, b) = ((a - high) as f64, (b - high) as f64);
                    Some((a - b).abs() <= 0.1 * a)
                }
                _ => None,
            };
            each(Replayed {
                hand: hand.state.hand,
                no,
                phase: Phase::ALL[round],
                played,
                bot: act,
                size_close,
                random: decision.random_tie || decision.drawn || decision.read_random,
                state,
                seed: decision_seed,
            })
            .map_err(ReplayFailure::Io)?;
        }
        if tracks {
            let record = to_record(&seen, game).map_err(|e| {
                ReplayFailure::Log(LogError {
                    line: hand.line,
                    message: e.0,
                })
            })?;
            let end = Ending::from_net(hand.showdown, hand.values[p] as i64);
            opponent.observe(&record, end);
        }
    }
    Ok(())
}

/// Why a replay stopped.
#[derive(Debug)]
pub enum ReplayFailure {
    Log(LogError),
    Seat(SeatError),
    Io(String),
}

impl std::fmt::Display for ReplayFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayFailure::Log(e) => e.fmt(f),
            ReplayFailure::Seat(e) => e.fmt(f),
            ReplayFailure::Io(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for ReplayFailure {}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// Comparisons of two names in the index, for the counting test.
        pub(super) static COMPARED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// Name comparisons made to sum the results of a log of `n` hands, each pair of players
    /// playing two hands: `n` distinct names, each met twice.
    fn compared_for(n: usize) -> usize {
        let text: String = (0..n)
            .map(|i| format!("STATE:{i}:r200f:3d7c|Jd6h:-100|100:p{k}|q{k}\n", k = i / 2))
            .collect();
        let log = read(&text, &NoLimitGame::standard()).unwrap();
        let before = COMPARED.with(|c| c.get());
        let players = log.players();
        assert_eq!(players.len(), n);
        assert_eq!((players[1].name.as_str(), players[1].net), ("q0", 200));
        // `hus replay`'s summary: each player with its HUD, found through the same index.
        let with_huds = log.players_and_huds(&NoLimitGame::standard()).unwrap();
        assert_eq!(with_huds.len(), n);
        assert_eq!(with_huds[1].0, players[1]);
        assert_eq!(
            with_huds[1].1,
            log.huds(&NoLimitGame::standard()).unwrap()[1].1
        );
        assert_ne!(with_huds[1].1, OpponentStats::default());
        let compared = COMPARED.with(|c| c.get()) - before;
        // Each name found again is compared at least once.
        assert!(compared >= n, "{compared}");
        compared
    }

    #[test]
    fn many_distinct_player_names_take_linear_work() {
        // Searching the names met so far would make 4 and 16 times the hands cost 16 and
        // 256 times the comparisons.
        let (one, four, sixteen) = (compared_for(500), compared_for(2_000), compared_for(8_000));
        assert!(four <= 5 * one, "{one} {four}");
        assert!(sixteen <= 20 * one, "{one} {sixteen}");
    }
}
