//! A tournament chunk's work does not grow with its hands on the heap: playing 400 hands
//! allocates as often as playing 200 (what is allocated is the chunk's, never a hand's), so
//! chunks on many cores do not meet in the allocator. Its own test binary: the allocator
//! that counts is the process's.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use hus::{run_chunk, Bot, BotOptions, Tournament, TournamentOptions};

/// Counts the allocations of the threads that ask (the test harness allocates beside).
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
        // SAFETY: the caller's `layout`, as `GlobalAlloc::alloc` requires it.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above, that is from `System`, with this `layout`.
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

fn bot(spec: &str) -> Bot {
    match spec.strip_prefix("builtin:") {
        Some(name) => Bot::builtin(name).unwrap(),
        None => {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(spec);
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
