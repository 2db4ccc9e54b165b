//! `external` programs (spec 9): substitution of placeholders, shell-like word splitting
//! without a shell, an explicit opt-in policy and a time limit.

use std::path::Path;
use std::time::Duration;

use crate::game::Move;
use crate::ir::ExternalCommand;

/// Whether and how external programs may run. The default runs nothing.
#[derive(Clone, Debug)]
pub struct ExternalPolicy {
    pub allow: bool,
    pub timeout: Duration,
}

impl Default for ExternalPolicy {
    fn default() -> Self {
        ExternalPolicy {
            allow: false,
            timeout: Duration::from_secs(5),
        }
    }
}

/// The values placeholders are replaced with, supplied by the evaluator.
pub trait Placeholders {
    /// The cards of `heroCards`, `flopCards`, `turnCard`, `riverCard`, `communityCards`
    /// (already in the `8H 10D` form), or `None` when `word` is not a card-list name.
    fn cards(&self, word: &str) -> Option<Vec<String>>;
    /// The XML of `wholeGame`.
    fn whole_game(&self) -> String;
    /// The value of a constant name (case-insensitive), or `None` when `word` is not one.
    fn constant(&self, word: &str) -> Option<f64>;
}

/// Why an external program gave no usable answer.
#[derive(Clone, Debug, PartialEq)]
pub struct ExternalError {
    pub message: String,
}

/// Runs a condition's program: the first number on the first line of its output.
pub fn run_number(
    _cmd: &ExternalCommand,
    _values: &dyn Placeholders,
    _base_dir: &Path,
    _policy: &ExternalPolicy,
) -> Result<f64, ExternalError> {
    unimplemented!("external helper")
}

/// Runs an action's program: one line naming `fold`, `check`, `call` or `raise N`.
pub fn run_action(
    _cmd: &ExternalCommand,
    _values: &dyn Placeholders,
    _base_dir: &Path,
    _policy: &ExternalPolicy,
) -> Result<Move, ExternalError> {
    unimplemented!("external helper")
}
