//! The poker model under Heads Up Script: what the language, the table and the front door
//! stand on. Cards, ranges and the hand predicates ([`cards`]), hand strength and equity
//! ([`strength`]), heads-up no-limit game states and their betting ([`game`]), with the
//! diagnostics every layer reports in ([`diag`]), the limits on input ([`limits`]), the
//! options' rules ([`settings`]) and the reading of files ([`files`]).
//!
//! Its users reach it through `hus`, which re-exports these modules under the same names.

pub mod cards;
pub mod diag;
pub mod files;
pub mod game;
pub mod limits;
pub mod settings;
pub mod strength;
