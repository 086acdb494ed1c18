// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Building the npm package and the web site as `make web` does, and reading Node's test
//! reports: shared by `tests/js.rs` and the server's browser test, which includes this file
//! by its path (server/tests/browser.rs), so it stands alone.

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn node() -> String {
    std::env::var("NODE").unwrap_or_else(|_| "node".to_owned())
}

pub fn npm() -> String {
    std::env::var("NPM").unwrap_or_else(|_| "npm".to_owned())
}

pub fn run(command: &mut Command, what: &str) -> String {
    let out = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run {command:?}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{what} failed:\n{stdout}\n{stderr}");
    stdout
}

/// Why the package cannot be built and run here, if a tool is missing.
pub fn missing_tool() -> Option<String> {
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
pub fn install_packages(dir: &Path) {
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

/// The WebAssembly module: FARKLE_WASM, or cargo's build of the `wasm` profile in the
/// repository at `root`.
pub fn wasm_module(root: &Path) -> PathBuf {
    if let Some(given) = std::env::var_os("FARKLE_WASM") {
        return PathBuf::from(given);
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    run(
        Command::new(cargo)
            .current_dir(root)
            .args(["build", "-p", "farkle", "--profile", "wasm", "--lib"])
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

/// The counts of a node:test TAP report's closing lines, e.g. `count(out, "pass")`.
pub fn count(tap: &str, what: &str) -> usize {
    let prefix = format!("# {what} ");
    tap.lines()
        .find_map(|l| l.strip_prefix(&prefix)?.trim().parse().ok())
        .unwrap_or_else(|| panic!("no `# {what}` line in the report:\n{tap}"))
}

/// The package built into `js/dist/` and copied into the site (`web/site/vendor/farkle/`) of
/// the repository at `root`; `Err` says which tool is missing.
pub fn build_site(root: &Path) -> Result<PathBuf, String> {
    if let Some(why) = missing_tool() {
        return Err(why);
    }
    install_packages(&root.join("js"));
    let wasm = wasm_module(root);
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
    Ok(root.join("web/site"))
}
