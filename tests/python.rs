// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The Python package's test suite (`python/tests/`, pytest and Hypothesis), run against the
//! library this `cargo test` just built.
//!
//! Building the wheel with maturin inside `cargo test` would wait on the outer build's lock
//! or, in a target directory of its own, cost a second full build of the crate. So the package
//! is laid out here exactly as the wheel lays it out: the Python sources of `python/farkle/`,
//! `farkle/_native/ffi.py` generated from `include/farkle.h` by the same code the build backend
//! hands maturin (`python/build_backend/farkle_cdef.py`), the loader maturin writes, and the
//! shared library cargo built, as `lib_native.so`. `.ci/run` also builds the real wheel and
//! installs it into a clean virtualenv.
//!
//! Needs `python3` with its `venv` module; the packages the suite uses (cffi, pytest,
//! Hypothesis, mypy) are installed, pinned, into a virtual environment under the target
//! directory on first use (`python/requirements-test.txt`). Without `python3` or `venv`, or
//! offline on the first run, the test says on the terminal that it was skipped (a failure
//! under `CI=true`). `PYTHON=/path/to/python` runs the suite with another interpreter.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use support::{fresh_dir, library_dir, manifest_dir, out_dir, skip};

/// What maturin writes as `farkle/_native/__init__.py` for cffi bindings.
const LOADER: &str = "__all__ = [\"lib\", \"ffi\"]\n\nimport os\nfrom .ffi import ffi\n\n\
lib = ffi.dlopen(os.path.join(os.path.dirname(__file__), 'lib_native.so'))\ndel os\n";

/// The Python that runs the suite: `PYTHON` when set (with the packages of
/// `python/requirements-test.txt` installed by its owner); otherwise a virtual environment of
/// `python3` under the target directory, with those packages installed, pinned, on first use
/// and again whenever the file changes. Err says why there is none (no `python3`, no `venv`
/// module, or the packages could not be installed).
fn python() -> Result<&'static str, &'static str> {
    static PYTHON: OnceLock<Result<String, String>> = OnceLock::new();
    PYTHON
        .get_or_init(|| match std::env::var("PYTHON") {
            Ok(given) => Ok(given),
            Err(_) => test_environment().map(|p| p.display().to_string()),
        })
        .as_deref()
        .map_err(String::as_str)
}

fn test_environment() -> Result<PathBuf, String> {
    let requirements = manifest_dir().join("python/requirements-test.txt");
    let wanted = std::fs::read(&requirements).expect("python/requirements-test.txt");
    let env = out_dir().join("python-test-env");
    let interpreter = env.join("bin/python");
    // The requirements the environment was made from, written once it was complete.
    let stamp = env.join("requirements-test.txt");
    if interpreter.is_file() && std::fs::read(&stamp).is_ok_and(|had| had == wanted) {
        return Ok(interpreter);
    }
    let _ = std::fs::remove_dir_all(&env);
    let step = |command: &mut Command, what: &str| -> Result<(), String> {
        let out = command
            .output()
            .map_err(|e| format!("{what}: cannot run it: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!(
                "{what} failed:\n{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    };
    step(
        Command::new("python3").args(["-m", "venv"]).arg(&env),
        "python3 -m venv (Debian: apt-get install python3-venv)",
    )?;
    step(
        Command::new(&interpreter)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .arg("-r")
            .arg(&requirements),
        "pip install -r python/requirements-test.txt",
    )?;
    std::fs::write(&stamp, &wanted).expect("write the environment's stamp");
    Ok(interpreter)
}

fn copy_sources(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create the package directory");
    for entry in std::fs::read_dir(from).expect("python/farkle") {
        let path = entry.expect("dir entry").path();
        let name = path
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        if path.is_file() && (name.ends_with(".py") || name == "py.typed") {
            std::fs::copy(&path, to.join(&name)).expect("copy a source");
        }
    }
}

/// The package as the wheel holds it, in a fresh directory; returns that directory.
fn stage_package(python: &str) -> PathBuf {
    let root = manifest_dir();
    let stage = fresh_dir("python-package");
    let package = stage.join("farkle");
    copy_sources(&root.join("python").join("farkle"), &package);
    let native = package.join("_native");
    std::fs::create_dir_all(&native).expect("create _native");
    std::fs::write(native.join("__init__.py"), LOADER).expect("write the loader");
    let out = Command::new(python)
        .arg(
            root.join("python")
                .join("build_backend")
                .join("farkle_cdef.py"),
        )
        .arg("--ffi-py")
        .arg(root.join("include").join("farkle.h"))
        .arg(native.join("ffi.py"))
        .output()
        .expect("run farkle_cdef.py");
    assert!(
        out.status.success(),
        "generating the bindings failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let library = library_dir().join("libfarkle.so");
    assert!(library.exists(), "{} was not built", library.display());
    std::fs::copy(&library, native.join("lib_native.so")).expect("copy the library");
    stage
}

#[test]
#[cfg_attr(miri, ignore = "Miri cannot run Python")]
fn the_python_package_passes_its_tests() {
    let python = match python() {
        Ok(python) => python,
        Err(why) => return skip("the_python_package_passes_its_tests", why),
    };
    let stage = stage_package(python);
    let root = manifest_dir();
    let out = Command::new(python)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "--color=no"])
        .arg(root.join("python").join("tests"))
        .current_dir(&stage)
        .env("PYTHONPATH", &stage)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("HYPOTHESIS_STORAGE_DIRECTORY", stage.join(".hypothesis"))
        .env("FARKLE_REPO", &root)
        .output()
        .expect("run pytest");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    assert!(out.status.success(), "pytest failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains(" passed"), "{stdout}");
}
