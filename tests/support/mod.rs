//! What the integration tests share: running the real binary (`hus`), the golden files
//! (`golden`) and watching the processes `hus` starts
//! (`processes`). Both test binaries (`tests/it`, `tests/golden`) include it.
#![allow(dead_code)]

pub mod golden;
#[cfg(feature = "cli")]
pub mod hus;
#[cfg(feature = "cli")]
pub mod processes;

use std::path::{Path, PathBuf};

/// The repository root: tests name their files relative to it.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// An empty folder `group/name` under the tests' scratch folder (`group` is the test's
/// module, so tests of different modules never share one).
pub fn work_dir(group: &str, name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(group)
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
