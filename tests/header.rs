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

/// Every struct with a body in the header has its layout reported by farkle_struct_layout(),
/// which bindings generated from the header use to check their layouts against the library
/// (tests/c/abi.c checks the numbers against the C compiler's).
#[test]
fn every_struct_of_the_header_reports_its_layout() {
    use farkle::ffi::abi::farkle_struct_layout;
    use farkle::ffi::error::FarkleStatus;
    use std::ffi::CString;

    let header = include_str!("../include/farkle.h");
    let names: Vec<&str> = header
        .lines()
        .filter_map(|l| l.strip_prefix("typedef struct "))
        .filter_map(|rest| rest.strip_suffix(" {"))
        .collect();
    assert!(names.len() >= 20, "too few structs found: {names:?}");
    for name in names {
        let c_name = CString::new(name).expect("no NUL");
        let (mut size, mut align) = (0usize, 0usize);
        // SAFETY: a NUL-terminated name and two writable outputs.
        let status = unsafe { farkle_struct_layout(c_name.as_ptr(), &mut size, &mut align) };
        assert_eq!(status, FarkleStatus::Ok, "{name} has no reported layout");
        assert!(
            size > 0 && align.is_power_of_two(),
            "{name}: {size}, {align}"
        );
    }
}
