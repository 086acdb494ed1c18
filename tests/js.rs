// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The npm package's test suite (`js/test/`, Node's test runner), the JavaScript example,
//! the web game's tests in headless Chromium (`web/tests/`), and a page bundled by esbuild
//! opened there (`js/test-bundle/`), run against this tree's WebAssembly build.
//!
//! The package and the site are built as `make web` builds them (`js/dist/`, then
//! `web/site/vendor/farkle/`). The module comes from `FARKLE_WASM` when set; otherwise from
//! `cargo build --profile wasm --target wasm32-unknown-unknown`, the build `make js` runs,
//! in the same target directory: cargo locks each profile's directory on its own, so this
//! nested build does not wait for the outer `cargo test`, and it is rebuilt only after a
//! change to the library (about a minute then; nothing otherwise).
//!
//! Needs Node 20 or later with npm (the packages of `js/` and `web/` are installed with
//! `npm ci` when missing), the `wasm32-unknown-unknown` target (`rustup target add
//! wasm32-unknown-unknown`) and, for the browser tests, Debian's `chromium`. A missing tool
//! skips the tests that need it, saying so on the terminal; under `CI=true` (as `.ci/run`
//! runs, after installing all of them) it is a failure instead.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use support::web::{build_site, count, install_packages, node, run};
use support::{manifest_dir, skip};

/// The package built into js/dist/ and copied into the site, once for this test binary; Err
/// says which tool is missing.
fn built() -> Result<&'static Path, &'static str> {
    static SITE: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    SITE.get_or_init(|| build_site(&manifest_dir()))
        .as_deref()
        .map_err(String::as_str)
}

/// The package's test files that time a solve in the worker against timers and aborts (each
/// solves for seconds on purpose): the full tier's.
const TIMING_FILES: [&str; 2] = ["offthread_policies.test.js", "worker.test.js"];

/// Runs `files` of `js/test/` under Node's test runner and checks that at least `least` tests
/// passed, none failed and none was skipped.
fn run_package_tests(test: &str, files: &[String], least: usize) {
    if let Err(why) = built() {
        return skip(test, why);
    }
    let out = run(
        Command::new(node())
            .current_dir(manifest_dir().join("js"))
            .arg("--test")
            .args(files),
        "the package's tests (js/test)",
    );
    assert_eq!(count(&out, "fail"), 0, "{out}");
    assert_eq!(count(&out, "skipped"), 0, "{out}");
    assert!(
        count(&out, "pass") >= least,
        "fewer tests ran than the suite has:\n{out}"
    );
}

/// Every test file of `js/test/` but the timing ones (a new file joins the quick tier).
fn quick_package_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(manifest_dir().join("js").join("test"))
        .expect("js/test")
        .map(|e| {
            e.expect("dir entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".test.js") && !TIMING_FILES.contains(&name.as_str()))
        .map(|name| format!("test/{name}"))
        .collect();
    files.sort();
    files
}

#[test]
fn the_package_passes_its_tests_under_node() {
    run_package_tests(
        "the_package_passes_its_tests_under_node",
        &quick_package_files(),
        40,
    );
}

#[test]
#[ignore = "full tier: make check"]
fn the_package_cancels_and_yields_during_worker_solves() {
    let files: Vec<String> = TIMING_FILES.iter().map(|f| format!("test/{f}")).collect();
    run_package_tests(
        "the_package_cancels_and_yields_during_worker_solves",
        &files,
        10,
    );
}

#[test]
fn the_javascript_example_checks_its_results() {
    if let Err(why) = built() {
        return skip("the_javascript_example_checks_its_results", why);
    }
    let out = run(
        Command::new(node()).arg(manifest_dir().join("examples/js/farkle_demo.mjs")),
        "examples/js/farkle_demo.mjs",
    );
    assert!(out.contains("js demo: ok"), "{out}");
}

#[test]
#[ignore = "full tier: make check"]
fn the_web_game_plays_whole_games_in_headless_chromium() {
    let test = "the_web_game_plays_whole_games_in_headless_chromium";
    if let Err(why) = built() {
        return skip(test, why);
    }
    let root = manifest_dir();
    install_packages(&root.join("web"));
    let artifacts = root.join("target/web-tests");
    let _ = std::fs::remove_dir_all(&artifacts);
    let out = run(
        Command::new(node())
            .current_dir(root.join("web"))
            .env("FARKLE_WEB_ARTIFACTS", format!("{}/", artifacts.display()))
            .args(["--test", "tests/"]),
        "the web game's tests (web/tests)",
    );
    assert_eq!(count(&out, "fail"), 0, "{out}");
    if let Some(why) = out.lines().find(|l| l.contains("browser tests skipped")) {
        return skip(test, why.trim_start_matches("# "));
    }
    assert_eq!(count(&out, "skipped"), 0, "{out}");
    assert!(count(&out, "pass") >= 7, "{out}");
    for shot in [
        "desktop-game.png",
        "phone-game.png",
        "desktop-solve-cancelled.png",
        "stages/desktop-setup.png",
        "stages/desktop-farkle.png",
        "stages/desktop-game-over.png",
        "stages/narrow-setup.png",
        "stages/narrow-kept.png",
        "stages/narrow-game-over.png",
    ] {
        assert!(
            artifacts.join(shot).is_file(),
            "no screenshot {shot}:\n{out}"
        );
    }
}

#[test]
#[ignore = "full tier: make check"]
fn a_page_bundled_by_esbuild_works_in_headless_chromium() {
    let test = "a_page_bundled_by_esbuild_works_in_headless_chromium";
    if let Err(why) = built() {
        return skip(test, why);
    }
    let root = manifest_dir();
    // playwright-core and the static server are the web game's.
    install_packages(&root.join("web"));
    let out = run(
        Command::new(node())
            .current_dir(root.join("js"))
            .args(["--test", "test-bundle/"]),
        "the bundled page's tests (js/test-bundle)",
    );
    assert_eq!(count(&out, "fail"), 0, "{out}");
    if let Some(why) = out.lines().find(|l| l.contains("browser tests skipped")) {
        return skip(test, why.trim_start_matches("# "));
    }
    assert_eq!(count(&out, "skipped"), 0, "{out}");
    assert!(count(&out, "pass") >= 2, "{out}");
}
