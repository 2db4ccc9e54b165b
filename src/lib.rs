//! Heads Up Script (HUS): a rule-based language for heads-up no-limit Texas Hold'em bots.
//!
//! The module tree follows the pipeline: the poker domain ([`cards`], [`game`],
//! [`strength`]), then the language front end ([`syntax`] → [`check`] → [`ir`]), then the
//! [`eval`]uator that turns a checked program and a game state into a decision. [`fmt`]
//! writes a script in its canonical layout (`hus fmt`), token by token beside that pipeline.
//! [`external`] runs helper programs safely; [`dealer`] plays bots against each other; [`acpc`]
//! plays a seat of the competition dealer and replays its logs.
//!
//! # Deciding from a program
//!
//! Check a script once, then decide as often as you like; the caller owns the random
//! generator, so the same seed gives the same decisions on every platform.
//!
//! ```
//! use hus::check::{check, CheckOptions};
//! use hus::diag::SourceFile;
//! use hus::eval::{decide, DecideOptions};
//! use hus::game::{GameState, Move};
//! use rand::SeedableRng;
//! use rand_chacha::ChaCha8Rng;
//!
//! let script = SourceFile::new(
//!     "bot.hus",
//!     "PREFLOP\n\
//!      RULE AK\n\
//!        QQ+\n\
//!        THEN RAISE 1 3BB, 1 4BB\n\
//!      ENDRULE\n\
//!      RULE PRIORITY -1\n\
//!        THEN FOLD\n\
//!        VILLAIN\n\
//!          THEN FOLD\n\
//!        ENDVILLAIN\n\
//!      ENDRULE\n\
//!      ENDPREFLOP\n",
//! );
//! let checked = check(&script, &CheckOptions::default());
//! let program = checked.program.expect("the script has no errors");
//!
//! // Two game states: the hero in the small blind, first to act, with AK and with 72.
//! let game = |a: &str, b: &str| {
//!     format!(
//!         r#"<game><init><BB>20</BB><SB>10</SB><heroStack>1000</heroStack>
//!         <villainStack>1000</villainStack><heroCards>{a}{b}</heroCards></init>
//!         <posts><post player="Hero" amount="10">SB</post>
//!         <post player="Villain" amount="20">BB</post></posts><preflop></preflop></game>"#
//!     )
//! };
//! let ak = game(r#"<card rank="A" color="Spades"/>"#, r#"<card rank="K" color="Spades"/>"#);
//! let junk = game(r#"<card rank="7" color="Hearts"/>"#, r#"<card rank="2" color="Clubs"/>"#);
//! let (ak, _warnings) = GameState::from_xml(&ak).expect("a valid game state");
//! let (junk, _) = GameState::from_xml(&junk).expect("a valid game state");
//!
//! let mut rng = ChaCha8Rng::seed_from_u64(42);
//! let options = DecideOptions::default();
//! for _ in 0..100 {
//!     let d = decide(&program, &ak, &mut rng, &options).expect("a rule matches");
//!     assert!(matches!(d.action, Move::Raise(x) if x == 60.0 || x == 80.0));
//!     assert_eq!(d.rule.line, 2);
//!     let d = decide(&program, &junk, &mut rng, &options).expect("a rule matches");
//!     assert_eq!(d.action, Move::Fold);
//! }
//! ```

pub mod acpc;
pub mod cards;
pub mod check;
pub mod dealer;
pub mod diag;
pub mod eval;
pub mod external;
pub mod fmt;
pub mod game;
pub mod ide;
pub mod ir;
pub mod limits;
#[cfg(feature = "lsp")]
pub mod lsp;
pub mod playground;
pub mod strength;
pub mod syntax;
