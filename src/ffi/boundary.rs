// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The one vocabulary every exported function is written in: the panic guard it runs inside,
//! and the checks of what a caller passes (pointers, buffers, lists, strings, handles).
//!
//! A body returns an [`Outcome`]: `Ok(())`, or the status of the failure. Every check here
//! returns `Err(status)`, and every core error converts into its status with `?` (the map is
//! in [`crate::ffi::error`], which records each error's explanation for
//! `farkle_last_error_message()`), so a body reads as a straight line of `?`.

use std::ffi::{c_char, CStr};
use std::ptr::NonNull;

use crate::ffi::error::{fail, FarkleStatus};

/// What the body of an exported function returns.
pub(crate) type Outcome<T = ()> = Result<T, FarkleStatus>;

/// Runs the body of an exported function that returns a status: `Ok(())` is
/// FARKLE_STATUS_OK, `Err(status)` that status, and a panic FARKLE_STATUS_PANIC, so nothing
/// unwinds into C. A failure is recorded for farkle_last_error_message(); the test for
/// success is inline, so a successful call makes no call of its own.
macro_rules! ffi_boundary {
    ($($body:tt)*) => {{
        match ::std::panic::catch_unwind(::std::panic::AssertUnwindSafe(
            || -> $crate::ffi::boundary::Outcome { $($body)* },
        )) {
            Ok(Ok(())) => $crate::ffi::error::FarkleStatus::Ok,
            Ok(Err(status)) => $crate::ffi::error::record_outcome(status),
            Err(_) => $crate::ffi::error::record_outcome($crate::ffi::error::FarkleStatus::Panic),
        }
    }};
}

/// Runs the body of an exported function that returns something other than a status (a
/// name, a version, nothing): `$default` if it panics, so nothing unwinds into C.
macro_rules! ffi_guard {
    ($default:expr, $($body:tt)*) => {{
        ::std::panic::catch_unwind(::std::panic::AssertUnwindSafe(|| { $($body)* }))
            .unwrap_or($default)
    }};
}

/// `&T` from a caller's pointer, or NULL_POINTER.
///
/// # Safety
/// A non-NULL `ptr` must point to a valid, initialized `T` that lives through the call.
#[inline(always)]
pub(crate) unsafe fn arg<'a, T>(ptr: *const T) -> Outcome<&'a T> {
    // SAFETY: the caller's promise for a non-NULL pointer.
    unsafe { ptr.as_ref() }.ok_or(FarkleStatus::NullPointer)
}

/// `&mut T` from a caller's pointer, or NULL_POINTER.
///
/// # Safety
/// A non-NULL `ptr` must point to a valid `T` that nothing else uses during the call.
#[inline(always)]
pub(crate) unsafe fn arg_mut<'a, T>(ptr: *mut T) -> Outcome<&'a mut T> {
    // SAFETY: the caller's promise for a non-NULL pointer.
    unsafe { ptr.as_mut() }.ok_or(FarkleStatus::NullPointer)
}

/// An output pointer checked non-NULL, to be written once the call has succeeded.
pub(crate) struct Out<T>(NonNull<T>);

/// A checked output pointer, or NULL_POINTER.
///
/// # Safety
/// A non-NULL `ptr` must be writable for one `T` through the call.
#[inline(always)]
pub(crate) unsafe fn out<T>(ptr: *mut T) -> Outcome<Out<T>> {
    NonNull::new(ptr).map(Out).ok_or(FarkleStatus::NullPointer)
}

impl<T> Out<T> {
    /// Writes the output (the caller promised the memory when the pointer was checked).
    #[inline(always)]
    pub(crate) fn write(self, value: T) {
        // SAFETY: non-NULL, and writable by the promise made to `out`.
        unsafe { self.0.as_ptr().write(value) }
    }

    /// The raw pointer, for writing a large output field by field.
    #[inline(always)]
    pub(crate) fn as_ptr(&self) -> *mut T {
        self.0.as_ptr()
    }
}

/// `&[T]` from a caller's pointer and length: `(NULL, 0)` is empty, `(NULL, n > 0)`
/// NULL_POINTER.
///
/// # Safety
/// A non-NULL `ptr` must be readable for `len` elements through the call.
#[inline(always)]
pub(crate) unsafe fn slice<'a, T>(ptr: *const T, len: usize) -> Outcome<&'a [T]> {
    if ptr.is_null() {
        return if len == 0 {
            Ok(&[])
        } else {
            Err(FarkleStatus::NullPointer)
        };
    }
    // SAFETY: non-NULL; the caller promises `len` readable elements.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// Item `index` of `items`, or INDEX_OUT_OF_RANGE explained by `what` (given the index and
/// the number of items), as in "roll 5 of a turn of 2 rolls".
pub(crate) fn nth<T>(
    items: &[T],
    index: usize,
    what: impl FnOnce(usize, usize) -> String,
) -> Outcome<&T> {
    items
        .get(index)
        .ok_or_else(|| fail(FarkleStatus::IndexOutOfRange, what(index, items.len())))
}

/// A flag C passes as a byte: 0 is false, 1 is true, anything else is INVALID_ARGUMENT
/// naming `name` (what memset, fread or an int assignment may leave must not become a bool).
pub(crate) fn flag_arg(value: u8, name: impl std::fmt::Display) -> Outcome<bool> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        other => Err(fail(
            FarkleStatus::InvalidArgument,
            format!("{name} is {other}; a flag is 0 or 1"),
        )),
    }
}

/// A caller's NUL-terminated string as UTF-8: NULL_POINTER for NULL, INVALID_ARGUMENT (with
/// the parameter's name) when it is not UTF-8.
///
/// # Safety
/// A non-NULL `ptr` must point to a NUL-terminated string that lives through the call.
pub(crate) unsafe fn c_str<'a>(ptr: *const c_char, name: &str) -> Outcome<&'a str> {
    if ptr.is_null() {
        return Err(FarkleStatus::NullPointer);
    }
    // SAFETY: non-NULL; the caller promises a NUL-terminated string.
    unsafe { CStr::from_ptr(ptr) }.to_str().map_err(|_| {
        fail(
            FarkleStatus::InvalidArgument,
            format!("{name} is not UTF-8"),
        )
    })
}

/// A caller's optional buffer for an explanation, `(pointer, length)`.
pub(crate) struct MessageOut {
    buf: *mut c_char,
    len: usize,
}

/// A caller's message buffer: `(NULL, 0)` is none; NULL with a non-zero length is
/// NULL_POINTER.
///
/// # Safety
/// A non-NULL `buf` must be writable for `len` bytes through the call.
pub(crate) unsafe fn message_out(buf: *mut c_char, len: usize) -> Outcome<MessageOut> {
    if buf.is_null() && len != 0 {
        return Err(FarkleStatus::NullPointer);
    }
    Ok(MessageOut { buf, len })
}

impl MessageOut {
    /// Copies the explanation recorded for `status` (farkle_last_error_message()'s text)
    /// into the buffer, truncated on a character boundary and NUL-terminated; returns
    /// `status`.
    pub(crate) fn explain(&self, status: FarkleStatus) -> FarkleStatus {
        let text = crate::ffi::error::explanation(status);
        // SAFETY: the caller promised `len` writable bytes at a non-NULL `buf`.
        unsafe { crate::ffi::error::write_c_string(&text, self.buf, self.len) };
        status
    }
}

/// A caller's buffer for a list, `(pointer, capacity)`, and where the list's length goes.
pub(crate) struct ListOut<T> {
    items: *mut T,
    capacity: usize,
    count: Out<usize>,
}

/// The buffers of a list output: NULL_POINTER when `out_count` is NULL, or `items` is NULL
/// with a non-zero capacity.
///
/// # Safety
/// A non-NULL `items` must be writable for `capacity` elements, and a non-NULL `out_count`
/// for one `usize`, through the call.
pub(crate) unsafe fn list_out<T>(
    items: *mut T,
    capacity: usize,
    out_count: *mut usize,
) -> Outcome<ListOut<T>> {
    // SAFETY: the caller's promise.
    let count = unsafe { out(out_count) }?;
    if items.is_null() && capacity != 0 {
        return Err(FarkleStatus::NullPointer);
    }
    Ok(ListOut {
        items,
        capacity,
        count,
    })
}

impl<T> ListOut<T> {
    /// Writes the list: its length to `*out_count` always, and its items when they fit;
    /// BUFFER_TOO_SMALL (the length written, no item) when they do not.
    pub(crate) fn write(self, items: impl ExactSizeIterator<Item = T>) -> Outcome {
        let n = items.len();
        self.count.write(n);
        if n > self.capacity {
            return Err(FarkleStatus::BufferTooSmall);
        }
        for (i, item) in items.enumerate() {
            // SAFETY: i < n <= capacity, and the caller promised `capacity` writable items.
            unsafe { self.items.add(i).write(item) };
        }
        Ok(())
    }

    /// As [`ListOut::write`], except that no buffer at all (NULL, 0) skips the list without
    /// an error: for calls whose list is an extra.
    pub(crate) fn write_unless_skipped(self, items: impl ExactSizeIterator<Item = T>) -> Outcome {
        if self.items.is_null() {
            self.count.write(items.len());
            return Ok(());
        }
        self.write(items)
    }
}

/// An opaque object C holds by pointer: created boxed into a caller's `out` pointer, borrowed
/// from the pointer the caller passes back, freed once by its `*_free` function.
pub(crate) trait Handle: Sized {
    /// Boxes `self` and hands it to the caller through `out`.
    fn into_out(self, out: Out<*mut Self>) {
        out.write(Box::into_raw(Box::new(self)));
    }

    /// The object behind a caller's pointer, or NULL_POINTER.
    ///
    /// # Safety
    /// A non-NULL `ptr` must come from [`Handle::into_out`] and not be freed yet.
    unsafe fn from_ptr<'a>(ptr: *const Self) -> Outcome<&'a Self> {
        // SAFETY: the caller's promise.
        unsafe { arg(ptr) }
    }

    /// The object behind a caller's pointer, to change, or NULL_POINTER.
    ///
    /// # Safety
    /// As [`Handle::from_ptr`], and no other thread uses the object during the call.
    unsafe fn from_mut<'a>(ptr: *mut Self) -> Outcome<&'a mut Self> {
        // SAFETY: the caller's promise.
        unsafe { arg_mut(ptr) }
    }

    /// Frees the object; NULL does nothing.
    ///
    /// # Safety
    /// A non-NULL `ptr` must come from [`Handle::into_out`] and not be freed yet.
    unsafe fn free(ptr: *mut Self) {
        if !ptr.is_null() {
            // SAFETY: from Box::into_raw, freed once (the caller's promise).
            drop(unsafe { Box::from_raw(ptr) });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ffi::error::FarkleStatus;

    /// A body shaped like an exported function's. No exported function panics on any input
    /// (the fuzz targets hunt for one), so the guard itself is driven with a deliberate panic.
    fn guarded(fail: bool) -> FarkleStatus {
        ffi_boundary! {
            if fail {
                panic!("a deliberate panic inside the boundary");
            }
            Ok(())
        }
    }

    #[test]
    fn a_panic_inside_the_boundary_becomes_the_panic_status() {
        assert_eq!(guarded(true), FarkleStatus::Panic);
        // The guard leaves no state behind: the next call runs normally.
        assert_eq!(guarded(false), FarkleStatus::Ok);
    }

    #[test]
    fn a_panic_in_a_function_without_a_status_gives_its_default() {
        let name: *const std::ffi::c_char = ffi_guard!(std::ptr::null(), {
            panic!("a deliberate panic");
        });
        assert!(name.is_null());
    }
}
