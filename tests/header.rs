// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The committed header must be exactly what cbindgen generates from the current sources.
//! (build.rs writes the generated header to OUT_DIR, and refreshes include/farkle.h only outside
//! CI, so on a clean CI checkout this compares against the committed file.)

#[test]
fn committed_header_is_fresh() {
    let generated = std::fs::read_to_string(concat!(env!("OUT_DIR"), "/farkle.h"))
        .expect("build.rs writes OUT_DIR/farkle.h");
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/include/farkle.h"))
            .expect("include/farkle.h is committed");
    assert!(
        generated == committed,
        "include/farkle.h is stale: run `cargo build` and commit the regenerated header"
    );
}

#[test]
fn header_declares_the_contract() {
    let header = include_str!("../include/farkle.h");
    for needle in [
        "enum FarkleStatus farkle_rules_preset(uint32_t preset,",
        "enum FarkleStatus farkle_score_selection(const struct FarkleRules *rules,",
        "enum FarkleStatus farkle_roll_analyze(const struct FarkleRules *rules,",
        "enum FarkleStatus farkle_point_calculation(const uint8_t *roll_counts,",
        "const char *farkle_status_str(int32_t status);",
        "uint32_t farkle_version_number(void);",
        "const char *farkle_version_string(void);",
        concat!(
            "#define FARKLE_VERSION_STRING \"",
            env!("CARGO_PKG_VERSION"),
            "\""
        ),
        "FARKLE_PRESET_CLASSIC = 0",
        "FARKLE_PRESET_ZILCH = 5",
    ] {
        assert!(header.contains(needle), "header lacks {needle:?}");
    }
}
