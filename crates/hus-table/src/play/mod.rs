//! What a player at any table holds, shared by the match `hus match` deals and the seat
//! `hus acpc` plays at the competition dealer: a [`Decider`] and the scripts and built-ins that
//! are bots (`bots`), the deal ([`deal`]), each decision's seed ([`seeds`]), the legal
//! move a bot's answer becomes ([`legal`]), and the histories of its decisions ([`history`]).
//! The same seed therefore makes the same random choices at either table.

pub mod bots;
pub mod deal;
pub mod history;
pub mod legal;
pub mod rng;
pub mod seeds;
pub mod stream;

use crate::game::{Action, GameState, Intent};
pub use bots::{load_bot, BotLoadError, LoadedBot, ScriptBot, BUILTINS};
pub use deal::{Deal, HandEnd};
pub use history::{DecisionInfo, Histories};
pub use legal::{legal_in, legal_move};
pub use rng::DecisionRng;
pub use seeds::{decision_seeds, seed_of_decision};
pub use stream::ChaCha8Stream;

/// A player at the table: anything that turns a game state into a move.
pub trait Decider: Send + Sync {
    /// Decides from `state` (the bot is "Hero"). `rng` is this decision's own generator,
    /// `ChaCha8Rng::seed_from_u64(seed)` with the seed `--histories` records (seeded on the
    /// first draw).
    fn decide(&self, state: &GameState, rng: &mut DecisionRng) -> Result<BotDecision, String>;

    /// Whether the bot reads statistics of its opponent over past hands: the match then
    /// keeps them, and plays its hands in order on one thread.
    fn reads_stats(&self) -> bool {
        false
    }

    /// Whether the bot must see the hands one after another, in order (a program at the
    /// other end of a connection): the match then plays on one thread.
    fn plays_in_order(&self) -> bool {
        false
    }

    /// Told how each hand ended, from the bot's seat, once it is settled: a program that
    /// follows the whole match (an ACPC player) is sent the final state here.
    fn hand_over(&self, _end: &HandEnd) -> Result<(), String> {
        Ok(())
    }
}

/// A bot's answer, with what the evaluator had to do to produce it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotDecision {
    /// What the bot asks for: the table makes it legal ([`legal_move`]).
    pub mv: Intent,
    /// No rule matched: the bot checks, or folds when something is owed.
    pub no_rule_matched: bool,
    /// The rule's action was changed into a legal one (reference §5).
    pub made_legal: bool,
    /// Several rules gave an action at the highest priority; one was picked at random.
    pub random_tie: bool,
    /// The action was drawn by weight (a mixed strategy or a weighted RAISE list).
    pub drawn: bool,
    /// The decision read the constant `random`: another seed may give another answer.
    pub read_random: bool,
}

impl BotDecision {
    pub fn plain(mv: Intent) -> BotDecision {
        BotDecision {
            mv,
            no_rule_matched: false,
            made_legal: false,
            random_tie: false,
            drawn: false,
            read_random: false,
        }
    }

    /// The table played another action than the bot asked for: it made the bot's legal.
    pub fn changed_to(&self, played: Action) -> bool {
        Intent::from(played) != self.mv
    }
}
