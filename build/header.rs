// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Arranges cbindgen's header in a reader's order. cbindgen groups declarations by kind (every
//! constant, then every type, then every function), which scatters each concept over the
//! file; here every declaration goes to the section of the `src/ffi/` file that declares it,
//! in the order of [`SECTIONS`], under a banner. The doc comments are also put in C wording:
//! Markdown backticks dropped, Rust's `# Safety` heading renamed.

use std::collections::HashMap;
use std::fs;
use std::path::Path;

/// The header's sections in reading order: what every call returns, then the rules, scoring
/// and games a reader comes for, and last the limits and the struct layouts that bindings
/// need. Each has a title, then the `src/ffi/` files (without `.rs`) whose declarations it
/// holds, in order. Every file of `src/ffi/` that declares
/// something for C must be listed (the build fails otherwise).
const SECTIONS: &[(&str, &[&str])] = &[
    ("Version", &["version"]),
    ("Statuses and error messages", &["error"]),
    ("Rules", &["rules"]),
    ("Scoring dice", &["scoring", "scorer"]),
    (
        "Games: creating, playing and reading a game",
        &["game", "game_position"],
    ),
    (
        "Game history: the current turn's rolls and the event log",
        &["history"],
    ),
    ("Saving and loading games", &["saved_game"]),
    ("Long calls: progress and cancellation", &["progress"]),
    ("Advice and computer players", &["bots", "simulate"]),
    (
        "Cards: strategies a person can play, priced exactly",
        &["cards"],
    ),
    ("Odds of a roll", &["odds"]),
    ("Single-turn strategy", &["turn_policy"]),
    (
        "Win tables: optimal play for two and three players",
        &["win_table"],
    ),
    ("Dice hands: the dice-hands scoring system", &["hands"]),
    ("Point calculation", &["point_calculation"]),
    (
        "Limits on the work and memory an input may ask for",
        &["limits"],
    ),
    (
        "Struct layouts, for bindings generated from this header",
        &["abi"],
    ),
];

/// Where the opaque types go: they are declared together, before any section uses them.
const HANDLES_TITLE: &str =
    "Objects the library hands out (create with a *_new or *_load function, \
free with the matching *_free; a NULL handle is FARKLE_STATUS_NULL_POINTER)";

/// The header in reader's order, with `version_macros` opening the version section.
pub fn in_reader_order(raw: &str, ffi_dir: &Path, version_macros: &str) -> String {
    let owners = declarations_by_file(ffi_dir);
    // The preamble ends with the last line of the FARKLE_MUST_USE block (build.rs writes it).
    let preamble_end = raw
        .find("#define FARKLE_MUST_USE\n#endif\n")
        .expect("preamble")
        + "#define FARKLE_MUST_USE\n#endif\n".len();
    let closing = raw.rfind("#endif  /* FARKLE_H */").expect("include guard");
    let (preamble, body, end) = (
        &raw[..preamble_end],
        &raw[preamble_end..closing],
        &raw[closing..],
    );

    let mut handles = Vec::new();
    // Per section: (the file's place in the section, the declaration), in cbindgen's order.
    let mut sections: Vec<Vec<(usize, String)>> = vec![Vec::new(); SECTIONS.len()];
    sections[0].push((0, version_macros.to_owned()));
    for chunk in body.split("\n\n") {
        let chunk = chunk.trim_matches('\n');
        if chunk.is_empty() || chunk.contains("extern \"C\"") || chunk == "#ifdef __cplusplus" {
            continue;
        }
        let name = declared_name(chunk);
        let chunk = in_c_wording(chunk);
        if chunk
            .lines()
            .any(|l| l.starts_with("typedef struct") && l.ends_with(';'))
        {
            handles.push(chunk);
            continue;
        }
        let file = owners
            .get(&name)
            .unwrap_or_else(|| panic!("no src/ffi file declares {name}"));
        let (at, place) = SECTIONS
            .iter()
            .enumerate()
            .find_map(|(at, (_, files))| Some((at, files.iter().position(|f| f == file)?)))
            .unwrap_or_else(|| panic!("src/ffi/{file}.rs is in no section of build/header.rs"));
        sections[at].push((place, chunk));
    }
    // Each file's declarations together, in the section's order of files (a stable sort keeps
    // cbindgen's order within a file: constants, then types, then functions).
    for section in &mut sections {
        section.sort_by_key(|(place, _)| *place);
    }

    let mut out = String::from(preamble);
    out.push_str("\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n");
    for (i, (title, _)) in SECTIONS.iter().enumerate() {
        if *title == "Rules" {
            // Before the rules: every section that takes a handle comes after them.
            push_section(&mut out, HANDLES_TITLE, &handles);
        }
        let items: Vec<String> = sections[i].iter().map(|(_, item)| item.clone()).collect();
        push_section(&mut out, title, &items);
    }
    out.push_str("\n#ifdef __cplusplus\n}  /* extern \"C\" */\n#endif\n\n");
    out.push_str(end);
    out
}

fn push_section(out: &mut String, title: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    out.push_str("\n/* ");
    out.push_str(&"=".repeat(90));
    out.push('\n');
    for line in wrap(title, 88) {
        out.push_str(" * ");
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(" * ");
    out.push_str(&"=".repeat(88));
    out.push_str(" */\n");
    for item in items {
        out.push('\n');
        out.push_str(item);
        out.push('\n');
    }
}

fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("one line");
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(word.to_owned());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

/// The name a chunk of cbindgen's output declares: a function's name, a macro's, a type's.
fn declared_name(chunk: &str) -> String {
    let code: Vec<&str> = chunk
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            !(t.starts_with("/**") || t.starts_with("* ") || t == "*" || t.starts_with("*/"))
        })
        .collect();
    let code = code.join("\n");
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    for prefix in [
        "#define ",
        "typedef enum ",
        "typedef struct ",
        "enum ",
        "struct ",
    ] {
        if let Some(rest) = code.strip_prefix(prefix) {
            return ident(rest);
        }
    }
    if let Some(at) = code.find("(*") {
        return ident(&code[at + 2..]);
    }
    if let Some(at) = code.find("farkle_") {
        return ident(&code[at..]);
    }
    panic!("cannot tell what this declares:\n{chunk}");
}

/// Every name the files of `src/ffi/` declare for C (types, constants, exported functions),
/// and the file (without `.rs`) that declares it.
fn declarations_by_file(ffi_dir: &Path) -> HashMap<String, String> {
    let mut owners = HashMap::new();
    for entry in fs::read_dir(ffi_dir).expect("read src/ffi") {
        let path = entry.expect("src/ffi entry").path();
        let Some(file) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        let text = fs::read_to_string(&path).expect("read an ffi file");
        for line in text.lines() {
            let line = line.trim_start();
            for prefix in [
                "pub struct ",
                "pub enum ",
                "pub const ",
                "pub type ",
                "pub unsafe extern \"C\" fn ",
                "pub extern \"C\" fn ",
            ] {
                if let Some(rest) = line.strip_prefix(prefix) {
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    owners.insert(name, file.to_owned());
                }
            }
        }
    }
    owners
}

/// Doc comments in C wording: no Markdown backticks, and Rust's `# Safety` heading (which
/// lists what the pointers must be) as "Requires:".
fn in_c_wording(chunk: &str) -> String {
    chunk
        .lines()
        .map(|line| {
            let t = line.trim_start();
            let comment = t.starts_with("/**") || t.starts_with('*');
            if !comment {
                return line.to_owned();
            }
            let line = line.replace("# Safety", "Requires:");
            line.replace('`', "")
        })
        .collect::<Vec<_>>()
        .join("\n")
}
