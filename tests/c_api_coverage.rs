// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Keeps the adversarial tests of the C boundary complete as the API grows, by reading the
//! committed header:
//!
//! - every status code of `FarkleStatus` must be expected by some test: a C test checks a call
//!   against it (`CHECK_STATUS(call, FARKLE_STATUS_X)` or `== FARKLE_STATUS_X`), or a Rust test
//!   asserts it (`, FarkleStatus::X)` as the expected value of `assert_eq!`, or
//!   `== FarkleStatus::X`);
//! - every exported function must be called with NULL in each of its pointer parameters by a
//!   C test in `tests/c/` (written with the literal `NULL` in that argument position).
//!
//! A new status or function without such a test fails here, naming what is missing.

use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files in `dir` whose name ends in `ext`, with their text.
fn sources(dir: &str, ext: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.to_string_lossy().ends_with(ext))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable source");
            (p.display().to_string(), text)
        })
        .collect();
    out.sort();
    out
}

fn header() -> String {
    std::fs::read_to_string(root().join("include").join("farkle.h")).expect("the header")
}

/// `text` without its C comments (block and line).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
            out.push(' ');
        } else if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |end| &after[end..]);
        } else {
            let c = rest.chars().next().expect("non-empty");
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The `FARKLE_STATUS_*` names of the header, in order.
fn status_names() -> Vec<String> {
    let header = strip_comments(&header());
    let start = header
        .find("typedef enum FarkleStatus {")
        .expect("the status enum");
    let end = start + header[start..].find('}').expect("its end");
    header[start..end]
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with("FARKLE_STATUS_"))
        .map(str::to_owned)
        .collect()
}

/// An exported function: its name and its parameters (type and name).
#[derive(Debug)]
struct Function {
    name: String,
    params: Vec<(String, String)>,
}

/// Every function declared in the header: the statements outside braces that are neither
/// types nor preprocessor lines.
fn functions() -> Vec<Function> {
    let header = strip_comments(&header());
    let code: String = header
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ")
        .replace("extern \"C\" {", "");
    // Statements at brace depth 0 (a struct or enum body is part of its statement).
    let (mut statements, mut current, mut depth) = (Vec::new(), String::new(), 0usize);
    for c in code.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ';' if depth == 0 => {
                statements.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    let mut out = Vec::new();
    for decl in statements {
        let decl = decl.split_whitespace().collect::<Vec<_>>().join(" ");
        if ["typedef ", "enum ", "struct "]
            .iter()
            .any(|t| decl.starts_with(t))
        {
            continue;
        }
        let Some(open) = decl.find('(') else { continue };
        let name = decl[..open]
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
            .expect("a name")
            .to_owned();
        assert!(
            name.starts_with("farkle_"),
            "unexpected declaration {decl:?}"
        );
        let close = decl.rfind(')').expect("closing parenthesis");
        let params = decl[open + 1..close]
            .split(',')
            .map(str::trim)
            .filter(|p| *p != "void" && !p.is_empty())
            .map(|p| {
                let at = p
                    .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .expect("type and name");
                (p[..=at].trim().to_owned(), p[at + 1..].to_owned())
            })
            .collect();
        out.push(Function { name, params });
    }
    out
}

/// The argument lists (split at top-level commas, trimmed) of every call of `name` in `text`.
fn calls<'a>(text: &'a str, name: &str) -> Vec<Vec<&'a str>> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find(name) {
        let start = from + at;
        from = start + name.len();
        let before = text[..start].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let after = text[from..].trim_start();
        let Some(args) = after.strip_prefix('(') else {
            continue;
        };
        let offset = text.len() - args.len();
        let mut depth = 0;
        let mut parts = Vec::new();
        let mut part_start = offset;
        for (i, c) in args.char_indices() {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' if depth > 0 => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(text[part_start..offset + i].trim());
                    part_start = offset + i + 1;
                }
                ')' => {
                    let last = text[part_start..offset + i].trim();
                    if !last.is_empty() || !parts.is_empty() {
                        parts.push(last);
                    }
                    break;
                }
                _ => {}
            }
        }
        out.push(parts);
    }
    out
}

#[test]
fn the_header_parses() {
    let statuses = status_names();
    assert_eq!(
        statuses.first().map(String::as_str),
        Some("FARKLE_STATUS_OK")
    );
    assert!(statuses.len() >= 30, "{statuses:?}");
    let functions = functions();
    let free = functions
        .iter()
        .find(|f| f.name == "farkle_game_free")
        .expect("farkle_game_free");
    assert_eq!(free.params, [("struct FarkleGame *".into(), "game".into())]);
    let version = functions
        .iter()
        .find(|f| f.name == "farkle_version_number")
        .expect("farkle_version_number");
    assert!(version.params.is_empty());
    assert!(functions.len() >= 50, "{}", functions.len());
    let args = calls("x = f(a, g(b, c), \"s\");", "f");
    assert_eq!(args, [vec!["a", "g(b, c)", "\"s\""]]);
    assert!(calls("xf(a)", "f").is_empty());
}

/// `FARKLE_STATUS_BELOW_MINIMUM_BANK` -> `BelowMinimumBank`.
fn rust_name(status: &str) -> String {
    status["FARKLE_STATUS_".len()..]
        .split('_')
        .map(|w| w[..1].to_owned() + &w[1..].to_ascii_lowercase())
        .collect()
}

#[test]
fn every_status_code_is_expected_by_a_test() {
    let c_tests = sources("tests/c", ".c");
    let mut rust_tests = sources("tests", ".rs");
    rust_tests.extend(sources("src/ffi", ".rs"));
    let mut missing = Vec::new();
    for status in status_names() {
        let in_c = c_tests.iter().any(|(_, text)| {
            let text = strip_comments(text);
            calls(&text, "CHECK_STATUS")
                .iter()
                .any(|args| args.get(1) == Some(&status.as_str()))
                || text.contains(&format!("== {status}"))
        });
        let rust = format!("FarkleStatus::{}", rust_name(&status));
        let in_rust = rust_tests.iter().any(|(_, text)| {
            text.contains(&format!(", {rust})")) || text.contains(&format!("== {rust}"))
        });
        if !in_c && !in_rust {
            missing.push(status);
        }
    }
    assert!(
        missing.is_empty(),
        "no test expects these statuses: {missing:?}"
    );
}

#[test]
fn every_pointer_parameter_is_passed_null_by_a_c_test() {
    let c_tests: Vec<String> = sources("tests/c", ".c")
        .into_iter()
        .map(|(_, text)| strip_comments(&text))
        .collect();
    let mut missing = Vec::new();
    let mut checked = 0;
    for f in functions() {
        for (i, (ty, name)) in f.params.iter().enumerate() {
            if !ty.contains('*') {
                continue;
            }
            checked += 1;
            let covered = c_tests.iter().any(|text| {
                calls(text, &f.name)
                    .iter()
                    .any(|args| args.len() == f.params.len() && args[i] == "NULL")
            });
            if !covered {
                missing.push(format!("{}({name})", f.name));
            }
        }
    }
    assert!(checked >= 60, "only {checked} pointer parameters found");
    assert!(
        missing.is_empty(),
        "no C test passes NULL for: {}",
        missing.join(", ")
    );
}
