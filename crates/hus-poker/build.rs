//! Generates the 7-card evaluator's rank table into OUT_DIR.

/// The evaluator's table layout and ranking (`src/strength/eval7.rs` includes the same files).
#[allow(dead_code)]
mod eval7 {
    include!("src/strength/eval7_tables.rs");
    include!("src/strength/eval7_ranks.rs");
}

fn main() {
    eval7_table();
}

/// Writes the evaluator's rank table (`TABLE` in `src/strength/eval7.rs`) as the target's
/// `u16`s, for the library to include: ranking the 76,155 rank multisets takes milliseconds
/// here, where constant evaluation would take seconds of every build.
fn eval7_table() {
    for file in [
        "src/strength/eval7_tables.rs",
        "src/strength/eval7_ranks.rs",
    ] {
        println!("cargo:rerun-if-changed={file}");
    }
    let big_endian = std::env::var("CARGO_CFG_TARGET_ENDIAN").as_deref() == Ok("big");
    let bytes: Vec<u8> = eval7::table_values()
        .into_iter()
        .flat_map(|v| {
            if big_endian {
                v.to_be_bytes()
            } else {
                v.to_le_bytes()
            }
        })
        .collect();
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("eval7_table.bin"), bytes).expect("OUT_DIR must be writable");
}
