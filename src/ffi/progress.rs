// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! FarkleProgressFn: how a long call (a solve, a simulation) reports progress to C and lets
//! the caller cancel it.
//!
//! The caller's function is called on the caller's thread on a clock, not when the work
//! happens to reach a checkpoint: the work runs on a helper thread and reports its fraction
//! and asks whether to go on through two atomics, while the calling thread waits for it and
//! calls the caller's function every 5 ms (`PROGRESS_INTERVAL`). So the calls come as often
//! while tables are built, odds enumerated or a policy solved before a simulation as during
//! the main loop, and a callback that takes its time (a Python function) slows nothing.

// The helper thread and its clock are native only (WebAssembly runs the work inline).
#![cfg_attr(
    all(target_arch = "wasm32", target_os = "unknown"),
    allow(unused_imports, dead_code)
)]

use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Mutex, PoisonError};
use std::time::Duration;

use crate::ffi::boundary::Outcome;
use crate::ffi::error::{explanation, fail, FarkleStatus};
use crate::strategy::Progress;

/// Progress of a long computation: called with the fraction done (0 to 1) and the caller's
/// pointer, on the thread that made the call. Return true to go on, false to stop: the call
/// then returns FARKLE_STATUS_CANCELLED soon after (milliseconds for most calls, a fraction
/// of a second for farkle_win_table_solve()) and creates nothing. It must return normally:
/// no longjmp, no C++ exception.
///
/// A long call calls its progress function first with 0.0 before any work (returning false
/// there cancels the call before it starts), then every 5 ms or so while it works, whatever
/// part of the work it is in, and once more with 1.0 when it has succeeded (the return value
/// of that last call is ignored: the work is done).
pub type FarkleProgressFn = Option<unsafe extern "C" fn(fraction: f64, user: *mut c_void) -> bool>;

/// How often a caller's progress function is called while a long call works.
pub(crate) const PROGRESS_INTERVAL: Duration = Duration::from_millis(5);

/// The stack of the helper thread that runs a long call's work: as much as a main thread
/// usually has, so moving the work there changes nothing for it.
const WORK_STACK_BYTES: usize = 8 << 20;

/// What the work and the waiting caller share.
struct Shared {
    /// The latest fraction the work reported, as `f64` bits.
    fraction: AtomicU64,
    /// Set once the caller's function has said stop.
    stop: AtomicBool,
}

impl Shared {
    /// The work's progress closure: records the fraction, and goes on until told to stop.
    fn report(&self, fraction: f64) -> bool {
        self.fraction.store(fraction.to_bits(), Ordering::Relaxed);
        !self.stop.load(Ordering::Relaxed)
    }
}

/// Runs `work`, the body of a long call, reporting its progress to the caller's `progress`
/// function (with `user`) as [`FarkleProgressFn`] describes: `work` gets a cheap progress
/// closure that records the fraction and says whether to go on, runs on a helper thread, and
/// the calling thread calls `progress` on a clock until it is done. A failure keeps its
/// explanation (recorded on the helper thread, recorded again here for
/// farkle_last_error_message()); a panic in `work` is resumed here, inside the caller's
/// panic boundary; a stop asked for is `CANCELLED` even when the work finished first. With no
/// progress function, `work` runs on this thread (nothing to report).
///
/// # Safety
/// `progress` must be NULL or a valid function that returns normally and accepts `user`
/// during the call.
pub(crate) unsafe fn with_progress<T: Send>(
    progress: FarkleProgressFn,
    user: *mut c_void,
    work: impl FnOnce(Progress) -> Outcome<T> + Send,
) -> Outcome<T> {
    let Some(function) = progress else {
        return work(&mut |_| true);
    };
    let shared = Shared {
        fraction: AtomicU64::new(0f64.to_bits()),
        stop: AtomicBool::new(false),
    };
    // Only the calling thread calls the caller's function.
    // SAFETY: the caller's promise for `progress` and `user`.
    let call = |fraction: f64| unsafe { function(fraction, user) };
    let cancelled = || {
        fail(
            FarkleStatus::Cancelled,
            "cancelled by the progress function",
        )
    };
    // The first call comes before any work, so a caller can always stop a call at once.
    if !call(0.0) {
        return Err(cancelled());
    }
    // Taken by the helper thread, or by this one when no thread can be started.
    let work = Mutex::new(Some(work));
    // WebAssembly has no threads (src/wasm/): the work runs here.
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    let on_helper: Option<Result<T, (FarkleStatus, String)>> = None;
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    let on_helper = std::thread::scope(|scope| {
        let (shared, work) = (&shared, &work);
        let (done, finished) = mpsc::channel::<()>();
        let helper = std::thread::Builder::new()
            .name("farkle-work".into())
            .stack_size(WORK_STACK_BYTES)
            .spawn_scoped(scope, move || {
                let work = take(work).expect("the work runs once");
                let result =
                    work(&mut |f| shared.report(f)).map_err(|status| (status, explanation(status)));
                // The receiver is gone only if this thread's caller panicked: nobody to tell.
                let _ = done.send(());
                result
            })
            .ok()?;
        while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(PROGRESS_INTERVAL) {
            let fraction = f64::from_bits(shared.fraction.load(Ordering::Relaxed));
            if !shared.stop.load(Ordering::Relaxed) && !call(fraction.clamp(0.0, 1.0)) {
                shared.stop.store(true, Ordering::Relaxed);
            }
        }
        Some(match helper.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        })
    });
    let result = match on_helper {
        Some(result) => result.map_err(|(status, why)| fail(status, why)),
        // No thread to be had: the work runs here and calls the caller's function itself.
        None => {
            let work = take(&work).expect("the work did not run");
            work(&mut |f| shared.report(f) && call(f.clamp(0.0, 1.0)))
        }
    };
    if shared.stop.load(Ordering::Relaxed) {
        return Err(cancelled());
    }
    if result.is_ok() {
        // Done: the last word is 1.0, whatever the work's own estimate came to.
        let _ = call(1.0);
    }
    result
}

/// The work out of its slot (a poisoned lock still holds it).
fn take<W>(slot: &Mutex<Option<W>>) -> Option<W> {
    slot.lock().unwrap_or_else(PoisonError::into_inner).take()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::error::farkle_last_error_message;
    use std::sync::atomic::AtomicUsize;

    extern "C" fn count(_fraction: f64, user: *mut c_void) -> bool {
        // SAFETY: the tests pass an AtomicUsize that outlives the call.
        unsafe { &*user.cast::<AtomicUsize>() }.fetch_add(1, Ordering::Relaxed);
        true
    }

    extern "C" fn stop(_fraction: f64, _user: *mut c_void) -> bool {
        false
    }

    fn last_error() -> String {
        // SAFETY: the library's NUL-terminated message.
        unsafe { std::ffi::CStr::from_ptr(farkle_last_error_message()) }
            .to_string_lossy()
            .into_owned()
    }

    /// The work's outcome comes back to the caller's thread: a value, a failure with its
    /// explanation, a panic as FARKLE_STATUS_PANIC; the caller's function hears 0.0 first and
    /// 1.0 last; returning false at once runs nothing.
    #[test]
    fn the_work_runs_elsewhere_and_its_outcome_comes_back() {
        let calls = AtomicUsize::new(0);
        let user = std::ptr::from_ref(&calls).cast_mut().cast::<c_void>();
        let worker = std::thread::current().id();
        // SAFETY: `count` with an AtomicUsize that outlives the call.
        let on = unsafe { with_progress(Some(count), user, |_| Ok(std::thread::current().id())) };
        assert_ne!(on, Ok(worker), "the work ran on the calling thread");
        assert_eq!(calls.load(Ordering::Relaxed), 2);

        let status = ffi_boundary! {
            // SAFETY: as above.
            unsafe {
                with_progress(Some(count), user, |_| -> Outcome<()> {
                    Err(fail(FarkleStatus::ResourceLimit, "the work was too large"))
                })
            }
        };
        assert_eq!(status, FarkleStatus::ResourceLimit);
        assert_eq!(last_error(), "the work was too large");

        let status = ffi_boundary! {
            // SAFETY: as above.
            unsafe { with_progress(Some(count), user, |_| -> Outcome<()> { panic!("boom") }) }
        };
        assert_eq!(status, FarkleStatus::Panic);

        let ran = AtomicUsize::new(0);
        // SAFETY: `stop` ignores its pointer.
        let stopped = unsafe {
            with_progress(Some(stop), std::ptr::null_mut(), |_| {
                ran.fetch_add(1, Ordering::Relaxed);
                Ok(())
            })
        };
        assert_eq!(stopped, Err(FarkleStatus::Cancelled));
        assert_eq!(ran.load(Ordering::Relaxed), 0);
    }
}
