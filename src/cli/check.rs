//! `hus check BOT.hus...`: parses and checks scripts without a game and prints every
//! diagnostic of every file on stdout (reference §9).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use hus::{BotOptions, CheckReport, Rendering};

use super::exit;

#[derive(clap::Args)]
pub struct Args {
    /// Scripts to check.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// How to print diagnostics: `text` (rustc-like, with a summary line per file),
    /// `short` (`FILE:LINE:COL: severity: message`) or `json` (one object per line).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Accept NAME as a constant the game state's <init> defines (repeatable).
    #[arg(long = "define", value_name = "NAME")]
    pub defines: Vec<String>,
    #[command(flatten)]
    pub tables: super::flags::TableDirs,
    /// Also show, for each round and situation, which of the 169 starting hands reach only the
    /// lowest-priority rules or no rule: the hands the script has no plan for (reference §9).
    #[arg(long)]
    pub coverage: bool,
    /// With --coverage: also write the grids before the flop as an SVG picture to FILE (a
    /// symbolic link there is refused).
    #[arg(long, value_name = "FILE", requires = "coverage")]
    pub coverage_svg: Option<PathBuf>,
    /// With --coverage: both stacks at the start of the hand, in big blinds (at least 6).
    /// Without it: the largest stack the script's own conditions bound (`heroStack <= 15BB`),
    /// or 100.
    #[arg(long, value_name = "BB", requires = "coverage")]
    pub stack: Option<f64>,
    /// With --coverage: the blinds in chips, `SB/BB`.
    #[arg(
        long,
        value_name = "SB/BB",
        default_value = "50/100",
        requires = "coverage"
    )]
    pub blinds: String,
}

/// The depth of `--coverage` from `--stack` (or `stack`, the script's own) and `--blinds`, or
/// what is wrong with them.
fn depth(args: &Args, stack: f64) -> Result<hus::CoverageDepth, String> {
    let (small_blind, big_blind) = super::chart::blinds(&args.blinds)?;
    if !(small_blind.is_finite()
        && big_blind.is_finite()
        && small_blind > 0.0
        && big_blind >= small_blind)
    {
        return Err(format!(
            "--blinds `{}`: the small blind must be above 0 and at most the big blind",
            args.blinds
        ));
    }
    let min = hus::CoverageDepth::MIN_STACK;
    let chips = stack * big_blind;
    if !(stack.is_finite() && stack >= min && chips <= hus::MAX_STACK_CHIPS as f64) {
        return Err(format!(
            "--stack {stack}: give the stacks in big blinds, at least {min} (a raise to 2.5 big blinds and a bet as large leave chips to go all in)",
        ));
    }
    Ok(hus::CoverageDepth {
        small_blind,
        big_blind,
        stack,
    })
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Short,
    Json,
}

pub fn run(args: Args) -> u8 {
    if args.coverage_svg.is_some() && args.files.len() > 1 {
        errln!("hus check: --coverage-svg draws the grids of one script: give one script (or run `hus check` once per picture)");
        return exit::USAGE;
    }
    if let Err(e) = depth(&args, args.stack.unwrap_or(100.0)) {
        errln!("hus check: {e}");
        return exit::USAGE;
    }
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut code = exit::OK;
    let stdout = std::io::stdout();
    for path in &args.files {
        let builtin = path
            .to_str()
            .and_then(|p| p.strip_prefix("builtin:"))
            .map(|name| (name, hus::builtin_script(name)));
        let text = match builtin {
            Some((_, Some(text))) => Ok(text.to_string()),
            Some((name, None)) => {
                errln!("hus check: unknown built-in bot `builtin:{name}`; `hus show builtin:` lists them");
                code = exit::USAGE;
                continue;
            }
            None => hus::read_script(path),
        };
        let text = match text {
            Ok(t) => t,
            Err(e) => {
                errln!(
                    "hus check: cannot read `{}`: {e}",
                    hus::escape_controls(&path.display().to_string())
                );
                code = exit::USAGE;
                continue;
            }
        };
        let name = path.display().to_string();
        let options = BotOptions {
            defines: args.defines.clone(),
            table_dirs: args.tables.table_dirs.clone(),
            ..BotOptions::default()
        };
        let base_dir = path.parent().unwrap_or(Path::new(""));
        let mut checked = hus::check_script(&name, &text, base_dir, &options);
        for d in checked.diagnostics.iter_mut() {
            if d.undeclared_constant {
                let name = d.span.clone().and_then(|s| text.get(s)).unwrap_or("");
                d.help = Some(format!(
                    "if the game state's <init> defines `{name}`, pass `--define {name}`"
                ));
            }
        }
        if checked.errors() > 0 && code == exit::OK {
            code = exit::SCRIPT;
        }
        let mut out = render(&name, &checked, args.format, colour);
        match coverage_section(&args, &checked) {
            Ok(text) => out.push_str(&text),
            Err(e) => {
                errln!("hus check: {e}");
                return exit::USAGE;
            }
        }
        let mut lock = stdout.lock();
        if lock
            .write_all(out.as_bytes())
            .and_then(|_| lock.flush())
            .is_err()
        {
            return exit::USAGE;
        }
    }
    code
}

/// Everything printed for one file.
fn render(name: &str, checked: &CheckReport, format: Format, colour: bool) -> String {
    let mut out = String::new();
    let max = hus::MAX_SHOWN_DIAGNOSTICS;
    for (k, d) in checked.diagnostics.iter().enumerate() {
        match format {
            // Rendered in full up to a limit; short and json list everything.
            Format::Text if k >= max => {
                if k == max {
                    out.push_str(&format!(
                        "... and {} more diagnostics (`--format short` lists them all)\n\n",
                        checked.diagnostics.len() - max
                    ));
                }
            }
            Format::Text => {
                out.push_str(&d.render(Rendering::Text { colour }));
                if !out.ends_with('\n') {
                    out.push('\n');
                }
                // A blank line between reports, as rustc does.
                out.push('\n');
            }
            Format::Short => {
                out.push_str(&d.render(Rendering::Short));
                out.push('\n');
            }
            Format::Json => {
                out.push_str(&d.render(Rendering::Json));
                out.push('\n');
            }
        }
    }
    if format == Format::Text {
        out.push_str(&summary(name, checked));
        out.push('\n');
    }
    out
}

/// `bot.hus: 2 errors, 1 warning`.
fn summary(name: &str, checked: &CheckReport) -> String {
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    format!(
        "{}: {}, {}",
        hus::escape_controls(name),
        plural(checked.errors(), "error"),
        plural(checked.warnings(), "warning")
    )
}

/// What `--coverage` adds to a script's output (nothing without it). The coverage decides
/// every starting hand on many boards: it is computed only when asked.
fn coverage_section(args: &Args, checked: &CheckReport) -> Result<String, String> {
    let (stack, note) = coverage_stack(args, checked);
    let depth = depth(args, stack)?;
    match args.coverage.then(|| checked.coverage_at(&depth)).flatten() {
        Some(cells) => coverage(cells, args.coverage_svg.as_deref(), &note),
        None => Ok(String::new()),
    }
}

/// The stack the coverage is judged at: `--stack`, else the script's own, else 100 big
/// blinds; and, when `--stack` was not given, a line saying which and how to change it.
fn coverage_stack(args: &Args, checked: &CheckReport) -> (f64, String) {
    const DEFAULT: f64 = 100.0;
    let how = "`--stack BB` judges another depth";
    let pinned = args.coverage.then(|| checked.pinned_stack()).flatten();
    // A bound too deep for the blinds' chips is no depth to judge at.
    let pinned = pinned.filter(|(stack, _)| depth(args, *stack).is_ok());
    match (args.stack, pinned) {
        (Some(stack), _) => (stack, String::new()),
        (None, Some((stack, because))) => {
            // f64's Display writes 15.0 as `15` and 12.5 as `12.5`, as players write depths.
            let note =
                format!("stacks of {stack} big blinds, from the script's {because}; {how}\n");
            (stack, note)
        }
        (None, None) => (
            DEFAULT,
            format!("stacks of 100 big blinds: no condition of the script bounds a stack; {how}\n"),
        ),
    }
}

/// `--coverage`: the text (after `note`, a line or nothing), after writing the SVG picture
/// when asked.
fn coverage(cells: hus::Coverage, svg: Option<&Path>, note: &str) -> Result<String, String> {
    if let Some(path) = svg {
        let name = path.display().to_string();
        let shown = hus::escape_controls(&name);
        hus::new_output_file(path)
            .and_then(|mut f| f.write_all(cells.svg.as_bytes()))
            .map_err(|e| format!("cannot write the coverage picture `{shown}`: {e}"))?;
    }
    Ok(format!("\ncoverage:\n{note}{}", cells.text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_coverage_is_computed_only_when_asked() {
        let script = "FLOP\n  RULE ppot > 0.5\n    THEN RAISE 3BB\n  ENDRULE\nENDFLOP\n";
        let checked = hus::check_script("p.hus", script, Path::new(""), &BotOptions::default());
        let mut args = Args {
            files: vec!["p.hus".into()],
            format: Format::Text,
            defines: Vec::new(),
            tables: Default::default(),
            coverage: false,
            coverage_svg: None,
            stack: Some(100.0),
            blinds: "50/100".into(),
        };
        let before = hus::coverages_computed();
        assert_eq!(coverage_section(&args, &checked).unwrap(), "");
        assert_eq!(
            hus::coverages_computed(),
            before,
            "computed without --coverage"
        );
        args.coverage = true;
        assert!(coverage_section(&args, &checked)
            .unwrap()
            .contains("coverage:"));
        assert_eq!(hus::coverages_computed(), before + 1);
    }
}
