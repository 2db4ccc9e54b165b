//! The union and DEFINE forms of reference §12.2, §12.3 and §12.9 decide exactly as the same
//! bot written out: a comparison or a negation as a union item, a union nested in another, a
//! DEFINEd filter after `WITH` (with `word+` in it), a DEFINEd narrowed range in a strength
//! word, a union of narrowed parts DEFINEd or written in place, a range joined whole after a
//! filter. Each pair is decided on every example game state with several seeds, decision by
//! decision.

use std::path::{Path, PathBuf};

use hus::{Bot, BotOptions, GameState};

/// (short form, written out).
const PAIRS: [(&str, &str); 4] = [
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

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn game_states() -> Vec<(String, GameState)> {
    let mut states = Vec::new();
    for dir in ["examples/games", "tests/cases/decide/games"] {
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

fn outcome(bot: &Bot, state: &GameState, seed: u64) -> String {
    match bot.decide(state, seed) {
        Ok(d) => format!("{} draw {:?} made legal {}", d.action, d.draw, d.made_legal),
        Err(e) => format!("error {:?}", e.kind),
    }
}

#[test]
fn the_new_forms_decide_as_written_out() {
    let states = game_states();
    assert!(states.len() > 20, "{} game states", states.len());
    for (i, (short, long)) in PAIRS.iter().enumerate() {
        let load = |text: &str| {
            Bot::from_source("bot.hus", text, &BotOptions::default())
                .unwrap_or_else(|e| panic!("pair {i}: {e:?}\n{text}"))
        };
        let (short, long) = (load(short), load(long));
        let mut calls = 0;
        for (name, state) in &states {
            for seed in 0..3 {
                let (a, b) = (outcome(&short, state, seed), outcome(&long, state, seed));
                assert_eq!(a, b, "pair {i} on {name}, seed {seed}");
                calls += a.contains("call") as usize;
            }
        }
        // The pair is not trivially equal: some state takes each rule.
        assert!(calls > 0, "pair {i} never calls");
    }
}
