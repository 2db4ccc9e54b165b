//! include/hus.h is what cbindgen makes of the sources now; `HUS_UPDATE_GOLDEN=1` rewrites
//! it, through the golden files' mechanism the root crate's tests use.

#[path = "../../tests/support/golden.rs"]
mod golden;

use std::path::Path;

#[test]
fn the_header_is_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let mut made = Vec::new();
    cbindgen::Builder::new()
        .with_crate(dir)
        .with_config(config)
        .generate()
        .expect("the header is generated")
        .write(&mut made);
    let made = String::from_utf8(made).expect("a UTF-8 header");
    if let Err(e) = golden::check_file(&dir.join("include/hus.h"), &made) {
        panic!(
            "capi/include/hus.h is not what cbindgen makes of capi/src now: run \
             `HUS_UPDATE_GOLDEN=1 cargo test -p hus-capi --test header` and commit it\n{e}"
        );
    }
}
