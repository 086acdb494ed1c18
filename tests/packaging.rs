// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What a C user installs: `make install PREFIX=...` into a temporary prefix, then a C program
//! built only through `pkg-config farkle`, linked dynamically (found through the soname) and
//! statically (with the `Libs.private` flags), and `make uninstall`.
//!
//! `make install` is given `FARKLE_LIB_DIR` = the libraries this `cargo test` just built, so no cargo
//! runs inside cargo test (a nested `cargo build` would wait on the outer build's lock, and a
//! release build with LTO would cost minutes). The Makefile's default path builds them with
//! `cargo build --release` instead. The same checks run on what `cargo cinstall` installs,
//! when cargo-c is there.

mod support;

use std::path::Path;
use std::process::{Command, Output};

use support::{fresh_dir, library_dir, manifest_dir};

fn run(command: &mut Command) -> Output {
    let out = command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    assert!(
        out.status.success(),
        "{command:?} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `make TARGET PREFIX=prefix` with the libraries of this test run, building the programs in
/// a directory of the test's own (`build`), plus `extra` variables.
fn make_with(target: &str, prefix: &Path, build: &Path, extra: &[String]) -> Output {
    run(Command::new("make")
        .arg("-C")
        .arg(manifest_dir())
        .arg(target)
        .arg(format!("PREFIX={}", prefix.display()))
        .arg(format!("FARKLE_LIB_DIR={}", library_dir().display()))
        .arg(format!("B={}", build.display()))
        // The library's install: the server (a release build of its own crate, and the
        // web game through Node) is checked by the server's tests (server/tests/server/install.rs).
        .arg("SERVER=no")
        .args(extra))
}

fn make(target: &str, prefix: &Path) {
    let build = prefix.parent().expect("the test's directory").join("build");
    make_with(target, prefix, &build, &[]);
}

fn pkg_config(prefix: &Path, args: &[&str]) -> Vec<String> {
    let out = run(Command::new("pkg-config")
        // Only the installed copy: never a farkle.pc from the system.
        .env("PKG_CONFIG_LIBDIR", prefix.join("lib").join("pkgconfig"))
        .env_remove("PKG_CONFIG_PATH")
        .args(args)
        .arg("farkle"));
    stdout(&out).split_whitespace().map(str::to_owned).collect()
}

fn dynamic_deps(binary: &Path) -> String {
    stdout(&run(Command::new("readelf").arg("-d").arg(binary)))
}

const PROGRAM: &str = r#"/* SPDX-License-Identifier: GPL-3.0-only
 * Copyright (C) 2026 The farkle authors */
#include <farkle.h>
#include <stdio.h>

int main(void) {
    FarkleRules rules;
    FarkleRollAnalysis a;
    const uint8_t roll[] = {1, 1, 1, 5, 5, 2};
    if (farkle_rules_preset(FARKLE_PRESET_CLASSIC, &rules) != FARKLE_STATUS_OK) return 1;
    if (farkle_roll_analyze(&rules, roll, 6, &a) != FARKLE_STATUS_OK) return 1;
    if (farkle_version_number() != FARKLE_VERSION_NUMBER) return 1;
    printf("%s %d\n", farkle_version_string(), a.max_points);
    return 0;
}
"#;

#[test]
#[ignore = "full tier: make check"]
fn make_install_gives_pkg_config_users_a_working_library() {
    let dir = fresh_dir("install");
    let prefix = dir.join("prefix");
    let out = make_with("install", &prefix, &dir.join("build"), &[]);
    check_installed(&prefix, &dir);
    // A prefix outside the dynamic linker's directories: install says what a program linked
    // with -lfarkle needs to find the library (issue 23).
    let lib = prefix.join("lib");
    let said = stdout(&out);
    for needs in [
        "run ldconfig (as root) if the directory is listed in /etc/ld.so.conf,".to_owned(),
        format!("or link with -Wl,-rpath,{},", lib.display()),
        format!("or run the program with LD_LIBRARY_PATH={}.", lib.display()),
    ] {
        assert!(said.contains(&needs), "{needs:?} in:\n{said}");
    }
    assert_eq!(
        std::fs::read_link(prefix.join("lib").join("libfarkle.so")).expect("dev link"),
        Path::new(&format!("libfarkle.so.{}", env!("CARGO_PKG_VERSION_MAJOR")))
    );
    let static_libs = pkg_config(&prefix, &["--static", "--libs"]);
    assert!(static_libs.ends_with(&["-lpthread".into(), "-ldl".into(), "-lm".into()]));

    // The game, farkle-solve and the man page.
    let bin = prefix.join("bin");
    let out = run(Command::new(bin.join("farkle")).arg("--version"));
    assert!(stdout(&out).contains("Arc676/Farkle"), "{}", stdout(&out));
    let out = run(Command::new(bin.join("farkle-solve")).arg("--help"));
    assert!(stdout(&out).starts_with("usage: farkle-solve"));
    let man = prefix
        .join("share")
        .join("man")
        .join("man6")
        .join("farkle.6");
    assert_eq!(
        std::fs::read(&man).expect("the man page"),
        std::fs::read(manifest_dir().join("programs").join("farkle.6")).expect("farkle.6")
    );
    // `man farkle-solve`: the same page, through a link beside it.
    let solve_man = man.with_file_name("farkle-solve.6");
    assert_eq!(
        std::fs::read_link(&solve_man).expect("the farkle-solve page"),
        Path::new("farkle.6")
    );

    let version = env!("CARGO_PKG_VERSION");
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    make("uninstall", &prefix);
    for gone in [
        bin.join("farkle"),
        bin.join("farkle-solve"),
        man,
        solve_man,
        lib.join(format!("libfarkle.so.{version}")),
        lib.join(format!("libfarkle.so.{major}")),
        lib.join("libfarkle.so"),
        lib.join("libfarkle.a"),
        lib.join("pkgconfig").join("farkle.pc"),
        prefix.join("include").join("farkle.h"),
    ] {
        assert!(
            std::fs::symlink_metadata(&gone).is_err(),
            "{} is left",
            gone.display()
        );
    }
}

/// GNU directory variables: `libdir` (and `bindir`, `mandir`) override one directory each;
/// `make install PREFIX=/p libdir=/p/lib64` puts the libraries and farkle.pc there.
#[test]
#[ignore = "full tier: make check"]
fn make_install_takes_a_libdir_of_its_own() {
    let dir = fresh_dir("install-lib64");
    let prefix = dir.join("p");
    let lib64 = prefix.join("lib64");
    let extra = [
        format!("libdir={}", lib64.display()),
        format!("mandir={}", prefix.join("man").display()),
    ];
    make_with("install", &prefix, &dir.join("build"), &extra);
    assert!(lib64.join("libfarkle.a").is_file());
    assert!(lib64.join("libfarkle.so").exists());
    assert!(!prefix.join("lib").exists());
    assert!(prefix.join("man").join("man6").join("farkle.6").is_file());
    assert!(prefix.join("bin").join("farkle").is_file());
    let pc = std::fs::read_to_string(lib64.join("pkgconfig").join("farkle.pc")).expect("farkle.pc");
    assert!(
        pc.contains(&format!("libdir={}\n", lib64.display())),
        "{pc}"
    );
    make_with("uninstall", &prefix, &dir.join("build"), &extra);
    assert!(!lib64.join("libfarkle.a").exists());
    assert!(!prefix.join("bin").join("farkle").exists());
}

/// `make` rebuilds only what changed: a second run compiles and links nothing, and a change of
/// the line editing setting recompiles the terminal code and relinks the game, nothing else.
#[test]
#[ignore = "full tier: make check"]
fn make_rebuilds_only_what_changed() {
    let dir = fresh_dir("make-incremental");
    let prefix = dir.join("unused");
    let build = dir.join("build");
    let none = ["LINE_EDITING=none".to_owned()];
    let first = stdout(&make_with("programs", &prefix, &build, &none));
    assert!(
        first.contains("-o ") && first.contains("farkle-solve"),
        "{first}"
    );
    let again = stdout(&make_with("programs", &prefix, &build, &none));
    assert!(!again.contains(" -o "), "a second make rebuilt:\n{again}");
    let readline = std::process::Command::new("sh")
        .args(["-c", "printf '#include <stdio.h>\\n#include <readline/readline.h>\\nint main(void){return 0;}\\n' | cc -x c - -o /dev/null -lreadline"])
        .status()
        .is_ok_and(|s| s.success());
    if !readline {
        eprintln!("readline is not installed: the change of LINE_EDITING is not checked");
        return;
    }
    let switched = stdout(&make_with(
        "programs",
        &prefix,
        &build,
        &["LINE_EDITING=readline".to_owned()],
    ));
    let built: Vec<&str> = switched
        .lines()
        .filter_map(|l| {
            l.split_once(" -o ")
                .map(|(_, rest)| rest.split(' ').next().unwrap_or(""))
        })
        .collect();
    let term = build.join("obj").join("term.o").display().to_string();
    let game = build.join("farkle").display().to_string();
    assert!(
        built.contains(&term.as_str()) && built.contains(&game.as_str()),
        "{switched}"
    );
    assert!(
        !built
            .iter()
            .any(|b| b.ends_with("view.o") || b.ends_with("score")),
        "{switched}"
    );
}

/// `cargo cinstall` (cargo-c) into a temporary prefix gives the same files. cargo-c is not a
/// dependency (installing it compiles cargo itself), so without it this test says so and
/// checks nothing else; with it, it costs one release build in its own target directory (the
/// outer `cargo test` holds the lock of the usual one).
#[test]
#[ignore = "full tier: make check"]
fn cargo_cinstall_gives_pkg_config_users_a_working_library() {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let available = Command::new(&cargo)
        .args(["cinstall", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !available {
        eprintln!("cargo-c is not installed: `cargo cinstall` not checked");
        return;
    }
    let dir = fresh_dir("cinstall");
    let prefix = dir.join("prefix");
    let target_dir = support::out_dir().join("cinstall-target");
    run(Command::new(&cargo)
        .current_dir(manifest_dir())
        .args(["cinstall", "--release"])
        .arg("--target-dir")
        .arg(&target_dir)
        .arg("--prefix")
        .arg(&prefix)
        .arg("--libdir")
        .arg(prefix.join("lib")));
    check_installed(&prefix, &dir);
}

/// The installed libraries, header and farkle.pc, and a C program built only through
/// pkg-config, linked dynamically (found through the soname) and statically.
fn check_installed(prefix: &Path, dir: &Path) {
    let version = env!("CARGO_PKG_VERSION");
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    let lib = prefix.join("lib");
    let real = format!("libfarkle.so.{version}");
    let soname = format!("libfarkle.so.{major}");
    assert!(lib.join(&real).is_file());
    assert_eq!(
        std::fs::read_link(lib.join(&soname)).expect("soname link"),
        Path::new(&real)
    );
    // The link the linker uses reaches the same file (make points it at the soname link,
    // cargo-c straight at the file).
    assert_eq!(
        std::fs::canonicalize(lib.join("libfarkle.so")).expect("dev link"),
        std::fs::canonicalize(lib.join(&real)).expect("library")
    );
    assert!(lib.join("libfarkle.a").is_file());
    assert_eq!(
        std::fs::read(prefix.join("include").join("farkle.h")).expect("header"),
        std::fs::read(manifest_dir().join("include").join("farkle.h")).expect("header")
    );
    assert!(dynamic_deps(&lib.join(&real)).contains(&format!("Library soname: [{soname}]")));

    // pkg-config knows the version, the include path and the libraries.
    assert_eq!(pkg_config(prefix, &["--modversion"]), [version]);
    let cflags = pkg_config(prefix, &["--cflags"]);
    let libs = pkg_config(prefix, &["--libs"]);
    assert_eq!(cflags, [format!("-I{}", prefix.join("include").display())]);
    assert_eq!(
        libs,
        [format!("-L{}", lib.display()), "-lfarkle".to_owned()]
    );
    let static_libs = pkg_config(prefix, &["--static", "--libs"]);

    let source = dir.join("app.c");
    std::fs::write(&source, PROGRAM).expect("write app.c");
    let strict = ["-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror"];

    // Dynamic: `cc app.c $(pkg-config --cflags --libs farkle)`; the program needs the soname.
    let dynamic = dir.join("app_dynamic");
    run(Command::new("cc")
        .args(strict)
        .arg(&source)
        .args(pkg_config(prefix, &["--cflags", "--libs"]))
        .arg("-o")
        .arg(&dynamic));
    assert!(dynamic_deps(&dynamic).contains(&format!("Shared library: [{soname}]")));
    let out = run(Command::new(&dynamic).env("LD_LIBRARY_PATH", &lib));
    assert_eq!(stdout(&out), format!("{version} 1100\n"));
    // Or, as `make install` says, with the library's directory as the program's run path.
    let with_rpath = dir.join("app_rpath");
    run(Command::new("cc")
        .args(strict)
        .arg(&source)
        .args(pkg_config(prefix, &["--cflags", "--libs"]))
        .arg(format!("-Wl,-rpath,{}", lib.display()))
        .arg("-o")
        .arg(&with_rpath));
    let out = run(Command::new(&with_rpath).env_remove("LD_LIBRARY_PATH"));
    assert_eq!(stdout(&out), format!("{version} 1100\n"));

    // Static: the archive plus `pkg-config --static --libs` (GNU ld's -l:libfarkle.a picks
    // the archive although the shared library sits beside it).
    let fully_static = dir.join("app_static");
    let flags: Vec<String> = static_libs
        .into_iter()
        .map(|f| {
            if f == "-lfarkle" {
                "-l:libfarkle.a".to_owned()
            } else {
                f
            }
        })
        .collect();
    run(Command::new("cc")
        .args(strict)
        .args(&cflags)
        .arg(&source)
        .args(&flags)
        .arg("-o")
        .arg(&fully_static));
    assert!(!dynamic_deps(&fully_static).contains("libfarkle"));
    let out = run(&mut Command::new(&fully_static));
    assert_eq!(stdout(&out), format!("{version} 1100\n"));
}
