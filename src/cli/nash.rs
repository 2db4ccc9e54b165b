//! `hus nash`: the heads-up push-or-fold game solved exactly (reference §12.16): the
//! equilibrium at one stack, the table of stacks at which each class pushes and calls, the
//! equilibrium as a script, and a bot's exploitability in the game.

use std::path::PathBuf;

use super::exit;

#[derive(clap::Args)]
pub struct Args {
    /// Both stacks at the start of the hand, in big blinds (antes included).
    #[arg(long, default_value_t = 10.0, value_name = "BB")]
    pub stack: f64,
    /// The blinds in chips, `SB/BB`.
    #[arg(long, default_value = "50/100", value_name = "SB/BB")]
    pub blinds: String,
    /// Each player's ante in chips.
    #[arg(long, default_value_t = 0.0, value_name = "CHIPS")]
    pub ante: f64,
    /// The table over stacks instead of one: for every class the largest stack at which it
    /// pushes and at which it calls, and the stacks below that at which it does not.
    #[arg(long, conflicts_with_all = ["stack", "svg", "script", "against"])]
    pub table: bool,
    /// With --table: the largest stack, in big blinds.
    #[arg(long, default_value_t = 20.0, value_name = "BB", requires = "table")]
    pub max: f64,
    /// With --table: the step between stacks, in big blinds (the stacks are its multiples).
    #[arg(long, default_value_t = 0.5, value_name = "BB", requires = "table")]
    pub step: f64,
    /// A bot (a script or `builtin:NAME`): its push and call shares, the best response's
    /// value against it and its value against the equilibrium.
    #[arg(long, value_name = "BOT", conflicts_with_all = ["svg", "script"])]
    pub against: Option<String>,
    /// Write the equilibrium as a HUS bot to FILE.
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Also write both seats' grids as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// The most stacks `--table` solves.
const MAX_TABLE_STACKS: usize = 1000;

pub fn run(args: Args) -> u8 {
    match nash(args) {
        Ok(code) | Err(code) => code,
    }
}

fn usage(message: &str) -> u8 {
    errln!("hus nash: {message}");
    exit::USAGE
}

/// The small blind and the ante in big blinds.
fn blinds(args: &Args) -> Result<(f64, f64), u8> {
    let (sb, bb) = super::chart::blinds(&args.blinds).map_err(|m| usage(&m))?;
    if !(bb.is_finite() && bb > 0.0 && sb.is_finite() && sb > 0.0 && sb <= bb) {
        return Err(usage(&format!(
            "--blinds {}: the small blind must be above 0 and at most the big blind (`--blinds 50/100`)",
            args.blinds
        )));
    }
    if !(args.ante.is_finite() && args.ante >= 0.0) {
        return Err(usage(&format!(
            "--ante {}: give each player's ante in chips, 0 or more",
            args.ante
        )));
    }
    if args.ante > 0.0 && (args.script.is_some() || args.against.is_some()) {
        return Err(usage(
            "--ante with --script or --against: the game state has no ante (reference §6), so a bot cannot be played or asked with one",
        ));
    }
    Ok((sb / bb, args.ante / bb))
}

fn nash(args: Args) -> Result<u8, u8> {
    let (small_blind, ante) = blinds(&args)?;
    if args.table {
        return table(&args, small_blind, ante);
    }
    let game = hus::PushFold::new(args.stack, small_blind, ante).map_err(|e| usage(&e.message))?;
    let eq = hus::solve_push_fold(&game).map_err(|e| usage(&e.message))?;
    if let Some(spec) = &args.against {
        return against(&args, spec, &eq);
    }
    if let Some(path) = &args.svg {
        write(path, &eq.svg())?;
    }
    if let Some(path) = &args.script {
        let command = format!("hus nash --stack {} --blinds {}", args.stack, args.blinds);
        write(path, &hus::push_fold_script(&eq, &command))?;
    }
    if args.json {
        super::to_stdout_json(&format!("{}\n", eq.json()))?;
    } else {
        super::to_stdout_text(&eq.text())?;
    }
    Ok(exit::OK)
}

fn write(path: &std::path::Path, text: &str) -> Result<(), u8> {
    use std::io::Write;
    hus::new_output_file(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| usage(&format!("cannot write {}: {e}", path.display())))
}

/// The multiples of --step up to --max that cover the big blind and the ante.
fn table_stacks(args: &Args, ante: f64) -> Result<Vec<f64>, u8> {
    let (step, max) = (args.step, args.max);
    let bad = !(step.is_finite() && step > 0.0 && max.is_finite() && max >= 1.0 + ante)
        || max > hus::MAX_PUSH_FOLD_STACK_BB
        || max / step > MAX_TABLE_STACKS as f64;
    if bad {
        return Err(usage(&format!(
            "--max {max} --step {step}: the stacks are the multiples of the step up to the largest, which must cover the big blind and the ante ({}), at most {} of them up to {} big blinds",
            format_bb(1.0 + ante),
            MAX_TABLE_STACKS,
            hus::MAX_PUSH_FOLD_STACK_BB
        )));
    }
    let n = (max / step + 1e-9).floor() as usize;
    Ok((1..=n)
        .map(|k| k as f64 * step)
        .map(|s| (s * 1e9).round() / 1e9)
        .filter(|&s| s >= 1.0 + ante)
        .collect())
}

fn format_bb(x: f64) -> String {
    format!("{}", (x * 1e6).round() / 1e6)
}

fn table(args: &Args, small_blind: f64, ante: f64) -> Result<u8, u8> {
    let stacks = table_stacks(args, ante)?;
    let t =
        hus::solve_push_fold_stacks(small_blind, ante, &stacks).map_err(|e| usage(&e.message))?;
    if args.json {
        super::to_stdout_json(&format!("{}\n", t.json()))?;
    } else {
        super::to_stdout_text(&t.text())?;
    }
    Ok(exit::OK)
}

fn against(args: &Args, spec: &str, eq: &hus::Equilibrium) -> Result<u8, u8> {
    let bot = super::load_bot(spec, &hus::BotOptions::default()).map_err(|(code, m)| {
        errln!("hus nash: {m}");
        code
    })?;
    let (_, big_blind) = super::chart::blinds(&args.blinds).map_err(|m| usage(&m))?;
    let read = match hus::read_push_fold(&bot, &eq.game, big_blind) {
        Ok(r) => r,
        Err(hus::AgainstError::Game(e)) => return Err(usage(&e.message)),
        Err(hus::AgainstError::Chart(hus::ChartError::Game(e))) => {
            errln!("hus nash: {e}");
            return Err(exit::GAME);
        }
        Err(hus::AgainstError::Chart(hus::ChartError::Decide { hand, error })) => {
            errln!("hus nash: {} with {hand}:", bot.name());
            super::to_stderr_rendered(&super::render_all(std::slice::from_ref(&*error.diagnostic)));
            return Err(match error.kind {
                hus::DecideErrorKind::External => exit::EXTERNAL,
                _ => exit::SCRIPT,
            });
        }
    };
    if args.json {
        super::to_stdout_json(&format!("{}\n", read.json(eq)))?;
    } else {
        super::to_stdout_text(&read.text(eq))?;
    }
    Ok(exit::OK)
}
