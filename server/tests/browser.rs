// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The web game's online play in headless Chromium against this crate's `farkle-server`
//! (`web/tests-online/`, Node's test runner): three people and a bot play a whole game through
//! the pages, the record is replayed through the npm package, the dice are checked, and a
//! page reconnects by itself after the server comes back.
//!
//! The site is built as `make web` builds it (`js/dist/`, then `web/site/vendor/farkle/`),
//! the way the root crate's tests/js.rs does: the WebAssembly module from `FARKLE_WASM` when
//! set, otherwise from `cargo build --profile wasm --target wasm32-unknown-unknown` in the
//! same target directory (cargo locks each profile's directory on its own, so this nested
//! build does not wait for the outer `cargo test`).
//!
//! Needs Node 20 or later with npm (the packages of `js/` and `web/` are installed with
//! `npm ci` when missing), the `wasm32-unknown-unknown` target and Debian's `chromium`. A
//! missing tool skips the test, saying so on the terminal; under `CI=true` it is a failure.
//!
//! Run it with `cargo test -p farkle-server --test browser -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the server crate sits in the repository")
        .to_path_buf()
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false")
}

/// Says that a test was skipped, on the terminal itself; under CI, fails instead.
fn skip(test: &str, why: &str) {
    assert!(
        !in_ci(),
        "{test}: {why} (CI installs every tool this test needs)"
    );
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{test}: SKIPPED: {why}");
}

fn node() -> String {
    std::env::var("NODE").unwrap_or_else(|_| "node".to_owned())
}

fn npm() -> String {
    std::env::var("NPM").unwrap_or_else(|_| "npm".to_owned())
}

fn run(command: &mut Command, what: &str) -> String {
    let out = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run {command:?}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{what} failed:\n{stdout}\n{stderr}");
    stdout
}

/// Why the site cannot be built and tested here, if a tool is missing.
fn missing_tool() -> Option<String> {
    let version = Command::new(node()).arg("--version").output();
    let major = version.ok().filter(|o| o.status.success()).and_then(|o| {
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        text.trim()
            .trim_start_matches('v')
            .split('.')
            .next()?
            .parse::<u32>()
            .ok()
    });
    match major {
        None => return Some("no Node.js (node) on PATH: Node 20 or later is needed".to_owned()),
        Some(m) if m < 20 => return Some(format!("Node {m} is too old: 20 or later is needed")),
        Some(_) => {}
    }
    if std::env::var_os("FARKLE_WASM").is_none() && !wasm_target_installed() {
        return Some(
            "the wasm32-unknown-unknown target is not installed \
             (rustup target add wasm32-unknown-unknown)"
                .to_owned(),
        );
    }
    None
}

/// Whether the toolchain that runs this test can build for wasm32-unknown-unknown.
fn wasm_target_installed() -> bool {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let out = Command::new(rustc)
        .args([
            "--print",
            "target-libdir",
            "--target",
            "wasm32-unknown-unknown",
        ])
        .output();
    let Some(dir) = out.ok().filter(|o| o.status.success()) else {
        return false;
    };
    let dir = PathBuf::from(String::from_utf8_lossy(&dir.stdout).trim());
    std::fs::read_dir(dir).is_ok_and(|mut entries| {
        entries.any(|e| e.is_ok_and(|e| e.file_name().to_string_lossy().starts_with("libcore-")))
    })
}

/// `npm ci` in `dir` unless its packages are installed from the current lock file.
fn install_packages(dir: &Path) {
    let installed = dir.join("node_modules/.package-lock.json");
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    if modified(&installed).is_some()
        && modified(&installed) >= modified(&dir.join("package-lock.json"))
    {
        return;
    }
    run(
        Command::new(npm()).current_dir(dir).args([
            "ci",
            "--no-audit",
            "--no-fund",
            "--loglevel=error",
        ]),
        &format!("npm ci in {}", dir.display()),
    );
}

/// The WebAssembly module: FARKLE_WASM, or cargo's build of the `wasm` profile.
fn wasm_module() -> PathBuf {
    if let Some(given) = std::env::var_os("FARKLE_WASM") {
        return PathBuf::from(given);
    }
    let root = root();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    run(
        Command::new(cargo)
            .current_dir(&root)
            .args(["build", "--profile", "wasm", "--lib", "-p", "farkle"])
            .args(["--target", "wasm32-unknown-unknown"]),
        "the WebAssembly build",
    );
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    target_dir.join("wasm32-unknown-unknown/wasm/farkle.wasm")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create a directory");
    for entry in std::fs::read_dir(from).expect("read a directory") {
        let path = entry.expect("dir entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copy a file");
        }
    }
}

/// The package built into js/dist/ and copied into the site; Err says which tool is missing.
fn build_site() -> Result<(), String> {
    if let Some(why) = missing_tool() {
        return Err(why);
    }
    let root = root();
    install_packages(&root.join("js"));
    let wasm = wasm_module();
    run(
        Command::new(node())
            .arg(root.join("js/tools/build.mjs"))
            .arg("--wasm")
            .arg(&wasm),
        "the package's build",
    );
    let vendor = root.join("web/site/vendor");
    let _ = std::fs::remove_dir_all(vendor.join("farkle"));
    std::fs::create_dir_all(&vendor).expect("create web/site/vendor");
    copy_dir(&root.join("js/dist"), &vendor.join("farkle"));
    Ok(())
}

/// The counts of a node:test TAP report's closing lines, e.g. `count(out, "pass")`.
fn count(tap: &str, what: &str) -> usize {
    let prefix = format!("# {what} ");
    tap.lines()
        .find_map(|l| l.strip_prefix(&prefix)?.trim().parse().ok())
        .unwrap_or_else(|| panic!("no `# {what}` line in the report:\n{tap}"))
}

#[test]
#[ignore = "full tier: make check"]
fn people_and_a_bot_play_online_in_headless_chromium() {
    let test = "people_and_a_bot_play_online_in_headless_chromium";
    if let Err(why) = build_site() {
        return skip(test, &why);
    }
    let root = root();
    install_packages(&root.join("web"));
    let artifacts = root.join("target/web-tests-online");
    let _ = std::fs::remove_dir_all(&artifacts);
    let out = run(
        Command::new(node())
            .current_dir(root.join("web"))
            .env("FARKLE_SERVER_BIN", env!("CARGO_BIN_EXE_farkle-server"))
            .env("FARKLE_WEB_ARTIFACTS", format!("{}/", artifacts.display()))
            .args(["--test", "tests-online/"]),
        "the online game's tests (web/tests-online)",
    );
    assert_eq!(count(&out, "fail"), 0, "{out}");
    if let Some(why) = out.lines().find(|l| l.contains("browser tests skipped")) {
        return skip(test, why.trim_start_matches("# "));
    }
    assert_eq!(count(&out, "skipped"), 0, "{out}");
    assert!(count(&out, "pass") >= 2, "{out}");
    for shot in [
        "desktop-over.png",
        "phone-390-game.png",
        "phone-360-game.png",
        "phone-360-reconnecting.png",
    ] {
        assert!(
            artifacts.join(shot).is_file(),
            "no screenshot {shot}:\n{out}"
        );
    }
}
