// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The WebAssembly build's side of its host (`wasm32-unknown-unknown`, loaded by the npm
//! package in `js/`). The host calls the C interface's exports exactly as a C program calls
//! them; this module adds only what a C program gets from its C library and its threads:
//! memory for the buffers it passes, the operating system's entropy (from the host's
//! `crypto.getRandomValues`), a function pointer for progress callbacks (a host cannot make
//! one of its own functions), and a thread pool on the one thread there is. Nothing here
//! knows a rule of Farkle.

use std::alloc::{alloc, dealloc, Layout};
use std::ffi::c_void;

use crate::ffi::progress::FarkleProgressFn;

mod allocator;
mod cards;
mod transfer;

/// Every block handed to the host is aligned for any struct of the C interface.
const ALIGN: usize = 8;

#[link(wasm_import_module = "farkle_host")]
extern "C" {
    /// The host's progress function for the long call registered under `user`: nonzero to
    /// go on, 0 to cancel.
    #[link_name = "progress"]
    fn host_progress(fraction: f64, user: u32) -> u32;
    /// Fills `len` bytes at `dest` from the host's secure generator: 0 on success.
    #[link_name = "random"]
    fn host_random(dest: *mut u8, len: usize) -> u32;
}

/// Allocates `size` bytes (at least 1) aligned to 8, for the host to pass to the C interface;
/// NULL when the memory cannot grow. Free with farkle_wasm_free() and the same size.
#[no_mangle]
pub extern "C" fn farkle_wasm_alloc(size: usize) -> *mut u8 {
    match Layout::from_size_align(size.max(1), ALIGN) {
        // SAFETY: the layout's size is at least 1.
        Ok(layout) => unsafe { alloc(layout) },
        Err(_) => std::ptr::null_mut(),
    }
}

/// Frees a block from farkle_wasm_alloc(); NULL does nothing.
///
/// # Safety
/// `ptr` must be NULL or a block from farkle_wasm_alloc() of `size` bytes, not yet freed.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_free(ptr: *mut u8, size: usize) {
    if ptr.is_null() {
        return;
    }
    if let Ok(layout) = Layout::from_size_align(size.max(1), ALIGN) {
        // SAFETY: the caller's promise: allocated by farkle_wasm_alloc with this layout.
        unsafe { dealloc(ptr, layout) };
    }
}

/// The FarkleProgressFn the host passes to every long call: it hands the fraction and the
/// call's `user` number to the host's progress function.
#[no_mangle]
pub extern "C" fn farkle_wasm_progress_fn() -> FarkleProgressFn {
    Some(progress_to_host)
}

unsafe extern "C" fn progress_to_host(fraction: f64, user: *mut c_void) -> bool {
    // The host registers each call's reporter under a small number and passes it as `user`.
    let user = user as usize as u32;
    // SAFETY: an imported function of the host, which takes any numbers.
    unsafe { host_progress(fraction, user) != 0 }
}

/// Prepares the library for the host's first call: the thread pool of the solvers runs on
/// this, the only thread, and must be made before anything else uses rayon (which would
/// otherwise take the thread for its global pool). The host calls this once after
/// instantiating the module; calling it again does nothing. Always FARKLE_STATUS_OK unless
/// the pool cannot be made (FARKLE_STATUS_RESOURCE_LIMIT).
#[no_mangle]
pub extern "C" fn farkle_wasm_init() -> crate::ffi::error::FarkleStatus {
    match crate::strategy::calling_thread_pool() {
        Ok(_) => crate::ffi::error::FarkleStatus::Ok,
        Err(e) => e.into(),
    }
}

/// getrandom's "custom" backend (selected for this target in `.cargo/config.toml`): the
/// generator of entropy games asks the host.
///
/// # Safety
/// `dest` must be writable for `len` bytes (getrandom's promise).
#[no_mangle]
unsafe extern "Rust" fn __getrandom_v03_custom(
    dest: *mut u8,
    len: usize,
) -> Result<(), getrandom::Error> {
    // SAFETY: an imported function of the host; `dest` is writable for `len` bytes.
    match unsafe { host_random(dest, len) } {
        0 => Ok(()),
        _ => Err(getrandom::Error::UNEXPECTED),
    }
}
