//! What the built `hus` asks of the system when it starts: every shared library the loader
//! opens costs each `hus decide` (docs/performance.md, Start-up).

use std::process::Command;

use crate::support::hus::HUS;

/// The shared libraries the binary names (`NEEDED`), as `readelf -d` prints them.
fn needed() -> Option<Vec<String>> {
    let out = Command::new("readelf").args(["-d", HUS]).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let names = text
        .lines()
        .filter(|l| l.contains("(NEEDED)"))
        .filter_map(|l| Some(l.split('[').nth(1)?.trim_end_matches(']').to_string()))
        .collect();
    Some(names)
}

/// The C math library is not loaded: its three functions the program calls are the binary's
/// own (src/math.rs). A new call to another of them (`exp`, `sin`...) brings `libm.so` back.
#[test]
#[cfg(target_os = "linux")]
fn the_binary_needs_no_math_library() {
    let Some(needed) = needed() else {
        eprintln!("skipped: no `readelf` on PATH to read the binary's dynamic section");
        return;
    };
    assert!(
        needed.iter().any(|n| n.starts_with("libc.so")),
        "{needed:?}"
    );
    assert!(
        !needed.iter().any(|n| n.starts_with("libm.so")),
        "{needed:?}"
    );
}
