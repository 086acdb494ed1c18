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

/// The header reads top to bottom: its sections come in the order a C programmer needs them,
/// each declaration after what it uses (the C tests compile it as C99 and C++).
#[test]
fn header_sections_come_in_reading_order() {
    let header = include_str!("../include/farkle.h");
    let order = [
        " * Version\n",
        " * Statuses and error messages\n",
        " * Objects the library hands out",
        " * Rules\n",
        " * Scoring dice\n",
        " * Games: creating, playing and reading a game\n",
        " * Game history",
        " * Saving and loading games\n",
        " * Advice and computer players\n",
        " * Dice hands",
        " * Point calculation\n",
        " * Limits on the work",
        " * Struct layouts, for bindings",
    ];
    let places: Vec<usize> = order
        .iter()
        .map(|banner| {
            header
                .find(banner)
                .unwrap_or_else(|| panic!("no banner {banner:?}"))
        })
        .collect();
    assert!(places.windows(2).all(|w| w[0] < w[1]), "{places:?}");
    // A function is declared in its concept's section, not grouped with all functions.
    let game_new = header
        .find("FarkleStatus farkle_game_new(")
        .expect("farkle_game_new");
    let advise = header
        .find("FarkleStatus farkle_game_advise(")
        .expect("farkle_game_advise");
    assert!(places[5] < game_new && game_new < advise);
    assert!(header.find("uint32_t farkle_version_number(").unwrap() < places[1]);
}

/// The header is written for C programmers: no Rust syntax or Markdown in its comments, and
/// no references to the documents the rules came from.
#[test]
fn header_is_in_c_wording() {
    let header = include_str!("../include/farkle.h");
    for (n, line) in header.lines().enumerate() {
        for rust in [
            "# Safety", "`", "..=", "seed 00", "Option<", "Result<", "&mut ",
        ] {
            assert!(!line.contains(rust), "line {}: {rust:?} in {line:?}", n + 1);
        }
        // A Rust range such as 1..6 (an ellipsis, "...", is fine).
        let b = line.as_bytes();
        let range = (1..b.len().saturating_sub(2)).any(|i| {
            &b[i..i + 2] == b".."
                && b[i - 1].is_ascii_alphanumeric()
                && b[i + 2].is_ascii_alphanumeric()
        });
        assert!(!range, "line {}: a Rust range in {line:?}", n + 1);
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
        let status =
            unsafe { farkle_struct_layout(c_name.as_ptr(), &raw mut size, &raw mut align) };
        assert_eq!(status, FarkleStatus::Ok, "{name} has no reported layout");
        assert!(
            size > 0 && align.is_power_of_two(),
            "{name}: {size}, {align}"
        );
    }
}
