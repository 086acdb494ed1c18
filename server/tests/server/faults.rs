// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Faults: the server killed with SIGKILL at random points of 50 seeded games and started
//! again on the same database (every game must resume at or after its last acknowledged
//! change, keep its seats, seed commitment and score, and end exactly as a replay of its
//! log), and the same with two processes on one PostgreSQL, one of them killed at a time
//! while its players move to the other; the database full; a client that stops reading.

use std::time::{Duration, Instant};

use crate::support::{get, replay, short_rules, simple_move, temp_dir, Backend, Client, Server};
use farkle_server::config::Database;
use farkle_server::protocol::BotKind;
use farkle_server::room::Entry;
use farkle_server::store::Store;
use futures_util::SinkExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// A small seeded generator (xorshift64*): the kill points of each game are reproducible.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }
}

struct Seat {
    seat: usize,
    token: String,
    client: Client,
    /// The process the client is connected to.
    on: usize,
}

/// Kills process `killed` (SIGKILL) and starts it again; its players rejoin, on the other
/// process when there are two (as a load balancer would send them), else on the new one.
/// Returns the view the first of them rejoined to, if any was on that process.
async fn crash(
    backend: &Backend,
    dir: &std::path::Path,
    servers: &mut Vec<Server>,
    killed: usize,
    code: &str,
    seats: &mut [Seat],
) -> Option<Value> {
    servers.remove(killed).kill();
    servers.insert(killed, Server::start_on(backend, dir, &[]));
    let to = (killed + 1) % servers.len();
    let mut resumed = None;
    for seat in seats.iter_mut().filter(|s| s.on == killed) {
        seat.on = to;
        rejoin(&servers[to], code, std::slice::from_mut(seat)).await;
        resumed = resumed.or_else(|| seat.client.room.clone());
    }
    resumed
}

async fn rejoin(server: &Server, code: &str, seats: &mut [Seat]) {
    for seat in seats.iter_mut() {
        let mut client = Client::connect(server).await;
        assert_eq!(
            client.join(code, Some(&seat.token)).await["seat"],
            seat.seat
        );
        client.until(|r| r["code"] == code).await;
        seat.client = client;
    }
}

/// Each seat's name, kind and score: what a crash must not change (unlike who is connected).
fn standing(room: &Value) -> Vec<(Value, Value, Value, Value)> {
    room["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].clone(),
                s["kind"].clone(),
                s["score"].clone(),
                s["on_board"].clone(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "full tier: make check"]
async fn sigkill_at_random_points_of_50_games_loses_nothing_acknowledged() {
    let kills = kill_at_random_points(&Backend::Sqlite, "faults", 1, 50).await;
    assert!(kills >= 50, "{kills} kills in 50 games");
    eprintln!("50 games, {kills} kills");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "full tier: make check"]
async fn two_processes_on_postgres_killed_at_random_points_of_30_games_lose_nothing() {
    let Some(backend) = Backend::postgres("faults_two_processes") else {
        return;
    };
    let kills = kill_at_random_points(&backend, "faults_two_processes", 2, 30).await;
    assert!(kills >= 30, "{kills} kills in 30 games");
    eprintln!("30 games on two processes, {kills} kills");
}

/// Plays `games` seeded games of two people and a bot on `processes` server processes (the
/// host on the first, the guest on the last), killing one process at random points between
/// and during actions. Returns the number of kills.
async fn kill_at_random_points(backend: &Backend, name: &str, processes: usize, games: u64) -> u32 {
    let dir = backend.temp_dir(name);
    let mut servers: Vec<Server> = (0..processes)
        .map(|_| Server::start_on(backend, &dir, &[]))
        .collect();
    let mut kills = 0;
    for game in 0..games {
        let mut dice = Dice(0x9e37_79b9_7f4a_7c15 ^ (game + 1));
        // Two people and a bot, so that the bot also moves between (and during) kills.
        let guest_on = processes - 1;
        let mut host = Client::connect(&servers[0]).await;
        let (code, host_token) = host.create("Ann", short_rules(1000), 3).await;
        let mut guest = Client::connect(&servers[guest_on]).await;
        guest.join(&code, None).await;
        let guest_token = guest.take_seat(1, "Bo").await;
        host.send(json!({"type": "add_bot", "seat": 2, "bot": "threshold"}))
            .await;
        host.until(|r| r["seats"][2]["kind"] == "bot" && r["seats"][1]["kind"] == "human")
            .await;
        host.send(json!({"type": "start"})).await;
        let started = host.until(|r| r["stage"] == "playing").await;
        let commitment = started["fairness"]["commitment"].clone();
        let mut seats = vec![
            Seat {
                seat: 0,
                token: host_token,
                client: host,
                on: 0,
            },
            Seat {
                seat: 1,
                token: guest_token,
                client: guest,
                on: guest_on,
            },
        ];
        // The newest view any client has been sent: what the server has acknowledged.
        let mut acknowledged = started;
        loop {
            for seat in seats.iter() {
                if seat.client.version() > acknowledged["version"].as_u64().unwrap() {
                    acknowledged = seat.client.room.clone().unwrap();
                }
            }
            if acknowledged["stage"] == "over" {
                break;
            }
            let roll = dice.below(100);
            if roll < 6 {
                // A crash between two actions (the bot may be mid-move).
                let killed = dice.below(processes as u64) as usize;
                let resumed = crash(backend, &dir, &mut servers, killed, &code, &mut seats).await;
                kills += 1;
                // The players of the killed process see the game as the database has it.
                let Some(resumed) = resumed else { continue };
                assert!(
                    resumed["version"].as_u64() >= acknowledged["version"].as_u64(),
                    "game {game}: resumed at {} after {} was acknowledged",
                    resumed["version"],
                    acknowledged["version"]
                );
                assert_eq!(resumed["fairness"]["commitment"], commitment);
                if resumed["version"] == acknowledged["version"] {
                    assert_eq!(standing(&resumed), standing(&acknowledged), "game {game}");
                    assert_eq!(resumed["game"]["roll"], acknowledged["game"]["roll"]);
                    assert_eq!(
                        resumed["game"]["turn_points"],
                        acknowledged["game"]["turn_points"]
                    );
                }
                continue;
            }
            let current = acknowledged["game"]["current"].as_u64().unwrap() as usize;
            let version = acknowledged["version"].as_u64().unwrap();
            let Some(index) = seats.iter().position(|s| s.seat == current) else {
                // The bot's turn: wait for it.
                seats[0]
                    .client
                    .until(|r| r["version"].as_u64() > Some(version))
                    .await;
                continue;
            };
            let mover = &mut seats[index];
            let view = mover
                .client
                .until(|r| r["version"].as_u64() >= Some(version))
                .await;
            if view["version"] != version {
                continue;
            }
            mover
                .client
                .send(json!({"type": "act", "action": simple_move(&view["game"]), "version": version}))
                .await;
            if roll < 12 {
                // A crash with the action in flight, of the mover's process: applied or
                // not, never twice (the version check), and the game goes on either way.
                let killed = mover.on;
                let resumed = crash(backend, &dir, &mut servers, killed, &code, &mut seats)
                    .await
                    .expect("the mover rejoined");
                kills += 1;
                let at = resumed["version"].as_u64().unwrap();
                assert!(at >= version, "game {game}: {at} < {version}");
                assert_eq!(resumed["fairness"]["commitment"], commitment);
                acknowledged = resumed;
                continue;
            }
            mover
                .client
                .until(|r| r["version"].as_u64() > Some(version))
                .await;
        }
        let end = acknowledged;
        let scores: Vec<i64> = end["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["score"].as_i64().unwrap())
            .collect();
        for server in &servers {
            let (status, body) = get(server, &format!("/api/rooms/{code}/record")).await;
            assert_eq!(status, 200, "{body}");
            let record: Value = serde_json::from_str(&body).unwrap();
            assert_eq!(replay(&record), scores, "game {game}");
            assert_eq!(record["fairness"]["commitment"], commitment);
        }
    }
    kills
}

/// Sends a request of a room and reads until its outcome: the error frame, or `None` once the
/// room's view is past `version`.
async fn outcome(client: &mut Client, request: Value, version: u64) -> Option<Value> {
    client.send(request).await;
    loop {
        let frame = client.next().await.expect("the socket stays open");
        if frame["type"] == "error" {
            return Some(frame);
        }
        if client.version() > version {
            return None;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_database_refuses_changes_and_keeps_every_acknowledged_one() {
    let dir = temp_dir("database_full");
    // 64 KiB: SQLite fails a write that needs a page beyond it with SQLITE_FULL, the error
    // of a full disk.
    let limited = ["--max-database-mb", "0.0625", "--frames-per-second", "1000"];
    let server = Server::start(&dir, &limited);
    let mut other = Client::connect(&server).await;
    let (other_code, _) = other.create("Cy", short_rules(1000), 2).await;
    let mut host = Client::connect(&server).await;
    let (code, token) = host.create("Ann", short_rules(1000), 3).await;
    host.until(|r| r["code"] == code).await;

    // Seat a bot and open the seat again, over and over, until the database is full.
    let mut acknowledged = host.version();
    let mut seat_kind = "open";
    let started = Instant::now();
    let refusal = loop {
        let request = if seat_kind == "open" {
            json!({"type": "add_bot", "seat": 1, "bot": "random"})
        } else {
            json!({"type": "open_seat", "seat": 1})
        };
        if let Some(error) = outcome(&mut host, request, acknowledged).await {
            break error;
        }
        acknowledged = host.version();
        seat_kind = if seat_kind == "open" { "bot" } else { "open" };
        assert_eq!(host.room.as_ref().unwrap()["seats"][1]["kind"], seat_kind);
        assert!(acknowledged < 10_000, "64 KiB never filled");
    };
    eprintln!(
        "full after {acknowledged} entries, in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert_eq!(refusal["code"], "unavailable", "{refusal}");
    let message = refusal["message"].as_str().unwrap();
    assert!(message.contains("not stored"), "{message}");
    assert!(acknowledged > 10, "{acknowledged} entries");

    // The server is alive: it answers, it lets a spectator into the other room, its health
    // check passes, and the refused change did not happen.
    host.send(json!({"type": "ping"})).await;
    host.expect("pong").await;
    assert_eq!(host.version(), acknowledged);
    other.send(json!({"type": "ping"})).await;
    other.expect("pong").await;
    let mut spectator = Client::connect(&server).await;
    spectator.join(&other_code, None).await;
    spectator.until(|r| r["code"] == other_code).await;
    assert_eq!(get(&server, "/healthz").await.0, 200);
    // Still full: refused again, still unchanged.
    let again = outcome(&mut host, json!({"type": "add_seat"}), acknowledged)
        .await
        .expect("refused");
    assert_eq!(again["code"], "unavailable");
    assert_eq!(host.version(), acknowledged);

    // What the database holds is what was acknowledged, no more and no less: the room's
    // log read from the file has one entry per acknowledged version, the last one the seat
    // change the host last saw, and a server with room to spare replays it to exactly that
    // version and seat.
    let database = server.database.clone();
    server.kill();
    let store = Store::open(&Database::parse(&database), None)
        .await
        .expect("the database opens");
    let log = store.room_log(&code).await.unwrap().expect("the room");
    assert_eq!(log.len() as u64, acknowledged);
    assert!(matches!(log[0], Entry::Created { seats: 3, .. }));
    for (i, entry) in log.iter().enumerate().skip(1) {
        let expected = if i % 2 == 1 {
            Entry::BotAdded {
                seat: 1,
                bot: BotKind::Random,
            }
        } else {
            Entry::SeatOpened { seat: 1 }
        };
        assert_eq!(*entry, expected, "entry {}", i + 1);
    }
    drop(store);
    let server = Server::start(&dir, &[]);
    let mut host = Client::connect(&server).await;
    assert_eq!(host.join(&code, Some(&token)).await["seat"], 0);
    let resumed = host.until(|r| r["code"] == code).await;
    assert_eq!(resumed["version"], acknowledged);
    assert_eq!(resumed["seats"][1]["kind"], seat_kind);
    assert_eq!(resumed["seats"].as_array().unwrap().len(), 3);
    // And it takes changes again.
    assert!(
        outcome(&mut host, json!({"type": "add_seat"}), acknowledged)
            .await
            .is_none()
    );
    assert_eq!(host.version(), acknowledged + 1);
}

/// Whether the server accepts one more connection from this address (the limit counts the
/// connections it still holds).
async fn accepts_another(server: &Server) -> bool {
    let mut probe = Client::connect(server).await;
    probe.send(json!({"type": "ping"})).await;
    let answer = probe.next().await.expect("an answer");
    answer["type"] == "pong"
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_is_dropped_and_the_room_plays_on() {
    let dir = temp_dir("slow_client");
    let server = Server::start(
        &dir,
        &[
            "--slow-client-seconds",
            "1",
            "--max-connections-per-address",
            "2",
            "--frames-per-second",
            "1000",
        ],
    );
    let mut host = Client::connect(&server).await;
    let (code, _) = host.create("Ann", short_rules(1_000_000), 2).await;
    host.send(json!({"type": "add_bot", "seat": 1, "bot": "random"}))
        .await;
    host.until(|r| r["seats"][1]["kind"] == "bot").await;
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["stage"] == "playing").await;

    // A spectator with a small receive buffer that joins and then never reads again.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let stream = socket.connect(server.address).await.unwrap();
    let (mut slow, _) = tokio_tungstenite::client_async(server.ws_url(), stream)
        .await
        .unwrap();
    slow.send(Message::Text(
        json!({"type": "join", "room": code}).to_string().into(),
    ))
    .await
    .unwrap();
    // The host and the slow client are the address's two connections.
    assert!(!accepts_another(&server).await);

    // The host plays on; every change sends the slow client a view it does not read.
    let started = Instant::now();
    let mut slowest = Duration::ZERO;
    let mut actions = 0;
    let dropped_after = loop {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the slow client was not dropped in 30 s ({actions} actions)"
        );
        let room = host.room.clone().unwrap();
        let version = room["version"].as_u64().unwrap();
        if room["game"]["current"] == 0 {
            let sent = Instant::now();
            host.send(
                json!({"type": "act", "action": simple_move(&room["game"]), "version": version}),
            )
            .await;
            host.until(|r| r["version"].as_u64() > Some(version)).await;
            slowest = slowest.max(sent.elapsed());
            actions += 1;
        } else {
            host.until(|r| r["version"].as_u64() > Some(version)).await;
        }
        if actions % 10 == 0 && accepts_another(&server).await {
            break started.elapsed();
        }
    };
    eprintln!(
        "dropped after {:.1} s and {actions} actions; the slowest action took {} ms",
        dropped_after.as_secs_f64(),
        slowest.as_millis()
    );
    assert!(
        slowest < Duration::from_secs(1),
        "an action took {} ms",
        slowest.as_millis()
    );
    // The slow client's socket ends once it reads what was sent before.
    let drained = tokio::time::timeout(Duration::from_secs(10), async {
        use futures_util::StreamExt;
        while let Some(Ok(_)) = slow.next().await {}
    })
    .await;
    assert!(drained.is_ok(), "the slow client's socket is still open");
    // The room is unharmed and plays on.
    let room = host.room.clone().unwrap();
    assert_eq!(room["stage"], "playing");
}
