//! The bots a match plays: any checked HUS script ([`ScriptBot`]), and the built-in reference
//! bots, which are HUS scripts too, compiled into the binary (`builtin:NAME`).

use std::path::{Path, PathBuf};

use super::{BotDecision, Decider};
use crate::check::{check, CheckOptions};
use crate::diag::{SourceDiagnostic, SourceFile};
use crate::eval::{decide_brief, DecideOptions, ErrorKind, EvalError};
use crate::external::ExternalPolicy;
use crate::game::{GameState, Intent};
use crate::ir::Program;

/// The built-in bots: name (after `builtin:`), one-line description, HUS source.
pub const BUILTINS: [(&str, &str, &str); 6] = [
    (
        "random",
        "a random legal action; raises from a min-raise to 10% of the stack, all in rarely",
        include_str!("builtin/random.hus"),
    ),
    (
        "caller",
        "always calls, or checks when nothing is owed",
        include_str!("builtin/caller.hus"),
    ),
    (
        "raiser",
        "always raises by the pot",
        include_str!("builtin/raiser.hus"),
    ),
    (
        "equity",
        "raises equity >= 0.7, calls when equity >= potOdds, else checks or folds",
        include_str!("builtin/equity.hus"),
    ),
    (
        "bluffer",
        "builtin:equity, plus a raise with any hand one decision in six",
        include_str!("builtin/bluffer.hus"),
    ),
    (
        "exploit",
        "builtin:equity with a button opening range, plus continuation bets against a player who folds to them and folds to a passive player's bets, from the villain's statistics",
        include_str!("builtin/exploit.hus"),
    ),
];

/// The source of `builtin:NAME`.
pub fn builtin_source(name: &str) -> Option<&'static str> {
    BUILTINS.iter().find(|b| b.0 == name).map(|b| b.2)
}

/// A checked HUS script playing through the evaluator, exactly as `hus decide` runs it.
#[derive(Clone, Debug)]
pub struct ScriptBot {
    pub program: Program,
    pub options: DecideOptions,
}

impl Decider for ScriptBot {
    fn decide(
        &self,
        state: &GameState,
        rng: &mut super::DecisionRng,
    ) -> Result<BotDecision, String> {
        // The brief decision whatever `options.explain` says: a table keeps no trace, and the
        // move, its flags and any error are those of `decide`.
        match decide_brief(&self.program, state, rng, &self.options.external) {
            Ok(d) => Ok(BotDecision {
                mv: d.action.into(),
                no_rule_matched: false,
                made_legal: d.made_legal(),
                random_tie: d.random_tie(),
                drawn: d.drawn(),
                read_random: d.read_random(),
            }),
            // `hus decide` exits 3 here; at a table the bot checks, or folds when it owes.
            Err(EvalError {
                kind: ErrorKind::NoRuleMatched { read_random, .. },
                ..
            }) => Ok(BotDecision {
                mv: if state.derived().to_call > crate::game::Chips::ZERO {
                    Intent::Fold
                } else {
                    Intent::Check
                },
                no_rule_matched: true,
                made_legal: false,
                random_tie: false,
                drawn: false,
                read_random,
            }),
            Err(e) => Err(e.to_string()),
        }
    }

    fn reads_stats(&self) -> bool {
        self.program.reads_stats()
    }
}

/// A bot ready to play, with what people and `--histories` need to know about it.
pub struct LoadedBot {
    /// As given: a path, or `builtin:NAME`.
    pub name: String,
    pub bot: ScriptBot,
    /// The script file, when it is one (built-ins have none).
    pub path: Option<PathBuf>,
    /// The script's source, to write beside histories for a built-in.
    pub source: SourceFile,
    /// Check warnings.
    pub warnings: Vec<SourceDiagnostic>,
}

/// Why a bot could not be loaded.
#[derive(Debug)]
pub enum BotLoadError {
    /// No such built-in; lists the known ones.
    UnknownBuiltin(String),
    Io(String),
    /// The script has errors: every diagnostic, with the source to render them against.
    Script {
        source: SourceFile,
        diagnostics: Vec<SourceDiagnostic>,
    },
}

impl std::fmt::Display for BotLoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotLoadError::UnknownBuiltin(n) => write!(
                f,
                "unknown built-in bot `builtin:{n}`; the built-ins are {}",
                BUILTINS
                    .iter()
                    .map(|b| format!("builtin:{}", b.0))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            BotLoadError::Io(m) => f.write_str(m),
            BotLoadError::Script {
                source,
                diagnostics,
            } => write!(
                f,
                "{} has {} error(s)",
                source.name,
                diagnostics.iter().filter(|d| d.is_error()).count()
            ),
        }
    }
}

/// Loads `builtin:NAME` or a script file, and checks it. External programs run only under
/// `external` (as with `hus decide --allow-external`); tables are read from the script's
/// directory and `table_dirs`.
pub fn load_bot(
    spec: &str,
    external: &ExternalPolicy,
    table_dirs: &[PathBuf],
    defines: &[String],
) -> Result<LoadedBot, BotLoadError> {
    let (source, path, base_dir) = if let Some(name) = spec.strip_prefix("builtin:") {
        let text =
            builtin_source(name).ok_or_else(|| BotLoadError::UnknownBuiltin(name.to_string()))?;
        (SourceFile::new(spec, text), None, PathBuf::from("."))
    } else {
        let path = Path::new(spec);
        let text = crate::limits::read_text(path, crate::limits::MAX_SCRIPT_BYTES, false).map_err(
            |e| {
                BotLoadError::Io(format!(
                    "cannot read {}: {e}",
                    crate::diag::clip(&crate::diag::escape_controls(spec))
                ))
            },
        )?;
        let base = path
            .parent()
            .map(Path::to_path_buf)
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or_else(|| PathBuf::from("."));
        (SourceFile::new(spec, text), Some(path.to_path_buf()), base)
    };
    let checked = check(
        &source,
        &CheckOptions {
            base_dir,
            table_dirs: table_dirs.to_vec(),
            defines: defines.to_vec(),
            ..CheckOptions::default()
        },
    );
    let Some(program) = checked.program else {
        return Err(BotLoadError::Script {
            source,
            diagnostics: checked.diagnostics,
        });
    };
    Ok(LoadedBot {
        name: spec.to_string(),
        bot: ScriptBot {
            program,
            options: DecideOptions {
                external: external.clone(),
                explain: false,
            },
        },
        path,
        source,
        warnings: checked.diagnostics,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_checks_without_a_warning() {
        for (name, _, _) in BUILTINS {
            let b = load_bot(
                &format!("builtin:{name}"),
                &ExternalPolicy::default(),
                &[],
                &[],
            )
            .unwrap_or_else(|e| panic!("builtin:{name}: {e}"));
            assert!(b.warnings.is_empty(), "builtin:{name}: {:?}", b.warnings);
        }
        assert!(matches!(
            load_bot("builtin:nope", &ExternalPolicy::default(), &[], &[]),
            Err(BotLoadError::UnknownBuiltin(_))
        ));
    }
}
