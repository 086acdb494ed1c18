// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What an operator relies on, against a real server on a loopback port: SIGTERM tells every
//! client to reconnect and loses nothing acknowledged; `/metrics` counts what happened; the
//! log names rooms and never holds a token, its hash or a seed in play. Every test runs on
//! SQLite and on a PostgreSQL cluster of its own.

use std::time::{Duration, Instant};

use crate::on_both_backends;
use crate::support;
use crate::support::{get, metrics, play_out, short_rules, simple_move, Backend, Client, Server};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// Waits until `/metrics` says `name` is `value`.
async fn metric_reaches(server: &Server, name: &str, value: f64) {
    let since = Instant::now();
    loop {
        let now = metrics(server).await.get(name).copied();
        if now == Some(value) {
            return;
        }
        assert!(
            since.elapsed() < Duration::from_secs(10),
            "{name} is {now:?}, not {value}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn sigterm_tells_every_client_to_reconnect_and_loses_nothing_acknowledged(backend: &Backend) {
    let dir = backend.temp_dir("sigterm");
    let mut server = Server::start_on(backend, &dir, &[]);
    let mut host = Client::connect(&server).await;
    let (code, host_token) = host.create("Ann", short_rules(10_000), 2).await;
    let mut guest = Client::connect(&server).await;
    guest.join(&code, None).await;
    guest.take_seat(1, "Bo").await;
    let mut spectator = Client::connect(&server).await;
    spectator.join(&code, None).await;
    // A socket in no room is told too.
    let mut idle = Client::connect(&server).await;
    idle.send(json!({"type": "ping"})).await;
    idle.expect("pong").await;
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["stage"] == "playing").await;
    let mut seated = [(0, &mut host), (1, &mut guest)];
    // A few acknowledged actions.
    for _ in 0..4 {
        let room = seated[0].1.until(|r| r["game"]["current"].is_u64()).await;
        let version = room["version"].as_u64().unwrap();
        let current = room["game"]["current"].as_u64().unwrap() as usize;
        let mover = &mut seated[current].1;
        let view = mover.until(|r| r["version"] == version).await;
        let action = simple_move(&view["game"]);
        mover
            .send(json!({"type": "act", "action": action, "version": version}))
            .await;
        mover.until(|r| r["version"].as_u64() > Some(version)).await;
        seated[0]
            .1
            .until(|r| r["version"].as_u64() > Some(version))
            .await;
    }
    // One more sent, and the signal at once: it may or may not be acknowledged, but if it
    // is, it must be kept.
    let room = host.until(|r| r["game"]["current"].is_u64()).await;
    let before = room["version"].as_u64().unwrap();
    let current = room["game"]["current"].as_u64().unwrap() as usize;
    let action = simple_move(&room["game"]);
    let mover = if current == 0 { &mut host } else { &mut guest };
    mover.until(|r| r["version"] == before).await;
    mover
        .send(json!({"type": "act", "action": action, "version": before}))
        .await;
    server.terminate();
    let told = Instant::now();
    // Frames still arriving as the server closes are no reason to miss its close.
    for _ in 0..30 {
        if !idle.try_send(json!({"type": "ping"})).await {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }

    let mut seen = 0;
    for (who, client) in [
        ("host", &mut host),
        ("guest", &mut guest),
        ("spectator", &mut spectator),
        ("idle", &mut idle),
    ] {
        let (frames, close) = client.until_closed().await;
        let closing: Vec<&Value> = frames.iter().filter(|f| f["type"] == "closing").collect();
        assert_eq!(closing.len(), 1, "{who}: {frames:?}");
        let pause = closing[0]["reconnect_ms"].as_u64().expect("reconnect_ms");
        assert!((250..=1000).contains(&pause), "{who}: {pause}");
        assert_eq!(
            frames.last().map(|f| &f["type"]),
            Some(&json!("closing")),
            "{who}: the notice is the last frame"
        );
        assert_eq!(close, Some(1012), "{who}: a service restart");
        seen = seen.max(client.version());
    }
    let status = server
        .exit_within(Duration::from_secs(12))
        .expect("the server exits within the bound");
    assert!(status.success(), "{status}");
    assert!(told.elapsed() < Duration::from_secs(12));
    assert!(seen >= before, "every client had version {before}");

    // Every version a client saw is in the database, and nothing else but the action in
    // flight.
    let server = Server::start_on(backend, &dir, &[]);
    let mut host = Client::connect(&server).await;
    assert_eq!(host.join(&code, Some(&host_token)).await["seat"], 0);
    let room = host.until(|r| r["version"].is_u64()).await;
    let version = room["version"].as_u64().unwrap();
    assert!(
        version >= seen && version <= before + 1,
        "the database has version {version}; the clients saw {seen}, sent at {before}"
    );
}

async fn metrics_count_rooms_clients_actions_and_refusals(backend: &Backend) {
    let dir = backend.temp_dir("metrics");
    let server = Server::start_on(backend, &dir, &[]);
    let (status, _) = get(&server, "/metrics").await;
    assert_eq!(status, 200);
    let start = metrics(&server).await;
    for (name, value) in [
        ("farkle_rooms", 0.0),
        ("farkle_connections", 0.0),
        ("farkle_clients{role=\"seat\"}", 0.0),
        ("farkle_clients{role=\"spectator\"}", 0.0),
        ("farkle_actions_acknowledged_total", 0.0),
        ("farkle_action_latency_seconds_count", 0.0),
        ("farkle_refusals_total{code=\"bad_frame\"}", 0.0),
        ("farkle_refusals_total{code=\"unavailable\"}", 0.0),
        ("farkle_database_errors_total", 0.0),
        ("farkle_conflicts_total", 0.0),
        ("farkle_presence_notes_total{direction=\"sent\"}", 0.0),
    ] {
        assert_eq!(start.get(name), Some(&value), "{name}");
    }

    let mut host = Client::connect(&server).await;
    let (code, _) = host.create("Ann", short_rules(10_000), 2).await;
    let mut guest = Client::connect(&server).await;
    guest.join(&code, None).await;
    metric_reaches(&server, "farkle_clients{role=\"spectator\"}", 1.0).await;
    guest.take_seat(1, "Bo").await;
    let mut spectator = Client::connect(&server).await;
    spectator.join(&code, None).await;
    // Two refusals: a frame that is not JSON, and a roll before the start.
    host.send_text("not json").await;
    assert_eq!(host.expect_error().await, "bad_frame");
    host.send(json!({"type": "act", "action": {"kind": "roll"}}))
        .await;
    assert_eq!(host.expect_error().await, "wrong_phase");
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["stage"] == "playing").await;
    host.send(json!({"type": "act", "action": {"kind": "roll"}}))
        .await;
    host.until(|r| r["game"]["phase"] != "awaiting_roll").await;

    let now = metrics(&server).await;
    for (name, value) in [
        ("farkle_rooms", 1.0),
        ("farkle_connections", 3.0),
        ("farkle_clients{role=\"seat\"}", 2.0),
        ("farkle_clients{role=\"spectator\"}", 1.0),
        // take_seat, start and roll; create and join change no room.
        ("farkle_actions_acknowledged_total", 3.0),
        ("farkle_action_latency_seconds_count", 3.0),
        ("farkle_action_latency_seconds_bucket{le=\"+Inf\"}", 3.0),
        ("farkle_refusals_total{code=\"bad_frame\"}", 1.0),
        ("farkle_refusals_total{code=\"wrong_phase\"}", 1.0),
        ("farkle_refusals_total{code=\"stale\"}", 0.0),
        ("farkle_database_errors_total", 0.0),
        ("farkle_conflicts_total", 0.0),
    ] {
        assert_eq!(now.get(name), Some(&value), "{name}");
    }
    let latency = now["farkle_action_latency_seconds_sum"];
    assert!(latency > 0.0 && latency < 3.0 * 20.0, "{latency}");

    drop(spectator);
    metric_reaches(&server, "farkle_clients{role=\"spectator\"}", 0.0).await;
    metric_reaches(&server, "farkle_connections", 2.0).await;

    // Turned off, the path is the web game's (no such file).
    let dir = backend.temp_dir("no-metrics");
    let quiet = Server::start_on(backend, &dir, &["--no-metrics"]);
    assert_eq!(get(&quiet, "/metrics").await.0, 404);
}

async fn the_log_names_rooms_and_never_holds_a_token_or_a_seed(backend: &Backend) {
    let dir = backend.temp_dir("log");
    let log_path = dir.join("server.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let mut server = Server::start_logging(backend, &dir, &[], "debug", log);
    let mut host = Client::connect(&server).await;
    let (code, host_token) = host.create("Ann", short_rules(1000), 3).await;
    let mut guest = Client::connect(&server).await;
    guest.join(&code, None).await;
    let guest_token = guest.take_seat(1, "Bo").await;
    host.send(json!({"type": "add_bot", "seat": 2, "bot": "threshold"}))
        .await;
    host.until(|r| r["seats"][2]["kind"] == "bot").await;
    // A wrong token, and a reconnection with the right one.
    let mut stranger = Client::connect(&server).await;
    stranger
        .send(json!({"type": "join", "room": code, "token": "0".repeat(32)}))
        .await;
    assert_eq!(stranger.expect_error().await, "bad_token");
    drop(guest);
    let mut guest = Client::connect(&server).await;
    assert_eq!(guest.join(&code, Some(&guest_token)).await["seat"], 1);
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["stage"] == "playing").await;
    play_out(&mut [(0, &mut host), (1, &mut guest)]).await;
    let (status, record) = get(&server, &format!("/api/rooms/{code}/record")).await;
    assert_eq!(status, 200);
    let record: Value = serde_json::from_str(&record).unwrap();
    let seed = record["fairness"]["seed"].as_str().unwrap().to_owned();
    server.terminate();
    assert!(server.exit_within(Duration::from_secs(12)).is_some());

    let text = std::fs::read_to_string(&log_path).unwrap();
    let hash = |t: &str| hex::encode(Sha256::digest(t.as_bytes()));
    for (what, secret) in [
        ("the host's token", host_token.clone()),
        ("the host's token hash", hash(&host_token)),
        ("the guest's token", guest_token.clone()),
        ("the guest's token hash", hash(&guest_token)),
        ("the wrong token's hash", hash(&"0".repeat(32))),
        ("the seed", seed),
    ] {
        let lower = text.to_ascii_lowercase();
        assert!(!lower.contains(&secret), "{what} is in the log");
        // Nor half of one.
        assert!(
            !lower.contains(&secret[..16]),
            "part of {what} is in the log"
        );
    }
    // The room task's lines and the connections' name the room, as a field.
    let field = format!("room={code}");
    let stored = text
        .lines()
        .filter(|l| l.contains(&field) && l.contains("stored") && l.contains("version="))
        .count();
    assert!(
        stored >= 3,
        "{stored} lines of stored changes name the room:\n{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.contains("connection{") && l.contains(&field)),
        "no connection line names the room:\n{text}"
    );
}

on_both_backends!(
    sigterm_tells_every_client_to_reconnect_and_loses_nothing_acknowledged,
    metrics_count_rooms_clients_actions_and_refusals,
    the_log_names_rooms_and_never_holds_a_token_or_a_seed,
);
