// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The library's version, to check against the header's FARKLE_VERSION_* macros.

use std::ffi::c_char;

const fn parse(s: &str) -> u32 {
    let bytes = s.as_bytes();
    let mut value = 0;
    let mut i = 0;
    while i < bytes.len() {
        value = value * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    value
}

const VERSION_NUMBER: u32 = parse(env!("CARGO_PKG_VERSION_MAJOR")) * 10000
    + parse(env!("CARGO_PKG_VERSION_MINOR")) * 100
    + parse(env!("CARGO_PKG_VERSION_PATCH"));

/// The version of the linked library as MAJOR * 10000 + MINOR * 100 + PATCH; equals
/// FARKLE_VERSION_NUMBER when header and library match.
#[no_mangle]
pub extern "C" fn farkle_version_number() -> u32 {
    ffi_guard!(VERSION_NUMBER, VERSION_NUMBER)
}

/// The version of the linked library as "MAJOR.MINOR.PATCH". Static; do not free.
#[no_mangle]
pub extern "C" fn farkle_version_string() -> *const c_char {
    const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");
    ffi_guard!(VERSION.as_ptr().cast(), VERSION.as_ptr().cast())
}
