//! Generates the parser from `grammar/hus.lalrpop` into OUT_DIR. The binaries link as any Rust
//! program does (a position-independent executable).

fn main() {
    println!("cargo:rerun-if-changed=grammar");
    // Canonical LR(1): a union item's two rank digits are a card query or a number by the
    // token after them (`22 | x`, `22 > x | y`), which the default lane-table construction
    // cannot separate in this grammar.
    std::env::set_var("LALRPOP_LANE_TABLE", "disabled");
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .process()
        .expect("the lalrpop grammar in grammar/ must build");
}
