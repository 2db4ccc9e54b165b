//! Golden tests of `hus decide`: each directory in `tests/cases/decide/` holds `args` (the
//! command line after `hus`, split on white space), the files it names, and the expected
//! `stdout`, `stderr` and `code`. The binary runs with the case directory as its working
//! directory and without colour. `UPDATE_GOLDEN=1 cargo test --test decide_golden` rewrites
//! the expected files from what the binary prints.
// The real binary exists only with the `cli` feature.
#![cfg(feature = "cli")]

use std::path::{Path, PathBuf};
use std::process::Command;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/decide")
}

struct Outcome {
    stdout: String,
    stderr: String,
    code: String,
}

fn run_case(dir: &Path) -> Outcome {
    let args = std::fs::read_to_string(dir.join("args")).expect("args file");
    let out = Command::new(env!("CARGO_BIN_EXE_hus"))
        .args(args.split_whitespace())
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("run hus");
    Outcome {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: format!("{}\n", out.status.code().unwrap_or(-1)),
    }
}

#[test]
fn decide_golden() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .expect("tests/cases/decide")
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("args").is_file())
        .collect();
    dirs.sort();
    assert!(!dirs.is_empty());
    let mut failures = Vec::new();
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let got = run_case(dir);
        for (file, text) in [
            ("stdout", &got.stdout),
            ("stderr", &got.stderr),
            ("code", &got.code),
        ] {
            let path = dir.join(file);
            if update {
                std::fs::write(&path, text).unwrap();
                continue;
            }
            match std::fs::read_to_string(&path) {
                Ok(want) if &want == text => {}
                Ok(want) => failures.push(format!(
                    "{name}/{file} differs\n--- expected\n{want}\n--- got\n{text}"
                )),
                Err(_) => failures.push(format!(
                    "{name}/{file} missing (UPDATE_GOLDEN=1 writes it)\n--- got\n{text}"
                )),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n\n{}",
        failures.len(),
        dirs.len(),
        failures.join("\n\n")
    );
}

/// Counts heap allocations, to show that deciding a rule-only script allocates nothing. Only
/// the allocations of the thread that asked are counted: the golden test runs beside it in the
/// same process and allocates all the time.
struct Counting;

static ALLOCATIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

thread_local! {
    static COUNTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

unsafe impl std::alloc::GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        if COUNTED.try_with(|c| c.get()).unwrap_or(false) {
            ALLOCATIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        unsafe { std::alloc::System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// `examples/tag.hus` decided on every example game: no allocation once checked and read
/// (the decisions there draw no warning; `--explain` traces and warnings do allocate).
#[test]
fn deciding_a_rule_only_script_does_not_allocate() {
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
    assert_eq!(after - before, 0, "allocations while deciding");
}
