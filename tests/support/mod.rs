// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Build helpers shared by the tests that compile C and C++ programs against the library
//! cargo test has just built (`tests/c_programs.rs`, `tests/programs/examples.rs`, `tests/programs/`,
//! `tests/packaging.rs`); `cli` holds what the tests of the programs share.

#![allow(dead_code)] // each test crate uses its own part of this module

pub mod cli;
mod skip;
pub mod web;

#[allow(unused_imports)] // each test crate uses its own part of this module
pub use skip::{in_ci, skip};

use std::path::{Path, PathBuf};
use std::process::Command;

/// Where cargo put libfarkle.a and libfarkle.so for this test run: beside the test
/// executable in `target/<profile>/deps/` (cargo test builds every crate type there).
pub fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    exe.parent().expect("target/<profile>/deps").to_path_buf()
}

pub fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch directory for this test crate's outputs.
pub fn out_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// A fresh, empty directory under `out_dir()`.
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = out_dir().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

/// The flags of the sanitizer builds: AddressSanitizer (leaks included) and
/// UndefinedBehaviorSanitizer, stopping at the first error.
pub const SANITIZE: &[&str] = &[
    "-fsanitize=address,undefined",
    "-fno-omit-frame-pointer",
    "-fno-sanitize-recover=all",
];

/// The environment of a sanitizer run.
pub const SANITIZE_ENV: &[(&str, &str)] = &[
    ("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0"),
    QUICK_ENV,
];

/// valgrind's memcheck with every error, definite and indirect leaks included, as a failure.
/// `--track-origins=yes` finds no more errors, only where an uninitialised value came from,
/// at twice the cost: add it by hand to a failing program's run to find the origin.
pub const VALGRIND: &[&str] = &[
    "valgrind",
    "--quiet",
    "--error-exitcode=99",
    "--leak-check=full",
    "--errors-for-leak-kinds=definite,indirect",
];

/// The environment of a run under valgrind or the sanitizers: the C test programs make the
/// same calls on smaller workloads (`workload()` in `tests/c/check.h`).
pub const QUICK_ENV: (&str, &str) = ("FARKLE_TEST_QUICK", "1");

/// Whether valgrind is there; when it is not, says the test was skipped (a failure under CI).
pub fn valgrind_available(test: &str) -> bool {
    let available = Command::new("valgrind").arg("--version").output().is_ok();
    if !available {
        skip(
            test,
            "valgrind is missing (Debian: apt-get install valgrind)",
        );
    }
    available
}

/// Compiles `sources` with `compiler` and the strict flags (`-std=<std> -Wall -Wextra
/// -Wpedantic -Werror`) against the committed header, linking the static library.
pub fn compile(compiler: &str, std: &str, sources: &[&Path], output: &Path, extra: &[&str]) {
    compile_linking(compiler, std, sources, output, extra, &[]);
}

/// `compile()`, with `libs` (e.g. `-lreadline`) linked after the sources and the library.
pub fn compile_linking(
    compiler: &str,
    std: &str,
    sources: &[&Path],
    output: &Path,
    extra: &[&str],
    libs: &[&str],
) {
    let lib = library_dir().join("libfarkle.a");
    assert!(lib.exists(), "{} was not built", lib.display());
    let include = manifest_dir().join("include");
    let mut command = Command::new(compiler);
    command
        .arg(format!("-std={std}"))
        .args(["-Wall", "-Wextra", "-Wpedantic", "-Werror", "-g"])
        .arg("-I")
        .arg(&include)
        .args(extra)
        .args(sources)
        .arg(&lib)
        .args(libs)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(output);
    let inputs = build_inputs(&command, sources, &lib, &include);
    let record = output.with_extension("inputs");
    if output.exists() && std::fs::read_to_string(&record).is_ok_and(|r| r == inputs) {
        return;
    }
    let _ = std::fs::remove_file(&record);
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("cannot run {compiler}: {e}"));
    assert!(status.success(), "{sources:?} did not compile");
    std::fs::write(&record, inputs).expect("write the record of a build's inputs");
}

/// What a compiled program was built from: the command line, and the size and modification
/// time of the sources, the library, the public headers and the headers beside the sources.
/// Compiling and linking against the debug library takes one to two CPU-seconds a program,
/// most of a rerun of the C tests, so a program whose inputs are unchanged is not rebuilt.
fn build_inputs(command: &Command, sources: &[&Path], lib: &Path, include: &Path) -> String {
    let mut files: Vec<PathBuf> = sources.iter().map(|s| s.to_path_buf()).collect();
    files.push(lib.to_path_buf());
    let mut folders: Vec<PathBuf> = vec![include.to_path_buf()];
    folders.extend(
        sources
            .iter()
            .filter_map(|s| s.parent().map(Path::to_path_buf)),
    );
    folders.sort();
    folders.dedup();
    for folder in folders {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        let mut headers: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "h"))
            .collect();
        headers.sort();
        files.extend(headers);
    }
    let mut inputs = format!("{command:?}\n");
    for file in files {
        let (len, modified) = std::fs::metadata(&file)
            .map(|m| (m.len(), m.modified().ok()))
            .unwrap_or((0, None));
        inputs.push_str(&format!("{} {len} {modified:?}\n", file.display()));
    }
    inputs
}

/// A command running `program` through `wrapper` (e.g. `VALGRIND`), or directly when empty.
pub fn command(program: &Path, wrapper: &[&str]) -> Command {
    match wrapper.split_first() {
        Some((tool, args)) => {
            let mut c = Command::new(tool);
            c.args(args).arg(program);
            c
        }
        None => Command::new(program),
    }
}
