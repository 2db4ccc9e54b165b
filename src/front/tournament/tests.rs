use super::*;
use crate::front::{play_match, MatchOptions};

fn builtins(names: &[&str]) -> Vec<Bot> {
    names.iter().map(|n| Bot::builtin(n).unwrap()).collect()
}

fn options(hands: u64, chunk: u64) -> TournamentOptions {
    let mut o = TournamentOptions::new(hands, 42);
    o.chunk_hands = chunk;
    o
}

#[test]
fn every_pairing_is_split_into_chunks_of_whole_deals() {
    let t = Tournament::of_bots(
        builtins(&["caller", "raiser", "random"]),
        options(1000, 301),
    )
    .unwrap_err();
    assert_eq!(t.kind, MatchErrorKind::Usage);
    let t = Tournament::of_bots(
        builtins(&["caller", "raiser", "random"]),
        options(1000, 400),
    )
    .unwrap();
    let jobs = t.jobs();
    assert_eq!(jobs.len(), 9);
    let ranges: Vec<_> = jobs[..3]
        .iter()
        .map(|j| (j.first_hand, j.end_hand))
        .collect();
    assert_eq!(ranges, [(0, 400), (400, 800), (800, 1000)]);
    let pairs: Vec<_> = t.pairings().iter().map(|p| (p.a, p.b)).collect();
    assert_eq!(pairs, [(0, 1), (0, 2), (1, 2)]);
    assert_eq!(jobs[4].seed, pair_seed(42, 0, 2));
    assert_ne!(pair_seed(42, 0, 2), pair_seed(42, 2, 0));
    assert_ne!(pair_seed(42, 0, 2), pair_seed(43, 0, 2));
}

#[test]
fn a_gauntlet_plays_each_challenger_against_the_field_only() {
    let mut o = options(100, 100);
    o.format = Format::Gauntlet {
        challengers: vec![2],
    };
    let t = Tournament::of_bots(builtins(&["caller", "raiser", "random"]), o).unwrap();
    let pairs: Vec<_> = t.pairings().iter().map(|p| (p.a, p.b)).collect();
    assert_eq!(pairs, [(2, 0), (2, 1)]);
}

#[test]
fn the_crosstable_equals_a_duplicate_match_of_each_pair_with_its_seed() {
    let bots = builtins(&["caller", "raiser", "random"]);
    let t = Tournament::of_bots(bots.clone(), options(600, 128)).unwrap();
    let r = t.run(2, None).unwrap();
    for p in &r.pairings {
        let mut m = MatchOptions::new(600, p.pairing.seed);
        m.duplicate = true;
        let alone = play_match(&bots[p.pairing.a], &bots[p.pairing.b], &m).unwrap();
        assert_eq!(p.result.net_a, alone.net_a);
        assert_eq!(p.result.tally, alone.tally);
        assert_eq!(p.result.ci95(), alone.ci95());
    }
    assert_eq!(r.pairings[0].result.hands, 600);
}

#[test]
fn results_merged_in_any_order_or_twice_give_the_same_report() {
    let t =
        Tournament::of_bots(builtins(&["caller", "raiser", "random"]), options(400, 100)).unwrap();
    let results: Vec<ChunkResult> = t.jobs().iter().map(|j| t.run_job(j).unwrap()).collect();
    let one = t.merge(&results).unwrap();
    let mut shuffled: Vec<ChunkResult> = results.iter().rev().cloned().collect();
    shuffled.push(results[3].clone());
    let two = t.merge(&shuffled).unwrap();
    assert_eq!(one.json(), two.json());
    assert_eq!(one.text(), two.text());
    assert_eq!(one.json(), t.run(1, None).unwrap().json());
    let missing = t.merge(&results[1..]).unwrap_err();
    assert_eq!(
        missing.message,
        "cannot merge the chunk results: chunk 0 of pairing 0 is missing"
    );
    let mut changed = results.clone();
    let mut wrong = results[0].clone();
    wrong.net_a += 1;
    changed.push(wrong);
    assert!(t
        .merge(&changed)
        .unwrap_err()
        .message
        .contains("twice with different results"));
    // Chunks and pairings the tournament does not have, however far off.
    for (pairing, chunk) in [(0, 4), (3, 0), (usize::MAX, 0), (0, u64::MAX), (2, 4)] {
        let mut stray = results.clone();
        let mut r = results[0].clone();
        (r.pairing, r.chunk) = (pairing, chunk);
        stray.push(r);
        assert_eq!(
            t.merge(&stray).unwrap_err().message,
            format!("cannot merge the chunk results: pairing {pairing} has no chunk {chunk}")
        );
    }
    let mut other = results.clone();
    other[5].b = 0;
    assert_eq!(
        t.merge(&other).unwrap_err().message,
        "cannot merge the chunk results: chunk 1 of pairing 1 is not the job's (bots 0 and 2, 100 hands)"
    );
}

#[test]
fn jobs_and_results_travel_as_json() {
    let t = Tournament::of_bots(builtins(&["caller", "raiser"]), options(200, 100)).unwrap();
    let job = &t.jobs()[1];
    let text = serde_json::to_string(job).unwrap();
    let back: ChunkJob = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, job);
    let bots = builtins(&["caller", "raiser"]);
    let r = run_chunk(&bots[0], &bots[1], &back).unwrap();
    assert_eq!(r, t.run_job(job).unwrap());
    let again: ChunkResult = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
    assert_eq!(again, r);
    assert_eq!((r.hands, r.units), (100, 50));
}

/// A result of 3 bots whose pairings (0-1, 0-2, 1-2) give A `mean ± spread` chips a hand,
/// alternately, over 100 hands.
fn synthetic(cells: [(i64, i64); 3]) -> TournamentResult {
    let mut o = options(100, 100);
    o.duplicate = false;
    let pairings = pairings_of(&o, 3)
        .into_iter()
        .zip(cells)
        .map(|(pairing, (mean, spread))| {
            let mut tally = crate::dealer::ResultSums::default();
            for k in 0..100 {
                tally.push(mean + if k % 2 == 0 { spread } else { -spread });
            }
            let result = crate::dealer::MatchResult {
                hands: 100,
                seed: pairing.seed,
                stakes: crate::dealer::Stakes {
                    sb: 50,
                    bb: 100,
                    stack: 10_000,
                },
                duplicate: false,
                net_a: tally.sum,
                tally,
                bots: Default::default(),
                hand_results: None,
                threads: 1,
            };
            PairResult { pairing, result }
        })
        .collect();
    TournamentResult {
        names: vec!["a".into(), "b".into(), "c".into()],
        options: o,
        pairings,
    }
}

#[test]
fn bots_the_data_cannot_tell_apart_share_a_rank() {
    // A and B tie exactly and both beat C by far more than the interval.
    let r = synthetic([(0, 0), (50, 10), (50, 10)]);
    let ranks: Vec<_> = r
        .ranking()
        .iter()
        .map(|s| (s.bot, s.rank, s.mean))
        .collect();
    assert_eq!(ranks, [(0, 1, 250.0), (1, 1, 250.0), (2, 3, -500.0)]);
    // A beats B by a little, with much noise: still one rank; C below both.
    let r = synthetic([(1, 300), (50, 10), (50, 10)]);
    let ranks: Vec<_> = r.ranking().iter().map(|s| (s.bot, s.rank)).collect();
    assert_eq!(ranks, [(0, 1), (1, 1), (2, 3)]);
    let r = synthetic([(0, 0), (50, 10), (50, 10)]);
    assert_eq!(r.cell(1, 0), Some((0.0, Some((0.0, 0.0)))));
    let text = r.text();
    assert!(
        text.contains(" b         +0.0 ±0.0 ") && !text.contains("-0.0"),
        "{text}"
    );
}

#[test]
fn a_stopped_tournament_starts_no_chunk_after_the_stop_and_says_so() {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::Arc;
    let t =
        Tournament::of_bots(builtins(&["caller", "raiser", "random"]), options(400, 100)).unwrap();
    let stop = Arc::new(AtomicBool::new(true));
    let e = t.run_stoppable(1, None, &stop).unwrap_err();
    assert_eq!(e.kind, MatchErrorKind::Usage);
    assert_eq!(
        e.message,
        "the tournament was interrupted after 0 of its 12 chunks (no result: it needs every chunk)"
    );
    // Stopped as the third chunk ends: on one thread, no fourth starts.
    stop.store(false, Ordering::SeqCst);
    let played = AtomicU64::new(0);
    let progress = |_: u64| {
        if played.fetch_add(1, Ordering::SeqCst) == 2 {
            stop.store(true, Ordering::SeqCst);
        }
    };
    let e = t.run_stoppable(1, Some(&progress), &stop).unwrap_err();
    assert_eq!(played.load(Ordering::SeqCst), 3);
    assert!(
        e.message.contains("after 3 of its 12 chunks"),
        "{}",
        e.message
    );
    // Never set, it is `run`.
    stop.store(false, Ordering::SeqCst);
    let whole = t.run_stoppable(2, None, &stop).unwrap();
    assert_eq!(whole.json(), t.run(1, None).unwrap().json());
}

#[test]
fn chunks_grow_with_the_hands_up_to_the_limit_then_are_refused_before_any_is_listed() {
    let at = |hands: u64| {
        Tournament::of_bots(builtins(&["caller", "raiser", "random"]), options(hands, 2))
    };
    // Three pairings in chunks of 2: 4x and 16x the hands list 4 and 16 times the chunks.
    let counts: Vec<usize> = [1, 4, 16]
        .iter()
        .map(|k| at(1000 * k).unwrap().jobs().len())
        .collect();
    assert_eq!(counts, [1500, 6000, 24000]);
    // Past the limit, 1x, 4x and 16x the hands are refused alike, before a chunk is listed.
    let over = crate::limits::MAX_CHUNKS / 3 * 2 + 2;
    for k in [1, 4, 16] {
        let e = at(over * k).unwrap_err();
        assert_eq!(e.kind, MatchErrorKind::Usage);
        assert!(
            e.message.contains("more than the 1000000 a run has"),
            "{}",
            e.message
        );
    }
    // The documented most hands: a usage error naming a chunk size that would do.
    let e = at(crate::settings::MAX_HANDS).unwrap_err();
    assert_eq!(
        e.message,
        "1000000000000 hands in chunks of 2 make 1500000000000 chunks, more than the 1000000 a run has: make chunks of at least 3000004 hands"
    );
}
