//! The language of Heads Up Script: what turns a script into decisions. The front end
//! ([`syntax`]: logos lexer and lalrpop grammar) feeds the checker ([`check`](mod@check):
//! names, tables, lints, lowering), which builds the checked program ([`ir`]); the
//! [`eval`]uator turns that program and a game state into a decision. [`fmt`] writes a script
//! in its canonical layout; [`external`] runs the helper programs a script may call.
//!
//! Its users reach it through `hus`, which re-exports these modules under the same names.

// The poker model (crates/hus-poker), under the names the language's modules use for it.
#[doc(no_inline)]
pub use hus_poker::{cards, diag, files, game, limits, settings, strength};

pub mod check;
pub mod eval;
pub mod external;
pub mod fmt;
pub mod ir;
pub mod syntax;
