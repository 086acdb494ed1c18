// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The `farkle-server` command: serve online games, or check a finished game's dice.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use farkle_server::config::{Config, Database, Limits};
use farkle_server::fairness::{verify, FairnessRecord};

const HELP: &str = "\
farkle-server: online Farkle with friends

Usage:
  farkle-server [OPTIONS]          serve the web game and its rooms
  farkle-server verify FILE        check a finished game's dice against its seed
                                   (FILE: the JSON of /api/rooms/CODE/record, or -)

Options:
  --listen ADDR                    where to listen (default 127.0.0.1:8080; give an
                                   address such as 0.0.0.0:8080 to serve beyond this
                                   machine, normally behind a TLS reverse proxy)
  --database FILE|URL              the SQLite database (default
                                   $XDG_STATE_HOME/farkle/server.sqlite, or
                                   ~/.local/state/farkle/server.sqlite), or a
                                   postgres://USER:PASSWORD@HOST/DB URL, which several
                                   farkle-server processes may share
  --site DIR                       the web game's files (default: the installed copy,
                                   or web/site in a source tree)
  --tables DIR                     where solved win tables are kept (default: tables/
                                   beside the SQLite database, or in the state folder)
  --allow-origin ORIGIN            let pages from ORIGIN (https://example.org) open
                                   game sockets, besides the server's own (repeatable)
  --bot-delay-ms N                 pause before each bot action (default 700)
  --max-rooms N                    rooms in memory at once (default 1000)
  --idle-room-seconds N            how long a room nobody follows stays in memory
                                   (default 600; it stays in the database)
  --rooms-per-minute N             rooms one address may create per minute (default 10)
  --max-spectators N               spectators per room (default 50)
  --max-seats N                    seats per room, 2 to 8 (default 8)
  --max-connections-per-address N  sockets from one address at once (default 32)
  --frames-per-second N            frames one socket may send per second (default 20)
  --wrong-codes-per-minute N       wrong room codes or tokens per address (default 10)
  --slow-client-seconds N          drop a client that stopped reading after its
                                   socket stayed full this long (default 10)
  --drain-seconds N                on SIGTERM or Ctrl-C, answer /readyz 503 (not ready)
                                   for N seconds before stopping (default 0); then
                                   tell every client to reconnect, finish the writes
                                   under way and exit (within 10 s more)
  --no-metrics                     do not serve /metrics (served by default, on the
                                   same address as the game)
  --max-database-mb N              refuse changes, as on a full disk, once the database
                                   would grow past N megabytes (fractions allowed;
                                   default: no limit but the disk's)
  --help, --version

The environment variable RUST_LOG sets the log level (default: info).
";

/// How long the server, once it stops serving, waits for its connections to say goodbye
/// and its rooms to finish the writes under way.
const CLOSE_WITHIN: Duration = Duration::from_secs(10);

fn state_dir() -> PathBuf {
    std::env::var_os("XDG_STATE_HOME")
        .filter(|d| Path::new(d).is_absolute())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".local/state")))
        .unwrap_or_else(|| PathBuf::from("."))
        .join("farkle")
}

/// The web game's files: installed beside the program (PREFIX/share/farkle/site), or the
/// source tree's web/site.
fn default_site() -> Option<PathBuf> {
    let installed = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("share/farkle/site")));
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/site");
    [installed, Some(source)]
        .into_iter()
        .flatten()
        .find(|d| d.join("index.html").is_file())
        .map(|d| d.canonicalize().unwrap_or(d))
}

fn number<T: std::str::FromStr>(parser: &mut lexopt::Parser, name: &str) -> Result<T, String> {
    let value = parser.value().map_err(|e| e.to_string())?;
    value
        .to_str()
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("{name} takes a number, not {value:?}"))
}

// Made once per run: the size of the settings is nothing to box.
#[allow(clippy::large_enum_variant)]
enum Command {
    Serve(Config),
    Verify(PathBuf),
    Done,
}

fn parse() -> Result<Command, String> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_env();
    let mut listen: SocketAddr = "127.0.0.1:8080".parse().expect("an address");
    let mut database = None;
    let mut site = None;
    let mut tables = None;
    let mut allowed_origins = Vec::new();
    let mut bot_delay = Duration::from_millis(700);
    let mut idle_room = Duration::from_secs(600);
    let mut drain = Duration::ZERO;
    let mut metrics = true;
    let mut limits = Limits::default();
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("help") | Short('h') => {
                print!("{HELP}");
                return Ok(Command::Done);
            }
            Long("version") => {
                println!("farkle-server {}", env!("CARGO_PKG_VERSION"));
                return Ok(Command::Done);
            }
            Long("listen") => {
                let value = parser.value().map_err(|e| e.to_string())?;
                listen = value.to_str().and_then(|v| v.parse().ok()).ok_or_else(|| {
                    format!("--listen takes an address such as 127.0.0.1:8080, not {value:?}")
                })?;
            }
            Long("database") => {
                let value = parser.value().map_err(|e| e.to_string())?;
                database = Some(match value.to_str() {
                    Some(text) => Database::parse(text),
                    None => Database::Sqlite(PathBuf::from(value)),
                });
            }
            Long("site") => site = Some(PathBuf::from(parser.value().map_err(|e| e.to_string())?)),
            Long("tables") => {
                tables = Some(PathBuf::from(parser.value().map_err(|e| e.to_string())?));
            }
            Long("allow-origin") => allowed_origins.push(
                parser
                    .value()
                    .map_err(|e| e.to_string())?
                    .into_string()
                    .map_err(|v| format!("--allow-origin takes text, not {v:?}"))?,
            ),
            Long("bot-delay-ms") => {
                bot_delay = Duration::from_millis(number(&mut parser, "--bot-delay-ms")?);
            }
            Long("idle-room-seconds") => {
                idle_room = Duration::from_secs(number(&mut parser, "--idle-room-seconds")?);
            }
            Long("rooms-per-minute") => {
                limits.rooms_per_minute = number(&mut parser, "--rooms-per-minute")?;
            }
            Long("max-rooms") => limits.rooms = number(&mut parser, "--max-rooms")?,
            Long("max-spectators") => {
                limits.spectators_per_room = number(&mut parser, "--max-spectators")?;
            }
            Long("max-connections-per-address") => {
                limits.connections_per_address =
                    number(&mut parser, "--max-connections-per-address")?;
            }
            Long("frames-per-second") => {
                limits.frames_per_second = number(&mut parser, "--frames-per-second")?;
            }
            Long("wrong-codes-per-minute") => {
                limits.wrong_codes_per_minute = number(&mut parser, "--wrong-codes-per-minute")?;
            }
            Long("no-metrics") => metrics = false,
            Long("drain-seconds") => {
                drain = Duration::from_secs(number(&mut parser, "--drain-seconds")?);
            }
            Long("max-seats") => {
                limits.seats_per_room = number(&mut parser, "--max-seats")?;
                if !farkle_server::protocol::SEATS.contains(&limits.seats_per_room) {
                    return Err("--max-seats takes a number from 2 to 8".into());
                }
            }
            Long("slow-client-seconds") => {
                let seconds: u64 = number(&mut parser, "--slow-client-seconds")?;
                if seconds == 0 {
                    return Err("--slow-client-seconds takes a number from 1 up".into());
                }
                limits.slow_client = Duration::from_secs(seconds);
            }
            Long("max-database-mb") => {
                let mb: f64 = number(&mut parser, "--max-database-mb")?;
                if !(mb.is_finite() && mb > 0.0 && mb < 1e12) {
                    return Err("--max-database-mb takes a number of megabytes above 0".into());
                }
                // Whole bytes: the fraction of a byte is nothing to keep.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let bytes = (mb * 1_048_576.0) as u64;
                limits.database_bytes = Some(bytes);
            }
            Value(v) if v == "verify" => {
                let file = parser
                    .value()
                    .map_err(|_| "verify takes a file (or -)".to_owned())?;
                return Ok(Command::Verify(PathBuf::from(file)));
            }
            _ => return Err(format!("{}; see farkle-server --help", arg.unexpected())),
        }
    }
    let database = database.unwrap_or_else(|| Database::Sqlite(state_dir().join("server.sqlite")));
    if limits.database_bytes.is_some() && matches!(database, Database::Postgres(_)) {
        return Err(
            "--max-database-mb is for a SQLite database; PostgreSQL's size is its own \
                    setting"
                .into(),
        );
    }
    let tables = tables.or_else(|| match &database {
        Database::Sqlite(file) => file.parent().map(|d| d.join("tables")),
        Database::Postgres(_) => Some(state_dir().join("tables")),
    });
    Ok(Command::Serve(Config {
        listen,
        database,
        site: site.or_else(default_site),
        tables,
        allowed_origins,
        bot_delay,
        idle_room,
        drain,
        metrics,
        limits,
    }))
}

/// Checks a fairness record: the record itself, or any JSON object holding one under
/// `fairness` (a `state` frame's room).
fn verify_file(path: &Path) -> Result<usize, String> {
    let text = if path == Path::new("-") {
        std::io::read_to_string(std::io::stdin()).map_err(|e| e.to_string())?
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?
    };
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let inner = value
        .get("room")
        .and_then(|r| r.get("fairness"))
        .or_else(|| value.get("fairness"))
        .unwrap_or(&value);
    let record: FairnessRecord =
        serde_json::from_value(inner.clone()).map_err(|e| format!("not a fairness record: {e}"))?;
    verify(&record).map_err(|e| e.to_string())
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("a SIGTERM handler");
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = ctrl_c.await;
}

fn main() -> ExitCode {
    let config = match parse() {
        Ok(Command::Serve(config)) => config,
        Ok(Command::Verify(path)) => {
            return match verify_file(&path) {
                Ok(n) => {
                    println!("fair: the seed matches the commitment and gives all {n} rolls");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("farkle-server verify: NOT VERIFIED: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        Ok(Command::Done) => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("farkle-server: {e}");
            return ExitCode::from(2);
        }
    };
    // One level for the whole log (error, warn, info, debug or trace): the server's own
    // lines are what an operator reads.
    let level = std::env::var("RUST_LOG")
        .ok()
        .and_then(|l| l.parse::<tracing::level_filters::LevelFilter>().ok())
        .unwrap_or(tracing::level_filters::LevelFilter::INFO);
    tracing_subscriber::fmt()
        .with_max_level(level)
        .with_writer(std::io::stderr)
        // Colours on a terminal only: a journal or a log file gets plain text.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let runtime = tokio::runtime::Runtime::new().expect("a Tokio runtime");
    let result = runtime.block_on(async {
        let sqlite_dir = match &config.database {
            Database::Sqlite(file) => file.parent().filter(|d| !d.as_os_str().is_empty()),
            Database::Postgres(_) => None,
        };
        if let Some(dir) = sqlite_dir {
            // The database holds the seeds of games in play: folders made here are the
            // user's alone.
            let mut builder = std::fs::DirBuilder::new();
            builder.recursive(true);
            #[cfg(unix)]
            std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
            builder
                .create(dir)
                .map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let listener = tokio::net::TcpListener::bind(config.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
        let address = listener.local_addr().map_err(|e| e.to_string())?;
        match &config.site {
            Some(site) => tracing::info!(site = %site.display(), "serving the web game"),
            None => {
                tracing::warn!("no web game files found (--site DIR); serving the protocol only");
            }
        }
        tracing::info!(database = %config.database, "opening");
        let drain = config.drain;
        let opened = farkle_server::open_server(config).await?;
        let hub = opened.hub.clone();
        // On stdout once the server answers, for people and for the scripts that start it
        // on port 0.
        println!("farkle-server: listening on http://{address}/");
        let closing = hub.clone();
        let shutdown = async move {
            shutdown_signal().await;
            farkle_server::http::shutting_down();
            tracing::info!(drain_seconds = drain.as_secs(), "shutting down");
            if !drain.is_zero() {
                tokio::time::sleep(drain).await;
            }
            // No new sockets from here on; the open ones are told to reconnect.
            closing.begin_close();
        };
        farkle_server::serve(opened.router, listener, shutdown).await?;
        // The HTTP requests are answered; the sockets and the rooms finish within the bound.
        if !hub.close(CLOSE_WITHIN).await {
            tracing::warn!(
                after_seconds = CLOSE_WITHIN.as_secs(),
                "stopping with work unfinished"
            );
        }
        tracing::info!("stopped");
        Ok::<(), String>(())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("farkle-server: {e}");
            ExitCode::FAILURE
        }
    }
}
