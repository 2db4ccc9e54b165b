//! The process groups of the programs `hus` is running (external programs, ACPC programs at
//! a table), so that a signal ending `hus` (SIGINT, SIGTERM, SIGHUP) ends them too, and the
//! private files they read are removed (reference §13.1).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The groups running now, by their leader's process id (the leader is an unreaped child).
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

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

/// Ends `hus` as SIGINT would have: the listed programs' groups and the private files
/// first, then the process by the signal itself, so its parent sees why (a shell: 130).
pub fn end_as_interrupted() -> ! {
    end_all();
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

/// A running program's group, listed while this lives.
pub(crate) struct Listed(u32);

impl Listed {
    /// Lists the group led by `pid` (a child started in a group of its own).
    pub(crate) fn new(pid: u32) -> Listed {
        if let Ok(mut g) = GROUPS.lock() {
            g.push(pid);
        }
        Listed(pid)
    }
}

impl Drop for Listed {
    fn drop(&mut self) {
        if let Ok(mut g) = GROUPS.lock() {
            g.retain(|&p| p != self.0);
        }
    }
}

/// Ends every listed group with SIGKILL and removes the private temporary files.
fn end_all() {
    let groups = GROUPS.lock().map(|g| g.clone()).unwrap_or_default();
    #[cfg(unix)]
    for pid in groups {
        // SAFETY: a plain system call; the group's leader is our unreaped child.
        unsafe {
            libc::kill(-(pid as libc::pid_t), libc::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = groups;
    crate::files::remove_private_temp_files();
}

/// Makes SIGINT, SIGTERM and SIGHUP end the listed programs' groups and remove the private
/// files before `hus` ends by the signal as it would have. Must be called before any other
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
        // Children start with an empty signal mask (std resets it), so they still get them.
        let spawned = std::thread::Builder::new()
            .name("hus-signals".into())
            .spawn(move || loop {
                let mut sig: libc::c_int = 0;
                if libc::sigwait(&set, &mut sig) != 0 || (sig == libc::SIGINT && taken_by_flag()) {
                    continue;
                }
                end_all();
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
