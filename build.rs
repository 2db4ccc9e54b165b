//! Generates the parser from `grammar/hus.lalrpop` into OUT_DIR.
fn main() {
    println!("cargo:rerun-if-changed=grammar");
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .process()
        .expect("the lalrpop grammar in grammar/ must build");
}
