//! End-to-end tests of `hus fmt`: the real binary. Golden pairs in `tests/cases/fmt/`:
//! `NAME.in.hus` given on standard input (`hus fmt -`, run in that directory, so its tables and
//! included files are found) must print `NAME.out.hus` exactly, and the output must stay as it
//! is when formatted again. `HUS_UPDATE_GOLDEN=1 cargo test --test it fmt::golden_pairs` (or
//! `tools/regen`) rewrites the `.out.hus` files from what the binary prints. Then `--check`,
//! rewriting in place, scripts with errors and I/O errors.

use crate::support::golden;
use crate::support::hus::{hus_in, hus_with_input};
use std::path::{Path, PathBuf};

use crate::support::root;

fn cases_dir() -> PathBuf {
    root().join("tests/cases/fmt")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("fmt")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn golden_pairs() {
    let dir = cases_dir();
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".in.hus"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 4, "{inputs:?}");
    let mut failures = Vec::new();
    for input in &inputs {
        let name = input.file_name().unwrap().to_string_lossy().into_owned();
        let stem = name.trim_end_matches(".in.hus");
        let out = hus_with_input(
            &dir,
            &["fmt", "-"],
            &std::fs::read_to_string(input).unwrap(),
        );
        let got = text(&out.stdout);
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{name}: exit {:?}\n{}",
            out.status.code(),
            text(&out.stderr)
        );
        let expected = dir.join(format!("{stem}.out.hus"));
        failures.extend(golden::check_file(&expected, &got).err());
        // Idempotent: the output formats to itself.
        let again = hus_with_input(&dir, &["fmt", "-"], &got);
        assert_eq!(text(&again.stdout), got, "{name}: formatting twice differs");
        let check = hus_with_input(&dir, &["fmt", "--check", "-"], &got);
        assert!(
            check.status.success() && check.stdout.is_empty(),
            "{name}: --check on the output: {}",
            text(&check.stdout)
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n\n{}",
        failures.len(),
        inputs.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_examples_are_formatted() {
    let mut args = vec!["fmt".to_string(), "--check".to_string()];
    for dir in ["examples", "examples/lib", "examples/forms"] {
        for entry in std::fs::read_dir(root().join(dir)).unwrap() {
            let p = entry.unwrap().path();
            if p.extension().is_some_and(|e| e == "hus") {
                args.push(p.strip_prefix(root()).unwrap().display().to_string());
            }
        }
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = hus_in(root(), &args);
    assert!(
        out.status.success() && out.stdout.is_empty() && out.stderr.is_empty(),
        "exit {:?}\nwould change:\n{}\n{}",
        out.status.code(),
        text(&out.stdout),
        text(&out.stderr)
    );
}

const MESSY: &str = "PREFLOP\nRULE AK,pair\nTHEN CALL\nENDRULE\nENDPREFLOP\n";
const TIDY: &str = "PREFLOP\n  RULE AK, pair\n    THEN CALL\n  ENDRULE\nENDPREFLOP\n";
/// `rule` in lower case is a syntax error, `nope` an unknown predicate.
const BROKEN: &str =
    "PREFLOP\nrule AK\nTHEN CALL\nENDRULE\nRULE nope\nTHEN CALL\nENDRULE\nENDPREFLOP\n";

#[test]
fn check_lists_the_files_that_would_change_and_changes_nothing() {
    let dir = temp_dir("check");
    std::fs::write(dir.join("messy.hus"), MESSY).unwrap();
    std::fs::write(dir.join("tidy.hus"), TIDY).unwrap();
    let out = hus_in(&dir, &["fmt", "--check", "messy.hus", "tidy.hus"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "messy.hus\n");
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read_to_string(dir.join("messy.hus")).unwrap(),
        MESSY
    );

    let out = hus_in(&dir, &["fmt", "--check", "tidy.hus"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty() && out.stderr.is_empty());

    // `-` with --check: listed as `-`, nothing else printed.
    let out = hus_with_input(&dir, &["fmt", "--check", "-"], MESSY);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "-\n");
}

#[test]
fn rewrites_in_place_only_what_changes() {
    let dir = temp_dir("in-place");
    std::fs::write(dir.join("messy.hus"), MESSY).unwrap();
    std::fs::write(dir.join("tidy.hus"), TIDY).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(
            dir.join("messy.hus"),
            std::fs::Permissions::from_mode(0o640),
        )
        .unwrap();
    }
    let tidy_before = std::fs::metadata(dir.join("tidy.hus"))
        .unwrap()
        .modified()
        .unwrap();
    let out = hus_in(&dir, &["fmt", "messy.hus", "tidy.hus"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
    assert_eq!(
        std::fs::read_to_string(dir.join("messy.hus")).unwrap(),
        TIDY
    );
    assert_eq!(std::fs::read_to_string(dir.join("tidy.hus")).unwrap(), TIDY);
    assert_eq!(
        std::fs::metadata(dir.join("tidy.hus"))
            .unwrap()
            .modified()
            .unwrap(),
        tidy_before,
        "a formatted file is not written"
    );
    // No temporary file is left behind.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["messy.hus", "tidy.hus"]);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.join("messy.hus"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o640, "the permissions are kept");
    }
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_stays_a_link_to_the_formatted_file() {
    let dir = temp_dir("link");
    std::fs::create_dir(dir.join("real")).unwrap();
    std::fs::write(dir.join("real/bot.hus"), MESSY).unwrap();
    std::os::unix::fs::symlink("real/bot.hus", dir.join("link.hus")).unwrap();
    let out = hus_in(&dir, &["fmt", "link.hus"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::symlink_metadata(dir.join("link.hus"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        std::fs::read_to_string(dir.join("real/bot.hus")).unwrap(),
        TIDY
    );
}

#[test]
fn a_script_with_errors_is_left_untouched() {
    let dir = temp_dir("errors");
    std::fs::write(dir.join("broken.hus"), BROKEN).unwrap();
    std::fs::write(dir.join("messy.hus"), MESSY).unwrap();
    for check in [true, false] {
        let mut args = vec!["fmt"];
        if check {
            args.push("--check");
        }
        args.extend(["broken.hus", "messy.hus"]);
        let out = hus_in(&dir, &args);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("unknown keyword `rule`") && stderr.contains("broken.hus"),
            "{stderr}"
        );
        assert_eq!(
            std::fs::read(dir.join("broken.hus")).unwrap(),
            BROKEN.as_bytes()
        );
        if check {
            assert_eq!(text(&out.stdout), "messy.hus\n");
        } else {
            // The other file is still formatted.
            assert!(out.stdout.is_empty());
            assert_eq!(
                std::fs::read_to_string(dir.join("messy.hus")).unwrap(),
                TIDY
            );
        }
    }
    // A checker's error (not a syntax error) also stops the rewrite.
    std::fs::write(
        dir.join("unknown.hus"),
        "PREFLOP\nRULE nope\nTHEN CALL\nENDRULE\nENDPREFLOP",
    )
    .unwrap();
    let out = hus_in(&dir, &["fmt", "unknown.hus"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("unknown name `nope`"));
    assert_eq!(
        std::fs::read_to_string(dir.join("unknown.hus")).unwrap(),
        "PREFLOP\nRULE nope\nTHEN CALL\nENDRULE\nENDPREFLOP"
    );
    // From standard input: the errors, and nothing on standard output.
    let out = hus_with_input(&dir, &["fmt", "-"], BROKEN);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).contains("<stdin>"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn standard_input_to_standard_output() {
    let dir = temp_dir("stdin");
    let out = hus_with_input(&dir, &["fmt", "-"], MESSY);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), TIDY);
    // A name that is no built-in is an `<init>` constant the game state may define.
    let out = hus_with_input(
        &dir,
        &["fmt", "-"],
        "FLOP\nRULE ante>0\nTHEN CALL\nENDRULE\nENDFLOP\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "FLOP\n  RULE ante > 0\n    THEN CALL\n  ENDRULE\nENDFLOP\n"
    );
    // Formatting needs only the script: away from its included file and table it is formatted,
    // the names the included file defines spelt as written.
    let script = "INCLUDE \"lib/ranges.hus\"\nPREFLOP\nRULE PREMIUM\nTHEN USE TABLE lib/open.tsv\nENDRULE\nENDPREFLOP\n";
    let out = hus_with_input(&dir, &["fmt", "-"], script);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "INCLUDE \"lib/ranges.hus\"\nPREFLOP\n  RULE PREMIUM\n    THEN USE TABLE lib/open.tsv\n  ENDRULE\nENDPREFLOP\n"
    );
    // Included files are looked for beside --stdin-path, for their names' spelling.
    let at = cases_dir().join("bot.hus");
    let out = hus_with_input(
        &dir,
        &["fmt", "--stdin-path", at.to_str().unwrap(), "-"],
        script,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "INCLUDE \"lib/ranges.hus\"\nPREFLOP\n  RULE Premium\n    THEN USE TABLE lib/open.tsv\n  ENDRULE\nENDPREFLOP\n"
    );
}

/// `examples/tag.hus` on standard input from the repository root, where its action table is
/// not: formatted all the same (it is already in the canonical layout).
#[test]
fn a_script_whose_table_is_elsewhere_formats_from_stdin() {
    let tag = std::fs::read_to_string(root().join("examples/tag.hus")).unwrap();
    let out = hus_with_input(root(), &["fmt", "-"], &tag);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), tag);
}

#[test]
fn usage_and_io_errors_exit_2() {
    let dir = temp_dir("io");
    std::fs::write(dir.join("messy.hus"), MESSY).unwrap();
    let out = hus_in(&dir, &["fmt", "missing.hus", "messy.hus"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read `missing.hus`"));
    // The readable file is still formatted.
    assert_eq!(
        std::fs::read_to_string(dir.join("messy.hus")).unwrap(),
        TIDY
    );
    // A directory is no script.
    let out = hus_in(&dir, &["fmt", "."]);
    assert_eq!(out.status.code(), Some(2));
    // No file at all.
    let out = hus_in(&dir, &["fmt"]);
    assert_eq!(out.status.code(), Some(2));
    // Not UTF-8.
    std::fs::write(dir.join("binary.hus"), [0xff, 0xfe, 0x00]).unwrap();
    let out = hus_in(&dir, &["fmt", "binary.hus"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not UTF-8"));
}
