//! The `hus` binary has the functions `hus decide` runs packed together (build.rs, from
//! `tables/startup-order.txt`; README, "Speed"), and that list still names the code: a list
//! gone stale would cost start-up time and nothing else, so only this test would notice.
#![cfg(all(feature = "cli", target_os = "linux"))]

use std::path::Path;

fn binary() -> Vec<u8> {
    std::fs::read(env!("CARGO_BIN_EXE_hus")).expect("the hus binary")
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    memchr::memmem::find(haystack, needle).is_some()
}

#[test]
fn the_binary_has_the_packed_section() {
    assert!(contains(&binary(), b".text.hus_startup\0"));
}

#[test]
fn the_list_still_names_the_code() {
    let list = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tables/startup-order.txt"),
    )
    .unwrap();
    // Each Rust pattern's longest literal piece (the hashes are `*`), looked for among the
    // binary's symbol names, which every build keeps (none strips them).
    let pieces: Vec<&str> = list
        .lines()
        .filter(|l| l.starts_with("_ZN") || l.starts_with("_R"))
        .filter_map(|l| l.split('*').max_by_key(|p| p.len()))
        .collect();
    assert!(pieces.len() > 200, "{} Rust names", pieces.len());
    let bin = binary();
    let missing: Vec<&&str> = pieces
        .iter()
        .filter(|p| !contains(&bin, p.as_bytes()))
        .collect();
    // A test build inlines less than a release build, so a few release names may be absent;
    // most missing means the list is stale: run `tables/startup-order.sh`.
    assert!(
        missing.len() * 10 <= pieces.len(),
        "{} of {} names not in the binary (regenerate with tables/startup-order.sh), e.g. {:?}",
        missing.len(),
        pieces.len(),
        &missing[..missing.len().min(5)]
    );
}
