// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Compiles every C program in `tests/c/` against the freshly built static library and the
//! committed header, with warnings as errors, runs it, and checks that it passed. Each program
//! prints `N passed, 0 failed` and exits 0 when all its checks hold.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use support::{compile, manifest_dir};

/// Runs a compiled test program (through `wrapper`, e.g. valgrind, when given) with extra
/// environment, and checks its verdict line.
fn run(program: &Path, wrapper: &[&str], env: &[(&str, &str)]) {
    let out = support::command(program, wrapper)
        .envs(env.iter().copied())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{} failed ({}):\n{stdout}\n{stderr}",
        program.display(),
        out.status
    );
    let verdict = stdout
        .lines()
        .rev()
        .find(|l| l.contains(" passed, "))
        .unwrap_or_else(|| panic!("{} printed no verdict:\n{stdout}", program.display()));
    assert!(
        verdict.ends_with(" passed, 0 failed") && !verdict.starts_with("0 passed"),
        "{}: {verdict}",
        program.display()
    );
}

fn c_tests() -> Vec<PathBuf> {
    let mut tests: Vec<PathBuf> = std::fs::read_dir(manifest_dir().join("tests").join("c"))
        .expect("tests/c")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    tests.sort();
    tests
}

/// Compiles every C test with `extra` flags into `suffix`-named programs and runs each, `jobs`
/// programs at a time (a failing program's panic is reported by its thread, then fails the
/// test).
fn run_all(suffix: &str, extra: &[&str], wrapper: &[&str], env: &[(&str, &str)], jobs: usize) {
    let tests = c_tests();
    assert!(!tests.is_empty(), "no C tests found");
    let out_dir = support::out_dir();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                while let Some(source) = tests.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let stem = source.file_stem().expect("file name").to_string_lossy();
                    // `c-test-`: the demos built by tests/support/cli.rs share the
                    // directory, and one of them is also called `simulate`.
                    let exe = out_dir.join(format!("c-test-{stem}{suffix}"));
                    compile("cc", "c99", &[source], &exe, extra);
                    run(&exe, wrapper, env);
                }
            });
        }
    });
}

#[test]
#[cfg_attr(miri, ignore = "Miri cannot compile or run C programs")]
fn c_test_programs_pass() {
    run_all("", &[], &[], &[], 2);
}

/// The same programs with AddressSanitizer and UndefinedBehaviorSanitizer (leaks included):
/// misuse on the C side of the boundary, and leaks of anything the library hands out. Like
/// the valgrind run, a quick run: the same calls on smaller workloads.
#[test]
#[cfg_attr(miri, ignore = "Miri cannot compile or run C programs")]
#[ignore = "full tier: make check"]
fn c_test_programs_pass_under_sanitizers() {
    run_all("_asan", support::SANITIZE, &[], support::SANITIZE_ENV, 1);
}

/// The same programs under valgrind's memcheck, which also sees inside the (uninstrumented)
/// Rust library: invalid reads and writes, uninitialised values, and leaks, all as errors.
/// A quick run (`FARKLE_TEST_QUICK`): every call of the plain run, on smaller workloads.
#[test]
#[cfg_attr(miri, ignore = "Miri cannot compile or run C programs")]
#[ignore = "full tier: make check"]
fn c_test_programs_pass_under_valgrind() {
    if !support::valgrind_available("c_test_programs_pass_under_valgrind") {
        return;
    }
    // The slowest test of the suite, and the others end long before it: two programs at a
    // time use both cores of a small CI machine.
    run_all(
        "_valgrind",
        &[],
        support::VALGRIND,
        &[support::QUICK_ENV],
        2,
    );
}

#[test]
#[cfg_attr(miri, ignore = "Miri cannot compile or run C programs")]
fn header_compiles_as_cpp() {
    let out_dir = support::out_dir();
    let source = out_dir.join("header_check.cpp");
    std::fs::write(
        &source,
        "#include \"farkle.h\"\n#include <cstdio>\nint main() {\n  FarkleRules r;\n  \
         if (farkle_rules_preset(FARKLE_PRESET_CLASSIC, &r) != FARKLE_STATUS_OK) return 1;\n  \
         std::printf(\"%s\\n\", farkle_version_string());\n  return 0;\n}\n",
    )
    .expect("write C++ source");
    let exe = out_dir.join("header_check_cpp");
    compile("c++", "c++11", &[&source], &exe, &[]);
    let out = Command::new(&exe).output().expect("run C++ program");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        env!("CARGO_PKG_VERSION")
    );
}

/// The C benchmark harness must keep building and running; its timings are taken by hand
/// (see docs/benchmarks.md), never asserted.
#[test]
#[cfg_attr(miri, ignore = "Miri cannot compile or run C programs")]
fn c_benchmark_harness_runs() {
    let out_dir = support::out_dir();
    let source = manifest_dir()
        .join("benches")
        .join("c")
        .join("bench_scoring.c");
    let exe = out_dir.join("bench_scoring");
    compile("cc", "c99", &[&source], &exe, &["-O2"]);
    // 1,000 inputs, 2 rounds: every measurement once (the original library is not linked).
    let out = Command::new(&exe)
        .args(["1000", "2"])
        .output()
        .expect("run bench");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout.lines().filter(|l| l.contains("ns/call")).count(),
        24,
        "{stdout}"
    );
    assert!(stdout.contains("ratios of medians"), "{stdout}");
}

/// The games harness too (a few games, one round; its timings are taken by hand).
#[test]
#[cfg_attr(miri, ignore = "Miri cannot compile or run C programs")]
fn c_games_harness_runs() {
    let out_dir = support::out_dir();
    let source = manifest_dir()
        .join("benches")
        .join("c")
        .join("bench_games.c");
    let exe = out_dir.join("bench_games");
    compile("cc", "c99", &[&source], &exe, &["-O2"]);
    let out = Command::new(&exe)
        .args(["8", "1"])
        .output()
        .expect("run bench");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout.lines().filter(|l| l.contains("M turns/s")).count(),
        5,
        "{stdout}"
    );
}

/// The speed guard's workloads (benches/c/guard.sh counts their instructions under callgrind):
/// each runs and reports its units; the two game floors and the API play whole games, so a
/// few games take more turns than games; an unknown workload is refused.
#[test]
#[cfg_attr(miri, ignore = "Miri cannot compile or run C programs")]
fn c_guard_harness_runs() {
    let out_dir = support::out_dir();
    let source = manifest_dir()
        .join("benches")
        .join("c")
        .join("bench_guard.c");
    let exe = out_dir.join("bench_guard");
    compile("cc", "c99", &[&source], &exe, &["-O2"]);
    let units = |workload: &str, n: &str| {
        let out = Command::new(&exe)
            .args([workload, n])
            .output()
            .expect("run guard");
        assert!(
            out.status.success(),
            "{workload}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .parse::<u64>()
            .expect("units")
    };
    // A turn scores at most a few thousand points, so a game to 10,000 takes more than 2
    // turns: 4 games more than 8.
    for workload in ["api", "simulate", "floor-game"] {
        assert!(units(workload, "4") > 8, "{workload}");
    }
    for workload in ["points-rules", "points-scorer", "points-floor"] {
        assert_eq!(units(workload, "1000"), 1000, "{workload}");
    }
    let refused = Command::new(&exe)
        .args(["nothing", "1"])
        .output()
        .expect("run guard");
    assert_eq!(refused.status.code(), Some(2));
}
