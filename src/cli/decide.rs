//! `hus decide BOT.hus GAME.xml`: reads the game state, checks the script (accepting the
//! names the game's `<init>` defines), decides and prints the move.

use std::path::{Path, PathBuf};
use std::time::Duration;

use hus::{Bot, BotOptions, DecideError, DecideErrorKind, Diagnostic, ExternalFailure};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::exit;

#[derive(clap::Args)]
#[command(
    mut_arg("allow_external", |a| a.help("Allow the script to run `external` programs")),
    mut_arg("external_timeout", |a| {
        a.help("Time limit for each external program, in seconds").value_name("SECS")
    }),
    mut_arg("values", |a| a.help(
        "A value for one of the script's tunable DEFINEs (`TUNE low..high`), as NAME=VALUE in \
         the DEFINE's unit (repeatable), as `hus match --set`"
    ))
)]
pub struct Args {
    /// The bot script, or builtin:NAME (random, caller, raiser, equity, bluffer, exploit).
    pub script: PathBuf,
    /// The game-state XML file.
    pub game: PathBuf,
    /// Seed for the random choices (weighted raises, several matched rules, `random`);
    /// without it a seed is drawn from the operating system (reported by --json).
    #[arg(long, value_name = "N", value_parser = hus::seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    /// Print one JSON object: action, amount, rule, matched, warnings, seed.
    #[arg(long)]
    pub json: bool,
    /// Print a trace of the evaluation to stderr: every rule tried and why it held or failed.
    #[arg(long)]
    pub explain: bool,
    #[command(flatten)]
    pub external: super::flags::AllowExternal,
    #[command(flatten)]
    pub timeout: super::flags::ExternalTimeout,
    #[command(flatten)]
    pub tables: super::flags::TableDirs,
    #[command(flatten)]
    pub values: super::flags::TuneValues,
}

impl Args {
    /// The arguments of `hus decide SCRIPT GAME` with no options: what clap gives for them.
    pub fn plain(script: PathBuf, game: PathBuf) -> Args {
        Args {
            script,
            game,
            seed: None,
            json: false,
            explain: false,
            external: Default::default(),
            timeout: Default::default(),
            tables: Default::default(),
            values: Default::default(),
        }
    }
}

/// A file's text, or the usage error that it cannot be read.
fn read(
    path: &Path,
    what: &str,
    read: fn(&Path) -> Result<String, hus::ReadError>,
) -> Result<String, u8> {
    read(path).map_err(|e| {
        errln!(
            "error: cannot read the {what} {}: {e}",
            hus::escape_controls(&path.display().to_string())
        );
        exit::USAGE
    })
}

fn print_all(diagnostics: &[Diagnostic]) {
    super::to_stderr_rendered(&super::render_all(diagnostics));
}

pub fn run(args: Args) -> u8 {
    match decide(args) {
        Ok(code) | Err(code) => code,
    }
}

/// The command's steps (read, check, validate, decide, print) in the order their output
/// appears, each returning its exit code early.
fn decide(args: Args) -> Result<u8, u8> {
    let external_timeout = args.timeout.checked().map_err(|e| {
        errln!("error: {e}");
        exit::USAGE
    })?;
    let builtin = args
        .script
        .to_str()
        .and_then(|p| p.strip_prefix("builtin:"));
    if let (Some(name), false) = (builtin, args.values.values.is_empty()) {
        errln!("error: builtin:{name} has no tunable DEFINEs to set");
        return Err(exit::USAGE);
    }
    let script_text = match builtin {
        Some(name) => {
            match hus::builtin_script(name) {
                Some(text) => text.to_string(),
                None => {
                    errln!("error: unknown built-in bot `builtin:{name}`; `hus show builtin:` lists them");
                    return Err(exit::USAGE);
                }
            }
        }
        None => read(&args.script, "script", hus::read_script)?,
    };
    let xml = read(&args.game, "game state", hus::read_game)?;

    // The game first: its <init> names are constants the script may read.
    let (state, game_warnings) = match hus::game_from_xml(&args.game.display().to_string(), &xml) {
        Ok(ok) => ok,
        Err(invalid) => {
            print_all(&invalid.diagnostics);
            return Err(exit::GAME);
        }
    };
    let bot = compile(&args, &script_text, &state, external_timeout)?;
    print_all(&game_warnings);

    let mut rng = SeededOnUse {
        seed: args.seed,
        rng: None,
    };
    let decision = match bot.decide_with(&state, &mut rng, args.explain) {
        Ok(d) => d,
        Err(e) => return Err(failed(e)),
    };
    if let Some(t) = &decision.explain {
        err!("{t}");
    }
    print_all(&decision.warnings);

    if args.json {
        let object = decision.json(bot.name(), &state, &game_warnings, rng.seed());
        super::to_stdout_json(&format!("{object}\n"))?;
    } else {
        super::to_stdout(&format!("{}\n", decision.action))?;
    }
    // The process ends next: freeing the program piece by piece would only delay the exit.
    std::mem::forget(bot);
    Ok(exit::OK)
}

/// The bot, accepting the names the game's `<init>` defines; its errors printed.
fn compile(
    args: &Args,
    text: &str,
    state: &hus::GameState,
    external_timeout: Duration,
) -> Result<Bot, u8> {
    let options = BotOptions {
        defines: state
            .record()
            .extras
            .iter()
            .map(|(n, _)| n.clone())
            .collect(),
        table_dirs: args.tables.table_dirs.clone(),
        allow_external: args.external.allow_external,
        external_timeout,
        // A decision shows no warnings of the script: the lints run only when the script has
        // errors, whose report is then `hus check`'s.
        lints: false,
        // A TUNEd DEFINE plays its default unless --set gives it another value.
        values: args.values.values.clone(),
    };
    let base_dir = args.script.parent().unwrap_or(Path::new(""));
    let name = args.script.display().to_string();
    Bot::from_source_in(&name, text, base_dir, &options).map_err(|e| {
        let mut diagnostics = e.diagnostics;
        for d in &mut diagnostics {
            // `decide` has no --define: the game's <init> is where such names come from.
            if d.undeclared_constant {
                d.help = Some(format!(
                    "a name that is not built in must be defined in the game state's \
                     <init>, and {} does not define it",
                    args.game.display()
                ));
            }
        }
        print_all(&diagnostics);
        exit::SCRIPT
    })
}

/// Prints a failed decision (its trace, warnings and reason, with the flags that would
/// change it); its exit code.
fn failed(e: DecideError) -> u8 {
    if let Some(t) = &e.explain {
        err!("{t}");
    }
    print_all(&e.warnings);
    let code = match e.kind {
        DecideErrorKind::NoRuleMatched => exit::NO_RULE,
        DecideErrorKind::External => exit::EXTERNAL,
        DecideErrorKind::MissingConstant | DecideErrorKind::InvalidProgram => exit::SCRIPT,
    };
    print_all(&[with_flag_hints(&e)]);
    code
}

/// The library's messages name no command-line flag; here the command adds the flags that
/// would change the outcome.
fn with_flag_hints(e: &DecideError) -> Diagnostic {
    let mut d = (*e.diagnostic).clone();
    if e.no_rule_held {
        let rest = d.help.take().unwrap_or_default();
        d.help = Some(format!(
            "--explain shows which condition failed in each rule; {rest}"
        ));
    }
    match e.external {
        Some(ExternalFailure::NotAllowed) => {
            d.message
                .push_str("; pass --allow-external to allow the script to run programs");
        }
        Some(ExternalFailure::TimedOut) => {
            d.help = Some("the time limit is set by --external-timeout SECONDS".into());
        }
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
