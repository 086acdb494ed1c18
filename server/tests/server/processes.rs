// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Several farkle-server processes sharing one PostgreSQL database (a cluster of the test's
//! own): a room whose players are connected to different processes, a process killed
//! mid-game, and PostgreSQL stopped and started again mid-game. Nothing acknowledged may be
//! lost, and every game must replay against its revealed seed.

use std::time::{Duration, Instant};

use crate::support::{
    get, metrics, play_out, replay, short_rules, simple_move, Backend, Client, Server,
};
use serde_json::{json, Value};

fn scores(room: &Value) -> Vec<i64> {
    room["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["score"].as_i64().expect("a score"))
        .collect()
}

/// The game's record as `server` serves it, checked by an independent replay against the
/// final scores.
async fn check_record(server: &Server, code: &str, end: &Value) -> Value {
    let (status, body) = get(server, &format!("/api/rooms/{code}/record")).await;
    assert_eq!(status, 200, "{body}");
    let record: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(replay(&record), scores(end));
    record
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "full tier: make check"]
async fn a_room_split_across_two_servers_plays_a_whole_game() {
    let Some(backend) = Backend::postgres("split_room") else {
        return;
    };
    let dir = backend.temp_dir("split_room");
    let a = Server::start_on(&backend, &dir, &[]);
    let b = Server::start_on(&backend, &dir, &[]);

    let mut host = Client::connect(&a).await;
    let (code, _) = host.create("Ann", short_rules(1500), 3).await;
    let mut guest = Client::connect(&b).await;
    guest.join(&code, None).await;
    let guest_token = guest.take_seat(1, "Bo").await;
    // Each process knows who is connected to the other.
    host.until(|r| r["seats"][1]["name"] == "Bo" && r["seats"][1]["connected"] == true)
        .await;
    guest
        .until(|r| r["seats"][0]["connected"] == true && r["seats"][1]["connected"] == true)
        .await;
    // A player who leaves one process shows as away on the other, and may come back
    // through either.
    drop(guest);
    host.until(|r| r["seats"][1]["connected"] == false).await;
    let mut guest = Client::connect(&a).await;
    assert_eq!(guest.join(&code, Some(&guest_token)).await["seat"], 1);
    drop(guest);
    let mut guest = Client::connect(&b).await;
    assert_eq!(guest.join(&code, Some(&guest_token)).await["seat"], 1);
    host.until(|r| r["seats"][1]["connected"] == true).await;

    // A bot, whose moves both processes race to store: one wins each, the other catches up.
    host.send(json!({"type": "add_bot", "seat": 2, "bot": "threshold"}))
        .await;
    host.until(|r| r["seats"][2]["kind"] == "bot").await;
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["stage"] == "playing").await;
    let end = play_out(&mut [(0, &mut host), (1, &mut guest)]).await;
    assert!(scores(&end).iter().any(|&s| s >= 1500), "{end}");
    let seen_by_guest = guest.until(|r| r["version"] == end["version"]).await;
    assert_eq!(seen_by_guest["stage"], "over");
    assert_eq!(scores(&seen_by_guest), scores(&end));
    let from_a = check_record(&a, &code, &end).await;
    let from_b = check_record(&b, &code, &end).await;
    assert_eq!(from_a, from_b, "one game, whichever process is asked");
    // The room is marked over with its last entry, so that a restart does not resume it.
    let Backend::Postgres(postgres) = &backend else {
        unreachable!()
    };
    let over = postgres.sql(&format!(
        "SELECT finished_at IS NOT NULL, (SELECT count(*) FROM room_log WHERE code = '{code}') \
         FROM rooms WHERE code = '{code}'"
    ));
    assert_eq!(
        over.trim(),
        format!("t|{}", end["version"]),
        "marked over, one log entry per version"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "full tier: make check"]
async fn one_of_two_servers_killed_mid_game_its_players_continue_on_the_other() {
    let Some(backend) = Backend::postgres("killed_process") else {
        return;
    };
    let dir = backend.temp_dir("killed_process");
    let a = Server::start_on(&backend, &dir, &[]);
    let b = Server::start_on(&backend, &dir, &[]);

    let mut host = Client::connect(&a).await;
    let (code, host_token) = host.create("Ann", short_rules(2000), 3).await;
    let mut guest = Client::connect(&b).await;
    guest.join(&code, None).await;
    guest.take_seat(1, "Bo").await;
    host.send(json!({"type": "add_bot", "seat": 2, "bot": "single_turn"}))
        .await;
    host.until(|r| r["seats"][2]["kind"] == "bot" && r["seats"][1]["name"] == "Bo")
        .await;
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["stage"] == "playing").await;

    // The host plays on process A until they have acted a few times.
    let mut acted = 0;
    let mut acknowledged = 0;
    while acted < 4 {
        let room = host
            .until(|r| r["stage"] == "over" || r["game"]["current"].is_u64())
            .await;
        assert_eq!(room["stage"], "playing", "the game ended before the kill");
        let version = room["version"].as_u64().unwrap();
        match room["game"]["current"].as_u64() {
            Some(0) => {
                host.send(json!({"type": "act", "action": simple_move(&room["game"]), "version": version}))
                    .await;
                acknowledged = host.until(|r| r["version"].as_u64() > Some(version)).await
                    ["version"]
                    .as_u64()
                    .unwrap();
                acted += 1;
            }
            Some(1) => {
                let view = guest
                    .until(|r| r["version"].as_u64() >= Some(version))
                    .await;
                if view["version"] == version {
                    guest
                        .send(json!({"type": "act", "action": simple_move(&view["game"]), "version": version}))
                        .await;
                }
                host.until(|r| r["version"].as_u64() > Some(version)).await;
            }
            _ => {
                host.until(|r| r["version"].as_u64() > Some(version)).await;
            }
        }
    }

    a.kill();
    // The host's client reconnects to the other process with the seat's token.
    let mut host = Client::connect(&b).await;
    assert_eq!(host.join(&code, Some(&host_token)).await["seat"], 0);
    let resumed = host.until(|r| r["seats"][0]["connected"] == true).await;
    assert!(
        resumed["version"].as_u64().unwrap() >= acknowledged,
        "every acknowledged action survives the kill"
    );
    let end = play_out(&mut [(0, &mut host), (1, &mut guest)]).await;
    let record = check_record(&b, &code, &end).await;
    assert!(record["actions"].as_array().unwrap().len() as u64 >= acted);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "full tier: make check"]
async fn postgres_stopped_and_started_mid_game_refuses_then_recovers() {
    let Some(backend) = Backend::postgres("database_restart") else {
        return;
    };
    let Backend::Postgres(postgres) = &backend else {
        unreachable!()
    };
    let dir = backend.temp_dir("database_restart");
    let a = Server::start_on(&backend, &dir, &[]);
    let b = Server::start_on(&backend, &dir, &[]);

    let mut host = Client::connect(&a).await;
    let (code, _) = host.create("Ann", short_rules(1000), 2).await;
    let mut guest = Client::connect(&b).await;
    guest.join(&code, None).await;
    guest.take_seat(1, "Bo").await;
    host.until(|r| r["seats"][1]["name"] == "Bo").await;
    host.send(json!({"type": "start"})).await;
    let room = host
        .until(|r| r["stage"] == "playing" && r["game"]["current"] == 0)
        .await;
    let before = room["version"].as_u64().unwrap();
    assert_eq!(get(&a, "/healthz").await.0, 200);

    postgres.stop();
    // Refused, not acknowledged: the room stays where it was.
    host.send(json!({"type": "act", "action": {"kind": "roll"}, "version": before}))
        .await;
    let refusal = host.expect("error").await;
    assert_eq!(refusal["code"], "unavailable", "{refusal}");
    assert!(
        refusal["message"]
            .as_str()
            .unwrap()
            .contains("did not happen"),
        "{refusal}"
    );
    assert_eq!(host.version(), before);
    assert_eq!(get(&a, "/healthz").await.0, 503, "the servers say so");
    assert_eq!(get(&b, "/healthz").await.0, 503);
    // The metrics say so too, and the processes told each other who is where.
    let counted = metrics(&a).await;
    assert!(
        counted["farkle_database_errors_total"] >= 1.0,
        "{counted:?}"
    );
    assert!(counted["farkle_refusals_total{code=\"unavailable\"}"] >= 1.0);
    for server in [&a, &b] {
        let counted = metrics(server).await;
        assert!(counted["farkle_presence_notes_total{direction=\"sent\"}"] >= 1.0);
        assert!(counted["farkle_presence_notes_total{direction=\"received\"}"] >= 1.0);
    }

    postgres.start_again();
    // The servers recover by themselves: the same action, sent again, is stored and
    // reaches the player on the other process.
    let since = Instant::now();
    'retry: loop {
        host.send(json!({"type": "act", "action": {"kind": "roll"}, "version": before}))
            .await;
        // One answer per request: a new view, or a refusal (other views may come between).
        loop {
            let frame = host.next().await.expect("the socket stays open");
            if frame["type"] == "state" && frame["room"]["version"].as_u64() > Some(before) {
                break 'retry;
            }
            if frame["type"] == "error" {
                assert_eq!(frame["code"], "unavailable", "{frame}");
                assert!(since.elapsed() < Duration::from_secs(30), "no recovery");
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue 'retry;
            }
        }
    }
    let rolled = host.until(|r| r["game"]["roll"].is_array()).await;
    let seen = guest
        .until(|r| r["version"].as_u64() >= rolled["version"].as_u64())
        .await;
    assert_eq!(seen["game"]["roll"], rolled["game"]["roll"]);
    assert_eq!(get(&a, "/healthz").await.0, 200);
    let end = play_out(&mut [(0, &mut host), (1, &mut guest)]).await;
    let record = check_record(&b, &code, &end).await;
    assert_eq!(record["actions"][0]["action"]["kind"], "roll");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "full tier: make check"]
async fn a_host_starting_before_their_server_heard_of_the_last_seat_is_not_refused() {
    let Some(backend) = Backend::postgres("start_race") else {
        return;
    };
    let Backend::Postgres(postgres) = &backend else {
        unreachable!()
    };
    let dir = backend.temp_dir("start_race");
    let a = Server::start_on(&backend, &dir, &[]);
    let b = Server::start_on(&backend, &dir, &[]);
    for round in 0..3 {
        let mut host = Client::connect(&a).await;
        let (code, _) = host.create("Ann", short_rules(1000), 2).await;
        let mut guest = Client::connect(&b).await;
        guest.join(&code, None).await;
        // The processes' listening connections cut: for half a second at least, neither
        // hears of the other's changes, so the host's process has not seen the seat taken
        // when the start arrives. It must look at the log before it refuses.
        let cut = postgres.sql(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity \
             WHERE query LIKE 'LISTEN%'",
        );
        assert_eq!(cut.trim(), "2", "round {round}: both listeners cut");
        guest.take_seat(1, "Bo").await;
        host.send(json!({"type": "start"})).await;
        loop {
            let frame = host.next().await.expect("the socket stays open");
            assert_ne!(frame["type"], "error", "round {round}: {frame}");
            if frame["type"] == "state" && frame["room"]["stage"] == "playing" {
                break;
            }
        }
        // The listeners come back and the game goes on across both processes.
        guest.until(|r| r["stage"] == "playing").await;
    }
}
