//! `USE TABLE path` (reference §5): reading and validating a 13x13 action table at check time,
//! so a bad table is reported with the script's other errors, never met mid-game.

use std::path::{Path, PathBuf};

use crate::cards::hole::HoleClass;
use crate::diag::escape_controls;
use crate::diag::Code;
use crate::ir::{ActionTable, TableCell};

/// The ranks that head the rows and columns, in table order.
const RANKS: [char; 13] = [
    'A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2',
];

/// Cap on the bad-cell problems reported for one table (the rest are counted).
const MAX_CELL_PROBLEMS: usize = 5;

/// Why a table cannot be used; `code` is the diagnostic code.
#[derive(Clone, Debug, PartialEq)]
pub struct TableProblem {
    pub code: crate::diag::Code,
    pub message: String,
    pub help: Option<String>,
}

const CELL_HELP: &str =
    "a cell is F (fold), C (call), X (check), A (all in) or R<x> (raise by x big blinds, x > 0)";

/// Reads and validates the table `shown` (the path as the script wrote it, relative to
/// `base_dir`, the script's directory). A table is read only from inside `base_dir` or one
/// of `allowed` (after following symbolic links), only when it is a regular file of at most
/// [`MAX_TABLE_BYTES`](crate::limits::MAX_TABLE_BYTES): a script cannot make the checker
/// read `/etc/passwd` or `/dev/zero`, nor learn whether a file outside exists.
pub fn load(
    base_dir: &Path,
    shown: &str,
    allowed: &[PathBuf],
) -> Result<ActionTable, Vec<TableProblem>> {
    let path = locate(base_dir, shown, allowed).map_err(|p| vec![p])?;
    let text =
        crate::limits::read_text(&path, crate::limits::MAX_TABLE_BYTES, true).map_err(|e| {
            vec![TableProblem {
                code: Code::TableMissing,
                message: format!("cannot read table `{}`: {e}", escape_controls(shown)),
                help: Some(format!(
                    "the path is relative to the script's directory: {}",
                    escape_controls(&path.display().to_string())
                )),
            }]
        })?;
    crate::check::supplied::note(crate::check::supplied::key(Path::new(shown)), &text);
    // A byte-order mark is not part of the first cell.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    parse(text, shown).map(|cells| ActionTable { path, cells })
}

/// [`load`] as `options` say: from the supplied files when there are some
/// ([`CheckOptions::files`](crate::check::CheckOptions::files)), else from the file system.
pub fn load_for(
    options: &crate::check::CheckOptions,
    shown: &str,
) -> Result<ActionTable, Vec<TableProblem>> {
    let Some(files) = &options.files else {
        return load(&options.base_dir, shown, &options.table_dirs);
    };
    let max = crate::limits::MAX_TABLE_BYTES;
    let text = crate::check::supplied::read(files, Path::new(shown), max).map_err(|why| {
        vec![TableProblem {
            code: Code::TableMissing,
            message: format!("cannot read table `{}`: {why}", escape_controls(shown)),
            help: Some(
                "add the table's file beside the script, under the name USE TABLE gives".into(),
            ),
        }]
    })?;
    crate::check::supplied::note(crate::check::supplied::key(Path::new(shown)), text);
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    parse(text, shown).map(|cells| ActionTable {
        path: PathBuf::from(shown),
        cells,
    })
}

/// The file a table path names, when it is inside `base_dir` or an allowed directory.
fn locate(base_dir: &Path, shown: &str, allowed: &[PathBuf]) -> Result<PathBuf, TableProblem> {
    let outside = || {
        TableProblem {
        code: Code::TableOutside,
        message: format!(
            "table `{}` is outside the script's directory",
            escape_controls(shown)
        ),
        help: Some(
            "put the table beside the script or below it, or allow its directory with --table-dir DIR"
                .into(),
        ),
    }
    };
    let path = base_dir.join(shown);
    // The common case, a path down from the script's directory with no symbolic link on the
    // way, is inside by its words and by where it leads: one `lstat` a component instead of
    // the dozen system calls of the checks below.
    if below_without_links(base_dir, Path::new(shown)) {
        return Ok(path);
    }
    let roots: Vec<&Path> = std::iter::once(base_dir)
        .chain(allowed.iter().map(PathBuf::as_path))
        .collect();
    if !inside(&path, &roots) {
        return Err(outside());
    }
    Ok(path)
}

/// Whether `path` is inside one of `roots`: first by the words of the path alone (`..`,
/// absolute paths), so nothing outside is ever touched, then where symbolic links lead (a
/// missing file passes, to be reported when it is read). Shared by tables and INCLUDEs.
pub fn inside(path: &Path, roots: &[&Path]) -> bool {
    let absolute = |p: &Path| -> PathBuf {
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            std::env::current_dir().unwrap_or_default().join(p)
        }
    };
    let roots: Vec<PathBuf> = roots.iter().map(|r| normalize(&absolute(r))).collect();
    let lexical = normalize(&absolute(path));
    if !roots.iter().any(|r| lexical.starts_with(r)) {
        return false;
    }
    // A link is judged by where it points whether or not its target exists: a missing file
    // outside is as outside as an existing one, so no answer tells which files exist there.
    match leads_to(&absolute(path)) {
        Some(real) => roots
            .iter()
            .filter_map(|r| std::fs::canonicalize(r).ok())
            .any(|r| real.starts_with(r)),
        None => false,
    }
}

/// Where the absolute `path` leads, its symbolic links followed as far as they go, a missing
/// part kept as written; `None` past 40 links (a loop).
fn leads_to(path: &Path) -> Option<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        if let Ok(real) = std::fs::canonicalize(&p) {
            return Some(real);
        }
        // The longest part of the path that exists (a dangling link exists).
        let mut existing = p.clone();
        let mut rest = Vec::new();
        while std::fs::symlink_metadata(&existing).is_err() {
            rest.push(existing.file_name()?.to_os_string());
            if !existing.pop() {
                return None;
            }
        }
        let rest: PathBuf = rest.iter().rev().collect();
        match std::fs::canonicalize(&existing) {
            Ok(real) => return Some(normalize(&real.join(rest))),
            // A dangling link: follow it one step.
            Err(_) => {
                let target = std::fs::read_link(&existing).ok()?;
                let parent = existing.parent()?.to_path_buf();
                p = normalize(&parent.join(target).join(rest));
            }
        }
    }
    None
}

/// Whether `rel` leads down from `base` by plain names (no `.`, `..` or root) through no
/// symbolic link, the file itself included (a missing one is left to the full check).
fn below_without_links(base: &Path, rel: &Path) -> bool {
    use std::path::Component;
    let mut at = base.to_path_buf();
    for c in rel.components() {
        let Component::Normal(name) = c else {
            return false;
        };
        at.push(name);
        match std::fs::symlink_metadata(&at) {
            Ok(m) if !m.file_type().is_symlink() => {}
            _ => return false,
        }
    }
    rel.components().next().is_some()
}

/// `a/./b/../c` as `a/c`, by the words alone (`..` above the root stays at the root).
fn normalize(p: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

fn is_rank(cell: &str, rank: char) -> bool {
    let mut chars = cell.chars();
    chars.next().is_some_and(|c| c.eq_ignore_ascii_case(&rank)) && chars.next().is_none()
}

/// The 13 rank letters in order, starting at `cells[from]`.
fn is_header_row(cells: &[&str], from: usize) -> bool {
    cells.len() >= from + 13
        && RANKS
            .iter()
            .zip(&cells[from..])
            .all(|(r, c)| is_rank(c, *r))
}

/// Parses the text of a table into 169 cells indexed by [`HoleClass::index`].
/// The trimmed, tab-separated cells of a line. Split by a closure, not `'\t'`: cells are a
/// few bytes, too short for the char searcher's memchr set-up to pay; sized for a row with
/// its rank column, so a table's rows are not grown cell by cell.
#[allow(clippy::manual_pattern_char_comparison)] // the closure is the point (above)
fn cells(line: &str) -> Vec<&str> {
    let mut cells = Vec::with_capacity(14);
    cells.extend(line.split(|c| c == '\t').map(str::trim));
    cells
}

pub fn parse(text: &str, shown: &str) -> Result<Vec<TableCell>, Vec<TableProblem>> {
    // (1-based file line, trimmed cells) of every non-blank line.
    let mut lines: Vec<(usize, Vec<&str>)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, cells(l)))
        .collect();
    if let Some((_, first)) = lines.first() {
        if is_header_row(first, 0) || is_header_row(first, 1) {
            lines.remove(0);
        }
    }
    if lines.len() < 13 {
        return Err(vec![TableProblem {
            code: Code::TableSmall,
            message: format!(
                "table `{}` has {} row{} of cells; it needs 13 (A, K, ..., 2)",
                escape_controls(shown),
                lines.len(),
                if lines.len() == 1 { "" } else { "s" }
            ),
            help: Some("a table is 13 rows of 13 tab-separated cells".into()),
        }]);
    }
    let rows = &lines[..13];
    let header_column = rows
        .iter()
        .zip(RANKS)
        .all(|((_, cells), r)| cells.first().is_some_and(|c| is_rank(c, r)));
    let skip = usize::from(header_column);

    let mut problems = Vec::new();
    let mut bad_cells = 0;
    let mut cells = vec![TableCell::Fold; 169];
    for (row, (line, row_cells)) in rows.iter().enumerate() {
        let data = &row_cells[skip.min(row_cells.len())..];
        if data.len() < 13 {
            problems.push(TableProblem {
                code: Code::TableSmall,
                message: format!(
                    "table `{}`, row {line} ({}): {} cell{}; it needs 13",
                    escape_controls(shown),
                    RANKS[row],
                    data.len(),
                    if data.len() == 1 { "" } else { "s" }
                ),
                help: Some("cells are separated by tabs".into()),
            });
            continue;
        }
        for (col, text) in data[..13].iter().enumerate() {
            let index = row * 13 + col;
            match parse_cell(text) {
                Ok(cell) => cells[index] = cell,
                Err(why) => {
                    bad_cells += 1;
                    if bad_cells <= MAX_CELL_PROBLEMS {
                        problems.push(TableProblem {
                            code: Code::TableCell,
                            message: format!(
                                "table `{}`, row {line}, column {} ({}): {why}",
                                escape_controls(shown),
                                col + skip + 1,
                                HoleClass::from_index(index).name()
                            ),
                            help: Some(CELL_HELP.into()),
                        });
                    }
                }
            }
        }
    }
    if bad_cells > MAX_CELL_PROBLEMS {
        problems.push(TableProblem {
            code: Code::TableCell,
            message: format!(
                "table `{}`: {} more bad cells",
                escape_controls(shown),
                bad_cells - MAX_CELL_PROBLEMS
            ),
            help: Some(CELL_HELP.into()),
        });
    }
    if problems.is_empty() {
        Ok(cells)
    } else {
        Err(problems)
    }
}

/// A cell quoted in a message: at most 12 characters, control characters escaped (a table
/// is not a way to print a file's contents).
fn quote(text: &str) -> String {
    let mut q: String = text.chars().take(12).collect();
    if q.len() < text.len() {
        q.push('…');
    }
    format!("`{}`", escape_controls(&q))
}

/// One cell: `F`, `C`, `X`, `A` or `R<x>` with x > 0 (letters in either case).
fn parse_cell(text: &str) -> Result<TableCell, String> {
    // One letter, either case (compared in place: a table is read at every start-up).
    match text.as_bytes() {
        [b'F' | b'f'] => return Ok(TableCell::Fold),
        [b'C' | b'c'] => return Ok(TableCell::Call),
        [b'X' | b'x'] => return Ok(TableCell::Check),
        [b'A' | b'a'] => return Ok(TableCell::AllIn),
        [] => return Err("empty cell".into()),
        _ => {}
    }
    let amount = text
        .strip_prefix(['R', 'r'])
        .ok_or_else(|| format!("unknown cell {}", quote(text)))?;
    let valid = !amount.is_empty()
        && amount.chars().all(|c| c.is_ascii_digit() || c == '.')
        && !amount.starts_with('.')
        && !amount.ends_with('.');
    match amount.parse::<f64>() {
        Ok(x) if valid && x > 0.0 => Ok(TableCell::Raise(x)),
        Ok(_) if valid => Err(format!(
            "{} raises by nothing; x must be more than 0",
            quote(text)
        )),
        _ => Err(format!(
            "unknown cell {} (R must be followed by a number)",
            quote(text)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_link_inside_is_outside_alike_whether_its_target_exists_or_not() {
        let root = std::env::temp_dir().join(format!("hus-leads-to-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let dir = root.join("bot");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(root.join("secret.tsv"), "x").unwrap();
        let link = |name: &str, to: &Path| std::os::unix::fs::symlink(to, dir.join(name)).unwrap();
        link("there.tsv", &root.join("secret.tsv"));
        link("missing.tsv", &root.join("no-such.tsv"));
        link("chain.tsv", Path::new("missing.tsv"));
        link("loop.tsv", Path::new("loop.tsv"));
        link("in.tsv", Path::new("plain.tsv"));
        link("dir", &root);
        let at = |name: &str| inside(&dir.join(name), &[&dir]);
        for name in [
            "there.tsv",
            "missing.tsv",
            "chain.tsv",
            "loop.tsv",
            "dir/no-such.tsv",
        ] {
            assert!(!at(name), "{name} leads outside");
        }
        for name in ["plain.tsv", "in.tsv", "sub/plain.tsv"] {
            assert!(at(name), "{name} is inside, if missing");
        }
        let _ = std::fs::remove_dir_all(&root);
    }

    fn grid(header_row: bool, header_col: bool, cell: impl Fn(usize, usize) -> String) -> String {
        let mut s = String::new();
        if header_row {
            if header_col {
                s.push('\t');
            }
            s.push_str(&RANKS.map(String::from).join("\t"));
            s.push('\n');
        }
        for (r, rank) in RANKS.iter().enumerate() {
            let mut row: Vec<String> = (0..13).map(|c| cell(r, c)).collect();
            if header_col {
                row.insert(0, rank.to_string());
            }
            s.push_str(&row.join("\t"));
            s.push('\n');
        }
        s
    }

    #[test]
    fn plain_and_headed_tables() {
        let f = |r: usize, c: usize| if r == c { "R2.5".into() } else { "F".into() };
        for (hr, hc) in [(false, false), (true, false), (false, true), (true, true)] {
            let cells = parse(&grid(hr, hc, f), "t.tsv").unwrap();
            assert_eq!(cells[0], TableCell::Raise(2.5), "{hr} {hc}");
            assert_eq!(cells[1], TableCell::Fold);
            assert_eq!(cells[168], TableCell::Raise(2.5));
        }
    }

    #[test]
    fn all_in_first_column_is_not_a_header() {
        let cells = parse(&grid(false, false, |_, _| "A".into()), "t").unwrap();
        assert!(cells.iter().all(|c| *c == TableCell::AllIn));
    }

    #[test]
    fn cells_land_on_their_classes() {
        let f = |r: usize, c: usize| format!("R{}", r * 13 + c + 1);
        let cells = parse(&grid(true, true, f), "t").unwrap();
        let aks = HoleClass::parse("AKs").unwrap();
        assert_eq!(cells[aks.index()], TableCell::Raise(2.0));
        let ako = HoleClass::parse("AKo").unwrap();
        assert_eq!(cells[ako.index()], TableCell::Raise(14.0));
    }

    #[test]
    fn extra_rows_and_columns_ignored() {
        let mut t = grid(false, false, |_, _| "C".into()).replace('\n', "\tjunk\n");
        t.push_str("whatever\n");
        assert!(parse(&t, "t").is_ok());
    }

    #[test]
    fn problems_name_row_and_column() {
        let t = grid(true, true, |r, c| {
            if (r, c) == (2, 4) {
                "Z".into()
            } else {
                "X".into()
            }
        });
        let e = parse(&t, "t.tsv").unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].code, Code::TableCell);
        assert_eq!(
            e[0].message,
            "table `t.tsv`, row 4, column 6 (QTs): unknown cell `Z`"
        );
        let e = parse("F\tF\n", "t").unwrap_err();
        assert_eq!(e[0].code, Code::TableSmall);
        let t = grid(false, false, |r, c| {
            if r == 5 && c == 12 {
                String::new()
            } else {
                "F".into()
            }
        });
        let e = parse(t.replace("F\t\n", "F\n").as_str(), "t").unwrap_err();
        assert_eq!(e[0].code, Code::TableSmall);
        assert_eq!(e[0].message, "table `t`, row 6 (9): 12 cells; it needs 13");
    }

    #[test]
    fn raise_cells() {
        assert_eq!(parse_cell("r3"), Ok(TableCell::Raise(3.0)));
        assert!(parse_cell("R0").is_err());
        assert!(parse_cell("R").is_err());
        assert!(parse_cell("R-1").is_err());
        assert!(parse_cell("Rx").is_err());
        assert!(parse_cell("R1e5").is_err());
    }
}
