//! Running one program with a time limit: its own process group (so everything it starts can
//! be killed together), stdin closed, stdout and stderr captured up to a bound.

use std::io::{self, Read};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use super::groups::Spawned;

/// How much of each output stream is kept; the rest is read and thrown away.
pub const OUTPUT_LIMIT: usize = 64 * 1024;

/// How long to wait for the output pipes to close once the program is gone (a process that
/// left the group may still hold them).
const PIPE_GRACE: Duration = Duration::from_millis(500);

/// What to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    /// The program word as written in the command (for messages).
    pub program: String,
    /// The resolved program path (a bare name stays bare: it is looked up on PATH).
    pub path: PathBuf,
    pub args: Vec<String>,
    /// The working directory: the script's directory.
    pub dir: PathBuf,
}

/// How the program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProcessEnding {
    Exited(i32),
    /// Killed by a signal it did not get from us.
    Signal(i32),
    /// Killed by us at the time limit.
    TimedOut(Duration),
}

impl std::fmt::Display for ProcessEnding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProcessEnding::Exited(code) => write!(f, "exit status {code}"),
            ProcessEnding::Signal(sig) => write!(f, "killed by signal {sig}"),
            ProcessEnding::TimedOut(limit) => write!(f, "killed after {}", format_duration(*limit)),
        }
    }
}

/// `5 s`, `300 ms`, `1.5 s`.
pub fn format_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else if ms < 1000 {
        format!("{ms} ms")
    } else {
        format!("{} s", ms as f64 / 1000.0)
    }
}

/// What a finished program left.
#[derive(Clone, Debug)]
pub struct Finished {
    pub ending: ProcessEnding,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the program to its end or to the time limit, then kills whatever is left of its
/// process group. An error only when it cannot be started at all.
pub fn run(inv: &Invocation, timeout: Duration) -> io::Result<Finished> {
    let mut cmd = Command::new(&inv.path);
    cmd.args(&inv.args)
        .current_dir(&inv.dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut program = Spawned::spawn(&mut cmd)?;
    let (done_tx, done_rx) = mpsc::channel();
    let stdout = program
        .child()
        .stdout
        .take()
        .map(|s| read_bounded(s, done_tx.clone()));
    let stderr = program
        .child()
        .stderr
        .take()
        .map(|s| read_bounded(s, done_tx));

    // A limit too far away for the clock (a library caller's `Duration::MAX`) is no limit.
    let deadline = Instant::now().checked_add(timeout);
    let mut pause = Duration::from_millis(1);
    let timed_out = loop {
        match program.has_exited() {
            Ok(true) => break false,
            Ok(false) => {}
            Err(e) => {
                program.end();
                return Err(e);
            }
        }
        let now = Instant::now();
        if deadline.is_some_and(|d| now >= d) {
            break true;
        }
        thread::sleep(deadline.map_or(pause, |d| pause.min(d - now)));
        pause = (pause * 2).min(Duration::from_millis(20));
    };
    // The program is gone or out of time: nothing it started may outlive the call.
    let status = program
        .end()
        .ok_or_else(|| io::Error::other("the program could not be waited for"))?;

    let grace = Instant::now() + PIPE_GRACE;
    let streams = usize::from(stdout.is_some()) + usize::from(stderr.is_some());
    for _ in 0..streams {
        let left = grace.saturating_duration_since(Instant::now());
        if done_rx.recv_timeout(left).is_err() {
            break;
        }
    }
    let take = |buf: Option<std::sync::Arc<std::sync::Mutex<Vec<u8>>>>| {
        buf.map_or_else(String::new, |b| {
            let bytes = b.lock().map(|v| v.clone()).unwrap_or_default();
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let ending = if timed_out {
        ProcessEnding::TimedOut(timeout)
    } else {
        sys::ending(status)
    };
    Ok(Finished {
        ending,
        stdout: take(stdout),
        stderr: take(stderr),
    })
}

/// Reads a stream to its end on a thread, keeping the first [`OUTPUT_LIMIT`] bytes.
fn read_bounded(
    mut stream: impl Read + Send + 'static,
    done: mpsc::Sender<()>,
) -> std::sync::Arc<std::sync::Mutex<Vec<u8>>> {
    let buf = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let shared = buf.clone();
    thread::spawn(move || {
        let mut chunk = [0u8; 8192];
        loop {
            match stream.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => {
                    if let Ok(mut b) = shared.lock() {
                        let room = OUTPUT_LIMIT.saturating_sub(b.len());
                        b.extend_from_slice(&chunk[..n.min(room)]);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = done.send(());
    });
    buf
}

pub use sys::{has_exited, kill_group};

#[cfg(unix)]
mod sys {
    use super::ProcessEnding;
    use std::io;
    use std::os::unix::process::ExitStatusExt;
    use std::process::{Child, ExitStatus};

    /// Whether the program has ended, without reaping it: while it is an unreaped zombie its
    /// process-group id cannot be reused, so killing the group afterwards hits only its own.
    pub fn has_exited(child: &mut Child) -> io::Result<bool> {
        // SAFETY: waitid writes only into the zeroed siginfo_t we own.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let r = libc::waitid(
                libc::P_PID,
                child.id() as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            );
            if r == -1 {
                let e = io::Error::last_os_error();
                return match e.kind() {
                    io::ErrorKind::Interrupted => Ok(false),
                    _ => Err(e),
                };
            }
            Ok(info.si_pid() != 0)
        }
    }

    /// SIGKILL to the program's whole process group (it is the group's leader).
    pub fn kill_group(child: &mut Child) {
        // SAFETY: a plain system call; the group id is our unreaped child's pid.
        unsafe {
            libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL);
        }
    }

    pub fn ending(status: ExitStatus) -> ProcessEnding {
        match (status.code(), status.signal()) {
            (Some(code), _) => ProcessEnding::Exited(code),
            (None, Some(sig)) => ProcessEnding::Signal(sig),
            (None, None) => ProcessEnding::Exited(-1),
        }
    }
}

/// Processes a program detached from its group (`setsid`, a double fork): where the system
/// allows it (Linux), the process that calls [`contain_detached`] becomes their "subreaper",
/// so they become its children when their parents die, and are ended with the program run
/// they descend from (see `groups`).
pub mod detached {
    use std::sync::atomic::{AtomicBool, Ordering};

    static CONTAINING: AtomicBool = AtomicBool::new(false);

    /// Makes this process the reaper of everything its programs detach: such an orphan is
    /// ended when the program it descends from ends, or, when that cannot be told, once no
    /// program runs. For a command-line tool that starts no other process (the `hus` binary
    /// calls it); an embedder that has children of its own must not, since they would count
    /// as orphans. Returns whether the system supports it.
    pub fn contain_detached() -> bool {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: a plain system call with integer arguments.
            let ok = unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) } == 0;
            CONTAINING.store(ok, Ordering::SeqCst);
            ok
        }
        #[cfg(not(target_os = "linux"))]
        false
    }

    /// Whether this process is the reaper of what its programs detach.
    pub fn containing() -> bool {
        CONTAINING.load(Ordering::SeqCst)
    }
}

#[cfg(not(unix))]
mod sys {
    use super::ProcessEnding;
    use std::io;
    use std::process::{Child, ExitStatus};

    pub fn has_exited(child: &mut Child) -> io::Result<bool> {
        Ok(child.try_wait()?.is_some())
    }

    /// Without process groups only the program itself can be killed.
    pub fn kill_group(child: &mut Child) {
        let _ = child.kill();
    }

    pub fn ending(status: ExitStatus) -> ProcessEnding {
        ProcessEnding::Exited(status.code().unwrap_or(-1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(format_duration(Duration::from_secs(5)), "5 s");
        assert_eq!(format_duration(Duration::from_millis(300)), "300 ms");
        assert_eq!(format_duration(Duration::from_millis(1500)), "1.5 s");
    }
}
