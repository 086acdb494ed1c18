// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Generates the C header `include/farkle.h` from the Rust sources with cbindgen, then
//! arranges it in a reader's order (build/header.rs).
//!
//! The header is always written to `$OUT_DIR/farkle.h`. Outside CI it is also copied to
//! `include/farkle.h` when it changed, so a developer's build keeps the committed header fresh;
//! under CI (`CI` set) the committed file is left alone, and `tests/header.rs` compares
//! the two, failing when someone forgot to commit the regenerated header.

use std::env;
use std::fs;
use std::path::PathBuf;

#[path = "build/header.rs"]
mod header;

fn main() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-changed=build");
    println!("cargo:rerun-if-env-changed=CI");

    // The shared library's soname is libfarkle.so.MAJOR, so programs linked against one
    // release keep loading any later release with the same major version, and `make install`
    // can put libfarkle.so.MAJOR.MINOR.PATCH beside its links.
    if env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        let major: u32 = env_number("CARGO_PKG_VERSION_MAJOR");
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libfarkle.so.{major}");
    }

    // The AVX-512 loop of the three-player solver (src/strategy/tables/three_player/lanes.rs) needs
    // intrinsics stable from Rust 1.89; older compilers (the crate builds from 1.85) and
    // other targets use the AVX or the plain loop.
    autocfg::new().emit_path_cfg("std::arch::x86_64::_mm512_loadu_pd", "farkle_avx512");

    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));

    let mut config =
        cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("read cbindgen.toml");
    config.after_includes = Some(after_includes());

    let generated = cbindgen::Builder::new()
        .with_crate(&crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen could not generate the header");
    let mut raw = Vec::new();
    generated.write(&mut raw);
    let raw = String::from_utf8(raw).expect("cbindgen writes UTF-8");
    let text = header::in_reader_order(&raw, &crate_dir.join("src").join("ffi"), &version_macros())
        .into_bytes();

    fs::write(out_dir.join("farkle.h"), &text).expect("write OUT_DIR/farkle.h");

    if env::var_os("CI").is_none() {
        let committed = crate_dir.join("include").join("farkle.h");
        if fs::read(&committed).ok().as_deref() != Some(&text[..]) {
            fs::create_dir_all(crate_dir.join("include")).expect("create include/");
            fs::write(&committed, &text).expect("write include/farkle.h");
        }
    }
}

/// The attribute macro the declarations use.
fn after_includes() -> String {
    r#"
/* Marks functions whose FarkleStatus must not be ignored. */
#if defined(__GNUC__) || defined(__clang__)
#define FARKLE_MUST_USE __attribute__((warn_unused_result))
#else
#define FARKLE_MUST_USE
#endif
"#
    .to_owned()
}

/// The version macros, derived here so they never drift from Cargo.toml.
fn version_macros() -> String {
    let major: u32 = env_number("CARGO_PKG_VERSION_MAJOR");
    let minor: u32 = env_number("CARGO_PKG_VERSION_MINOR");
    let patch: u32 = env_number("CARGO_PKG_VERSION_PATCH");
    format!(
        r#"/** Version of the library these declarations describe (compare with farkle_version_number()). */
#define FARKLE_VERSION_MAJOR {major}
#define FARKLE_VERSION_MINOR {minor}
#define FARKLE_VERSION_PATCH {patch}
/** MAJOR * 10000 + MINOR * 100 + PATCH, the same encoding as farkle_version_number(). */
#define FARKLE_VERSION_NUMBER {number}
#define FARKLE_VERSION_STRING "{major}.{minor}.{patch}""#,
        number = major * 10000 + minor * 100 + patch
    )
}

fn env_number(name: &str) -> u32 {
    env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{name} is not a number"))
}
