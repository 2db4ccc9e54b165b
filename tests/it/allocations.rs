//! Work that must not touch the heap: deciding a rule-only script allocates nothing, and a
//! tournament chunk's work does not grow with its hands (playing 400 hands allocates as often
//! as playing 200: what is allocated is the chunk's, never a hand's), so chunks on many cores
//! do not meet in the allocator. The allocator that counts is the test binary's; it counts
//! only the allocations of the thread that asks, as the other tests run beside.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use hus::{run_chunk, Bot, BotOptions, Tournament, TournamentOptions};

/// Counts the allocations of the threads that ask.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static COUNTED: Cell<bool> = const { Cell::new(false) };
}

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTED.try_with(|c| c.get()).unwrap_or(false) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: the caller's promises about `layout` are passed on as they are.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout` (every allocation is).
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations of `f` on this thread.
fn allocations(f: impl FnOnce()) -> usize {
    COUNTED.with(|c| c.set(true));
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    f();
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    COUNTED.with(|c| c.set(false));
    after - before
}

/// `examples/tag.hus` decided on every example game: no allocation once checked and read
/// (the decisions there draw no warning; `--explain` traces and warnings do allocate).
#[test]
fn deciding_a_rule_only_script_does_not_allocate() {
    use hus_lang::check::{check, CheckOptions};
    use hus_lang::eval::{decide, DecideOptions};
    use hus_poker::diag::SourceFile;
    use hus_poker::game::GameState;
    use rand::SeedableRng;

    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let text = std::fs::read_to_string(root.join("tag.hus")).unwrap();
    let checked = check(
        &SourceFile::new("tag.hus", text),
        &CheckOptions {
            base_dir: root.clone(),
            ..CheckOptions::default()
        },
    );
    let program = checked.program.expect("tag.hus checks");
    let mut states = Vec::new();
    for entry in std::fs::read_dir(root.join("games")).unwrap() {
        let xml = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        states.push(GameState::from_xml(&xml).unwrap().0);
    }
    let options = DecideOptions::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    // One round first, so lazily built tables (hand ranks) exist.
    for s in &states {
        decide(&program, s, &mut rng, &options).unwrap();
    }
    let mut warnings = 0;
    let n = allocations(|| {
        for _ in 0..100 {
            for s in &states {
                let d = decide(&program, s, &mut rng, &options).unwrap();
                warnings += d.warnings.len();
            }
        }
    });
    assert_eq!(warnings, 0);
    assert_eq!(n, 0, "{n} allocations while deciding");
}

fn bot(spec: &str) -> Bot {
    match spec.strip_prefix("builtin:") {
        Some(name) => Bot::builtin(name).unwrap(),
        None => {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(spec);
            Bot::from_file(path, &BotOptions::default()).unwrap()
        }
    }
}

/// The allocations of the first chunk of `a` against `b` when a chunk is `hands` hands.
fn chunk_allocations(a: &Bot, b: &Bot, hands: u64) -> usize {
    let mut o = TournamentOptions::new(400, 46);
    o.chunk_hands = hands;
    let t = Tournament::of_bots(vec![a.clone(), b.clone()], o).unwrap();
    let job = t.jobs().remove(0);
    assert_eq!((job.first_hand, job.end_hand), (0, hands));
    let mut result = None;
    let n = allocations(|| result = Some(run_chunk(a, b, &job).unwrap()));
    assert_eq!(result.unwrap().hands, hands);
    n
}

#[test]
fn a_chunk_allocates_as_often_for_400_hands_as_for_200() {
    // What a chunk allocates is its own: the hands' records, reused from hand to hand. A
    // round's list of acts grows to the longest round seen (the stacks bound it), so the
    // pairs here are ones whose longest round comes before hand 200. Decisions that read
    // the exhaustive equity on the flop or turn (`equity`, `ppot`, `equityVs`: builtin:equity,
    // examples/pushfold.hus) take that enumeration's work buffers from the heap each time,
    // a few against its thousands of hand evaluations (docs/performance.md).
    for (a, b) in [
        ("examples/tag.hus", "builtin:caller"),
        ("examples/tag.hus", "builtin:raiser"),
        ("examples/first.hus", "builtin:caller"),
        ("builtin:random", "builtin:random"),
        // They read their opponent's statistics over the chunk (the HUD), through DEFINEs.
        ("builtin:exploit", "builtin:random"),
        ("examples/thesis-table.hus", "builtin:exploit"),
    ] {
        let names = format!("{a} against {b}");
        let (a, b) = (bot(a), bot(b));
        // Once first, so that lazily built tables (hand ranks) exist.
        chunk_allocations(&a, &b, 400);
        let (short, long) = (
            chunk_allocations(&a, &b, 200),
            chunk_allocations(&a, &b, 400),
        );
        assert_eq!(short, long, "{names}: 200 hands, then 400");
    }
}
