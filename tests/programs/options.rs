// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The game's command line: the original game's option forms, every rules field as a
//! `--rule` knob, and the Makefile building the programs from the sources these tests build.

use crate::support::cli::*;
use crate::support::{fresh_dir, manifest_dir};

/// The original game's options in its forms (`-p2`, `-t3`) and the long ones with `=`; a bad
/// value gets one message naming the option as given; `-t` alone is the original game.
#[test]
fn options_take_the_original_forms_and_name_the_option() {
    let dir = fresh_dir("cli-options");
    let out = play(
        &dir,
        &["-p2", "-t3", "--seed=7", "--rules=zilch"],
        "Ann\nBob\nrules\n",
        0,
    );
    assert!(out.contains("rules zilch."), "{out}");
    assert!(
        out.contains("== Round 1 of 3: Ann's turn (score 0) =="),
        "{out}"
    );
    // -t without --rules: the original game, as the original program scores it, and no
    // target.
    let out = play(&dir, &["-p", "1", "-t", "2"], "Ann\nrules\n", 0);
    assert!(out.contains("rules original."), "{out}");
    assert!(
        out.contains("auto_take_straight_and_three_pairs = 1"),
        "{out}"
    );
    assert!(
        out.contains("End: after 2 turns each, highest score wins."),
        "{out}"
    );
    assert!(out.contains("target_score = 0"), "{out}");
    for (args, message) in [
        (
            &["-p", "0"][..],
            "farkle: -p needs a whole number from 1 to 64, not '0'\n",
        ),
        (
            &["-p", "65"][..],
            "farkle: -p needs a whole number from 1 to 64, not '65'\n",
        ),
        (
            &["--players=x"][..],
            "farkle: --players needs a whole number from 1 to 64, not 'x'\n",
        ),
        (
            &["-t0"][..],
            "farkle: -t needs a whole number from 1 to 1000000, not '0'\n",
        ),
        (
            &["--seed", "-1"][..],
            "farkle: --seed needs a whole number from 0 to 18446744073709551615, not '-1'\n",
        ),
        (
            &["--bots", "64"][..],
            "farkle: --bots 64 leaves no seat for a human player: the most is 64 players (give \
             -p 64 for computer players only)\n",
        ),
        (
            &["--bots", "2:genius"][..],
            "farkle: --bots needs N[:STYLE] with STYLE random, threshold, single or win, not \
             '2:genius'\n",
        ),
        (
            &["--scores-format", "csv"][..],
            "farkle: --scores-format needs farkle or original, not 'csv'\n",
        ),
        (
            &["-z"][..],
            "farkle: unknown option -z\nTry farkle --help.\n",
        ),
        (
            &["--frobnicate"][..],
            "farkle: unknown option --frobnicate\nTry farkle --help.\n",
        ),
        (
            &["--seed"][..],
            "farkle: --seed needs a value\nTry farkle --help.\n",
        ),
        (
            &["extra"][..],
            "farkle: unexpected argument 'extra' (options only; try farkle --help)\n",
        ),
    ] {
        let out = run_in(&programs().farkle, &[], &dir, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text_of(&out.stderr), message, "{args:?}");
        assert_eq!(text_of(&out.stdout), "", "{args:?}");
    }
    // -p 64 --bots 64: computer players only, allowed.
    let out = play(
        &dir,
        &["-p", "64", "--bots", "64", "-t", "1", "--seed", "1"],
        "",
        0,
    );
    assert!(out.contains("== Game over =="));
    // --version credits the original game.
    let out = play(&dir, &["--version"], "", 0);
    assert!(out.starts_with(&format!("farkle {} (libfarkle ", env!("CARGO_PKG_VERSION"))));
    assert!(out.contains("Arc676/Farkle project, GPLv3"), "{out}");
    let help = play(&dir, &["-h"], "", 0);
    for option in [
        "--rule KEY=VALUE",
        "--bots N[:STYLE]",
        "--keys",
        "--scores-format",
        "--autosave",
        "--verbose-bots",
    ] {
        assert!(help.contains(option), "{option} in {help}");
    }
}

/// `--rule KEY=VALUE` sets any field of the rules, table-driven: every field of FarkleRules
/// in the header has its knob; the library judges the whole set with its own message; `rules`
/// shows every setting.
#[test]
fn every_rules_field_is_a_knob_checked_by_the_library() {
    let header =
        std::fs::read_to_string(manifest_dir().join("include").join("farkle.h")).expect("header");
    let body = header
        .split_once("typedef struct FarkleRules {")
        .expect("FarkleRules")
        .1
        .split_once("} FarkleRules;")
        .expect("its end")
        .0;
    let fields: Vec<&str> = body
        .lines()
        .map(str::trim)
        .filter(|l| l.ends_with(';') && !l.starts_with('*'))
        .map(|l| l.trim_end_matches(';').rsplit(' ').next().expect("a field"))
        .collect();
    // The library's table of fields (what the game's knobs are made from) lists the header's
    // fields, in the struct's order.
    let count = farkle::ffi::rules::farkle_rules_field_count();
    let listed: Vec<String> = (0..count)
        .map(|i| {
            let mut field = std::mem::MaybeUninit::uninit();
            // SAFETY: a valid index and a writable output.
            let status = unsafe { farkle::ffi::rules::farkle_rules_field(i, field.as_mut_ptr()) };
            assert_eq!(status, farkle::ffi::error::FarkleStatus::Ok);
            // SAFETY: written on success; the name is a static NUL-terminated string.
            let name = unsafe { std::ffi::CStr::from_ptr(field.assume_init().name) };
            name.to_str().expect("ASCII").to_owned()
        })
        .collect();
    assert_eq!(listed, fields);
    let dir = fresh_dir("cli-rule-knobs");
    let help = play(&dir, &["--rule", "help"], "", 0);
    for field in &fields {
        assert!(
            help.contains(&format!("  {field} ")),
            "{field} not in --rule help"
        );
    }
    // Each knob's type of value, read from its C type in the header: a uint8_t is a flag
    // (0 or 1), the two enums take names, the rest numbers; all in one column.
    let types: Vec<(&str, &str)> = body
        .lines()
        .map(str::trim)
        .filter(|l| l.ends_with(';') && !l.starts_with('*'))
        .map(|l| {
            let (ty, name) = l
                .trim_end_matches(';')
                .split_once(' ')
                .expect("type and name");
            let kind = match (ty, name) {
                ("uint8_t", _) => "0 or 1",
                (_, "kind_scaling" | "exact_target") => "name",
                _ => "number",
            };
            (name, kind)
        })
        .collect();
    let mut columns = std::collections::BTreeSet::new();
    for (name, kind) in &types {
        let line = help
            .lines()
            .find(|l| l.starts_with(&format!("  {name} ")))
            .unwrap_or_else(|| panic!("{name} in {help}"));
        let at = line[2 + name.len()..]
            .find(|c: char| c != ' ')
            .expect("a type")
            + 2
            + name.len();
        assert!(
            line[at..].starts_with(&format!("{kind} ")),
            "{line:?}: {kind}"
        );
        columns.insert(at);
    }
    assert_eq!(columns.len(), 1, "the types are not in one column:\n{help}");
    assert!(help.contains("off, refuse or bust"), "{help}");
    // Knobs on top of a preset, any case, '-' for '_', flags as yes/no, kind_scaling by name.
    let args = [
        "-p",
        "1",
        "--rules",
        "minimal",
        "--rule",
        "dice_count=5",
        "--rule",
        "Single-Five=75",
        "--rule",
        "hot_dice=no",
        "--rule=kind_scaling=double",
        "--target",
        "2000",
    ];
    let out = play(&dir, &args, "Ann\nrules\n", 0);
    for line in [
        "rules custom.",
        "Rules: custom, 5 dice.",
        "  single 1     100      single 5      75",
        "hot dice off.",
        "End: first to 2000 wins.",
    ] {
        assert!(out.contains(line), "{line:?} in {out}");
    }
    for setting in [
        "dice_count = 5",
        "single_five = 75",
        "hot_dice = 0",
        "kind_scaling = double",
        "target_score = 2000",
        "farkle_penalty_streak = 0",
    ] {
        assert!(out.contains(setting), "{setting:?} in {out}");
    }
    // --rule comes after -t and --target: it has the last word.
    let out = play(
        &dir,
        &["-p", "1", "-t", "5", "--rule", "turn_limit=2"],
        "Ann\nrules\n",
        0,
    );
    assert!(out.contains("after 2 turns each"), "{out}");
    for (args, message) in [
        (&["--rule", "dice_count"][..], "farkle: --rule dice_count: 'dice_count' is not KEY=VALUE (farkle --rule help lists the keys)\n"),
        (&["--rule", "dice=3"][..], "farkle: --rule dice=3: there is no rule 'dice' (farkle --rule help lists them)\n"),
        (&["--rule", "dice_count=x"][..], "farkle: --rule dice_count=x: 'x' is not a whole number from 0 to 4294967295\n"),
        (&["--rule", "hot_dice=2"][..], "farkle: --rule hot_dice=2: '2' is not 1 or 0 (yes or no)\n"),
        (&["--rule", "kind_scaling=square"][..], "farkle: --rule kind_scaling=square: 'square' is not multiply, double, fixed or triple-only\n"),
    ] {
        let out = run_in(&programs().farkle, &[], &dir, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text_of(&out.stderr), message, "{args:?}");
    }
    // The library's own verdict on the whole set.
    let out = run_in(
        &programs().farkle,
        &[],
        &dir,
        &["--rule", "dice_count=13"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = text_of(&out.stderr);
    assert!(
        stderr.starts_with("farkle: these rules make no game: "),
        "{stderr}"
    );
    assert!(stderr.contains("dice_count"), "{stderr}");
}

/// The Makefile builds the game and farkle-solve from the sources these tests compile.
#[test]
fn the_makefile_builds_the_game_from_the_same_sources() {
    let makefile = std::fs::read_to_string(manifest_dir().join("Makefile")).expect("Makefile");
    let objects = |var: &str| -> Vec<String> {
        let start = makefile
            .split_once(&format!("{var} := $(addprefix $(O)/,"))
            .expect(var)
            .1;
        let list = start.split_once(')').expect("the list's end").0;
        list.split_whitespace()
            .filter(|w| *w != "\\")
            .map(|o| o.replace(".o", ".c"))
            .collect()
    };
    assert_eq!(objects("GAME_OBJS"), GAME_SOURCES);
    assert_eq!(objects("SOLVE_OBJS"), SOLVE_SOURCES);
}
