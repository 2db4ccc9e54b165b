//! The table of Heads Up Script: what a player at any table has ([`play`]: bots and the
//! built-in scripts, the deal, decision seeds, legal moves, histories), the [`dealer`] that
//! plays matches between bots and ACPC programs, and the competition's protocol and logs
//! ([`acpc`]).
//!
//! Its users reach it through `hus`, which re-exports `play` and `dealer` under the same names.

// The poker model and the language (crates/hus-poker, crates/hus-lang), under the names the
// table's modules use for them.
#[doc(no_inline)]
pub use hus_lang::{check, eval, external, fmt, ir, syntax};
#[doc(no_inline)]
pub use hus_poker::{cards, diag, files, game, limits, settings, strength};

pub mod acpc;
pub mod dealer;
pub mod play;
