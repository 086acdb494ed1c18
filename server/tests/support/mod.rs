// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What the server's tests share: a farkle-server process on a loopback port of its own,
//! with a database in a temporary directory, and a WebSocket client that reads JSON frames.

#![allow(dead_code)]

pub mod postgres;
#[path = "../../../tests/support/skip.rs"]
pub mod skip;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for any one frame before it fails.
pub const FRAME_WAIT: Duration = Duration::from_secs(20);

/// How long a test waits for a room to reach a state, however many frames come meanwhile.
pub const UNTIL_WAIT: Duration = Duration::from_secs(60);

/// A fresh directory under the target directory, removed first if a previous run left it.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("server-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a test directory");
    dir
}

/// The database a test's servers keep their rooms in.
pub enum Backend {
    /// A SQLite file in the test's directory.
    Sqlite,
    /// The test's own PostgreSQL cluster.
    Postgres(postgres::Postgres),
}

impl Backend {
    /// A PostgreSQL cluster for the test `name`; `None` (said on the terminal) when
    /// PostgreSQL is not installed.
    pub fn postgres(name: &str) -> Option<Backend> {
        postgres::Postgres::start(name).map(Backend::Postgres)
    }

    /// A fresh directory for the test `name` on this backend.
    pub fn temp_dir(&self, name: &str) -> PathBuf {
        match self {
            Backend::Sqlite => temp_dir(name),
            Backend::Postgres(_) => temp_dir(&format!("{name}-on-postgres")),
        }
    }

    /// The `--database` argument for a server whose files are in `dir`.
    pub fn database(&self, dir: &Path) -> String {
        match self {
            Backend::Sqlite => dir.join("server.sqlite").display().to_string(),
            Backend::Postgres(postgres) => postgres.url(),
        }
    }
}

/// Runs each named test (an `async fn(&Backend)`) twice, as the tests `sqlite::NAME` and
/// `postgres::NAME`.
#[macro_export]
macro_rules! on_both_backends {
    ($($test:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $test() {
                    super::$test(&super::support::Backend::Sqlite).await;
                }
            )*
        }
        // A cluster of its own per test (initdb, start, stop): the full tier's, like the
        // other tests that need a system tool.
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                #[ignore = "full tier: make check"]
                async fn $test() {
                    if let Some(backend) = super::support::Backend::postgres(stringify!($test)) {
                        super::$test(&backend).await;
                    }
                }
            )*
        }
    };
}

/// A running farkle-server; killed (SIGKILL) when dropped.
pub struct Server {
    child: Child,
    /// Where it listens.
    pub address: SocketAddr,
    /// Its `--database` argument.
    pub database: String,
}

impl Server {
    /// Starts the server on a free loopback port with its SQLite database in `dir`, no bot
    /// delay, and `extra` arguments.
    pub fn start(dir: &Path, extra: &[&str]) -> Server {
        Server::start_on(&Backend::Sqlite, dir, extra)
    }

    /// Starts the server on `backend` (its files in `dir`) on a free loopback port, no bot
    /// delay, and `extra` arguments.
    pub fn start_on(backend: &Backend, dir: &Path, extra: &[&str]) -> Server {
        Server::start_logging(backend, dir, extra, "warn", Stdio::inherit())
    }

    /// As [`Server::start_on`], logging at `level` (RUST_LOG) to `log`.
    pub fn start_logging(
        backend: &Backend,
        dir: &Path,
        extra: &[&str],
        level: &str,
        log: impl Into<Stdio>,
    ) -> Server {
        let database = backend.database(dir);
        let mut child = Command::new(env!("CARGO_BIN_EXE_farkle-server"))
            .args([
                "--listen",
                "127.0.0.1:0",
                "--bot-delay-ms",
                "0",
                "--database",
            ])
            .arg(&database)
            .arg("--tables")
            .arg(dir.join("tables"))
            .args(extra)
            .env("RUST_LOG", level)
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .expect("farkle-server starts");
        let stdout = child.stdout.take().expect("piped");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the server says where it listens within 30 s");
        let address = line
            .trim()
            .strip_prefix("farkle-server: listening on http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .parse()
            .expect("an address");
        Server {
            child,
            address,
            database,
        }
    }

    /// The WebSocket URL.
    pub fn ws_url(&self) -> String {
        format!("ws://{}/ws", self.address)
    }

    /// The HTTP URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// Asks the process to stop (SIGTERM, as a service manager does).
    pub fn terminate(&self) {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
    }

    /// The exit status, once the process exits within `wait`.
    pub fn exit_within(&mut self, wait: Duration) -> Option<std::process::ExitStatus> {
        let since = std::time::Instant::now();
        while since.elapsed() < wait {
            if let Some(status) = self.child.try_wait().expect("the child") {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }

    /// Kills the process at once, as a crash would (SIGKILL), and waits for it.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A WebSocket client of the protocol.
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The newest `state` frame's `room`, once one came.
    pub room: Option<Value>,
    /// The seat the newest `state` frame said this connection holds.
    pub you: Option<usize>,
}

impl Client {
    /// Connects to the server.
    pub async fn connect(server: &Server) -> Client {
        Client::connect_with(server, &[])
            .await
            .expect("the socket opens")
    }

    /// Connects with extra request headers; the HTTP status on refusal.
    pub async fn connect_with(server: &Server, headers: &[(&str, &str)]) -> Result<Client, u16> {
        let mut request = server.ws_url().into_client_request().expect("a request");
        for (name, value) in headers {
            request.headers_mut().insert(
                tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(name.as_bytes())
                    .expect("a header name"),
                value.parse().expect("a header value"),
            );
        }
        match tokio_tungstenite::connect_async(request).await {
            Ok((socket, _)) => Ok(Client {
                socket,
                room: None,
                you: None,
            }),
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                Err(response.status().as_u16())
            }
            Err(e) => panic!("cannot connect: {e}"),
        }
    }

    /// Sends a frame of text as it is.
    pub async fn send_text(&mut self, text: &str) {
        self.socket
            .send(Message::Text(text.to_owned().into()))
            .await
            .expect("the frame is sent");
    }

    /// Sends a JSON message to a server that may be closing: false if it could not be sent.
    pub async fn try_send(&mut self, message: Value) -> bool {
        let text = Message::Text(message.to_string().into());
        self.socket.send(text).await.is_ok()
    }

    /// Sends a JSON message.
    pub async fn send(&mut self, message: Value) {
        self.send_text(&message.to_string()).await;
    }

    /// The next frame (states are remembered as they pass); `None` when the socket closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let frame = tokio::time::timeout(FRAME_WAIT, self.socket.next())
                .await
                .expect("a frame within the wait")?;
            let text = match frame {
                Ok(Message::Text(text)) => text.to_string(),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => continue,
            };
            let value: Value = serde_json::from_str(&text).expect("the server sends JSON");
            if value["type"] == "state" {
                self.room = Some(value["room"].clone());
                self.you = value["you"].as_u64().map(|s| s as usize);
            }
            return Some(value);
        }
    }

    /// Reads frames until the server closes the socket; returns the frames that came
    /// meanwhile and the close frame's code (`None`: closed without one).
    pub async fn until_closed(&mut self) -> (Vec<Value>, Option<u16>) {
        let mut frames = Vec::new();
        loop {
            let frame = tokio::time::timeout(FRAME_WAIT, self.socket.next())
                .await
                .expect("a frame within the wait");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    let value: Value = serde_json::from_str(&text).expect("JSON");
                    if value["type"] == "state" {
                        self.room = Some(value["room"].clone());
                        self.you = value["you"].as_u64().map(|s| s as usize);
                    }
                    frames.push(value);
                }
                Some(Ok(Message::Close(close))) => {
                    // Reading on sends the answering close, as a browser does at once: the
                    // server waits for it before it lets the connection go.
                    let _ = tokio::time::timeout(FRAME_WAIT, self.socket.next()).await;
                    return (frames, close.map(|c| u16::from(c.code)));
                }
                Some(Ok(_)) => {}
                None | Some(Err(_)) => return (frames, None),
            }
        }
    }

    /// Reads frames until one of type `kind`; panics on an error frame unless that is the
    /// kind awaited.
    pub async fn expect(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.next().await.expect("the socket stays open");
            if frame["type"] == kind {
                return frame;
            }
            assert_ne!(frame["type"], "error", "while awaiting {kind}: {frame}");
        }
    }

    /// Reads frames until an `error` frame, and returns its code.
    pub async fn expect_error(&mut self) -> String {
        let frame = self.expect("error").await;
        frame["code"].as_str().expect("a code").to_owned()
    }

    /// Reads frames until the room's view satisfies `done`; returns it.
    pub async fn until(&mut self, done: impl Fn(&Value) -> bool) -> Value {
        let since = std::time::Instant::now();
        loop {
            assert!(
                since.elapsed() < UNTIL_WAIT,
                "the room never got there: {:?}",
                self.room
            );
            if let Some(room) = &self.room {
                if done(room) {
                    return room.clone();
                }
            }
            let frame = self.next().await.expect("the socket stays open");
            assert_ne!(frame["type"], "error", "{frame}");
        }
    }

    /// Creates a room; returns its code and the host's token.
    pub async fn create(&mut self, name: &str, rules: Value, seats: usize) -> (String, String) {
        self.send(json!({"type": "create", "name": name, "rules": rules, "seats": seats}))
            .await;
        let welcome = self.expect("welcome").await;
        (
            welcome["room"].as_str().expect("a code").to_owned(),
            welcome["token"].as_str().expect("a token").to_owned(),
        )
    }

    /// Joins a room (with a seat's token, or as a spectator); returns the welcome frame.
    pub async fn join(&mut self, room: &str, token: Option<&str>) -> Value {
        let mut message = json!({"type": "join", "room": room});
        if let Some(token) = token {
            message["token"] = json!(token);
        }
        self.send(message).await;
        self.expect("welcome").await
    }

    /// Takes a seat; returns the seat's token.
    pub async fn take_seat(&mut self, seat: usize, name: &str) -> String {
        self.send(json!({"type": "take_seat", "seat": seat, "name": name}))
            .await;
        let welcome = self.expect("welcome").await;
        assert_eq!(welcome["seat"], seat);
        welcome["token"].as_str().expect("a token").to_owned()
    }

    /// The room's version as last seen.
    pub fn version(&self) -> u64 {
        self.room
            .as_ref()
            .and_then(|r| r["version"].as_u64())
            .unwrap_or(0)
    }
}

/// Plays moves for whichever of `clients` (each with its seat) holds the seat to move,
/// until the game is over.
pub async fn play_out(clients: &mut [(usize, &mut Client)]) -> Value {
    loop {
        // The freshest view any client has.
        let newest = (0..clients.len())
            .max_by_key(|&i| clients[i].1.version())
            .expect("a client");
        let room = clients[newest]
            .1
            .until(|r| r["stage"] == "over" || r["game"]["current"].is_u64())
            .await;
        if room["stage"] == "over" {
            return room;
        }
        let current = room["game"]["current"].as_u64().unwrap() as usize;
        let version = room["version"].as_u64().unwrap();
        let Some((_, mover)) = clients.iter_mut().find(|(seat, _)| *seat == current) else {
            // A bot's turn: wait for the next change.
            clients[newest]
                .1
                .until(|r| r["version"].as_u64() > Some(version))
                .await;
            continue;
        };
        let view = mover
            .until(|r| r["version"].as_u64() >= Some(version))
            .await;
        if view["version"] != version {
            continue;
        }
        let action = simple_move(&view["game"]);
        mover
            .send(json!({"type": "act", "action": action, "version": version}))
            .await;
        mover.until(|r| r["version"].as_u64() > Some(version)).await;
    }
}

/// A simple player: the first (best) selection, bank from 300 points, else roll.
pub fn simple_move(game: &Value) -> Value {
    if game["phase"] == "farkled" {
        return json!({"kind": "acknowledge_farkle"});
    }
    if game["phase"] == "awaiting_selection" {
        return json!({"kind": "select", "dice": game["selections"][0]["dice"]});
    }
    let points = game["turn_points"].as_i64().unwrap_or(0);
    if game["can_bank"] == true && (points >= 300 || game["can_roll"] != true) {
        json!({"kind": "bank"})
    } else if game["can_roll"] == true {
        json!({"kind": "roll"})
    } else {
        json!({"kind": "forfeit_turn"})
    }
}

/// Short games: the minimal preset to `target` points.
pub fn short_rules(target: i32) -> Value {
    let mut rules = serde_json::to_value(farkle::Preset::Minimal.rules()).expect("rules");
    rules["target_score"] = json!(target);
    rules
}

/// Roll `index`'s faces by the derivation docs/server.md gives, written out again here.
pub fn derived_faces(seed: &[u8], index: u64, count: usize) -> Vec<u8> {
    let mut faces = Vec::new();
    let mut block = 0u32;
    while faces.len() < count {
        let mut mac = Hmac::<Sha256>::new_from_slice(seed).unwrap();
        mac.update(b"farkle-roll");
        mac.update(&index.to_be_bytes());
        mac.update(&block.to_be_bytes());
        for b in mac.finalize().into_bytes() {
            if b < 252 && faces.len() < count {
                faces.push(b % 6 + 1);
            }
        }
        block += 1;
    }
    faces
}

/// The final scores of a game record (`/api/rooms/CODE/record`) replayed through the library, with every roll checked
/// against the revealed seed and the seed against the commitment.
pub fn replay(record: &Value) -> Vec<i64> {
    let fairness = &record["fairness"];
    let seed = hex::decode(fairness["seed"].as_str().expect("revealed")).expect("hex");
    assert_eq!(
        hex::encode(Sha256::digest(&seed)),
        fairness["commitment"].as_str().unwrap()
    );
    let rules: farkle::Rules = serde_json::from_value(record["rules"].clone()).unwrap();
    let players = record["players"].as_array().unwrap().len();
    let mut game = farkle::Game::new(rules, players, farkle::DiceSource::Supplied).unwrap();
    let mut rolls = 0u64;
    for action in record["actions"].as_array().unwrap() {
        let kind = action["action"]["kind"].as_str().unwrap();
        assert!(
            kind == "leave" || action["seat"] == game.current_player(),
            "{action}"
        );
        match kind {
            "roll" => {
                let dice: Vec<u8> = serde_json::from_value(action["dice"].clone()).unwrap();
                assert_eq!(
                    dice,
                    derived_faces(&seed, rolls, dice.len()),
                    "roll {rolls}"
                );
                assert_eq!(
                    dice,
                    fairness["rolls"][rolls as usize]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|f| f.as_u64().unwrap() as u8)
                        .collect::<Vec<_>>()
                );
                rolls += 1;
                game.roll_with(&dice).map(drop)
            }
            "select" => game
                .select_mask(action["action"]["mask"].as_u64().unwrap() as u16)
                .map(drop),
            "bank" => game.bank().map(drop),
            "acknowledge_farkle" => game.acknowledge_farkle(),
            "forfeit_turn" => game.forfeit_turn().map(drop),
            "undo" => game.undo().map(drop),
            "piggyback" => game.piggyback().map(drop),
            "leave" => game.leave(action["seat"].as_u64().unwrap() as usize),
            other => panic!("unknown action {other}"),
        }
        .unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    assert_eq!(rolls as usize, fairness["rolls"].as_array().unwrap().len());
    assert_eq!(game.phase(), farkle::Phase::GameOver);
    game.players().iter().map(|p| p.score).collect()
}

pub async fn get(server: &Server, path: &str) -> (u16, String) {
    // A plain HTTP/1.1 GET: the tests need no HTTP client crate for two requests.
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(server.address)
        .await
        .unwrap();
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.address
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text[9..12].parse().unwrap();
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    // Chunked bodies: the tests' bodies are JSON, so take the outermost object.
    let body = match (body.find('{'), body.rfind('}')) {
        (Some(a), Some(b)) if text.contains("chunked") => body[a..=b].to_owned(),
        _ => body,
    };
    (status, body)
}

/// `/metrics` as name-with-labels to value, read line by line here (not by the server's
/// library).
pub async fn metrics(server: &Server) -> std::collections::HashMap<String, f64> {
    let (status, body) = get(server, "/metrics").await;
    assert_eq!(status, 200, "{body}");
    assert!(body.ends_with("# EOF\n"), "{body}");
    body.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (name, value) = l.rsplit_once(' ').expect("name value");
            (name.to_owned(), value.parse().expect("a number"))
        })
        .collect()
}
