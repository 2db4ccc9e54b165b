//! The programs `hus` is running (external programs, ACPC programs at a table), listed by
//! process id and group: each is ended with everything it started when it is done, the
//! orphans handed to `hus` only once no running program owns them, and a signal ending `hus`
//! (SIGINT, SIGTERM, SIGHUP) ends them all and removes the private files they read
//! (reference §8, §13.1).

use std::io;
use std::process::{Child, Command, ExitStatus};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use super::process::{detached, has_exited, kill_group};
use super::tree::{children, end_trees, is_zombie, owners, OWNER_VARIABLE};

/// The flag the first SIGINT sets instead of ending `hus`, when a command asked for one.
static INTERRUPT: Mutex<Option<Arc<AtomicBool>>> = Mutex::new(None);

/// A flag the first SIGINT (Ctrl-C) sets instead of ending `hus`, for a command that stops
/// by itself and then calls [`end_as_interrupted`]; a second SIGINT ends `hus` at once.
/// Without [`end_programs_on_signals`] nobody sets it (SIGINT then ends `hus` as usual).
pub fn stop_on_interrupt() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    if let Ok(mut f) = INTERRUPT.lock() {
        *f = Some(flag.clone());
    }
    flag
}

/// Whether a SIGINT was taken by the flag of [`stop_on_interrupt`] (the first one is). Only
/// the signal thread of unix asks.
#[cfg_attr(not(unix), allow(dead_code))]
fn taken_by_flag() -> bool {
    let flag = INTERRUPT.lock().ok().and_then(|f| f.clone());
    flag.is_some_and(|f| !f.swap(true, Ordering::SeqCst))
}

/// Ends `hus` as SIGINT would have: the programs it runs, with all they started, and the
/// private files first, then the process by the signal itself, so its parent sees why (a
/// shell: 130).
pub fn end_as_interrupted() -> ! {
    let _held = end_all();
    #[cfg(unix)]
    // SAFETY: plain signal calls on a set we own, then the process ends.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_DFL);
        let mut one: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut one);
        libc::sigaddset(&mut one, libc::SIGINT);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &one, std::ptr::null_mut());
        libc::raise(libc::SIGINT);
    }
    std::process::exit(130)
}

/// The programs running now, each an unreaped child leading a process group of its own (so
/// its process id is its group's), with the owner word its descendants inherit.
struct Registry {
    programs: Vec<(u32, String)>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    programs: Vec::new(),
});

/// Numbers the program runs, for their owner words.
static SERIAL: AtomicU64 = AtomicU64::new(0);

/// The registry, held while a program is started or ended, so that a child of `hus` not in
/// it is always an orphan handed over by the system, never a program still being started.
fn registry() -> MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(|p| p.into_inner())
}

/// Holds the registry for a test that starts children of its own outside it, so that no
/// other test's program ending takes them for orphans meanwhile.
#[cfg(test)]
pub fn hold_programs() -> impl Sized {
    registry()
}

/// A program `hus` started and still runs (an `external` program, an ACPC program at a
/// table): listed by process id, which is its process group's too, until [`Spawned::end`]
/// ends it with everything it started.
pub struct Spawned {
    child: Child,
    /// The word naming this run in [`OWNER_VARIABLE`] of everything it starts.
    owner: String,
    ended: bool,
}

impl Spawned {
    /// Starts `command` in a process group of its own, with an empty signal mask and every
    /// signal's default action, marked as this run's, and lists it.
    pub fn spawn(command: &mut Command) -> io::Result<Spawned> {
        let owner = format!(
            "{}.{}",
            std::process::id(),
            SERIAL.fetch_add(1, Ordering::Relaxed)
        );
        let words = match std::env::var(OWNER_VARIABLE) {
            Ok(outer) if !outer.trim().is_empty() => format!("{} {owner}", outer.trim()),
            _ => owner.clone(),
        };
        command.env(OWNER_VARIABLE, words);
        prepare(command);
        let mut reg = registry();
        let child = command.spawn()?;
        reg.programs.push((child.id(), owner.clone()));
        Ok(Spawned {
            child,
            owner,
            ended: false,
        })
    }

    pub fn child(&mut self) -> &mut Child {
        &mut self.child
    }

    /// Whether the program has ended. It stays unreaped until [`Spawned::end`], so its
    /// process and group ids stay its own.
    pub fn has_exited(&mut self) -> io::Result<bool> {
        if self.ended {
            return Ok(true);
        }
        has_exited(&mut self.child)
    }

    /// Ends the program, its process group, every process it started that is still its
    /// descendant and every orphan it left (Linux), reaps it and unlists it; then ends the
    /// orphans no running program owns. How it ended, the first time only.
    pub fn end(&mut self) -> Option<ExitStatus> {
        if std::mem::replace(&mut self.ended, true) {
            return None;
        }
        let mut reg = registry();
        let pid = self.child.id();
        let containing = detached::containing();
        let left: Vec<u32> = if containing {
            orphans(&reg)
                .into_iter()
                .filter(|&o| owners(o).contains(&self.owner))
                .collect()
        } else {
            Vec::new()
        };
        end_trees(std::iter::once(pid).chain(left.iter().copied()));
        kill_group(&mut self.child);
        let status = self.child.wait().ok();
        reg.programs.retain(|(p, _)| *p != pid);
        for orphan in left {
            reap(orphan);
        }
        if containing {
            sweep(&reg);
        }
        status
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        self.end();
    }
}

/// Children of `hus` that are not listed programs: orphans the system handed over.
fn orphans(reg: &Registry) -> Vec<u32> {
    children(std::process::id())
        .into_iter()
        .filter(|c| reg.programs.iter().all(|(p, _)| p != c))
        .collect()
}

/// Reaps the ended orphans and ends the live ones no running program owns: those of a run
/// of this `hus` that is over, and, when no program runs, every one.
fn sweep(reg: &Registry) {
    let ours = format!("{}.", std::process::id());
    let mut doomed = Vec::new();
    for orphan in orphans(reg) {
        if is_zombie(orphan) {
            reap(orphan);
            continue;
        }
        let words = owners(orphan);
        let owner_runs = words
            .iter()
            .any(|w| reg.programs.iter().any(|(_, t)| t == w));
        let mine = words.iter().any(|w| w.starts_with(&ours));
        if !owner_runs && (mine || reg.programs.is_empty()) {
            doomed.push(orphan);
        }
    }
    if !doomed.is_empty() {
        end_trees(doomed.iter().copied());
        for orphan in doomed {
            reap(orphan);
        }
    }
}

/// Waits for a child of `hus` that has ended or was killed.
fn reap(pid: u32) {
    #[cfg(unix)]
    // SAFETY: a plain system call on a child of this process that no one else waits for.
    unsafe {
        libc::waitpid(pid as libc::pid_t, std::ptr::null_mut(), 0);
    }
    #[cfg(not(unix))]
    let _ = pid;
}

/// Sets what a program starts with: a process group of its own, an empty signal mask and
/// every signal's default action. `hus` blocks SIGINT, SIGTERM and SIGHUP for its signal
/// thread and ignores SIGPIPE, and a child inherits both through `exec`.
fn prepare(command: &mut Command) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
        // SAFETY: between fork and exec the closure makes only async-signal-safe calls.
        unsafe {
            command.pre_exec(|| {
                reset_signals();
                Ok(())
            });
        }
    }
    #[cfg(not(unix))]
    let _ = command;
}

/// Every signal to its default action (those the system reserves refuse, harmlessly), then
/// none blocked.
#[cfg(unix)]
fn reset_signals() {
    // SAFETY: sigaction and sigprocmask on structures we own, in the child before exec.
    unsafe {
        let mut default: libc::sigaction = std::mem::zeroed();
        default.sa_sigaction = libc::SIG_DFL;
        libc::sigemptyset(&mut default.sa_mask);
        for sig in 1..65 {
            if sig != libc::SIGKILL && sig != libc::SIGSTOP {
                libc::sigaction(sig, &default, std::ptr::null_mut());
            }
        }
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
    }
}

/// Ends every program `hus` started, with all they started (when `hus` is their reaper,
/// every child it has), and removes the private temporary files. The registry stays held,
/// so that no program starts before `hus` ends.
fn end_all() -> MutexGuard<'static, Registry> {
    let reg = registry();
    let roots = if detached::containing() {
        children(std::process::id())
    } else {
        reg.programs.iter().map(|(p, _)| *p).collect()
    };
    end_trees(roots);
    #[cfg(unix)]
    for (pid, _) in &reg.programs {
        // SAFETY: a plain system call; the group's leader is our unreaped child.
        unsafe {
            libc::kill(-(*pid as libc::pid_t), libc::SIGKILL);
        }
    }
    crate::files::remove_private_temp_files();
    reg
}

/// Makes SIGINT, SIGTERM and SIGHUP end the programs `hus` runs, with all they started, and
/// remove the private files before `hus` ends by the signal as it would have. Must be called before any other
/// thread starts (the signals are blocked in every thread and taken by one waiting thread).
/// For a command-line tool; an embedder keeps its own signal handling. A command that stops
/// by itself on Ctrl-C takes the first SIGINT with [`stop_on_interrupt`].
pub fn end_programs_on_signals() {
    #[cfg(unix)]
    // SAFETY: signal-mask calls on sets we own; sigwait blocks this helper thread only.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            libc::sigaddset(&mut set, sig);
        }
        if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
            return;
        }
        // Programs start with an empty mask all the same: `prepare` empties it before exec.
        let spawned = std::thread::Builder::new()
            .name("hus-signals".into())
            .spawn(move || loop {
                let mut sig: libc::c_int = 0;
                if libc::sigwait(&set, &mut sig) != 0 || (sig == libc::SIGINT && taken_by_flag()) {
                    continue;
                }
                let _held = end_all();
                // Ends the process by the signal itself, so its parent sees why.
                libc::signal(sig, libc::SIG_DFL);
                let mut one: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut one);
                libc::sigaddset(&mut one, sig);
                libc::pthread_sigmask(libc::SIG_UNBLOCK, &one, std::ptr::null_mut());
                libc::raise(sig);
                libc::_exit(128 + sig);
            });
        if spawned.is_err() {
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        }
    }
}
