//! The integration tests, one module per subject, in one binary: the library's tests run
//! everywhere, the command line's only with the `cli` feature (the binary exists only then).
//! `cargo test --test it MODULE::` runs one module, `cargo test NAME` one test. The golden
//! cases are `tests/golden`; what both share is `tests/support`.

#[path = "../support/mod.rs"]
mod support;

// The library.
mod allocations;
mod builtins;
mod chart;
mod chips_exact;
mod code_shape;
mod editors;
#[cfg(unix)]
mod external;
mod fmt_fuzz;
mod forms;
mod game_fuzz;
mod hostile_defines;
mod parse_fuzz;
mod range_through;
mod readme_example;
mod reference_citations;
mod reference_names;
mod replay_fuzz;

// The command line.
#[cfg(feature = "cli")]
mod acpc;
#[cfg(all(feature = "cli", unix))]
mod acpc_dealer;
#[cfg(feature = "cli")]
mod check;
#[cfg(feature = "cli")]
mod commands_fuzz;
#[cfg(feature = "cli")]
mod coverage;
#[cfg(feature = "cli")]
mod exploit;
#[cfg(all(feature = "cli", unix))]
mod external_decide;
#[cfg(feature = "cli")]
mod fmt;
#[cfg(feature = "cli")]
mod hostile;
#[cfg(feature = "cli")]
mod hostile_fuzz;
#[cfg(feature = "cli")]
mod hostile_messages;
#[cfg(feature = "cli")]
mod limits;
#[cfg(feature = "cli")]
mod lsp;
#[cfg(feature = "cli")]
mod matches;
#[cfg(feature = "cli")]
mod names;
#[cfg(feature = "cli")]
mod nash;
#[cfg(all(feature = "cli", target_os = "linux"))]
mod program_processes;
#[cfg(feature = "cli")]
mod tournament;
