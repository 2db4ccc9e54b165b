//! Files an embedder hands the checker instead of a file system (the browser playground's
//! added files): `USE TABLE` and `INCLUDE` paths are looked up among them by name, and
//! nothing else is ever read.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Component, Path};

/// File texts by their path relative to the script's directory (`tag-open.tsv`,
/// `lib/hands.hus`).
pub type SuppliedFiles = BTreeMap<String, String>;

/// The name a path has among the supplied files: its plain components joined by `/`, with
/// `.` dropped and `..` going up (`./lib/../t.tsv` is `t.tsv`). `None` for a path that
/// leaves the script's directory or is absolute: no supplied file is there.
pub fn key(path: &Path) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            Component::Normal(name) => parts.push(name.to_string_lossy().into_owned()),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

/// The text of the supplied file at `path`, or why there is none: the message names the
/// files that were supplied, so a misspelt name is easy to see.
pub fn read<'a>(files: &'a SuppliedFiles, path: &Path, max: u64) -> Result<&'a str, String> {
    let found = key(path).and_then(|k| files.get(&k));
    match found {
        Some(text) if text.len() as u64 > max => {
            Err(format!("it is larger than {}", crate::limits::bytes(max)))
        }
        Some(text) => Ok(text),
        None if files.is_empty() => Err("no files were supplied beside the script".into()),
        None => Err(format!(
            "it is not among the files supplied beside the script ({})",
            files.keys().cloned().collect::<Vec<_>>().join(", ")
        )),
    }
}

thread_local! {
    /// The files read on this thread while [`recording`] runs.
    static RECORDED: RefCell<Option<SuppliedFiles>> = const { RefCell::new(None) };
}

/// Runs `f` (a compile), keeping every file `USE TABLE` and `INCLUDE` read on this thread by
/// the key a supplied file has, so the same script compiles elsewhere from these files alone.
pub fn recording<T>(f: impl FnOnce() -> T) -> (T, SuppliedFiles) {
    let outer = RECORDED.with(|r| r.replace(Some(SuppliedFiles::new())));
    let out = f();
    let files = RECORDED.with(|r| r.replace(outer)).unwrap_or_default();
    (out, files)
}

/// Notes a file read under `key` while [`recording`] runs (nothing otherwise).
pub fn note(key: Option<String>, text: &str) {
    let Some(key) = key else { return };
    RECORDED.with(|r| {
        if let Some(files) = r.borrow_mut().as_mut() {
            files.insert(key, text.to_string());
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_named_by_their_plain_components() {
        assert_eq!(key(Path::new("t.tsv")).as_deref(), Some("t.tsv"));
        assert_eq!(key(Path::new("./lib/../t.tsv")).as_deref(), Some("t.tsv"));
        assert_eq!(
            key(Path::new("lib/hands.hus")).as_deref(),
            Some("lib/hands.hus")
        );
        assert_eq!(key(Path::new("../t.tsv")), None);
        assert_eq!(key(Path::new("/etc/passwd")), None);
        assert_eq!(key(Path::new(".")), None);
    }

    #[test]
    fn a_missing_file_names_those_supplied() {
        let mut files = SuppliedFiles::new();
        assert_eq!(
            read(&files, Path::new("t.tsv"), 10).unwrap_err(),
            "no files were supplied beside the script"
        );
        files.insert("a.tsv".into(), "x".into());
        files.insert("b.tsv".into(), "y".repeat(20));
        assert_eq!(read(&files, Path::new("./a.tsv"), 10), Ok("x"));
        assert_eq!(
            read(&files, Path::new("t.tsv"), 10).unwrap_err(),
            "it is not among the files supplied beside the script (a.tsv, b.tsv)"
        );
        assert_eq!(
            read(&files, Path::new("b.tsv"), 10).unwrap_err(),
            "it is larger than 10 bytes"
        );
    }

    #[test]
    fn recording_keeps_the_files_noted_inside_it_only() {
        note(Some("outside.tsv".into()), "x");
        let ((), files) = recording(|| {
            note(Some("t.tsv".into()), "AA\tRAISE");
            note(None, "unnamed");
        });
        assert_eq!(files.len(), 1);
        assert_eq!(files["t.tsv"], "AA\tRAISE");
    }
}
