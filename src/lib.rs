//! Heads Up Script (HUS): a rule-based language for heads-up no-limit Texas Hold'em bots.
//!
//! # The front door
//!
//! A [`Bot`] is compiled once from a file or a string ([`BotOptions`]: table directories,
//! external programs, `<init>` names, lints); its errors are a [`ScriptError`] carrying every
//! [`Diagnostic`] with file, line, column, byte span and fixes. [`Bot::decide`] takes a
//! [`GameState`], read from XML or built with [`GameState::builder`], and a seed (or
//! [`Bot::decide_with`] the caller's generator) and gives a [`Decision`]: the [`Action`]
//! with both "raise by" and "raise to", the rule that chose it, the draw, the warnings and,
//! on request, the explain trace.
//!
//! One item per job, each with at most one options type; the `hus` command line uses
//! nothing else (`docs/library.md` has the table):
//!
//! - compile and decide: [`Bot`], [`BotOptions`], [`Decision`], [`DecideError`];
//! - game states: [`GameState::from_xml`], [`game_from_xml`], [`GameState::builder`];
//! - check: [`check()`], [`check_in`], [`check_script`] with its [`Coverage`];
//! - diagnostics: [`Diagnostic::render`] as `hus check` prints them ([`Rendering`]);
//! - format: [`format()`] ([`FormatOptions`]), the layout of `hus fmt`;
//! - names and built-ins: [`names()`], [`search_names`], [`describe_name`], [`builtin_names`], [`builtin_script`];
//! - matches: [`run_match`] of scripts, built-ins and ACPC programs with logs, histories and
//!   plots, giving a [`MatchReport`], or [`play_match`] of two bots ([`MatchOptions`]);
//! - tournaments: a [`Tournament`] ([`TournamentOptions`]) as [`ChunkJob`]s any engine plays
//!   with [`run_chunk`], merged into a [`TournamentResult`] (crosstable and ranking);
//! - a dealer's log: [`replay_log`] ([`ReplayOptions`]) gives a [`ReplayReport`];
//! - a seat at the ACPC dealer: [`play_acpc_seat`] ([`AcpcSeatOptions`]) gives an
//!   [`AcpcSeatReport`].
//!
//! ```
//! use hus::{Action, Bot, BotOptions, GameState, Player};
//!
//! let bot = Bot::from_source(
//!     "bot.hus",
//!     "PREFLOP\n\
//!      RULE\n  AK\n  THEN RAISE 3BB\nENDRULE\n\
//!      RULE PRIORITY -1\n  THEN FOLD\nENDRULE\n\
//!      ENDPREFLOP\n",
//!     &BotOptions::default(),
//! )
//! .expect("the script has no errors");
//!
//! // The hero on the button (the small blind, first to act) holds AK; nobody has acted.
//! let (state, _warnings) = GameState::builder(10.0, 20.0)
//!     .button(Player::Hero)
//!     .hero_cards("AsKs")
//!     .build()
//!     .expect("a valid game state");
//! let decision = bot.decide(&state, 7).expect("a rule matches");
//! // 10 to call, then 3 big blinds more: a raise by 60, to 80.
//! assert_eq!(decision.action, Action::Raise { by: 60.0, to: 80.0 });
//! assert_eq!(decision.rule, 2);
//! // The same state as the XML `hus decide` reads.
//! let (again, _) = GameState::from_xml(&state.xml()).unwrap();
//! assert_eq!(bot.decide(&again, 7).unwrap().action, decision.action);
//!
//! let errors = Bot::from_source("bad.hus", "PREFLOP\nRULE\n", &BotOptions::default())
//!     .expect_err("an unfinished rule");
//! assert_eq!(errors.diagnostics[0].line, 3);
//! ```
//!
//! # The layers below
//!
//! The front door is written on crates of their own, which a program needing more than these
//! items depends on directly: the poker model [`hus_poker`] (cards, game states, strength,
//! diagnostics), the language [`hus_lang`] (syntax → check → IR, then the evaluator that turns
//! a checked program and a game state into a decision; the formatter; external programs), the
//! table [`hus_table`] (what a player at any table has, and the dealer) and the editor
//! services [`hus_ide`]. They change more often, and their names follow the implementation.
//! The competition dealer's protocol and logs are the front door's alone ([`play_acpc_seat`],
//! [`replay_log`]), as are the reports' text and JSON ([`MatchReport`], [`ReplayReport`]).
//!
//! # Deciding with the language crate
//!
//! Check a script once, then decide as often as you like; the caller owns the random
//! generator, so the same seed gives the same decisions on every platform.
//!
//! ```
//! use hus_lang::check::{check, CheckOptions};
//! use hus_lang::eval::{decide, DecideOptions};
//! use hus_poker::diag::SourceFile;
//! use hus_poker::game::{Action, GameState};
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
//!     assert!(matches!(d.action, Action::Raise { by, .. } if by == 60.0 || by == 80.0));
//!     assert_eq!(d.rule.line, 2);
//!     let d = decide(&program, &junk, &mut rng, &options).expect("a rule matches");
//!     assert_eq!(d.action, Action::Fold);
//! }
//! ```

// The layers below, by the names the front door's modules use (`crate::eval`); a program
// names them by their crates (`hus_lang::eval`).
#[cfg(feature = "lsp")]
use hus_ide::lsp;
use hus_lang::{check, eval, external, fmt, ir, syntax};
use hus_poker::{cards, diag, files, game, limits, settings, strength};
use hus_table::{acpc, dealer, play};

mod front;
/// The reports' JSON and text, shared by the command line and the browser playground (hus-web).
#[doc(hidden)]
pub mod report;

pub use acpc::NoLimitGame;
pub use cards::query::Notation;
pub use cards::range::Holding;
pub use dealer::MatchResult;
pub use dealer::{Acted, HandResult, Table, TableOptions};
pub use diag::Severity;
pub use diag::{clip, escape_controls, escape_json_controls};
/// How many starting-hand coverages this process has computed (each is costly): a count
/// for tests that one is computed only when asked.
pub use eval::coverage::computed as coverages_computed;
pub use front::exploit;
pub use front::exploit::DEFAULT_CHUNK_HANDS as EXPLOIT_CHUNK_HANDS;
pub use front::exploit::{Exploit, ExploitChunk, ExploitJob, ExploitOptions, ExploitResult};
pub use front::play_match_of;
pub use front::reach;
pub use front::reach::{spot_range, HoldingWeights, RangeSource, SeatRange};
pub use front::DEFAULT_CHUNK_HANDS;
pub use front::LBR_NAME;
pub use front::{board_set, Spot, SpotError, SpotOptions, BOARD_SETS};
pub use front::{
    builtin_names, builtin_script, describe_name, format, is_language_name, names, search_names,
    Name, UnknownName,
};
pub use front::{
    chart, chart_over, CategoryRow, Chart, ChartAction, ChartCell, ChartError, ChartRange,
    ChartRangeNote, Mix, SUIT_ORDER,
};
pub use front::{check, check_in, check_script, CheckReport, Coverage, CoverageDepth};
pub use front::{class_weights, grid_text, ClassWeights};
pub use front::{contain_external_programs, read_script, read_script_file, read_script_from};
pub use front::{end_as_interrupted, stop_on_interrupt};
pub use front::{equity, parse_range, range_breakdown, EquityOptions, EquityReport, RangeError};
pub use front::{equity_counted, range_breakdown_counted, CountUnit, Counted};
pub use front::{game_from_xml, plays_of, read_game, ExternalFailure, GameError};
pub use front::{new_output_file, run_match, MatchBot, MatchErrorKind, MatchFailure, MatchReport};
pub use front::{pair_seed, run_chunk, run_chunk_of, ChunkJob, ChunkResult, Tournament};
pub use front::{play_acpc_seat, AcpcError, AcpcErrorKind, AcpcSeatOptions, AcpcSeatReport};
pub use front::{
    play_match, Action, Bot, BotOptions, DecideError, DecideErrorKind, Decision, Diagnostic, Draw,
    Fix, FormatOptions, LoadError, MatchOptions, Rendering, ScriptError,
};
pub use front::{
    push_fold_script, read_push_fold, solve_push_fold, solve_push_fold_stacks, AgainstError,
    BotPushFold, Equilibrium, Exploitability, NashError, OtherAction, PushFold, Reach, StackTable,
    MAX_PUSH_FOLD_STACK_BB,
};
pub use front::{read_acpc_game, read_log_file, replay_log, LogPlayer, LogSummary, ReplayError};
pub use front::{EquityMethod, NextCard};
pub use front::{Format, PairResult, Pairing, Standing, TournamentOptions, TournamentResult};
pub use front::{RangeOptions, RangeReport, SideEquity};
pub use front::{ReplayErrorKind, ReplayOptions, ReplayReport, ReplayTally};
pub use game::{Chips, Decimal, GameBuilder, GameState, Intent, Play, Player, Unit};
pub use limits::{ReadError, MAX_EXTERNAL_TIMEOUT_SECS, MAX_SHOWN_DIAGNOSTICS, MAX_STACK_CHIPS};
#[cfg(feature = "lsp")]
pub use lsp::run_stdio as run_language_server;
pub use settings::{seed, stakes, time_limit};
