//! Generates the parser from `grammar/hus.lalrpop` and the 7-card evaluator's rank table into
//! OUT_DIR, and links the `hus` binary as a fixed-address executable on Linux with its start-up
//! functions packed together.

/// The evaluator's table layout and ranking (`src/strength/eval7.rs` includes the same files).
#[allow(dead_code)]
mod eval7 {
    include!("src/strength/eval7_tables.rs");
    include!("src/strength/eval7_ranks.rs");
}

fn main() {
    println!("cargo:rerun-if-changed=grammar");
    eval7_table();
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
    let crt_static = features.split(',').any(|f| f == "crt-static");
    if linux && !crt_static {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    if linux {
        startup_order(crt_static);
    }
}

/// Writes the evaluator's rank table (`TABLE` in `src/strength/eval7.rs`) as the target's
/// `u16`s, for the library to include: ranking the 76,155 rank multisets takes milliseconds
/// here and took 13 s as constant evaluation.
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

/// Has the linker place the functions `hus decide` runs (`tables/startup-order.txt`, made by
/// `tables/startup-order.sh`) side by side at the start of the code. The kernel maps code 64 KB
/// at a time on first use, ~3 us a window on the project's machine: the ~500 KB a decision runs
/// touches ~8 windows packed, ~35 spread over the 3.4 MB (README, "Speed").
///
/// Rust functions go into an output section of their own by a linker script of name patterns
/// (their hashes differ between builds), which GNU ld and lld both read. The C library's, in a
/// static build, by lld's symbol ordering: lld is rustc's linker on x86-64 Linux from 1.90 on.
fn startup_order(crt_static: bool) {
    let list = "tables/startup-order.txt";
    println!("cargo:rerun-if-changed={list}");
    let Ok(text) = std::fs::read_to_string(list) else {
        return;
    };
    let names: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let rust = |n: &str| n.starts_with("_ZN") || n.starts_with("_R");
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap());

    let mut script = String::from("SECTIONS {\n  .text.hus_startup : {\n");
    for n in names.iter().filter(|n| rust(n)) {
        // Cold functions' sections are named `.text.unlikely.NAME`.
        script += &format!("    *(.text.{n} .text.unlikely.{n})\n");
    }
    script += "  }\n} INSERT BEFORE .text;\n";
    let script_path = out.join("startup.ld");
    std::fs::write(&script_path, script).unwrap();
    println!("cargo:rustc-link-arg-bins=-Wl,-T,{}", script_path.display());

    let lld_default = std::env::var("TARGET").as_deref() == Ok("x86_64-unknown-linux-gnu")
        && rustc_minor().is_some_and(|m| m >= 90);
    if crt_static && lld_default {
        let c: Vec<&str> = names.iter().copied().filter(|n| !rust(n)).collect();
        let order_path = out.join("startup-c.order");
        std::fs::write(&order_path, c.join("\n") + "\n").unwrap();
        println!(
            "cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}",
            order_path.display()
        );
        println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
    }
}

/// The minor version of the rustc building the crate (`rustc 1.95.0 (...)` gives 95).
fn rustc_minor() -> Option<u32> {
    let rustc = std::env::var("RUSTC").ok()?;
    let out = std::process::Command::new(rustc).arg("-V").output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    text.split_whitespace()
        .nth(1)?
        .split('.')
        .nth(1)?
        .parse()
        .ok()
}
