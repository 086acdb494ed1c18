// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A PostgreSQL server of the test's own: Debian's `postgresql` package, a cluster made by
//! `initdb` in a temporary directory, listening on a free loopback port only, run as the
//! `postgres` user when the tests run as root (PostgreSQL refuses root), and stopped when
//! dropped. Without PostgreSQL installed a test says it was skipped (a failure under CI).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::skip::skip;
use super::temp_dir;

/// A running PostgreSQL cluster.
pub struct Postgres {
    bin: PathBuf,
    data: PathBuf,
    log: PathBuf,
    port: u16,
    /// The user the server runs as, when the tests run as root.
    run_as: Option<&'static str>,
}

/// PostgreSQL's programs: Debian keeps them in /usr/lib/postgresql/VERSION/bin (the newest
/// version wins); elsewhere they are on PATH.
fn find_bin() -> Option<PathBuf> {
    let mut debian: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|b| b.join("initdb").is_file())
        .collect();
    debian.sort_by_key(|b| {
        b.parent()
            .and_then(|v| v.file_name())
            .and_then(|v| v.to_str())
            .and_then(|v| v.parse::<u32>().ok())
    });
    debian.pop().or_else(|| {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .find(|d| d.join("initdb").is_file() && d.join("pg_ctl").is_file())
        })
    })
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free loopback port")
        .port()
}

impl Postgres {
    /// Starts a cluster for the test `name` with a database `farkle`; `None` (said on the
    /// terminal) when PostgreSQL is not installed.
    pub fn start(name: &str) -> Option<Postgres> {
        let Some(bin) = find_bin() else {
            skip(name, "PostgreSQL is not installed (apt install postgresql)");
            return None;
        };
        let run_as = is_root().then_some("postgres");
        let dir = temp_dir(&format!("{name}-postgres"));
        let postgres = Postgres {
            bin,
            data: dir.join("data"),
            log: dir.join("postgres.log"),
            port: free_port(),
            run_as,
        };
        if let Some(user) = run_as {
            let chown = Command::new("chown")
                .args(["-R", user])
                .arg(&dir)
                .status()
                .expect("chown runs");
            assert!(chown.success(), "the test directory given to {user}");
        }
        let initdb = postgres.run(
            "initdb",
            &[
                "-D",
                path_str(&postgres.data),
                "-U",
                "farkle",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        assert!(initdb.status.success(), "initdb: {initdb:?}");
        postgres.start_again();
        let created = postgres.run_client("createdb", &["farkle"]);
        assert!(created.status.success(), "createdb: {created:?}");
        Some(postgres)
    }

    /// Runs one of PostgreSQL's clients against this server, as its superuser.
    fn run_client(&self, program: &str, args: &[&str]) -> Output {
        let port = self.port.to_string();
        let mut all = vec!["-h", "127.0.0.1", "-p", &port, "-U", "farkle"];
        all.extend_from_slice(args);
        self.run(program, &all)
    }

    fn run(&self, program: &str, args: &[&str]) -> Output {
        let program = self.bin.join(program);
        let mut command = match self.run_as {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(program);
                c
            }
            None => Command::new(program),
        };
        // pg_ctl and the server it starts must not hold the test's output pipes open.
        command
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The URL of the test database.
    pub fn url(&self) -> String {
        format!("postgres://farkle@127.0.0.1:{}/farkle", self.port)
    }

    /// Starts the server (again), on the same port, and waits until it accepts connections.
    pub fn start_again(&self) {
        // Loopback TCP only, no Unix socket (its path would be too long in a test folder).
        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {} -c unix_socket_directories='' \
             -c max_connections=100",
            self.port,
        );
        let started = self.run(
            "pg_ctl",
            &[
                "-D",
                path_str(&self.data),
                "-l",
                path_str(&self.log),
                "-o",
                &options,
                "-w",
                "-t",
                "60",
                "start",
            ],
        );
        assert!(
            started.status.success(),
            "pg_ctl start: {started:?}\n{}",
            std::fs::read_to_string(&self.log).unwrap_or_default()
        );
    }

    /// Stops the server, as an operator's restart does (fast shutdown: connections are
    /// closed, nothing committed is lost).
    pub fn stop(&self) {
        let stopped = self.run(
            "pg_ctl",
            &["-D", path_str(&self.data), "-m", "fast", "-w", "stop"],
        );
        assert!(stopped.status.success(), "pg_ctl stop: {stopped:?}");
    }

    /// Runs SQL through the server's own client, as the superuser; its standard output.
    pub fn sql(&self, sql: &str) -> String {
        let out = self.run_client(
            "psql",
            &["-d", "farkle", "-v", "ON_ERROR_STOP=1", "-At", "-c", sql],
        );
        assert!(out.status.success(), "psql {sql}: {out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("test paths are UTF-8")
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = self.run(
            "pg_ctl",
            &["-D", path_str(&self.data), "-m", "immediate", "-w", "stop"],
        );
        let _ = std::fs::remove_dir_all(self.data.parent().expect("a parent"));
    }
}
