//! A match for the page: `hus match --json`'s result with the running-result plot, from texts.

use serde_json::{json, Value};

use super::{diagnostics_json, options};
use hus::report::match_json;
use hus_lang::check::supplied::SuppliedFiles;
use hus_lang::eval::DecideOptions;
use hus_poker::diag::SourceFile;
use hus_table::dealer::{self, plot, Decider, MatchConfig, MatchResult, ScriptBot, Stakes};

/// The most hands the page plays in one match: every hand's result is kept for the plot.
pub(crate) const MAX_PAGE_HANDS: u64 = 1_000_000;

/// How to play, as `hus match` takes it: `--hands`, `--seed`, `--blinds SB/BB`, `--stack`
/// (in big blinds) and `--duplicate`.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayOptions {
    pub hands: u64,
    pub seed: u64,
    pub sb: i64,
    pub bb: i64,
    pub stack_bb: i64,
    pub duplicate: bool,
}

impl Default for PlayOptions {
    /// `hus match`'s defaults, with seed 1.
    fn default() -> Self {
        PlayOptions {
            hands: 10_000,
            seed: 1,
            sb: 50,
            bb: 100,
            stack_bb: 100,
            duplicate: false,
        }
    }
}

/// A bot of the page: `builtin:NAME`, or a script's text under a name.
fn load(
    name: &str,
    text: &str,
    files: &SuppliedFiles,
) -> Result<(SourceFile, ScriptBot), (SourceFile, Value)> {
    let text = match name.strip_prefix("builtin:") {
        Some(b) => match hus::builtin_script(b) {
            Some(t) => t,
            None => {
                let unknown = dealer::BotLoadError::UnknownBuiltin(b.to_string()).to_string();
                return Err((SourceFile::new(name, ""), json!([{ "message": unknown }])));
            }
        },
        None => text,
    };
    let source = SourceFile::new(name, text);
    let checked = hus_lang::check::check(&source, &options(files, Vec::new()));
    match checked.program {
        Some(program) => Ok((
            source,
            ScriptBot {
                program,
                options: DecideOptions::default(),
            },
        )),
        None => {
            let d = diagnostics_json(&source, &checked.diagnostics);
            Err((source, Value::Array(d)))
        }
    }
}

/// Plays bot A against bot B (each `builtin:NAME` or a script's text under the name given)
/// as `hus match A B --json` does with the same options, on one thread. The answer is `hus
/// match --json`'s object without its timing, plus `summary` (the result lines `hus match`
/// prints) and `plot` (the SVG of `--plot`); or `{error, bot, diagnostics}` when a script has
/// errors (`bot` is `"A"` or `"B"`), or `{error}` when the options are out of range.
pub fn play(a: (&str, &str), b: (&str, &str), files: &SuppliedFiles, opt: &PlayOptions) -> Value {
    play_with_progress(a, b, files, opt, Box::new(|_| {}))
}

/// [`play`], telling `progress` the hands played so far after each chunk of hands (a bot
/// that reads statistics plays its hands in order, in one chunk: it is told at the end).
/// The page's worker posts these to the page while the match runs.
pub fn play_with_progress(
    a: (&str, &str),
    b: (&str, &str),
    files: &SuppliedFiles,
    opt: &PlayOptions,
    progress: Progress,
) -> Value {
    PROGRESS.with(|p| *p.borrow_mut() = Some(progress));
    let answer = play_told(a, b, files, opt);
    PROGRESS.with(|p| p.borrow_mut().take());
    answer
}

/// Whom a match tells the hands played so far.
type Progress = Box<dyn Fn(u64)>;

thread_local! {
    /// Whom [`play_with_progress`] tells. The dealer wants a progress callback it may share
    /// between threads; the page's (a JavaScript function) may not be, but the page plays on
    /// one thread, the caller's, so the dealer's callback finds it here.
    static PROGRESS: std::cell::RefCell<Option<Progress>> = const { std::cell::RefCell::new(None) };
}

fn play_told(a: (&str, &str), b: (&str, &str), files: &SuppliedFiles, opt: &PlayOptions) -> Value {
    if opt.hands == 0 || opt.hands > MAX_PAGE_HANDS {
        return json!({ "error": format!("play from 1 to {MAX_PAGE_HANDS} hands") });
    }
    let mut bots = Vec::new();
    for (label, (name, text)) in [("A", a), ("B", b)] {
        match load(name, text, files) {
            Ok(bot) => bots.push(bot),
            Err((_, diagnostics)) => {
                return json!({
                    "error": format!("{name} has errors"),
                    "bot": label,
                    "diagnostics": diagnostics,
                })
            }
        }
    }
    let mut config = MatchConfig::new(opt.hands, opt.seed);
    config.stakes = Stakes {
        sb: opt.sb,
        bb: opt.bb,
        stack: opt.stack_bb.saturating_mul(opt.bb),
    };
    config.duplicate = opt.duplicate;
    config.keep_hands = true;
    let pair: [&dyn Decider; 2] = [&bots[0].1, &bots[1].1];
    // One thread: the chunks finish in order, one at a time.
    let played = std::sync::atomic::AtomicU64::new(0);
    let told = |n: u64| {
        let sum = played.fetch_add(n, std::sync::atomic::Ordering::Relaxed) + n;
        PROGRESS.with(|p| {
            if let Some(tell) = p.borrow().as_ref() {
                tell(sum);
            }
        });
    };
    config.threads = 1;
    match dealer::play_match(pair, &config, Some(&told)) {
        Ok(r) => result_json(&r, [&bots[0].0.name, &bots[1].0.name]),
        Err(e) => json!({ "error": e.to_string() }),
    }
}

fn result_json(r: &MatchResult, names: [&str; 2]) -> Value {
    let title = format!(
        "{} vs {}: {:+.1} mbb/hand over {} hands",
        names[0],
        names[1],
        r.mbb_per_hand(),
        r.hands
    );
    let subtitle = match r.ci95() {
        Some((lo, hi)) => format!("95% CI [{lo:+.1}, {hi:+.1}] mbb/hand, seed {}", r.seed),
        None => format!("too few hands for an interval, seed {}", r.seed),
    };
    let unit = if r.duplicate { 2 } else { 1 };
    let results = r.hand_results.as_deref().unwrap_or(&[]);
    let mut o = match_json(r, names);
    if let Some(m) = o.as_object_mut() {
        m.insert("summary".into(), summary(r).into());
        m.insert(
            "plot".into(),
            plot::svg(results, r.stakes.bb, unit, &title, &subtitle).into(),
        );
    }
    o
}

/// A's result in words, as `hus match` prints it.
fn summary(r: &MatchResult) -> String {
    let mbb = r.mbb_per_hand();
    let result = match r.ci95() {
        Some((lo, hi)) => {
            let verdict = if lo > 0.0 {
                "A wins (95% confidence)"
            } else if hi < 0.0 {
                "B wins (95% confidence)"
            } else {
                "no significant difference"
            };
            format!("A's result: {mbb:+.1} mbb/hand, 95% CI [{lo:+.1}, {hi:+.1}]: {verdict}")
        }
        None => format!("A's result: {mbb:+.1} mbb/hand (too few hands for an interval)"),
    };
    let bbs = r.net_a as f64 / r.stakes.bb as f64;
    let bbs = if bbs.fract() == 0.0 {
        format!("{bbs:+.0}")
    } else {
        format!("{bbs:+.2}")
    };
    format!("{result}\nA's total: {} chips ({bbs} big blinds)", r.net_a)
}
