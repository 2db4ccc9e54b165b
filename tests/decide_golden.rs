//! Golden tests of `hus decide`, one test each: every directory in `tests/cases/decide/` that
//! holds `args` (the command line after `hus`, split on white space) is a case, run with that
//! directory as the working directory and without colour, its exit code, stdout and stderr
//! compared exactly with `code`, `stdout` and `stderr` beside it (and, when `args` holds the
//! word `OUT`, the file the command writes there with `out`). `cargo test
//! decide_golden::NAME` runs one; `tests/cases/README.md` says how to add and update them.

#[path = "support/golden.rs"]
mod golden;

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/decide")
}

/// Every case directory, sorted by name.
fn cases() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .expect("tests/cases/decide")
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("args").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// The word of `args` that stands for a file the command writes (`--svg OUT`): the runner
/// puts it in a directory of its own and compares what was written with `out` in the case.
const OUT: &str = "OUT";

/// Runs one case and compares all three outputs, and the file it writes when `args` names
/// [`OUT`].
fn run_case(dir: &Path) -> Result<(), Failed> {
    let name = dir.file_name().unwrap().to_string_lossy().into_owned();
    let args =
        std::fs::read_to_string(dir.join("args")).map_err(|e| format!("{name}/args: {e}"))?;
    let scratch = std::env::temp_dir().join(format!("hus-golden-{}-{name}", std::process::id()));
    let written = scratch.join("out");
    let mut args: Vec<String> = args.split_whitespace().map(String::from).collect();
    let writes = args.iter().any(|a| a == OUT);
    if writes {
        std::fs::create_dir_all(&scratch).map_err(|e| format!("{name}: {e}"))?;
        for a in args.iter_mut().filter(|a| *a == OUT) {
            *a = written.to_string_lossy().into_owned();
        }
    }
    let got = golden::run_hus(dir, &args);
    let mut files = vec![
        (dir.join("stdout"), got.stdout.as_str()),
        (dir.join("stderr"), got.stderr.as_str()),
        (dir.join("code"), got.code.as_str()),
    ];
    let out = if writes {
        let text = std::fs::read_to_string(&written).unwrap_or_default();
        let _ = std::fs::remove_dir_all(&scratch);
        text
    } else {
        String::new()
    };
    if writes {
        files.push((dir.join("out"), out.as_str()));
    }
    golden::compare(&name, &files)
}

fn main() {
    let mut trials: Vec<Trial> = cases()
        .into_iter()
        .map(|dir| {
            let name = dir.file_name().unwrap().to_string_lossy().into_owned();
            Trial::test(format!("decide_golden::{name}"), move || run_case(&dir))
        })
        .collect();
    assert!(trials.len() >= 90, "only {} decide cases", trials.len());
    trials.push(Trial::test(
        "deciding_a_rule_only_script_does_not_allocate",
        deciding_a_rule_only_script_does_not_allocate,
    ));
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}

/// Counts heap allocations, to show that deciding a rule-only script allocates nothing. Only
/// the allocations of the thread that asked are counted: the golden cases run beside it in the
/// same process and allocate all the time.
struct Counting;

static ALLOCATIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

thread_local! {
    static COUNTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl std::alloc::GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        if COUNTED.try_with(|c| c.get()).unwrap_or(false) {
            ALLOCATIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        // SAFETY: the caller's `layout`, as `GlobalAlloc::alloc` requires it.
        unsafe { std::alloc::System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: `ptr` came from `alloc` above, that is from `System`, with this `layout`.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// `examples/tag.hus` decided on every example game: no allocation once checked and read
/// (the decisions there draw no warning; `--explain` traces and warnings do allocate).
fn deciding_a_rule_only_script_does_not_allocate() -> Result<(), Failed> {
    use hus::check::{check, CheckOptions};
    use hus::diag::SourceFile;
    use hus::eval::{decide, DecideOptions};
    use hus::game::GameState;
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
    COUNTED.with(|c| c.set(true));
    let before = ALLOCATIONS.load(std::sync::atomic::Ordering::Relaxed);
    for _ in 0..100 {
        for s in &states {
            let d = decide(&program, s, &mut rng, &options).unwrap();
            assert!(d.warnings.is_empty());
        }
    }
    let after = ALLOCATIONS.load(std::sync::atomic::Ordering::Relaxed);
    COUNTED.with(|c| c.set(false));
    match after - before {
        0 => Ok(()),
        n => Err(format!("{n} allocations while deciding").into()),
    }
}
