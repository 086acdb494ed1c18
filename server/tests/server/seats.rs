// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Seats over time: a bot standing in for an absent player after the grace time, the
//! per-decision timer, and the win-optimal bot with its table solved once and kept on disk.

use crate::support::{short_rules, simple_move, temp_dir, Client, Server};
use serde_json::{json, Value};

async fn start_with_bot(host: &mut Client, bot: &str, settings: Value) -> String {
    host.send(
        json!({"type": "create", "name": "Ann", "rules": short_rules(1500), "seats": 2,
        "settings": settings}),
    )
    .await;
    let code = host.expect("welcome").await["room"]
        .as_str()
        .unwrap()
        .to_owned();
    host.send(json!({"type": "add_bot", "seat": 1, "bot": bot}))
        .await;
    host.until(|r| r["seats"][1]["kind"] == "bot").await;
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["stage"] == "playing").await;
    code
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_stands_in_for_an_absent_player_until_they_return() {
    let dir = temp_dir("stand_in_return");
    let server = Server::start(&dir, &[]);
    let mut host = Client::connect(&server).await;
    host.send(
        json!({"type": "create", "name": "Ann", "rules": short_rules(1500), "seats": 2,
        "settings": {"on_disconnect": "bot", "grace_seconds": 5}}),
    )
    .await;
    let welcome = host.expect("welcome").await;
    let code = welcome["room"].as_str().unwrap().to_owned();
    let token = welcome["token"].as_str().unwrap().to_owned();
    host.send(json!({"type": "add_bot", "seat": 1, "bot": "random"}))
        .await;
    host.until(|r| r["seats"][1]["kind"] == "bot").await;
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["stage"] == "playing").await;
    drop(host);

    let mut watcher = Client::connect(&server).await;
    watcher.join(&code, None).await;
    let away = watcher.until(|r| r["seats"][0]["connected"] == false).await;
    assert_eq!(away["seats"][0]["stand_in"], false, "within the grace time");
    assert_eq!(away["game"]["current"], 0);
    let since = std::time::Instant::now();
    let standing_in = watcher
        .until(|r| {
            r["seats"][0]["stand_in"] == true && r["version"].as_u64() > away["version"].as_u64()
        })
        .await;
    assert!(
        since.elapsed() >= std::time::Duration::from_secs(3),
        "not before the grace time"
    );
    let events = standing_in["events"].as_array().unwrap();
    assert!(events
        .iter()
        .any(|e| e["event"]["event"] == "rolled" && e["event"]["player"] == 0));
    let mut back = Client::connect(&server).await;
    assert_eq!(back.join(&code, Some(&token)).await["seat"], 0);
    // Once back, the seat is the person's again: when it is their move, nothing happens
    // until they act.
    let mine = back
        .until(|r| {
            r["seats"][0]["connected"] == true
                && r["seats"][0]["stand_in"] == false
                && r["game"]["current"] == 0
                && r["stage"] == "playing"
        })
        .await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    back.send(json!({"type": "ping"})).await;
    back.expect("pong").await;
    assert_eq!(
        back.version(),
        mine["version"].as_u64().unwrap(),
        "the game waited"
    );
    let version = back.version();
    back.send(json!({"type": "act", "action": simple_move(&mine["game"]), "version": version}))
        .await;
    back.until(|r| r["version"].as_u64() > Some(version)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "full tier: make check"]
async fn the_decision_timer_decides_for_a_slow_player() {
    let dir = temp_dir("timer");
    let server = Server::start(&dir, &[]);
    let mut host = Client::connect(&server).await;
    start_with_bot(&mut host, "threshold", json!({"decision_seconds": 10})).await;
    let room = host.room.clone().unwrap();
    let left = room["game"]["deadline_ms"].as_u64().expect("a deadline");
    assert!((9_000..=10_000).contains(&left), "{left} ms");
    let since = std::time::Instant::now();
    let version = host.version();
    // Connected, yet idle: after 10 s a bot decides for the host.
    let decided = host.until(|r| r["version"].as_u64() > Some(version)).await;
    let waited = since.elapsed().as_secs_f64();
    assert!((9.0..15.0).contains(&waited), "{waited} s");
    assert_eq!(
        decided["events"].as_array().unwrap().last().unwrap()["event"]["player"],
        0
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_win_optimal_bot_solves_its_table_once_and_keeps_it() {
    let dir = temp_dir("win_optimal");
    let tables = dir.join("tables");
    let server = Server::start(&dir, &[]);
    let mut host = Client::connect(&server).await;
    start_with_bot(&mut host, "win_optimal", json!({})).await;
    // One person: advice is on, and from the table once it is solved.
    let advised = host
        .until(|r| r["solving"].is_null() && r["game"]["advice"]["win_probabilities"].is_array())
        .await;
    assert_eq!(advised["advice"], true);
    let p: Vec<f64> =
        serde_json::from_value(advised["game"]["advice"]["win_probabilities"].clone()).unwrap();
    assert_eq!(p.len(), 2);
    assert!((p[0] + p[1] - 1.0).abs() < 1e-9, "{p:?}");
    assert!(advised["bot_note"].is_null(), "{}", advised["bot_note"]);
    // The bot plays its turns.
    // The host plays a turn; then the bot plays its own.
    let mut view = advised;
    while view["game"]["current"] == 0 && view["stage"] == "playing" {
        let version = view["version"].as_u64().unwrap();
        host.send(json!({"type": "act", "action": simple_move(&view["game"]), "version": version}))
            .await;
        view = host.until(|r| r["version"].as_u64() > Some(version)).await;
    }
    let events = host
        .until(|r| {
            r["stage"] == "over"
                || r["events"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|e| e["event"]["event"] == "rolled" && e["event"]["player"] == 1)
        })
        .await;
    assert!(events["bot_note"].is_null());

    let files: Vec<_> = std::fs::read_dir(&tables)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let written = std::fs::metadata(&files[0]).unwrap().modified().unwrap();
    server.kill();

    // A restart loads the kept table: the file is not written again.
    let server = Server::start(&dir, &[]);
    let mut host = Client::connect(&server).await;
    start_with_bot(&mut host, "win_optimal", json!({})).await;
    host.until(|r| r["solving"].is_null() && r["game"]["advice"]["win_probabilities"].is_array())
        .await;
    assert_eq!(
        std::fs::metadata(&files[0]).unwrap().modified().unwrap(),
        written
    );
}
