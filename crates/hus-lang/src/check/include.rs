//! `INCLUDE "file.hus"` (reference §12.4): the DEFINEs of the files a script includes, read
//! relative to the including file, with the include chain in every error about them.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::supplied::{self, SuppliedFiles};
use super::CheckOptions;
use crate::diag::{escape_controls, Code, SourceDiagnostic, SourceFile};
use crate::syntax::ast;

/// How deep includes may nest: deeper is surely a mistake (and a cycle is reported anyway).
const MAX_DEPTH: usize = 32;

/// The most text all of a script's included files may hold together (a file included twice,
/// under any name or link, counts once).
pub const MAX_INCLUDED_BYTES: u64 = crate::limits::MAX_SCRIPT_BYTES;

/// A DEFINE from an included file, with that file.
pub type IncludedDefine = (ast::Define, Arc<SourceFile>);

/// The DEFINEs of every file `script` includes (each file once, in include order), and the
/// problems found on the way (spans into the file that holds them). Only files inside
/// `base_dir`, the script's directory, are read (after following links), as for tables.
pub fn resolve(
    script: &ast::Script,
    source: &SourceFile,
    base_dir: &Path,
) -> (Vec<IncludedDefine>, Vec<SourceDiagnostic>) {
    walk(script, source, base_dir, None)
}

/// [`resolve`] as `options` say: from the supplied files when there are some
/// ([`CheckOptions::files`]), else from the file system below `options.base_dir`.
pub fn resolve_in(
    script: &ast::Script,
    source: &SourceFile,
    options: &CheckOptions,
) -> (Vec<IncludedDefine>, Vec<SourceDiagnostic>) {
    walk(script, source, &options.base_dir, options.files.clone())
}

fn walk(
    script: &ast::Script,
    source: &SourceFile,
    base_dir: &Path,
    files: Option<Arc<SuppliedFiles>>,
) -> (Vec<IncludedDefine>, Vec<SourceDiagnostic>) {
    let mut walk = Walk {
        defines: Vec::new(),
        diags: Vec::new(),
        seen: Vec::new(),
        root: base_dir.to_path_buf(),
        bytes: 0,
        files,
    };
    if script.includes.is_empty() {
        // Nothing to walk, so no path to resolve (a file system call per directory).
        return (walk.defines, walk.diags);
    }
    let main = Link {
        path: walk.canonical_key(Path::new(&source.name)),
        name: source.name.clone(),
        file: None,
    };
    walk.includes(&script.includes, base_dir, &mut vec![main]);
    (walk.defines, walk.diags)
}

/// One file of the chain: where it is, how it is named in messages, and its text (`None`
/// for the script itself, whose diagnostics need no file of their own).
struct Link {
    path: Option<PathBuf>,
    name: String,
    file: Option<Arc<SourceFile>>,
}

struct Walk {
    defines: Vec<IncludedDefine>,
    diags: Vec<SourceDiagnostic>,
    /// Files already read (a file included twice is read once), by where links lead and by
    /// file identity (hard links to one file are one file).
    seen: Vec<PathBuf>,
    /// The script's directory: includes are read only from inside it.
    root: PathBuf,
    /// Bytes read from included files so far.
    bytes: u64,
    /// The supplied files, read instead of the file system when present.
    files: Option<Arc<SuppliedFiles>>,
}

impl Walk {
    /// Where a path leads, to tell two paths to one file apart: the canonical path, or the
    /// supplied file's key. (Hard links to one file are found to be one by [`inode_key`].)
    fn canonical_key(&self, path: &Path) -> Option<PathBuf> {
        match &self.files {
            Some(_) => supplied::key(path).map(PathBuf::from),
            None => std::fs::canonicalize(path).ok(),
        }
    }

    fn push(&mut self, d: SourceDiagnostic, file: &Option<Arc<SourceFile>>) {
        self.diags.push(d.in_file(file.clone()));
    }

    fn includes(&mut self, includes: &[ast::Include], dir: &Path, chain: &mut Vec<Link>) {
        for inc in includes {
            self.include(inc, dir, chain);
        }
    }

    /// The key an included file has among supplied files: its path from the script's
    /// directory.
    fn key(&self, path: &Path) -> Option<String> {
        supplied::key(path.strip_prefix(&self.root).unwrap_or(path))
    }

    fn include(&mut self, inc: &ast::Include, dir: &Path, chain: &mut Vec<Link>) {
        let here = chain.last().and_then(|l| l.file.clone());
        let path = dir.join(&inc.path);
        let shown = |chain: &[Link], last: &str| {
            let mut names: Vec<&str> = chain.iter().map(|l| l.name.as_str()).collect();
            names.push(last);
            names.join(" → ")
        };
        if chain.len() > MAX_DEPTH {
            let d = SourceDiagnostic::error(
                Code::IncludeCycle,
                format!("includes nest more than {MAX_DEPTH} files deep"),
            )
            .at(inc.path_span.clone())
            .with_help(format!("the chain: {}", shown(chain, &inc.path)));
            self.push(d, &here);
            return;
        }
        let canonical = self.canonical_key(&path);
        if let Some(c) = &canonical {
            if chain.iter().any(|l| l.path.as_ref() == Some(c)) {
                let d = SourceDiagnostic::error(
                    Code::IncludeCycle,
                    format!(
                        "an include cycle: {} (`{}` is already being included)",
                        shown(chain, &inc.path),
                        inc.path
                    ),
                )
                .at(inc.path_span.clone())
                .with_label("already being included")
                .with_help("move the shared DEFINEs into one file that includes no other");
                self.push(d, &here);
                return;
            }
            if self.seen.contains(c) {
                return;
            }
        }
        if self.files.is_none() && !super::table::inside(&path, &[&self.root]) {
            let d = SourceDiagnostic::error(
                Code::IncludeOutside,
                format!(
                    "the included file `{}` is outside the script's directory",
                    escape_controls(&inc.path)
                ),
            )
            .at(inc.path_span.clone())
            .with_label("not read")
            .with_help(
                "an included file must be beside the script or below it (after following links), so a script never reads other files",
            );
            self.push(d, &here);
            return;
        }
        let text = match self.read(&path) {
            Ok(Some(t)) => t,
            Ok(None) => return,
            Err(e) => {
                let d = SourceDiagnostic::error(
                    Code::IncludeMissing,
                    format!(
                        "cannot read the included file `{}`: {e}",
                        crate::diag::clip(&escape_controls(&inc.path))
                    ),
                )
                .at(inc.path_span.clone())
                .with_label(format!(
                    "looked for {}",
                    escape_controls(&path.display().to_string())
                ))
                .with_help(format!(
                    "an INCLUDE path is relative to the file that includes it; the chain: {}",
                    escape_controls(&shown(chain, &inc.path))
                ));
                self.push(d, &here);
                return;
            }
        };
        if let Some(c) = &canonical {
            self.seen.push(c.clone());
        }
        let file = Arc::new(SourceFile::new(path.display().to_string(), text));
        let (script, errors) = crate::syntax::parse(&file.text);
        let file_opt = Some(file.clone());
        for d in errors {
            self.push(d, &file_opt);
        }
        if let Some(block) = script.blocks.first() {
            let d = SourceDiagnostic::error(
                Code::IncludeRules,
                format!(
                    "the included file `{}` holds a `{}` block",
                    inc.path,
                    block.kind.keyword()
                ),
            )
            .at(block.open_span.clone())
            .with_label("rules are not shared")
            .with_help(format!(
                "an included file holds DEFINEs and INCLUDEs only, so every rule a bot plays is in its own file; the chain: {}",
                shown(chain, &inc.path)
            ));
            self.push(d, &file_opt);
        }
        for d in &script.defines {
            self.defines.push((d.clone(), file.clone()));
        }
        chain.push(Link {
            path: canonical,
            name: inc.path.clone(),
            file: file_opt,
        });
        let sub_dir = path.parent().unwrap_or(Path::new("")).to_path_buf();
        self.includes(&script.includes, &sub_dir, chain);
        chain.pop();
    }

    /// The text of an included file; `None` when the same file (a hard link to one read
    /// before) was read already. Refused past [`MAX_INCLUDED_BYTES`] in all.
    fn read(&mut self, path: &Path) -> Result<Option<String>, String> {
        let left = MAX_INCLUDED_BYTES.saturating_sub(self.bytes);
        if let Some(files) = &self.files {
            let text = supplied::read(files, path, left)?.to_string();
            supplied::note(self.key(path), &text);
            self.bytes += text.len() as u64;
            return Ok(Some(text));
        }
        if let Some(id) = inode_key(path) {
            if self.seen.contains(&id) {
                return Ok(None);
            }
            self.seen.push(id);
        }
        let text = crate::limits::read_text(path, left, true).map_err(|e| match e {
            crate::limits::ReadError::TooLarge(_) => format!(
                "the included files together are larger than {}",
                crate::limits::bytes(MAX_INCLUDED_BYTES)
            ),
            e => e.to_string(),
        })?;
        supplied::note(self.key(path), &text);
        self.bytes += text.len() as u64;
        Ok(Some(text))
    }
}

/// A file's identity (device and inode), the same for every hard link to it, as a path
/// that no real path can be (so it shares the `seen` list).
#[cfg(unix)]
fn inode_key(path: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(path).ok()?;
    Some(PathBuf::from(format!("\0inode:{}:{}", m.dev(), m.ino())))
}

#[cfg(not(unix))]
fn inode_key(_path: &Path) -> Option<PathBuf> {
    None
}
