// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! `make install-server`: the server and the web game where the installed server finds the
//! site by itself, and `make uninstall` taking both away.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::support::temp_dir;

fn make(target: &str, prefix: &Path) {
    let out = Command::new("make")
        .arg("-C")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .arg(target)
        .arg(format!("PREFIX={}", prefix.display()))
        .arg(concat!(
            "FARKLE_SERVER_BIN=",
            env!("CARGO_BIN_EXE_farkle-server")
        ))
        .output()
        .expect("make runs");
    assert!(out.status.success(), "make {target}: {out:?}");
}

#[test]
fn the_installed_server_serves_the_installed_site() {
    let dir = temp_dir("install");
    let prefix = dir.join("prefix");
    make("install-server", &prefix);
    let installed = prefix.join("bin/farkle-server");
    let index = prefix.join("share/farkle/site/index.html");
    assert!(installed.is_file() && index.is_file());
    // Marked, so that the source tree's copy (the fallback of a server built here) cannot
    // pass for it.
    let mut marked = std::fs::read_to_string(&index).unwrap();
    marked.push_str("<!-- the installed copy -->\n");
    std::fs::write(&index, &marked).unwrap();

    // No --site: the program finds PREFIX/share/farkle/site beside its own directory.
    let mut child = Command::new(&installed)
        .args(["--listen", "127.0.0.1:0", "--database"])
        .arg(dir.join("db.sqlite"))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    let address = line
        .trim()
        .trim_start_matches("farkle-server: listening on http://")
        .trim_end_matches('/')
        .to_owned();
    let mut stream = std::net::TcpStream::connect(&address).unwrap();
    std::io::Write::write_all(
        &mut stream,
        b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .unwrap();
    let mut response = String::new();
    std::io::Read::read_to_string(&mut stream, &mut response).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.ends_with(&marked), "the installed index.html");

    make("uninstall", &prefix);
    assert!(!installed.exists() && !index.exists());
}
