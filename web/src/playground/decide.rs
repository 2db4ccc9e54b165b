//! A decision for the page: `hus decide --json --explain`'s object and trace, from texts.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use super::{diagnostics_json, options, SCRIPT_NAME};
use hus::report::decision_json;
use hus_lang::check::supplied::SuppliedFiles;
use hus_lang::eval::DecideOptions;
use hus_poker::diag::{SourceDiagnostic, SourceFile};
use hus_poker::game::GameState;

/// The name the page's game state has in diagnostics.
pub(crate) const GAME_NAME: &str = "game.xml";

/// Decides with `seed` as `hus decide --json --explain --seed SEED bot.hus game.xml` does.
/// The answer is `{decision, trace, warnings}` (`decision` is exactly `hus decide --json`'s
/// object), or `{error, diagnostics, trace}` where `error` says what stopped it: `"game"`
/// (the game state is invalid, exit 4), `"script"` (the script has errors, exit 2) or
/// `"decide"` (no rule matched, a missing constant, an `external` program: exits 3 to 5).
pub fn decide(script: &str, xml: &str, files: &SuppliedFiles, seed: u64) -> Value {
    let game_file = SourceFile::new(GAME_NAME, xml);
    let (state, game_warnings) = match GameState::from_xml(xml) {
        Ok(ok) => ok,
        Err(invalid) => return failure("game", &game_file, &invalid.diagnostics, None),
    };
    let script_file = SourceFile::new(SCRIPT_NAME, script);
    let defines = state
        .record()
        .extras
        .iter()
        .map(|(n, _)| n.clone())
        .collect();
    let checked = hus_lang::check::compile(&script_file, &options(files, defines));
    let program = match checked.program {
        Some(p) => p,
        None => return failure("script", &script_file, &checked.diagnostics, None),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let how = DecideOptions {
        explain: true,
        ..DecideOptions::default()
    };
    match hus_lang::eval::decide(&program, &state, &mut rng, &how) {
        Ok(d) => {
            let mut warnings = diagnostics_json(&game_file, &game_warnings);
            warnings.extend(diagnostics_json(&script_file, &d.warnings));
            json!({
                "decision": decision_json(&d, &program, &state, &game_warnings, SCRIPT_NAME, seed),
                "trace": d.trace.as_ref().map(ToString::to_string).unwrap_or_default(),
                "warnings": warnings,
            })
        }
        Err(e) => {
            let mut all = e.warnings.clone();
            all.push(e.diagnostic());
            let trace = e.trace.as_ref().map(ToString::to_string);
            failure("decide", &script_file, &all, trace)
        }
    }
}

fn failure(what: &str, file: &SourceFile, d: &[SourceDiagnostic], trace: Option<String>) -> Value {
    json!({
        "error": what,
        "diagnostics": diagnostics_json(file, d),
        "trace": trace.unwrap_or_default(),
    })
}
