//! The one place every file and directory `hus` writes is created (reference §10, "Files
//! hus writes"): a symbolic link where an output goes is refused, never followed, so a link
//! planted there cannot make a command overwrite a file it leads to.

use std::io::{Error, ErrorKind, Write};
use std::path::{Path, PathBuf};

/// The error of an output path that is a symbolic link.
fn link_refused() -> Error {
    Error::new(
        ErrorKind::InvalidInput,
        "it is a symbolic link (remove it, or give the path it leads to)",
    )
}

/// Whether `path` itself (not what it leads to) is a symbolic link, dangling or not.
fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// Opens a `--plot`, `--log` or `--coverage-svg` file for writing: a new file, or one
/// replaced. A symbolic link there is refused (a device named directly, `/dev/null`, is the
/// user's choice).
pub fn new_output_file(path: &Path) -> std::io::Result<std::fs::File> {
    if is_link(path) {
        return Err(link_refused());
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A link planted between the look above and the open is not followed either.
        options.custom_flags(libc::O_NOFOLLOW);
    }
    options.open(path)
}

/// Creates `path` and writes it; an existing file or link there is an error.
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<(), String> {
    create_new(path, 0o644)
        .and_then(|mut f| f.write_all(bytes))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A new file at `path` (`O_EXCL|O_NOFOLLOW`), readable by others only when `mode` says so.
fn create_new(path: &Path, mode: u32) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW).mode(mode);
    }
    #[cfg(not(unix))]
    let _ = mode;
    options.open(path)
}

/// Creates the directory `dir` (and its parents), or accepts it as it is. A symbolic link at
/// `dir` is refused.
pub fn create_dir(dir: &Path) -> Result<(), String> {
    let refused = || format!("cannot create {}: {}", dir.display(), link_refused());
    if is_link(dir) {
        return Err(refused());
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // A link planted after the look above is caught here: the directory must be one.
    if is_link(dir) {
        return Err(refused());
    }
    Ok(())
}

/// Creates the directory `dir` (and its parents), or accepts it empty: files of an earlier
/// run would mix with this one's. A symbolic link at `dir` is refused.
pub fn new_empty_dir(dir: &Path) -> Result<(), String> {
    create_dir(dir)?;
    let occupied = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .next()
        .is_some();
    if occupied {
        return Err(format!(
            "{} is not empty: give a new or empty directory",
            dir.display()
        ));
    }
    Ok(())
}

/// A file in the system's temporary directory that only this user can read, created
/// exclusively under a name no other process can guess in advance, holding `bytes`. Removed
/// when dropped.
pub struct PrivateTempFile {
    path: PathBuf,
}

impl PrivateTempFile {
    /// Creates `hus-<pid>-<random>.<ext>`; a name taken (by anything, a link included) is
    /// never opened: another is drawn.
    pub fn create(ext: &str, bytes: &[u8]) -> Result<PrivateTempFile, String> {
        let dir = std::env::temp_dir();
        let mut last = None;
        for _ in 0..16 {
            let path = dir.join(format!(
                "hus-{}-{:016x}.{ext}",
                std::process::id(),
                rand::random::<u64>()
            ));
            match create_new(&path, 0o600) {
                Ok(mut f) => {
                    if let Ok(mut files) = TEMP_FILES.lock() {
                        files.push(path.clone());
                    }
                    let file = PrivateTempFile { path };
                    f.write_all(bytes)
                        .map_err(|e| format!("cannot write {}: {e}", file.path.display()))?;
                    return Ok(file);
                }
                Err(e) if e.kind() == ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => return Err(format!("cannot write {}: {e}", path.display())),
            }
        }
        let e = last.map_or_else(String::new, |e| e.to_string());
        Err(format!("cannot create a file in {}: {e}", dir.display()))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for PrivateTempFile {
    fn drop(&mut self) {
        if let Ok(mut files) = TEMP_FILES.lock() {
            files.retain(|p| p != &self.path);
        }
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The private temporary files that exist now, so a signal ending `hus` removes them too.
static TEMP_FILES: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

/// Removes every private temporary file now (`hus` is ending by a signal).
pub fn remove_private_temp_files() {
    if let Ok(files) = TEMP_FILES.lock() {
        for p in files.iter() {
            let _ = std::fs::remove_file(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("hus-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[cfg(unix)]
    #[test]
    fn a_directory_through_a_link_is_refused_and_nothing_is_written_where_it_leads() {
        let d = scratch("dir-link");
        let target = d.join("target");
        std::fs::create_dir(&target).unwrap();
        std::os::unix::fs::symlink(&target, d.join("out")).unwrap();
        let e = new_empty_dir(&d.join("out")).unwrap_err();
        assert!(
            e.ends_with("out: it is a symbolic link (remove it, or give the path it leads to)"),
            "{e}"
        );
        std::os::unix::fs::symlink(d.join("missing"), d.join("dangling")).unwrap();
        assert!(new_empty_dir(&d.join("dangling"))
            .unwrap_err()
            .contains("symbolic link"));
        assert!(!d.join("missing").exists());
        assert!(new_empty_dir(&d.join("fresh")).is_ok());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[cfg(unix)]
    #[test]
    fn a_private_temporary_file_is_new_unreadable_to_others_and_removed_when_dropped() {
        use std::os::unix::fs::PermissionsExt;
        let f = PrivateTempFile::create("game", b"GAMEDEF\n").unwrap();
        let path = f.path().to_path_buf();
        let meta = std::fs::symlink_metadata(&path).unwrap();
        assert!(meta.file_type().is_file());
        assert_eq!(meta.permissions().mode() & 0o777, 0o600);
        assert_eq!(std::fs::read(&path).unwrap(), b"GAMEDEF\n");
        drop(f);
        assert!(!path.exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_is_never_written_through_a_link() {
        let d = scratch("file-link");
        std::fs::write(d.join("mine"), "keep").unwrap();
        std::os::unix::fs::symlink(d.join("mine"), d.join("planted")).unwrap();
        assert!(write_new(&d.join("planted"), b"x").is_err());
        assert!(new_output_file(&d.join("planted")).is_err());
        assert_eq!(std::fs::read_to_string(d.join("mine")).unwrap(), "keep");
        let _ = std::fs::remove_dir_all(&d);
    }
}
