//! The editor services of Heads Up Script: the protocol-independent analysis an editor asks
//! for ([`ide`]) and, with the `lsp` feature, the language server that speaks it (`lsp`, run
//! by `hus lsp`).
//!
//! Its users reach it through `hus`, which re-exports these modules under the same names.

// The poker model and the language (crates/hus-poker, crates/hus-lang), under the names the
// editor services use for them.
#[doc(no_inline)]
pub use hus_lang::{check, eval, external, fmt, ir, syntax};
#[doc(no_inline)]
pub use hus_poker::{cards, diag, files, game, limits, settings, strength};

pub mod ide;
#[cfg(feature = "lsp")]
pub mod lsp;
