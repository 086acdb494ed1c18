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

#[path = "../../tests/support/skip.rs"]
mod skip;
#[path = "../../tests/support/web.rs"]
mod web;

use skip::skip;
use web::{build_site, count, install_packages, node, run};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the server crate sits in the repository")
        .to_path_buf()
}

#[test]
#[ignore = "full tier: make check"]
fn people_and_a_bot_play_online_in_headless_chromium() {
    let test = "people_and_a_bot_play_online_in_headless_chromium";
    if let Err(why) = build_site(&root()) {
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
