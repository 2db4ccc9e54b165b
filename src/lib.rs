//! Heads Up Script (HUS): a rule-based language for heads-up no-limit Texas Hold'em bots.
//!
//! The module tree follows the pipeline: the poker domain ([`cards`], [`game`],
//! [`strength`]), then the language front end ([`syntax`] → [`check`] → [`ir`]), then the
//! [`eval`]uator that turns a checked program and a game state into a decision.
//! [`external`] runs helper programs safely; [`dealer`] plays bots against each other.

pub mod cards;
pub mod check;
pub mod dealer;
pub mod diag;
pub mod eval;
pub mod external;
pub mod game;
pub mod ir;
pub mod strength;
pub mod syntax;
