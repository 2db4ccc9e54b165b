//! `hus decide BOT.hus GAME.xml`: reads the game state, checks the script (accepting the
//! names the game's `<init>` defines), decides and prints the move.

use std::path::{Path, PathBuf};
use std::time::Duration;

use hus::check::{self, CheckOptions};
use hus::diag::{Diagnostic, SourceFile};
use hus::eval::{self, DecideOptions, ErrorKind};
use hus::external::{ExternalErrorKind, ExternalPolicy};
use hus::game::GameState;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::exit;

#[derive(clap::Args)]
pub struct Args {
    /// The bot script.
    pub script: PathBuf,
    /// The game-state XML file.
    pub game: PathBuf,
    /// Seed for the random choices (weighted raises, several matched rules, `random`);
    /// without it a seed is drawn from the operating system (reported by --json).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Print one JSON object: action, amount, rule, matched, warnings, seed.
    #[arg(long)]
    pub json: bool,
    /// Print a trace of the evaluation to stderr: every rule tried and why it held or failed.
    #[arg(long)]
    pub explain: bool,
    /// Allow the script to run `external` programs.
    #[arg(long)]
    pub allow_external: bool,
    /// Time limit for each external program, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_EXTERNAL_TIMEOUT)]
    pub external_timeout: f64,
    /// A directory `USE TABLE` may read tables from, besides the script's own (repeatable).
    #[arg(long = "table-dir", value_name = "DIR")]
    pub table_dirs: Vec<PathBuf>,
}

/// `--external-timeout` when not given, in seconds.
const DEFAULT_EXTERNAL_TIMEOUT: f64 = 5.0;

impl Args {
    /// The arguments of `hus decide SCRIPT GAME` with no options: what clap gives for them.
    pub fn plain(script: PathBuf, game: PathBuf) -> Args {
        Args {
            script,
            game,
            seed: None,
            json: false,
            explain: false,
            allow_external: false,
            external_timeout: DEFAULT_EXTERNAL_TIMEOUT,
            table_dirs: Vec::new(),
        }
    }
}

fn read(path: &Path, what: &str, max: u64) -> Result<String, u8> {
    hus::limits::read_text(path, max, false).map_err(|e| {
        errln!(
            "error: cannot read the {what} {}: {e}",
            hus::diag::escape_controls(&path.display().to_string())
        );
        exit::USAGE
    })
}

fn print_all(file: &SourceFile, diagnostics: &[Diagnostic]) {
    super::to_stderr_rendered(&super::render_all(&super::matches::located(
        file,
        diagnostics,
    )));
}

pub fn run(args: Args) -> u8 {
    match decide(args) {
        Ok(code) | Err(code) => code,
    }
}

// Long on purpose: the command's steps (read, check, validate, decide, print) in the order
// their output appears, each returning its exit code early; split, the order would be hidden.
fn decide(args: Args) -> Result<u8, u8> {
    let max_timeout = hus::limits::MAX_EXTERNAL_TIMEOUT_SECS;
    if !(args.external_timeout.is_finite()
        && args.external_timeout > 0.0
        && args.external_timeout <= max_timeout)
    {
        errln!(
            "error: --external-timeout must be a number of seconds above 0 and at most {max_timeout} (a day)"
        );
        return Err(exit::USAGE);
    }
    let script_text = read(&args.script, "script", hus::limits::MAX_SCRIPT_BYTES)?;
    let xml = read(&args.game, "game state", hus::limits::MAX_GAME_BYTES)?;

    // The game first: its <init> names are constants the script may read.
    let game_file = SourceFile::new(args.game.display().to_string(), xml.as_str());
    let (state, game_warnings) = match GameState::from_xml(&xml) {
        Ok(ok) => ok,
        Err(invalid) => {
            print_all(&game_file, &invalid.diagnostics);
            return Err(exit::GAME);
        }
    };

    let script_file = SourceFile::new(args.script.display().to_string(), script_text);
    let base_dir = match args.script.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let options = CheckOptions {
        defines: state
            .record()
            .extras
            .iter()
            .map(|(n, _)| n.clone())
            .collect(),
        allow_unknown_names: false,
        base_dir,
        table_dirs: args.table_dirs.clone(),
        files: None,
    };
    // Lints only warn and a decision shows no warnings of the script: they run only when the
    // script has errors, whose report is then `hus check`'s.
    let (checked, tree) = check::compile_keeping_tree(&script_file, &options);
    // The process exits after this decision: freeing the tree would only cost time.
    std::mem::forget(tree);
    let program = match checked.program {
        Some(p) if checked.diagnostics.iter().all(|d| !d.is_error()) => p,
        _ => {
            let diagnostics: Vec<Diagnostic> = checked
                .diagnostics
                .into_iter()
                .map(|mut d| {
                    // `decide` has no --define: the game's <init> is where such names come from.
                    if d.undeclared_constant {
                        d.help = Some(format!(
                            "a name that is not built in must be defined in the game state's \
                             <init>, and {} does not define it",
                            args.game.display()
                        ));
                    }
                    d
                })
                .collect();
            print_all(&script_file, &diagnostics);
            return Err(exit::SCRIPT);
        }
    };
    print_all(&game_file, &game_warnings);

    let mut rng = SeededOnUse {
        seed: args.seed,
        rng: None,
    };
    let options = DecideOptions {
        external: ExternalPolicy {
            allow: args.allow_external,
            timeout: Duration::from_secs_f64(args.external_timeout),
            deadline: None,
        },
        explain: args.explain,
    };
    let decision = match eval::decide(&program, &state, &mut rng, &options) {
        Ok(d) => d,
        Err(e) => {
            if let Some(t) = &e.trace {
                err!("{t}");
            }
            print_all(&script_file, &e.warnings);
            print_all(&script_file, &[with_flag_hints(e.diagnostic(), &e.kind)]);
            return Err(match e.kind {
                ErrorKind::NoRuleMatched { .. } => exit::NO_RULE,
                ErrorKind::External { .. } => exit::EXTERNAL,
                ErrorKind::MissingConstant { .. } | ErrorKind::InvalidProgram { .. } => {
                    exit::SCRIPT
                }
            });
        }
    };
    if let Some(t) = &decision.trace {
        err!("{t}");
    }
    print_all(&script_file, &decision.warnings);

    if args.json {
        let object = hus::report::decision_json(
            &decision,
            &program,
            &game_warnings,
            &script_file.name,
            rng.seed(),
        );
        super::to_stdout_json(&format!("{object}\n"))?;
    } else {
        super::to_stdout(&format!("{}\n", decision.action))?;
    }
    // The process ends next: freeing the program piece by piece would only delay the exit.
    std::mem::forget(program);
    Ok(exit::OK)
}

/// The library's messages name no command-line flag; here the command adds the flags that
/// would change the outcome.
fn with_flag_hints(mut d: Diagnostic, kind: &ErrorKind) -> Diagnostic {
    match kind {
        ErrorKind::NoRuleMatched { tried, held: 0, .. } if *tried > 0 => {
            let rest = d.help.take().unwrap_or_default();
            d.help = Some(format!(
                "--explain shows which condition failed in each rule; {rest}"
            ));
        }
        ErrorKind::External { error, .. } => match error.kind {
            ExternalErrorKind::NotAllowed => {
                d.message
                    .push_str("; pass --allow-external to allow the script to run programs");
            }
            ExternalErrorKind::TimedOut => {
                d.help = Some("the time limit is set by --external-timeout SECONDS".into());
            }
            _ => {}
        },
        _ => {}
    }
    d
}

/// The decision's random generator, seeded when first drawn from: most scripts never draw,
/// and the operating system's entropy costs system calls (six in a static build) at every
/// start.
struct SeededOnUse {
    /// `--seed`, or the seed drawn for the first use.
    seed: Option<u64>,
    rng: Option<ChaCha8Rng>,
}

impl SeededOnUse {
    /// The seed the decision used, or would have used: drawn now when there is none yet.
    fn seed(&mut self) -> u64 {
        *self.seed.get_or_insert_with(rand::random::<u64>)
    }

    fn rng(&mut self) -> &mut ChaCha8Rng {
        if self.rng.is_none() {
            self.rng = Some(ChaCha8Rng::seed_from_u64(self.seed()));
        }
        self.rng.as_mut().expect("seeded just above")
    }
}

impl rand::TryRng for SeededOnUse {
    type Error = std::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(rand::Rng::next_u32(self.rng()))
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(rand::Rng::next_u64(self.rng()))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        rand::Rng::fill_bytes(self.rng(), dst);
        Ok(())
    }
}
