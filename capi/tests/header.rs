//! include/hus.h is what cbindgen makes of the sources now; `HUS_BLESS=1` rewrites it.

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
    let path = dir.join("include/hus.h");
    if std::env::var_os("HUS_BLESS").is_some() {
        std::fs::write(&path, &made).expect("include/hus.h written");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == made,
        "capi/include/hus.h is not what cbindgen makes of capi/src now: \
         run `HUS_BLESS=1 cargo test -p hus-capi --test header` and commit it"
    );
}
