//! `hus check --coverage`: the starting hands a script has no plan for, as text and SVG.

use crate::support::golden;
use crate::support::hus::hus;
use std::path::{Path, PathBuf};

fn case(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/coverage")
        .join(name)
}

/// A fresh directory under the build's temporary directory.
fn work_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("coverage-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `hus check --coverage` of `tests/cases/coverage/NAME.hus` (with `extra` words) is exactly
/// `NAME.expected` (`HUS_UPDATE_GOLDEN=1` rewrites it).
fn golden(name: &str, extra: &[&str]) {
    let script = format!("tests/cases/coverage/{name}.hus");
    let args: Vec<&str> = ["check", "--coverage"]
        .into_iter()
        .chain(extra.iter().copied())
        .chain([script.as_str()])
        .collect();
    let out = hus(&args);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    golden::assert_file(&case(&format!("{name}.expected")), &text);
}

#[test]
fn the_coverage_of_a_premium_only_script_is_its_golden_text() {
    golden("premium", &[]);
}

/// A push/fold bot whose rules read `heroStack <= 15BB` is judged at 15 big blinds, and the
/// output says so and how to judge another depth.
#[test]
fn a_short_stack_bot_is_judged_at_its_own_stack() {
    golden("pushfold", &[]);
}

/// `--stack` wins over the script's own stack, and then nothing more is said.
#[test]
fn the_stack_given_wins_over_the_scripts() {
    let out = hus(&[
        "check",
        "--coverage",
        "--stack",
        "20",
        "tests/cases/coverage/pushfold.hus",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("\ncoverage:\nat blinds 50/100, stacks 20 big blinds;"),
        "{text}"
    );
}

#[test]
fn the_coverage_picture_is_written_and_a_link_is_refused() {
    let dir = work_dir("svg");
    let svg = dir.join("grid.svg");
    let svg_arg = svg.display().to_string();
    let out = hus(&[
        "check",
        "--coverage",
        "--coverage-svg",
        &svg_arg,
        "tests/cases/coverage/premium.hus",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains(">preflop, first to act (164 fall through)</text>"));
    assert!(
        picture.contains("<title>coverage of tests/cases/coverage/premium.hus</title>"),
        "the picture names its script"
    );
    #[cfg(unix)]
    {
        let link = dir.join("link.svg");
        std::os::unix::fs::symlink(dir.join("elsewhere.svg"), &link).unwrap();
        let link_arg = link.display().to_string();
        let out = hus(&[
            "check",
            "--coverage",
            "--coverage-svg",
            &link_arg,
            "tests/cases/coverage/premium.hus",
        ]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("it is a symbolic link"), "{err}");
        assert!(!dir.join("elsewhere.svg").exists());
    }
}

#[test]
fn the_picture_needs_the_coverage_flag() {
    let out = hus(&[
        "check",
        "--coverage-svg",
        "x.svg",
        "tests/cases/coverage/premium.hus",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn one_picture_for_several_scripts_is_refused_before_any_is_checked() {
    let dir = work_dir("svg-two");
    let svg = dir.join("two.svg");
    let svg_arg = svg.display().to_string();
    let out = hus(&[
        "check",
        "--coverage",
        "--coverage-svg",
        &svg_arg,
        "tests/cases/coverage/premium.hus",
        "examples/tag.hus",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "hus check: --coverage-svg draws the grids of one script: give one script (or run `hus check` once per picture)\n"
    );
    assert!(out.stdout.is_empty());
    assert!(!svg.exists());
}
