//! Generates the parser from `grammar/hus.lalrpop` into OUT_DIR, and links the `hus` binary as
//! a fixed-address executable on Linux.
fn main() {
    println!("cargo:rerun-if-changed=grammar");
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .process()
        .expect("the lalrpop grammar in grammar/ must build");
    // A position-independent executable has ~3,000 pointers in its tables that the dynamic
    // loader patches at every start, on pages it must then copy: about 5 % of `hus decide`'s
    // wall time (README, "Speed"). Linked at a fixed address, the linker resolves them once.
    // Not for a static build (`+crt-static`): rustc links that as a static PIE, whose start-up
    // code breaks when linked at a fixed address.
    let linux = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux");
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    if linux && !features.split(',').any(|f| f == "crt-static") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
