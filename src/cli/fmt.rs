//! `hus fmt [--check] FILES...`: writes scripts in the canonical layout (reference §14).
//! A script with errors is left as it is, with its errors on stderr.

use std::io::Write;
use std::path::{Path, PathBuf};

use hus::{escape_controls, FormatOptions};

use super::exit;

#[derive(clap::Args)]
pub struct Args {
    /// Scripts to format in place; `-` reads a script from standard input and writes it,
    /// formatted, to standard output.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Change nothing: print the name of each file that is not in the canonical layout, and
    /// exit 1 when there is one.
    #[arg(long)]
    pub check: bool,
    /// Where the script read from `-` is (a path, which need not exist): tables and included
    /// files are looked for beside it, and messages name it. Without it, they are looked for
    /// in the current directory.
    #[arg(long = "stdin-path", value_name = "PATH")]
    pub stdin_path: Option<PathBuf>,
    #[command(flatten)]
    pub tables: super::flags::TableDirs,
}

/// What became of one file.
enum Outcome {
    /// Already in the canonical layout.
    Same,
    /// Rewritten, or (with `--check`) would be.
    Changed,
    /// The script has errors, printed; nothing was written.
    Errors,
}

pub fn run(args: Args) -> u8 {
    let mut code = exit::OK;
    for path in &args.files {
        let shown = escape_controls(&path.display().to_string()).into_owned();
        match file(path, &args) {
            Ok(Outcome::Same) => {}
            Ok(Outcome::Changed) if args.check => {
                if super::to_stdout(&format!("{shown}\n")).is_err() {
                    return exit::USAGE;
                }
                code = code.max(exit::SCRIPT);
            }
            Ok(Outcome::Changed) => {}
            Ok(Outcome::Errors) => code = code.max(exit::SCRIPT),
            Err(message) => {
                errln!("hus fmt: {message}");
                code = exit::USAGE;
            }
        }
    }
    code
}

/// Formats one file (`-`: standard input to standard output).
fn file(path: &Path, args: &Args) -> Result<Outcome, String> {
    let stdin = path == Path::new("-");
    let shown = escape_controls(&path.display().to_string()).into_owned();
    let text = if stdin {
        hus::read_script_from(std::io::stdin().lock())
    } else {
        hus::read_script_file(path)
    }
    .map_err(|e| format!("cannot read `{shown}`: {e}"))?;
    // Where the script is, for its tables and included files and for messages.
    let at = match &args.stdin_path {
        Some(p) if stdin => Some(p.as_path()),
        _ if stdin => None,
        _ => Some(path),
    };
    let name = at.map_or("<stdin>".to_string(), |p| p.display().to_string());
    let options = FormatOptions {
        base_dir: Some(
            at.and_then(Path::parent)
                .unwrap_or(Path::new(""))
                .to_path_buf(),
        ),
        table_dirs: args.tables.table_dirs.clone(),
    };
    let formatted = match hus::format(&name, &text, &options) {
        Ok(formatted) => formatted,
        Err(e) => {
            super::to_stderr_rendered(&super::render_all(&e.diagnostics));
            return Ok(Outcome::Errors);
        }
    };
    let changed = formatted != text;
    if stdin && !args.check {
        super::to_stdout(&formatted).map_err(|_| "cannot write to standard output".to_string())?;
    } else if changed && !args.check {
        replace(path, &formatted).map_err(|e| format!("cannot write `{shown}`: {e}"))?;
    }
    Ok(if changed {
        Outcome::Changed
    } else {
        Outcome::Same
    })
}

/// Replaces the file's contents with `text`: written to a new file beside it, then renamed
/// over it, so the script is either the old one or the new one, never half of each. A
/// symbolic link is followed (the file it points to is replaced, the link kept); the file's
/// permissions are kept.
fn replace(path: &Path, text: &str) -> std::io::Result<()> {
    let target = std::fs::canonicalize(path)?;
    let dir = target.parent().unwrap_or(Path::new("."));
    let base = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let permissions = std::fs::metadata(&target)?.permissions();
    let mut attempt = 0u32;
    let (temp, mut out) = loop {
        let temp = dir.join(format!(".{base}.hus-fmt-{}-{attempt}", std::process::id()));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        // Readable by the owner alone until it has the original's permissions: a private
        // script is never readable by others, not even for a moment.
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        match options.open(&temp) {
            Ok(f) => break (temp, f),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < 100 => {
                attempt += 1;
            }
            Err(e) => return Err(e),
        }
    };
    let written = std::fs::set_permissions(&temp, permissions)
        .and_then(|_| out.write_all(text.as_bytes()))
        .and_then(|_| out.sync_all())
        .and_then(|_| std::fs::rename(&temp, &target));
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}
