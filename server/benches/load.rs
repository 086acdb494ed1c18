// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The server's load benchmark (not a test): simulated clients on loopback play games in
//! rooms at a chosen pace, and the program prints what the server held.
//!
//! ```sh
//! cargo bench -p farkle-server --bench load -- --clients 5000 --rate 1000 --duration 60
//! ```
//!
//! Without `--server` it starts the release `farkle-server` itself, on a free loopback port
//! with a fresh SQLite database under the target directory and the per-address limits
//! raised (every client comes from 127.0.0.1). With `--server ws://HOST:PORT` (repeatable)
//! it plays against running servers instead, each room's seats spread over them in turn.
//!
//! Every seat is a person driven by the generator, with seeded choices (the server rolls
//! the dice). Each room acts at its share of the overall rate, one action at a time. What
//! it measures:
//!
//! - acknowledged actions per second: an action is acknowledged when its seat receives the
//!   state the action made (the server stores a change before it publishes it);
//! - latency: from sending an action to every seat of the room having that state;
//! - the server's CPU time per action (utime + stime of /proc/PID/stat over the run) and its
//!   memory per room (the growth of its resident set while the rooms were set up);
//! - that nothing was lost: afterwards the server is killed (SIGKILL) and its database read,
//!   and every room's log must hold every change the room acknowledged. Against `--server`
//!   the rooms are joined again as a spectator instead, and the version each shows compared.
//!
//! A finished game's seats connect again and open a new room. docs/benchmarks.md has the
//! figures and the machine they were measured on.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::json;
use tokio::net::TcpStream;
use tokio::sync::{mpsc, watch, Semaphore};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

const HELP: &str = "\
load: the farkle-server load benchmark

Usage: cargo bench -p farkle-server --bench load -- [OPTIONS]

Options:
  --clients N        simulated clients, every one a seat (default 1000)
  --seats N          seats per room, 2 to 8 (default 4)
  --rate N           actions per second over all rooms (default 1000)
  --duration S       seconds of play measured (default 60)
  --seed N           seed of the players' choices (default 1)
  --rules NAME       the rules preset (default classic)
  --server URL       a running server's ws://HOST:PORT (repeatable; seats spread over
                     them in turn); without it the benchmark starts its own
  --pid PID          a running server's process, for its CPU and memory (repeatable)
  --server-bin FILE  the farkle-server to start (default: the one cargo built)
  --setup-at-once N  rooms being set up at once (default 32)
  --keep             keep the database of the server it started
  --timeline         print each second's actions, latencies and CPU
  --help
";

/// How long any one awaited frame may take before the room gives up.
const WAIT: Duration = Duration::from_secs(30);

#[derive(Debug, Clone)]
struct Options {
    clients: usize,
    seats: usize,
    rate: f64,
    duration: Duration,
    seed: u64,
    rules: String,
    servers: Vec<String>,
    pids: Vec<u32>,
    server_bin: PathBuf,
    setup_at_once: usize,
    keep: bool,
    timeline: bool,
}

fn parse_options() -> Result<Option<Options>, String> {
    use lexopt::prelude::*;
    fn number<T: std::str::FromStr>(p: &mut lexopt::Parser, name: &str) -> Result<T, String> {
        let value = p.value().map_err(|e| e.to_string())?;
        value
            .to_str()
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{name} takes a number, not {value:?}"))
    }
    let mut o = Options {
        clients: 1000,
        seats: 4,
        rate: 1000.0,
        duration: Duration::from_secs(60),
        seed: 1,
        rules: "classic".into(),
        servers: Vec::new(),
        pids: Vec::new(),
        server_bin: PathBuf::from(env!("CARGO_BIN_EXE_farkle-server")),
        setup_at_once: 32,
        keep: false,
        timeline: false,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("help") | Short('h') => {
                print!("{HELP}");
                return Ok(None);
            }
            // cargo bench passes --bench to every benchmark program.
            Long("bench") => {}
            Long("clients") => o.clients = number(&mut parser, "--clients")?,
            Long("seats") => o.seats = number(&mut parser, "--seats")?,
            Long("rate") => o.rate = number(&mut parser, "--rate")?,
            Long("duration") => {
                o.duration = Duration::from_secs_f64(number(&mut parser, "--duration")?);
            }
            Long("seed") => o.seed = number(&mut parser, "--seed")?,
            Long("rules") => {
                o.rules = parser
                    .value()
                    .map_err(|e| e.to_string())?
                    .into_string()
                    .map_err(|v| format!("--rules takes a name, not {v:?}"))?;
            }
            Long("server") => {
                let url = parser
                    .value()
                    .map_err(|e| e.to_string())?
                    .into_string()
                    .map_err(|v| format!("--server takes a URL, not {v:?}"))?;
                let url = url.trim_end_matches('/');
                o.servers.push(if url.ends_with("/ws") {
                    url.to_owned()
                } else {
                    format!("{url}/ws")
                });
            }
            Long("pid") => o.pids.push(number(&mut parser, "--pid")?),
            Long("server-bin") => {
                o.server_bin = PathBuf::from(parser.value().map_err(|e| e.to_string())?);
            }
            Long("setup-at-once") => o.setup_at_once = number(&mut parser, "--setup-at-once")?,
            Long("keep") => o.keep = true,
            Long("timeline") => o.timeline = true,
            _ => return Err(format!("{}; see --help", arg.unexpected())),
        }
    }
    if !(2..=8).contains(&o.seats) || o.clients < o.seats || !o.clients.is_multiple_of(o.seats) {
        return Err(format!(
            "--clients must be a multiple of --seats (2 to 8), not {} and {}",
            o.clients, o.seats
        ));
    }
    if !(o.rate > 0.0 && o.rate.is_finite()) || o.setup_at_once == 0 {
        return Err("--rate and --setup-at-once must be positive".into());
    }
    Ok(Some(o))
}

/// Raises the soft limit of open files to the hard one (the server started here inherits
/// it): each client is a socket here and one in the server. Returns the limit.
fn raise_open_files() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read or write the one struct given, which lives here.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut limit) != 0 {
            return 0;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raw const raised) == 0 {
                limit = raised;
            }
        }
    }
    limit.rlim_cur
}

/// A process's CPU time so far (user and system), in seconds.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (which may hold spaces) in parentheses: utime and
    // stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    // SAFETY: sysconf only reads a configuration value.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    Some((utime + stime) as f64 / ticks.max(1) as f64)
}

/// A process's resident set, in bytes.
fn rss_bytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The load average over the last minute.
fn load_average() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next()?.parse().ok())
        .unwrap_or(f64::NAN)
}

/// The CPU time and resident sets of the servers measured.
fn sample(pids: &[u32]) -> (f64, u64) {
    pids.iter().fold((0.0, 0), |(cpu, rss), &pid| {
        (
            cpu + cpu_seconds(pid).unwrap_or(0.0),
            rss + rss_bytes(pid).unwrap_or(0),
        )
    })
}

/// The players' choices: SplitMix64, so that a seed gives the same choices everywhere.
struct Choices(u64);

impl Choices {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// The parts of a `state` frame's room the players read.
#[derive(Debug, Clone, Deserialize)]
struct RoomView {
    version: u64,
    stage: String,
    game: Option<GameView>,
}

#[derive(Debug, Clone, Deserialize)]
struct GameView {
    phase: String,
    current: usize,
    turn_points: i64,
    can_roll: bool,
    can_bank: bool,
    can_forfeit: bool,
    selections: Vec<Selection>,
}

#[derive(Debug, Clone, Deserialize)]
struct Selection {
    dice: Vec<usize>,
}

#[derive(Deserialize)]
struct StateFrame {
    room: RoomView,
}

/// What a client received.
#[derive(Debug)]
enum What {
    State(RoomView),
    Welcome(String),
    Error(String),
    Closed,
}

#[derive(Debug)]
struct Event {
    seat: usize,
    at: Instant,
    what: What,
}

fn parse(text: &str) -> Option<What> {
    // State frames, the many, are read straight into the few fields the players need.
    if text.starts_with(r#"{"type":"state""#) {
        return serde_json::from_str::<StateFrame>(text)
            .ok()
            .map(|f| What::State(f.room));
    }
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    match value["type"].as_str()? {
        "welcome" => Some(What::Welcome(value["room"].as_str()?.to_owned())),
        "error" => Some(What::Error(format!(
            "{}: {}",
            value["code"], value["message"]
        ))),
        _ => None,
    }
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One client: frames out from its room's player, frames in to it, each stamped when it
/// arrived.
async fn drive(
    mut socket: Socket,
    seat: usize,
    events: mpsc::UnboundedSender<Event>,
    mut out: mpsc::UnboundedReceiver<String>,
) {
    let closed = |events: &mpsc::UnboundedSender<Event>| {
        let _ = events.send(Event {
            seat,
            at: Instant::now(),
            what: What::Closed,
        });
    };
    loop {
        tokio::select! {
            frame = socket.next() => {
                let at = Instant::now();
                let what = match frame {
                    Some(Ok(Message::Text(text))) => parse(text.as_str()),
                    Some(Ok(Message::Close(_)) | Err(_)) | None => {
                        closed(&events);
                        return;
                    }
                    Some(Ok(_)) => None,
                };
                if let Some(what) = what {
                    if events.send(Event { seat, at, what }).is_err() {
                        return;
                    }
                }
            }
            text = out.recv() => match text {
                Some(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        closed(&events);
                        return;
                    }
                }
                None => {
                    let _ = socket.close(None).await;
                    return;
                }
            }
        }
    }
}

/// What all rooms share.
struct Context {
    options: Options,
    urls: Vec<String>,
    setup: Semaphore,
}

/// A room's clients, as its player sees them.
struct Table {
    code: String,
    outs: Vec<mpsc::UnboundedSender<String>>,
    events: mpsc::UnboundedReceiver<Event>,
    /// The newest view any seat received.
    view: Option<RoomView>,
}

impl Table {
    fn send(&self, seat: usize, text: String) -> Result<(), String> {
        self.outs[seat]
            .send(text)
            .map_err(|_| format!("seat {seat}'s connection is gone"))
    }

    async fn next(&mut self) -> Result<Event, String> {
        let event = tokio::time::timeout(WAIT, self.events.recv())
            .await
            .map_err(|_| format!("room {}: no frame for {} s", self.code, WAIT.as_secs()))?
            .ok_or("every connection is gone")?;
        if let What::State(view) = &event.what {
            if self.view.as_ref().is_none_or(|v| v.version < view.version) {
                self.view = Some(view.clone());
            }
        }
        Ok(event)
    }

    /// Reads until `seat` is welcomed; returns the room's code.
    async fn welcome(&mut self, seat: usize) -> Result<String, String> {
        loop {
            let event = self.next().await?;
            match event.what {
                What::Welcome(code) if event.seat == seat => return Ok(code),
                What::Error(e) => return Err(format!("seat {}: {e}", event.seat)),
                What::Closed => return Err(format!("seat {} closed", event.seat)),
                _ => {}
            }
        }
    }

    /// Connects the seats, creates the room, seats everyone and starts the game.
    async fn open(context: &Context, room: usize) -> Result<Table, String> {
        let seats = context.options.seats;
        let (events_in, events) = mpsc::unbounded_channel();
        let mut outs = Vec::with_capacity(seats);
        for seat in 0..seats {
            let url = &context.urls[(room * seats + seat) % context.urls.len()];
            // State frames are a few kilobytes: the default read buffer (128 KiB, zeroed
            // before each read) would cost the generator CPU the server needs.
            let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
            let (socket, _) =
                tokio_tungstenite::connect_async_with_config(url.as_str(), Some(config), true)
                    .await
                    .map_err(|e| format!("cannot connect to {url}: {e}"))?;
            let (out, out_rx) = mpsc::unbounded_channel();
            tokio::spawn(drive(socket, seat, events_in.clone(), out_rx));
            outs.push(out);
        }
        let mut table = Table {
            code: String::new(),
            outs,
            events,
            view: None,
        };
        table.send(
            0,
            json!({"type": "create", "name": "seat 0", "rules": context.options.rules,
                   "seats": seats})
            .to_string(),
        )?;
        table.code = table.welcome(0).await?;
        for seat in 1..seats {
            table.send(
                seat,
                json!({"type": "join", "room": table.code}).to_string(),
            )?;
            table.welcome(seat).await?;
            table.send(
                seat,
                json!({"type": "take_seat", "seat": seat, "name": format!("seat {seat}")})
                    .to_string(),
            )?;
            table.welcome(seat).await?;
        }
        table.send(0, json!({"type": "start"}).to_string())?;
        // Every seat sees the game under way.
        let mut playing = vec![false; seats];
        while playing.contains(&false) {
            let event = table.next().await?;
            match event.what {
                What::State(view) if view.stage == "playing" => playing[event.seat] = true,
                What::Error(e) => return Err(format!("seat {}: {e}", event.seat)),
                What::Closed => return Err(format!("seat {} closed", event.seat)),
                _ => {}
            }
        }
        Ok(table)
    }
}

/// A player's choice: the best or second-best selection, banking from a threshold of its
/// own.
fn choose(game: &GameView, bank_at: i64, choices: &mut Choices) -> String {
    let action = match game.phase.as_str() {
        "farkled" => json!({"kind": "acknowledge_farkle"}),
        "awaiting_selection" => {
            let n = game.selections.len().min(2) as u64;
            let pick = &game.selections[choices.below(n) as usize];
            json!({"kind": "select", "dice": pick.dice})
        }
        _ if game.can_bank && (game.turn_points >= bank_at || !game.can_roll) => {
            json!({"kind": "bank"})
        }
        _ if game.can_roll => json!({"kind": "roll"}),
        _ if game.can_forfeit => json!({"kind": "forfeit_turn"}),
        _ => json!({"kind": "bank"}),
    };
    action.to_string()
}

/// What one room's player did.
#[derive(Debug, Default)]
struct RoomStats {
    acknowledged: u64,
    refused: u64,
    latencies_us: Vec<u32>,
    /// When each acknowledged action was sent, in milliseconds from the start, beside
    /// `latencies_us`.
    sent_ms: Vec<u32>,
    /// Every room played, with the version of its last acknowledged change.
    rooms: Vec<(String, u64)>,
    games_finished: u64,
    failure: Option<String>,
}

/// One room's player: sets up its room, waits for the start, then acts at its pace until
/// the end.
async fn player(
    context: Arc<Context>,
    index: usize,
    ready: mpsc::UnboundedSender<Result<(), String>>,
    mut start: watch::Receiver<Option<Instant>>,
    report: mpsc::UnboundedSender<RoomStats>,
    mut close: watch::Receiver<bool>,
) {
    let mut stats = RoomStats::default();
    let opened = {
        let _permit = context.setup.acquire().await;
        Table::open(&context, index).await
    };
    let _ = ready.send(opened.as_ref().map(drop).map_err(Clone::clone));
    let Ok(mut table) = opened else {
        return;
    };
    let Ok(start) = start
        .wait_for(Option::is_some)
        .await
        .map(|s| s.expect("set"))
    else {
        return;
    };
    let options = &context.options;
    let rooms = (options.clients / options.seats) as f64;
    let interval = Duration::from_secs_f64(rooms / options.rate);
    let mut choices = Choices(options.seed ^ (index as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
    let end = start + options.duration;
    // Rooms act in turn, spread evenly over the interval.
    let mut next = start + interval.mul_f64(choices.below(1 << 20) as f64 / f64::from(1 << 20));
    let mut bank_at = 300 + 50 * choices.below(10) as i64;
    let seats = options.seats;
    'play: while next < end {
        tokio::time::sleep_until(next).await;
        // A room behind its pace catches up, but stops at the end with the others.
        if Instant::now() >= end {
            break;
        }
        next += interval;
        let Some(view) = table.view.clone() else {
            stats.failure = Some("no view".into());
            break;
        };
        if view.stage == "over" {
            stats.games_finished += 1;
            stats.rooms.push((table.code.clone(), view.version));
            drop(table);
            table = match Table::open(&context, index).await {
                Ok(t) => t,
                Err(e) => {
                    stats.failure = Some(e);
                    return finish(stats, &report, close).await;
                }
            };
            bank_at = 300 + 50 * choices.below(10) as i64;
            continue;
        }
        let Some(game) = view.game.as_ref() else {
            stats.failure = Some("a game under way has no game".into());
            break;
        };
        let mover = game.current;
        let action = choose(game, bank_at, &mut choices);
        let frame = format!(
            r#"{{"type":"act","action":{action},"version":{}}}"#,
            view.version
        );
        let sent = Instant::now();
        if let Err(e) = table.send(mover, frame) {
            stats.failure = Some(e);
            break;
        }
        let mut seen = vec![None; seats];
        while seen.contains(&None) {
            let event = match table.next().await {
                Ok(e) => e,
                Err(e) => {
                    stats.failure = Some(e);
                    break 'play;
                }
            };
            match event.what {
                What::State(v) if v.version > view.version => {
                    seen[event.seat].get_or_insert(event.at);
                }
                What::Error(e) if event.seat == mover => {
                    stats.refused += 1;
                    if stats.refused > 100 {
                        stats.failure = Some(format!("too many refusals, last: {e}"));
                        break 'play;
                    }
                    continue 'play;
                }
                What::Closed => {
                    stats.failure =
                        Some(format!("room {}: seat {} closed", table.code, event.seat));
                    break 'play;
                }
                _ => {}
            }
        }
        let done = seen.iter().flatten().max().copied().unwrap_or(sent);
        stats.acknowledged += 1;
        let micros = done.duration_since(sent).as_micros();
        stats
            .latencies_us
            .push(u32::try_from(micros).unwrap_or(u32::MAX));
        let since = sent.saturating_duration_since(start).as_millis();
        stats.sent_ms.push(u32::try_from(since).unwrap_or(u32::MAX));
    }
    if let Some(view) = &table.view {
        stats.rooms.push((table.code.clone(), view.version));
    }
    // The connections stay open until every room has finished, so that the server's CPU
    // over the run is that of play alone.
    let _ = report.send(stats);
    let _ = close.wait_for(|c| *c).await;
    drop(table);
}

async fn finish(
    stats: RoomStats,
    report: &mpsc::UnboundedSender<RoomStats>,
    mut close: watch::Receiver<bool>,
) {
    let _ = report.send(stats);
    let _ = close.wait_for(|c| *c).await;
}

/// A farkle-server started by the benchmark.
struct Spawned {
    child: Child,
    url: String,
    dir: PathBuf,
    database: PathBuf,
}

fn start_server(options: &Options, rooms: usize) -> Result<Spawned, String> {
    use std::io::BufRead;
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let database = dir.join("server.sqlite");
    // Every client comes from 127.0.0.1: the per-address limits are raised out of the way,
    // and there is room for the rooms that finished games leave in memory meanwhile.
    let many = (rooms * 8 + 1000).to_string();
    let mut child = Command::new(&options.server_bin)
        .args(["--listen", "127.0.0.1:0", "--database"])
        .arg(&database)
        .args(["--max-rooms", &many])
        .args(["--max-connections-per-address", &many])
        .args(["--rooms-per-minute", &many])
        // A seat sends a frame per action of its turns: a few rooms at a high rate would
        // meet the frame rate meant for people.
        .args(["--frames-per-second", "1000"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", options.server_bin.display()))?;
    let stdout = child.stdout.take().expect("piped");
    let mut line = String::new();
    let _ = std::io::BufReader::new(stdout).read_line(&mut line);
    let address = line
        .trim()
        .strip_prefix("farkle-server: listening on http://")
        .and_then(|a| a.strip_suffix('/'))
        .ok_or_else(|| format!("the server did not start: {line:?}"))?
        .to_owned();
    Ok(Spawned {
        child,
        url: format!("ws://{address}/ws"),
        dir,
        database,
    })
}

/// The version of every room in the database: the number of its log's entries, checked to
/// be numbered 1 to that without a gap.
async fn stored_versions(database: &Path) -> Result<HashMap<String, u64>, String> {
    use sqlx::sqlite::SqliteConnectOptions;
    use sqlx::ConnectOptions;
    let mut connection = SqliteConnectOptions::new()
        .filename(database)
        .read_only(true)
        .connect()
        .await
        .map_err(|e| e.to_string())?;
    let rows: Vec<(String, i64, i64)> =
        sqlx::query_as("SELECT code, COUNT(*), MAX(seq) FROM room_log GROUP BY code")
            .fetch_all(&mut connection)
            .await
            .map_err(|e| e.to_string())?;
    let mut versions = HashMap::new();
    for (code, count, max) in rows {
        if count != max {
            return Err(format!("room {code}: {count} entries numbered up to {max}"));
        }
        versions.insert(code, u64::try_from(count).unwrap_or(0));
    }
    Ok(versions)
}

/// The version every room shows a spectator joining it now (for servers not started here).
async fn joined_versions(
    urls: &[String],
    codes: &[String],
) -> Result<HashMap<String, u64>, String> {
    let limit = Arc::new(Semaphore::new(32));
    let mut tasks = Vec::new();
    for (i, code) in codes.iter().enumerate() {
        let url = urls[i % urls.len()].clone();
        let code = code.clone();
        let limit = limit.clone();
        tasks.push(tokio::spawn(async move {
            let _permit = limit.acquire().await;
            let (mut socket, _) = tokio_tungstenite::connect_async(url.as_str())
                .await
                .map_err(|e| e.to_string())?;
            socket
                .send(Message::Text(
                    json!({"type": "join", "room": code}).to_string().into(),
                ))
                .await
                .map_err(|e| e.to_string())?;
            loop {
                let frame = tokio::time::timeout(WAIT, socket.next())
                    .await
                    .map_err(|_| format!("room {code}: no answer"))?;
                let Some(Ok(Message::Text(text))) = frame else {
                    return Err(format!("room {code}: closed"));
                };
                match parse(text.as_str()) {
                    Some(What::State(view)) => return Ok((code, view.version)),
                    Some(What::Error(e)) => return Err(format!("room {code}: {e}")),
                    _ => {}
                }
            }
        }));
    }
    let mut versions = HashMap::new();
    for task in tasks {
        let (code, version) = task.await.map_err(|e| e.to_string())??;
        versions.insert(code, version);
    }
    Ok(versions)
}

/// Each second of the run: the actions sent in it, their latencies, and the CPU the servers
/// and the generator took in it.
fn print_timeline(all: &RoomStats, samples: &[(f64, f64, f64)]) {
    let seconds = all
        .sent_ms
        .iter()
        .max()
        .map_or(0, |&m| m as usize / 1000 + 1);
    let mut by_second = vec![Vec::new(); seconds];
    for (&sent, &latency) in all.sent_ms.iter().zip(&all.latencies_us) {
        by_second[sent as usize / 1000].push(latency);
    }
    println!();
    println!("| second | actions | p50 ms | p99 ms | max ms | server CPU | generator CPU | load |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (second, latencies) in by_second.iter_mut().enumerate() {
        latencies.sort_unstable();
        let cpu =
            |i: usize, f: fn(&(f64, f64, f64)) -> f64| match (samples.get(i), samples.get(i + 1)) {
                (Some(a), Some(b)) => format!("{:.0} %", (f(b) - f(a)) * 100.0),
                _ => "-".into(),
            };
        println!(
            "| {second} | {} | {:.1} | {:.1} | {:.1} | {} | {} | {} |",
            latencies.len(),
            percentile(latencies, 0.5),
            percentile(latencies, 0.99),
            percentile(latencies, 1.0),
            cpu(second, |s| s.0),
            cpu(second, |s| s.1),
            samples
                .get(second)
                .map_or("-".into(), |s| format!("{:.1}", s.2)),
        );
    }
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    f64::from(sorted[rank - 1]) / 1000.0
}

async fn run(options: Options) -> Result<bool, String> {
    let rooms = options.clients / options.seats;
    let open_files = raise_open_files();
    if open_files < options.clients as u64 + 100 {
        eprintln!(
            "load: warning: {open_files} open files allowed, {} clients need more \
             (raise the hard limit: ulimit -Hn)",
            options.clients
        );
    }
    let mut spawned = None;
    let (urls, mut pids) = if options.servers.is_empty() {
        let server = start_server(&options, rooms)?;
        let urls = vec![server.url.clone()];
        let pid = server.child.id();
        spawned = Some(server);
        (urls, vec![pid])
    } else {
        (options.servers.clone(), Vec::new())
    };
    pids.extend(&options.pids);
    let me = std::process::id();
    println!(
        "load: {} clients in {rooms} rooms of {} ({} rules), {} actions/s for {} s, \
         against {}{}",
        options.clients,
        options.seats,
        options.rules,
        options.rate,
        options.duration.as_secs_f64(),
        urls.join(", "),
        if spawned.is_some() {
            format!(" (started here, pid {}, SQLite)", pids[0])
        } else {
            String::new()
        }
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, rss_before) = sample(&pids);
    let context = Arc::new(Context {
        setup: Semaphore::new(options.setup_at_once),
        urls: urls.clone(),
        options: options.clone(),
    });
    let (ready_tx, mut ready) = mpsc::unbounded_channel();
    let (start_tx, start_rx) = watch::channel(None);
    let (report_tx, mut reports) = mpsc::unbounded_channel();
    let (close_tx, close_rx) = watch::channel(false);
    let setup_began = Instant::now();
    for index in 0..rooms {
        tokio::spawn(player(
            context.clone(),
            index,
            ready_tx.clone(),
            start_rx.clone(),
            report_tx.clone(),
            close_rx.clone(),
        ));
    }
    drop((ready_tx, report_tx));
    let mut failed = 0;
    let mut first_failure = None;
    for _ in 0..rooms {
        match ready.recv().await {
            Some(Ok(())) => {}
            Some(Err(e)) => {
                failed += 1;
                first_failure.get_or_insert(e);
            }
            None => break,
        }
    }
    let setup_time = setup_began.elapsed();
    if let Some(e) = first_failure {
        eprintln!("load: {failed} rooms could not be set up; the first: {e}");
    }
    let (cpu_begin, rss_ready) = sample(&pids);
    let my_cpu_begin = cpu_seconds(me).unwrap_or(0.0);
    println!(
        "load: {} rooms set up in {:.1} s; playing",
        rooms - failed,
        setup_time.as_secs_f64()
    );
    let began = Instant::now();
    start_tx.send_replace(Some(began));
    // The servers' and the generator's CPU, every second of the run.
    let samples = Arc::new(std::sync::Mutex::new(Vec::new()));
    let sampler = {
        let pids = pids.clone();
        let samples = samples.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(1));
            loop {
                every.tick().await;
                let taken = (
                    sample(&pids).0,
                    cpu_seconds(me).unwrap_or(0.0),
                    load_average(),
                );
                samples.lock().expect("no panic").push(taken);
            }
        })
    };
    let mut all = RoomStats::default();
    let mut failures = Vec::new();
    // Every room that was set up reports once (and keeps its connections open meanwhile).
    for _ in 0..rooms - failed {
        let Some(stats) = reports.recv().await else {
            break;
        };
        all.acknowledged += stats.acknowledged;
        all.refused += stats.refused;
        all.games_finished += stats.games_finished;
        all.latencies_us.extend(stats.latencies_us);
        all.sent_ms.extend(stats.sent_ms);
        all.rooms.extend(stats.rooms);
        failures.extend(stats.failure);
    }
    let elapsed = began.elapsed().as_secs_f64();
    let (cpu_end, rss_end) = sample(&pids);
    sampler.abort();
    let my_cpu = cpu_seconds(me).unwrap_or(0.0) - my_cpu_begin;
    close_tx.send_replace(true);
    // Lets the connections close.
    tokio::time::sleep(Duration::from_millis(500)).await;

    // Nothing acknowledged lost: the database, read after a SIGKILL, or the servers asked.
    let codes: Vec<String> = all.rooms.iter().map(|(c, _)| c.clone()).collect();
    let stored = match &mut spawned {
        Some(server) => {
            let _ = server.child.kill();
            let _ = server.child.wait();
            stored_versions(&server.database).await
        }
        None => joined_versions(&urls, &codes).await,
    };
    let (mut lost, mut unacknowledged, mut stored_actions) = (0u64, 0u64, 0u64);
    // Created, a seat taken by each guest, Started.
    let setup_entries = options.seats as u64 + 1;
    let check = match &stored {
        Ok(versions) => {
            for (code, acknowledged) in &all.rooms {
                let have = versions.get(code).copied().unwrap_or(0);
                lost += acknowledged.saturating_sub(have);
                unacknowledged += have.saturating_sub(*acknowledged);
                stored_actions += have.saturating_sub(setup_entries);
            }
            format!(
                "{} rooms checked: {lost} acknowledged changes missing, {unacknowledged} \
                 stored but not acknowledged; {stored_actions} actions stored",
                all.rooms.len()
            )
        }
        Err(e) => format!("could not be checked: {e}"),
    };
    if let Some(server) = &spawned {
        if !options.keep {
            let _ = std::fs::remove_dir_all(&server.dir);
        } else {
            println!("load: database kept in {}", server.database.display());
        }
    }

    let mut sorted = all.latencies_us.clone();
    sorted.sort_unstable();
    let rate = all.acknowledged as f64 / elapsed;
    let server_cpu = cpu_end - cpu_begin;
    let per_action_us = server_cpu / all.acknowledged.max(1) as f64 * 1e6;
    let rss_per_room = (rss_ready.saturating_sub(rss_before)) as f64 / rooms.max(1) as f64 / 1024.0;
    println!();
    println!(
        "| clients | rooms | offered/s | acknowledged/s | p50 ms | p99 ms | max ms | \
         server CPU µs/action | server CPU | generator CPU | RSS KiB/room | lost |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    println!(
        "| {} | {rooms} | {} | {rate:.0} | {:.1} | {:.1} | {:.1} | {per_action_us:.0} | \
         {:.0} % | {:.0} % | {rss_per_room:.1} | {lost} |",
        options.clients,
        options.rate,
        percentile(&sorted, 0.50),
        percentile(&sorted, 0.99),
        percentile(&sorted, 1.0),
        server_cpu / elapsed * 100.0,
        my_cpu / elapsed * 100.0,
    );
    println!();
    println!(
        "load: {} actions acknowledged in {elapsed:.1} s, {} refused, {} games finished \
         (their seats opened new rooms)",
        all.acknowledged, all.refused, all.games_finished
    );
    println!(
        "load: server resident set {:.1} MiB before the rooms, {:.1} MiB with them, \
         {:.1} MiB at the end",
        rss_before as f64 / 1048576.0,
        rss_ready as f64 / 1048576.0,
        rss_end as f64 / 1048576.0
    );
    println!("load: nothing lost? {check}");
    if options.timeline {
        print_timeline(&all, &samples.lock().expect("no panic"));
    }
    if !failures.is_empty() {
        println!(
            "load: {} rooms stopped early; the first: {}",
            failures.len(),
            failures[0]
        );
    }
    Ok(stored.is_ok() && lost == 0 && failures.is_empty() && failed == 0)
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(Some(o)) => o,
        Ok(None) => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("load: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a Tokio runtime");
    match runtime.block_on(run(options)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("load: {e}");
            ExitCode::FAILURE
        }
    }
}
