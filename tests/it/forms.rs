//! The three bots of `examples/forms/`, each written twice: in the long form (a `THEN` and a
//! bare `VILLAIN` block for every action that answers both ways, one branch per alternative,
//! every shared guard spelled out) and in the short one (`DO`, `|` between conditions, DEFINEd
//! guards). The short form is at least a quarter shorter, in lines and in characters, and the
//! figures the reference gives ("Writing less") are the measured ones; both forms decide
//! alike on every example game state and over 10,000 match hands, decision by decision.
//! The union and DEFINE forms are paired the same way, each with its written-out twin.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::support::root;
use std::sync::Mutex;

use hus::{Bot, BotOptions, GameState, MatchOptions};
use hus_table::play::{BotDecision, Decider as Player, DecisionRng};

/// Each bot's name, the opponents it plays in the match test (one that plays well, others that
/// make it face every kind of spot) and the stack, in big blinds.
const BOTS: [(&str, &[&str], i64); 3] = [
    ("tag100", &["builtin:equity", "builtin:random"], 100),
    // examples/thesis-table.hus plays only before the flop, so it folds to every bet after it,
    // and examples/tag.hus folds most turns: the bluffs that need a folder play against them.
    (
        "hudexploit",
        &[
            "builtin:exploit",
            "builtin:bluffer",
            "examples/thesis-table.hus",
            "examples/tag.hus",
        ],
        100,
    ),
    ("pushfold20", &["builtin:equity", "builtin:random"], 20),
];

fn forms(name: &str) -> (PathBuf, PathBuf) {
    let dir = root().join("examples/forms");
    (
        dir.join(format!("{name}-old.hus")),
        dir.join(format!("{name}.hus")),
    )
}

fn load(path: &Path) -> Bot {
    let bot = Bot::from_file(path, &BotOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
    assert!(
        bot.warnings().is_empty(),
        "{}: {:?}",
        path.display(),
        bot.warnings()
    );
    bot
}

/// The lines that say something (neither blank nor only a comment), trimmed, and the
/// characters they hold.
fn size(path: &Path) -> (usize, usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .collect();
    (lines.len(), lines.iter().map(|l| l.chars().count()).sum())
}

/// How much shorter `new` is than `old`, in whole per cent (rounded down).
fn shorter(old: usize, new: usize) -> usize {
    100 * (old - new) / old
}

fn thousands(n: usize) -> String {
    if n >= 1000 {
        format!("{},{:03}", n / 1000, n % 1000)
    } else {
        n.to_string()
    }
}

#[test]
fn the_short_forms_are_a_quarter_shorter_and_the_reference_gives_the_figures() {
    let reference = std::fs::read_to_string(root().join("docs/language.md")).unwrap();
    let mut fewer_lines = Vec::new();
    for (name, _, _) in BOTS {
        let (old, new) = forms(name);
        let (old_lines, old_chars) = size(&old);
        let (new_lines, new_chars) = size(&new);
        assert!(
            4 * new_lines <= 3 * old_lines,
            "{name}: {new_lines} lines against {old_lines}"
        );
        assert!(
            4 * new_chars <= 3 * old_chars,
            "{name}: {new_chars} characters against {old_chars}"
        );
        let row = format!(
            "| `{name}.hus` | {old_lines} | {new_lines} | {} % | {} | {} | {} % |",
            shorter(old_lines, new_lines),
            thousands(old_chars),
            thousands(new_chars),
            shorter(old_chars, new_chars)
        );
        assert!(
            reference.contains(&row),
            "docs/language.md should give the measured row\n{row}"
        );
        fewer_lines.push(shorter(old_lines, new_lines));
    }
    let span = format!(
        "{}-{} % fewer lines",
        fewer_lines.iter().min().unwrap(),
        fewer_lines.iter().max().unwrap()
    );
    for readme in ["README.md", "examples/README.md"] {
        let text = std::fs::read_to_string(root().join(readme)).unwrap();
        assert!(
            text.contains(&span),
            "{readme} should give the measured {span}"
        );
    }
}

/// Every game state the examples and the golden cases hold that reads as valid.
fn game_states() -> Vec<(String, GameState)> {
    let dirs = [
        "examples",
        "examples/games",
        "tests/cases/decide/games",
        "tests/cases/game",
    ];
    let mut states = Vec::new();
    for dir in dirs {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "xml"))
            .collect();
        paths.sort();
        for path in paths {
            let xml = std::fs::read_to_string(&path).unwrap();
            let name = path.display().to_string();
            if let Ok((state, _)) = hus::game_from_xml(&name, &xml) {
                states.push((name, state));
            }
        }
    }
    states
}

/// A decision as it can be compared: the action and its draw, or the kind of error, and
/// whether a random tie between rules chose it.
fn outcome(bot: &Bot, state: &GameState, seed: u64) -> String {
    match bot.decide(state, seed) {
        Ok(d) => format!("{} tie {}", action(&d), d.random_tie),
        Err(e) => format!("error {:?}", e.kind),
    }
}

/// The action a decision takes, with its draw and whether it was made legal.
fn action(d: &hus::Decision) -> String {
    format!("{} draw {:?} made legal {}", d.action, d.draw, d.made_legal)
}

#[test]
fn both_forms_decide_alike_on_every_example_game() {
    let states = game_states();
    // examples/*.xml, examples/games and the valid golden game states.
    assert!(states.len() >= 40, "{} game states", states.len());
    for (name, _, _) in BOTS {
        let (old, new) = forms(name);
        let (old, new) = (load(&old), load(&new));
        for (file, state) in &states {
            for seed in 0..8 {
                assert_eq!(
                    outcome(&old, state, seed),
                    outcome(&new, state, seed),
                    "{name} on {file}, seed {seed}"
                );
            }
        }
    }
}

/// A seat that asks both forms every decision, with the same generator, and plays the short
/// form's answer; it keeps every decision on which they differ.
struct Twins<'a> {
    old: &'a Bot,
    new: &'a Bot,
    decisions: Mutex<u64>,
    differences: Mutex<Vec<String>>,
    /// The lines of the short form's rules that decided.
    rules: &'a Mutex<BTreeSet<usize>>,
}

impl Player for Twins<'_> {
    fn decide(&self, state: &GameState, rng: &mut DecisionRng) -> Result<BotDecision, String> {
        let old = self.old.player().decide(state, &mut rng.clone());
        if let Ok(d) = self.new.decide_with(state, &mut rng.clone(), false) {
            self.rules.lock().unwrap().insert(d.rule);
        }
        let new = self.new.player().decide(state, rng);
        *self.decisions.lock().unwrap() += 1;
        if old != new {
            self.differences
                .lock()
                .unwrap()
                .push(format!("seed {}: {old:?} against {new:?}", rng.seed()));
        }
        new
    }

    fn reads_stats(&self) -> bool {
        self.old.player().reads_stats() || self.new.player().reads_stats()
    }
}

fn options(stack_bb: i64) -> MatchOptions {
    let mut o = MatchOptions::new(10_000, 43);
    o.stack = stack_bb * o.big_blind;
    o.keep_hands = true;
    o.threads = 0;
    o
}

#[test]
fn both_forms_decide_alike_over_ten_thousand_match_hands() {
    for (name, builtins, stack) in BOTS {
        let (old, new) = forms(name);
        let (old, new) = (load(&old), load(&new));
        let rules = Mutex::new(BTreeSet::new());
        for &builtin in builtins {
            same_match(name, (&old, &new), builtin, stack, &rules);
        }
        // Every rule of the short form decided somewhere, so every form was compared.
        let decided = rules.into_inner().unwrap();
        let never: Vec<usize> = rule_lines(new.source())
            .into_iter()
            .filter(|l| !decided.contains(l))
            .collect();
        assert!(
            never.is_empty(),
            "{name}.hus: the rules at lines {never:?} never decided"
        );
    }
}

/// The line (from 1) of every rule of a script.
fn rule_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with("RULE"))
        .map(|(i, _)| i + 1)
        .collect()
}

/// Plays `new` (asking `old` too at every decision) against `builtin` (`builtin:NAME` or a
/// script), then `old` alone.
fn same_match(
    name: &str,
    (old, new): (&Bot, &Bot),
    builtin: &str,
    stack: i64,
    rules: &Mutex<BTreeSet<usize>>,
) {
    let villain = match builtin.strip_prefix("builtin:") {
        Some(name) => Bot::builtin(name).unwrap(),
        None => load(&root().join(builtin)),
    };
    let twins = Twins {
        old,
        new,
        decisions: Mutex::new(0),
        differences: Mutex::new(Vec::new()),
        rules,
    };
    let played = hus::play_match_of([&twins, villain.player()], &options(stack)).unwrap();
    let differences = twins.differences.into_inner().unwrap();
    let decisions = twins.decisions.into_inner().unwrap();
    // The bot is the small blind, who always acts, in half of the hands.
    assert!(
        decisions >= 5_000,
        "{name} against {builtin}: {decisions} decisions"
    );
    assert!(
        differences.is_empty(),
        "{name} against {builtin}: {} of {decisions} decisions differ, first {:?}",
        differences.len(),
        &differences[..differences.len().min(3)]
    );
    // The long form alone, with the same seed, wins or loses the same in every hand.
    let alone = hus::play_match(old, &villain, &options(stack)).unwrap();
    assert_eq!(played.hands, 10_000);
    assert_eq!(alone.net_a, played.net_a, "{name} against {builtin}");
    assert_eq!(
        alone.hand_results, played.hand_results,
        "{name} against {builtin}"
    );
}

/// The union and DEFINE forms: (short form, written out).
const UNION_PAIRS: [(&str, &str); 4] = [
    (
        "ALWAYS\nRULE potOdds <= 0.25 | overcards | !pair, facingBet\nDO CALL\nENDRULE\n\
         RULE (topPair | flushDraw) | openEnded | 22 | AK:0.5\nDO RAISE 3BB\nENDRULE\nENDALWAYS\n",
        "DEFINE cheap = potOdds <= 0.25\nDEFINE noPair = !pair\n\
         ALWAYS\nRULE cheap | overcards | noPair, facingBet\nDO CALL\nENDRULE\n\
         RULE\n  22 | AK\n  topPair\n  flushDraw\n  openEnded\nDO RAISE 3BB\nENDRULE\nENDALWAYS\n",
    ),
    (
        "DEFINE shoves = 22+ | A2s+ | KTo+ | ATo+ | 54s+\n\
         DEFINE bets = topPair | overPair | flushDraw\n\
         DEFINE rb = shoves WITH bets\n\
         ALWAYS\nRULE equityVs(rb) >= 0.6\nDO CALL\nENDRULE\n\
         RULE equityVs(rb:0.5 WITH !flushDraw) > 0.3\nDO RAISE 2BB\nENDRULE\nENDALWAYS\n",
        "DEFINE shoves = 22+ | A2s+ | KTo+ | ATo+ | 54s+\n\
         ALWAYS\nRULE equityVs(shoves WITH topPair | overPair | flushDraw) >= 0.6\nDO CALL\nENDRULE\n\
         RULE equityVs(shoves:0.5 WITH topPair, !flushDraw | overPair, !flushDraw | flushDraw, !flushDraw) > 0.3\n\
         DO RAISE 2BB\nENDRULE\nENDALWAYS\n",
    ),
    (
        "DEFINE made = topPair | heroTwoPair\nDEFINE draws = flushDraw | openEnded\n\
         DEFINE any = made | draws\n\
         ALWAYS\nRULE equityVs(QQ+ | AK WITH any, !pair) > 0.2 | toCall == 0\nDO CALL\nENDRULE\nENDALWAYS\n",
        "ALWAYS\nRULE equityVs(QQ+ | AK WITH topPair, !pair | heroTwoPair, !pair | flushDraw, !pair | openEnded, !pair) > 0.2\nDO CALL\nENDRULE\n\
         RULE toCall == 0\nDO CALL\nENDRULE\nENDALWAYS\n",
    ),
    (
        "DEFINE shoves = 22+ | A2s+ | KTo+ | ATo+ | 54s+\n\
         DEFINE bets = pair+ | flushDraw\n\
         DEFINE value = shoves WITH topPair+\nDEFINE draws = shoves:0.3 WITH bets\n\
         DEFINE callRange = value | draws\n\
         ALWAYS\nRULE equityVs(callRange) >= 0.55\nDO CALL\nENDRULE\n\
         RULE equityVs(shoves WITH topPair+ | AK:0.5) > 0.4\nDO RAISE 2BB\nENDRULE\nENDALWAYS\n",
        "DEFINE shoves = 22+ | A2s+ | KTo+ | ATo+ | 54s+\n\
         ALWAYS\nRULE equityVs(shoves:0.3 WITH pair+ | flushDraw | shoves WITH topPair+) >= 0.55\nDO CALL\nENDRULE\n\
         RULE equityVs(shoves WITH topPair+ | AK:0.5 WITH pair | !pair) > 0.4\nDO RAISE 2BB\nENDRULE\nENDALWAYS\n",
    ),
];

/// The union and DEFINE forms of reference §12.2, §12.3 and §12.9 decide exactly as the same
/// bot written out: a comparison or a negation as a union item, a union nested in another, a
/// DEFINEd filter after `WITH` (with `word+` in it), a DEFINEd narrowed range in a strength
/// word, a union of narrowed parts DEFINEd or written in place, a range joined whole after a
/// filter. Each pair is decided on every example game state with several seeds, decision by
/// decision.
#[test]
fn the_new_forms_decide_as_written_out() {
    let states = game_states();
    assert!(states.len() > 20, "{} game states", states.len());
    for (i, (short, long)) in UNION_PAIRS.iter().enumerate() {
        let load = |text: &str| {
            Bot::from_source("bot.hus", text, &BotOptions::default())
                .unwrap_or_else(|e| panic!("pair {i}: {e:?}\n{text}"))
        };
        let (short, long) = (load(short), load(long));
        let mut calls = 0;
        for (name, state) in &states {
            for seed in 0..3 {
                // Only the action: one rule written as two ties where the union does not.
                let taken = |bot: &Bot| match bot.decide(state, seed) {
                    Ok(d) => action(&d),
                    Err(e) => format!("error {:?}", e.kind),
                };
                let (a, b) = (taken(&short), taken(&long));
                assert_eq!(a, b, "pair {i} on {name}, seed {seed}");
                calls += a.contains("call") as usize;
            }
        }
        // The pair is not trivially equal: some state takes each rule.
        assert!(calls > 0, "pair {i} never calls");
    }
}
