// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Skipping a test whose tool is missing, loudly, and never under CI. The server's tests
//! include this file by its path (server/tests/), so it stands alone.

/// Whether the tests run under CI (`CI` set and neither empty nor `false`), where `.ci/run`
/// has installed every tool and a missing one is a failure, not a skip.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false")
}

/// Says that a test was skipped, on the terminal itself (cargo test hides what a passing test
/// prints); under CI, where every tool is installed, fails instead.
pub fn skip(test: &str, why: &str) {
    assert!(
        !in_ci(),
        "{test}: {why} (CI installs every tool this test needs)"
    );
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{test}: SKIPPED: {why}");
}
