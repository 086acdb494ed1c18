// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Small macros shared by every exported function: the panic boundary and pointer checks.

/// Runs the body of an exported function, turning a panic into `FarkleStatus::Panic` so it
/// never unwinds into C, and recording why a failed call failed for
/// farkle_last_error_message(). Every exported function that can fail wraps its body in this.
macro_rules! legacy_boundary {
    ($($body:tt)*) => {{
        // The test for success is inline: `record_outcome` (left out of line by the compiler)
        // is called only for a failed call, the only case in which it does anything, so a
        // successful call makes no call of its own.
        match ::std::panic::catch_unwind(::std::panic::AssertUnwindSafe(
            || -> $crate::ffi::error::FarkleStatus { $($body)* },
        )) {
            Ok($crate::ffi::error::FarkleStatus::Ok) => $crate::ffi::error::FarkleStatus::Ok,
            Ok(status) => $crate::ffi::error::record_outcome(status),
            Err(_) => $crate::ffi::error::record_outcome($crate::ffi::error::FarkleStatus::Panic),
        }
    }};
}

/// `&T` from a caller's pointer, or return `NullPointer`.
macro_rules! try_ref {
    ($ptr:expr) => {{
        let ptr = $ptr;
        if ptr.is_null() {
            return $crate::ffi::error::FarkleStatus::NullPointer;
        }
        // SAFETY: non-null; the caller promises it points to a valid, initialized value.
        unsafe { &*ptr }
    }};
}

/// Checks that an output pointer is non-null (so it can be written once the call succeeds), or
/// return `NullPointer`.
macro_rules! try_out {
    ($ptr:expr) => {{
        let ptr = $ptr;
        if ptr.is_null() {
            return $crate::ffi::error::FarkleStatus::NullPointer;
        }
        ptr
    }};
}

/// `&[T]` from a caller's pointer and length: `(NULL, 0)` is empty, `(NULL, n > 0)` returns
/// `NullPointer`.
macro_rules! try_slice {
    ($ptr:expr, $len:expr) => {{
        let (ptr, len) = ($ptr, $len);
        if ptr.is_null() {
            if len != 0 {
                return $crate::ffi::error::FarkleStatus::NullPointer;
            }
            &[][..]
        } else {
            // SAFETY: non-null; the caller promises `len` readable elements.
            unsafe { ::std::slice::from_raw_parts(ptr, len) }
        }
    }};
}
