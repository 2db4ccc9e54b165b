//! A bot in the push-or-fold game: its exact push and call shares per class, read with
//! `hus chart`'s machinery ([`crate::front::chart`]), and what it loses against the best
//! response and the equilibrium. A small blind that limps or raises less than all in is
//! reported as such, never counted as a push or a fold.

use super::{Equilibrium, NashError, PushFold, Shares};
use crate::front::chart::{chart, ChartCell, ChartError};
use crate::front::spot::{Spot, SpotOptions};
use crate::front::{Action, Bot};
use crate::game::format_amount;

/// A small-blind action that is neither a push nor a fold.
#[derive(Clone, Debug, PartialEq)]
pub struct OtherAction {
    pub class: String,
    /// `limp` or `raise to 2.5bb`.
    pub action: String,
    pub share: f64,
}

/// What a bot does in the push-or-fold game.
#[derive(Clone, Debug)]
pub struct BotPushFold {
    pub bot: String,
    /// The small blind's push share per class (13x13 order).
    pub push: Shares,
    /// The big blind's call share per class when the small blind pushed.
    pub call: Shares,
    /// The small blind's other actions, by class: when any, the bot is no push-or-fold bot.
    pub other: Vec<OtherAction>,
    /// Classes where no rule gave the small blind's (big blind's) action: a fold, as at a
    /// table.
    pub no_rule: [Vec<String>; 2],
}

/// Values in big blinds per hand, each from the side named.
#[derive(Clone, Debug, PartialEq)]
pub struct Exploitability {
    /// The best response's value as the small blind (against the bot's calls) and as the
    /// big blind (against its pushes).
    pub best_response: [f64; 2],
    /// The bot's value as the small blind and as the big blind against the equilibrium.
    pub against_equilibrium: [f64; 2],
}

impl Exploitability {
    /// The best response's value per hand, the seats taken in turn.
    pub fn best_response_per_hand(&self) -> f64 {
        (self.best_response[0] + self.best_response[1]) / 2.0
    }

    /// The bot's value against the equilibrium per hand, the seats taken in turn.
    pub fn against_equilibrium_per_hand(&self) -> f64 {
        (self.against_equilibrium[0] + self.against_equilibrium[1]) / 2.0
    }
}

/// Why a bot's push-or-fold strategy could not be read.
#[derive(Clone, Debug)]
pub enum AgainstError {
    /// The game cannot be put to a bot (an ante: the game state has none).
    Game(NashError),
    /// A spot or a decision failed as in `hus chart`.
    Chart(ChartError),
}

impl std::fmt::Display for AgainstError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AgainstError::Game(e) => write!(f, "{e}"),
            AgainstError::Chart(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for AgainstError {}

/// The bot's push and call shares in `game` with a big blind of `big_blind` chips: each
/// class decided once as the small blind with nobody having acted and once as the big blind
/// facing a push, every weighted choice followed by its weight.
pub fn read_push_fold(
    bot: &Bot,
    game: &PushFold,
    big_blind: f64,
) -> Result<BotPushFold, AgainstError> {
    if game.ante > 0.0 {
        return Err(AgainstError::Game(NashError {
            message: "a bot cannot be asked with an ante: the game state has none (reference §6); leave out --ante".into(),
        }));
    }
    let spot = |actions: &str| {
        Spot::new(&SpotOptions {
            actions: actions.into(),
            position: None,
            stack: game.stack,
            small_blind: game.small_blind * big_blind,
            big_blind,
            board: String::new(),
        })
        .map_err(|e| AgainstError::Game(NashError { message: e.message }))
    };
    let sb = chart(bot, &spot("")?).map_err(AgainstError::Chart)?;
    let bb = chart(bot, &spot("SB allin")?).map_err(AgainstError::Chart)?;
    let all_in = game.stack * big_blind;
    let mut out = BotPushFold {
        bot: bot.name().to_string(),
        push: [0.0; 169],
        call: [0.0; 169],
        other: Vec::new(),
        no_rule: [Vec::new(), Vec::new()],
    };
    for (i, cell) in sb.cells.iter().enumerate() {
        for a in &cell.actions {
            match a.action {
                Action::Fold => {}
                Action::Raise { to, .. } if to >= all_in - 0.5 => out.push[i] += a.share,
                other => out.other.push(OtherAction {
                    class: cell.class.clone(),
                    action: other_text(&other, big_blind),
                    share: a.share,
                }),
            }
        }
        note_no_rule(cell, &mut out.no_rule[0]);
    }
    for (i, cell) in bb.cells.iter().enumerate() {
        out.call[i] = cell
            .actions
            .iter()
            .filter(|a| !matches!(a.action, Action::Fold))
            .map(|a| a.share)
            .sum();
        note_no_rule(cell, &mut out.no_rule[1]);
    }
    Ok(out)
}

fn note_no_rule(cell: &ChartCell, into: &mut Vec<String>) {
    if cell.no_rule > 0.0 {
        into.push(cell.class.clone());
    }
}

/// `limp`, `raise to 2.5bb`.
fn other_text(a: &Action, big_blind: f64) -> String {
    match a {
        Action::Raise { to, .. } => format!(
            "raise to {}bb",
            format_amount((to / big_blind * 100.0).round() / 100.0)
        ),
        Action::Call => "limp".into(),
        other => other.name().into(),
    }
}

impl BotPushFold {
    /// Whether the small blind only pushes or folds.
    pub fn is_push_fold(&self) -> bool {
        self.other.is_empty()
    }

    /// The best response's values against the bot and the bot's against `eq`, in big blinds
    /// per hand.
    pub fn exploitability(&self, eq: &Equilibrium) -> Exploitability {
        let g = &eq.game;
        Exploitability {
            best_response: [g.best_push(&self.call).1, -g.best_call(&self.push).1],
            against_equilibrium: [
                g.value(&self.push, &eq.call),
                -g.value(&eq.push, &self.call),
            ],
        }
    }
}
