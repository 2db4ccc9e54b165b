//! The processes descending from the programs `hus` starts, found through `/proc` (Linux),
//! and ended together: each is stopped before its children are listed, so none can start
//! another while the tree is walked, then all are killed. Elsewhere only the given processes
//! are killed.

use std::collections::HashSet;

/// The environment variable naming the program runs a process descends from (a program's
/// children inherit it): `<hus pid>.<serial>` words, the outermost `hus` first.
pub const OWNER_VARIABLE: &str = "HUS_PROGRAM";

/// Stops every process in the trees rooted at `roots` (never this process), then kills them
/// all with SIGKILL. Returns the processes killed.
pub fn end_trees(roots: impl IntoIterator<Item = u32>) -> Vec<u32> {
    let me = std::process::id();
    let mut seen = HashSet::new();
    let mut order = Vec::new();
    let mut todo: Vec<u32> = roots.into_iter().collect();
    while let Some(pid) = todo.pop() {
        if pid == me || !seen.insert(pid) {
            continue;
        }
        signal(pid, Stop);
        wait_stopped(pid);
        order.push(pid);
        todo.extend(children(pid));
    }
    for &pid in &order {
        signal(pid, Kill);
    }
    order
}

enum Sig {
    Stop,
    Kill,
}
use Sig::{Kill, Stop};

fn signal(pid: u32, sig: Sig) {
    #[cfg(unix)]
    {
        let sig = match sig {
            Stop => libc::SIGSTOP,
            Kill => libc::SIGKILL,
        };
        // SAFETY: a plain system call; `pid` is a process of the tree being ended.
        unsafe {
            libc::kill(pid as libc::pid_t, sig);
        }
    }
    #[cfg(not(unix))]
    let _ = (pid, sig);
}

/// The direct children of `pid`, from the kernel's per-thread lists, or from every
/// process's parent where the kernel keeps no such list. Empty off Linux.
pub fn children(pid: u32) -> Vec<u32> {
    #[cfg(target_os = "linux")]
    {
        let lists = format!("/proc/{pid}/task/{pid}/children");
        if std::path::Path::new(&lists).exists() {
            let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
                return Vec::new();
            };
            return tasks
                .filter_map(|t| t.ok())
                .filter_map(|t| std::fs::read_to_string(t.path().join("children")).ok())
                .flat_map(|s| {
                    s.split_whitespace()
                        .filter_map(|w| w.parse().ok())
                        .collect::<Vec<u32>>()
                })
                .collect();
        }
        children_by_scan(pid)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = pid;
        Vec::new()
    }
}

/// The processes whose parent is `parent`, from every `/proc/*/stat`.
#[cfg(target_os = "linux")]
fn children_by_scan(parent: u32) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| stat_fields(pid).and_then(|f| f.1) == Some(parent))
        .collect()
}

/// A process's state letter and parent, from `/proc/PID/stat`; `None` once it is gone.
#[cfg(target_os = "linux")]
fn stat_fields(pid: u32) -> Option<(char, Option<u32>)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // `pid (name) state ppid ...`: the name may hold spaces and parentheses.
    let mut after = stat.rsplit_once(')')?.1.split_whitespace();
    let state = after.next()?.chars().next()?;
    Some((state, after.next().and_then(|p| p.parse().ok())))
}

/// Whether `pid` has ended and waits to be reaped (or is gone).
pub fn is_zombie(pid: u32) -> bool {
    #[cfg(target_os = "linux")]
    return stat_fields(pid).is_none_or(|(s, _)| matches!(s, 'Z' | 'X'));
    #[cfg(not(target_os = "linux"))]
    {
        let _ = pid;
        false
    }
}

/// Waits until `pid` is stopped, ended or gone: a stop is delivered a moment after it is
/// sent, and a process not stopped yet may still start another. Bounded, for a process the
/// kernel holds (an uninterruptible sleep).
fn wait_stopped(pid: u32) {
    #[cfg(target_os = "linux")]
    {
        let end = std::time::Instant::now() + std::time::Duration::from_secs(2);
        while let Some((state, _)) = stat_fields(pid) {
            if matches!(state, 'T' | 't' | 'Z' | 'X') || std::time::Instant::now() > end {
                return;
            }
            std::thread::yield_now();
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = pid;
}

/// The program runs `pid` descends from, by the [`OWNER_VARIABLE`] it started with (empty
/// when it has none or cannot be read).
pub fn owners(pid: u32) -> Vec<String> {
    let Ok(env) = std::fs::read(format!("/proc/{pid}/environ")) else {
        return Vec::new();
    };
    let prefix = format!("{OWNER_VARIABLE}=");
    env.split(|&b| b == 0)
        .find_map(|v| v.strip_prefix(prefix.as_bytes()))
        .map(|v| {
            String::from_utf8_lossy(v)
                .split_whitespace()
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};

    /// A child that started a grandchild in a session of its own: both are found and ended.
    #[test]
    fn a_tree_is_ended_with_what_left_its_session() {
        // Unlisted children of the test process: other tests' ends would reap them as orphans.
        let _held = crate::external::groups::hold_programs();
        let mut child = Command::new("sh")
            .args(["-c", "setsid sleep 1000 & echo $!; wait"])
            .env(OWNER_VARIABLE, "1.2 3.4")
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        use std::io::BufRead;
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let grandchild: u32 = line.trim().parse().unwrap();
        // The shell waits (no exec, whose moment would empty its environment as read here).
        let end = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while !children(child.id()).contains(&grandchild) {
            assert!(
                std::time::Instant::now() < end,
                "the grandchild never appeared"
            );
            std::thread::yield_now();
        }
        assert_eq!(owners(child.id()), ["1.2", "3.4"]);
        let ended = end_trees([child.id()]);
        assert_eq!(ended, [child.id(), grandchild]);
        child.wait().unwrap();
        while !is_zombie(grandchild) {
            assert!(
                std::time::Instant::now() < end,
                "the grandchild outlived its tree"
            );
            std::thread::yield_now();
        }
    }
}
