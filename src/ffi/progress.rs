// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! FarkleProgressFn: how a long call (a solve, a simulation) reports progress to C and lets
//! the caller cancel it.

use std::ffi::c_void;

/// Progress of a long computation: called now and then with the fraction done (0 to 1) and
/// the caller's pointer, on the thread that made the call. Return true to go on, false to
/// stop: the call then returns FARKLE_STATUS_CANCELLED soon after (within a few milliseconds
/// of work) and creates nothing. It must return normally: no longjmp, no C++ exception.
pub type FarkleProgressFn = Option<unsafe extern "C" fn(fraction: f64, user: *mut c_void) -> bool>;

/// A caller's progress function and pointer as the progress closure the long computations
/// take (`&mut report` is a [`crate::strategy::Progress`]): no function means "go on".
///
/// # Safety
/// `progress` must be NULL or a valid function that returns normally, and accept `user`
/// for as long as the closure is used.
pub(crate) unsafe fn progress_of(
    progress: FarkleProgressFn,
    user: *mut c_void,
) -> impl FnMut(f64) -> bool {
    move |fraction: f64| match progress {
        // SAFETY: the promise made to `progress_of`.
        Some(f) => unsafe { f(fraction, user) },
        None => true,
    }
}
