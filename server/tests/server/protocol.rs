// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The protocol against a real server on a loopback port: every message, every error code,
//! a whole game checked against an independent replay, reconnection with a token, and a
//! restart after SIGKILL. Every test runs twice: on SQLite and on a PostgreSQL cluster of
//! its own.

use std::process::Command;

use crate::on_both_backends;
use crate::support;
use crate::support::{get, play_out, replay, short_rules, simple_move, Backend, Client, Server};
use serde_json::{json, Value};

async fn two_people_and_a_bot_play_a_whole_game(backend: &Backend) {
    let dir = backend.temp_dir("whole_game");
    let server = Server::start_on(backend, &dir, &[]);
    let mut host = Client::connect(&server).await;
    let (code, host_token) = host.create("Ann", short_rules(1500), 3).await;
    assert_eq!(code.len(), 16, "80 bits of base32");
    assert_eq!(host_token.len(), 32, "128 bits of hex");
    let lobby = host.until(|r| r["stage"] == "lobby").await;
    assert_eq!(lobby["seats"][0]["name"], "Ann");
    assert_eq!(lobby["seats"][1]["kind"], "open");
    assert_eq!(host.you, Some(0));

    let mut guest = Client::connect(&server).await;
    let welcome = guest.join(&code, None).await;
    assert_eq!(welcome["seat"], Value::Null, "a spectator first");
    guest.take_seat(1, "Bo").await;
    host.send(json!({"type": "add_bot", "seat": 2, "bot": "threshold"}))
        .await;
    host.until(|r| r["seats"][2]["kind"] == "bot" && r["seats"][1]["name"] == "Bo")
        .await;
    host.send(json!({"type": "start"})).await;
    let started = host.until(|r| r["stage"] == "playing").await;
    let commitment = started["fairness"]["commitment"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(commitment.len(), 64);
    assert!(
        started["fairness"].get("seed").is_none(),
        "the seed stays secret"
    );
    // Two people: no advice by default.
    assert_eq!(started["advice"], false);

    let end = play_out(&mut [(0, &mut host), (1, &mut guest)]).await;
    let scores: Vec<i64> = end["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["score"].as_i64().unwrap())
        .collect();
    assert!(scores.iter().any(|&s| s >= 1500), "{scores:?}");
    assert_eq!(end["fairness"]["commitment"], commitment.as_str());
    assert!(end["fairness"]["seed"].is_string(), "the seed is revealed");

    let (status, body) = get(&server, &format!("/api/rooms/{code}/record")).await;
    assert_eq!(status, 200, "{body}");
    let record: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(replay(&record), scores);
    assert_eq!(record["players"], json!(["Ann", "Bo", "Threshold bot 3"]));

    // The command-line check accepts the record and refuses a tampered roll.
    let file = dir.join("record.json");
    std::fs::write(&file, &body).unwrap();
    let verify = Command::new(env!("CARGO_BIN_EXE_farkle-server"))
        .arg("verify")
        .arg(&file)
        .output()
        .unwrap();
    assert!(verify.status.success(), "{verify:?}");
    let mut tampered = record.clone();
    let first = tampered["fairness"]["rolls"][0][0].as_u64().unwrap();
    tampered["fairness"]["rolls"][0][0] = json!(first % 6 + 1);
    std::fs::write(&file, tampered.to_string()).unwrap();
    let verify = Command::new(env!("CARGO_BIN_EXE_farkle-server"))
        .arg("verify")
        .arg(&file)
        .output()
        .unwrap();
    assert!(!verify.status.success());
    assert!(String::from_utf8_lossy(&verify.stderr).contains("roll 0"));
}

async fn every_refusal_has_its_code_and_changes_nothing(backend: &Backend) {
    let dir = backend.temp_dir("refusals");
    let server = Server::start_on(backend, &dir, &["--max-spectators", "1"]);
    let mut host = Client::connect(&server).await;

    // Frames that are not messages.
    for (frame, code) in [
        ("not json", "bad_frame"),
        (r#"{"type":"fly"}"#, "bad_frame"),
        (r#"{"type":"ping","admin":true}"#, "bad_frame"),
        (
            r#"{"type":"act","action":{"kind":"roll","dice":[6,6,6,6,6,6]}}"#,
            "bad_frame",
        ),
    ] {
        host.send_text(frame).await;
        assert_eq!(host.expect_error().await, code, "{frame}");
    }
    host.send_text(&format!(
        r#"{{"type":"join","room":"{}"}}"#,
        "a".repeat(9000)
    ))
    .await;
    assert_eq!(host.expect_error().await, "too_large");
    host.send(json!({"type": "ping"})).await;
    host.expect("pong").await;

    // Not in a room yet; bad rooms.
    host.send(json!({"type": "start"})).await;
    assert_eq!(host.expect_error().await, "not_in_room");
    host.send(json!({"type": "create", "name": "Ann", "rules": "nope", "seats": 2}))
        .await;
    assert_eq!(host.expect_error().await, "bad_rules");
    let mut invalid = short_rules(1500);
    invalid["dice_count"] = json!(0);
    host.send(json!({"type": "create", "name": "Ann", "rules": invalid, "seats": 2}))
        .await;
    assert_eq!(host.expect_error().await, "bad_rules");
    host.send(json!({"type": "create", "name": "Ann", "rules": "classic", "seats": 9}))
        .await;
    assert_eq!(host.expect_error().await, "bad_seat");
    host.send(json!({"type": "create", "name": "\u{1b}[2J", "rules": "classic", "seats": 2}))
        .await;
    assert_eq!(host.expect_error().await, "bad_name");
    host.send(
        json!({"type": "create", "name": "Ann", "rules": "classic", "seats": 2,
        "settings": {"grace_seconds": 1}}),
    )
    .await;
    assert_eq!(host.expect_error().await, "bad_settings");

    let (code, host_token) = host.create("Ann", json!("classic"), 3).await;
    host.send(json!({"type": "join", "room": code})).await;
    assert_eq!(host.expect_error().await, "not_in_room");
    host.send(json!({"type": "start"})).await;
    assert_eq!(host.expect_error().await, "wrong_phase");
    host.send(json!({"type": "act", "action": {"kind": "roll"}}))
        .await;
    assert_eq!(host.expect_error().await, "wrong_phase");
    host.send(json!({"type": "remove_seat", "seat": 0})).await;
    assert_eq!(host.expect_error().await, "bad_seat");
    host.send(json!({"type": "add_bot", "seat": 0, "bot": "random"}))
        .await;
    assert_eq!(host.expect_error().await, "bad_seat");
    host.send(json!({"type": "add_bot", "seat": 5, "bot": "random"}))
        .await;
    assert_eq!(host.expect_error().await, "bad_seat");

    let mut watcher = Client::connect(&server).await;
    watcher
        .send(json!({"type": "join", "room": "aaaaaaaaaaaaaaaa"}))
        .await;
    assert_eq!(watcher.expect_error().await, "no_such_room");
    watcher
        .send(json!({"type": "join", "room": code, "token": "0".repeat(32)}))
        .await;
    assert_eq!(watcher.expect_error().await, "bad_token");
    watcher.join(&code, None).await;
    let mut second_watcher = Client::connect(&server).await;
    second_watcher
        .send(json!({"type": "join", "room": code}))
        .await;
    assert_eq!(second_watcher.expect_error().await, "full");
    // A spectator cannot act, manage seats or start.
    watcher
        .send(json!({"type": "add_bot", "seat": 1, "bot": "random"}))
        .await;
    assert_eq!(watcher.expect_error().await, "not_host");
    watcher.send(json!({"type": "start"})).await;
    assert_eq!(watcher.expect_error().await, "not_host");
    watcher
        .send(json!({"type": "take_seat", "seat": 1, "name": "a\u{202e}b"}))
        .await;
    assert_eq!(watcher.expect_error().await, "bad_name");
    watcher.take_seat(1, "Bo").await;
    watcher
        .send(json!({"type": "take_seat", "seat": 2, "name": "Bo"}))
        .await;
    assert_eq!(watcher.expect_error().await, "bad_seat");
    // A player who is not the host.
    watcher
        .send(json!({"type": "remove_seat", "seat": 2}))
        .await;
    assert_eq!(watcher.expect_error().await, "not_host");
    host.send(json!({"type": "remove_seat", "seat": 2})).await;
    let room = host
        .until(|r| r["seats"].as_array().unwrap().len() == 2)
        .await;
    host.send(json!({"type": "remove_seat", "seat": 1})).await;
    assert_eq!(host.expect_error().await, "bad_seat", "two seats stay");
    assert_eq!(room["seats"][1]["name"], "Bo");

    host.send(json!({"type": "start"})).await;
    let playing = host.until(|r| r["stage"] == "playing").await;
    let version = playing["version"].as_u64().unwrap();
    // Not this seat's turn; the library's own refusal; a stale view.
    watcher.until(|r| r["stage"] == "playing").await;
    watcher
        .send(json!({"type": "act", "action": {"kind": "roll"}}))
        .await;
    assert_eq!(watcher.expect_error().await, "wrong_phase");
    host.send(json!({"type": "act", "action": {"kind": "bank"}}))
        .await;
    let refused = host.expect("error").await;
    assert_eq!(refused["code"], "refused");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("nothing to bank"),
        "{refused}"
    );
    host.send(json!({"type": "act", "action": {"kind": "roll"}, "version": version - 1}))
        .await;
    assert_eq!(host.expect_error().await, "stale");
    // None of it changed the room.
    host.send(json!({"type": "ping"})).await;
    host.expect("pong").await;
    assert_eq!(host.version(), version);
    host.send(json!({"type": "act", "action": {"kind": "select", "dice": [0, 0]}}))
        .await;
    assert_eq!(host.expect_error().await, "refused");
    host.send(json!({"type": "act", "action": {"kind": "roll"}, "version": version}))
        .await;
    let rolled = host
        .until(|r| r["version"].as_u64() == Some(version + 1))
        .await;
    assert_eq!(rolled["game"]["roll"].as_array().unwrap().len(), 6);
    drop(host_token);
}

async fn wrong_codes_are_rate_limited_and_others_still_play(backend: &Backend) {
    let dir = backend.temp_dir("rate_limits");
    // Frames fast enough for 1,000 guesses in a second; the frame rate is tested below.
    let server = Server::start_on(
        backend,
        &dir,
        &[
            "--max-connections-per-address",
            "4",
            "--frames-per-second",
            "1000",
        ],
    );
    let mut player = Client::connect(&server).await;
    let (code, _) = player.create("Ann", short_rules(1500), 2).await;
    player
        .send(json!({"type": "add_bot", "seat": 1, "bot": "random"}))
        .await;
    player.until(|r| r["seats"][1]["kind"] == "bot").await;

    let mut guesser = Client::connect(&server).await;
    let mut codes = Vec::new();
    for i in 0..1000 {
        guesser
            .send(json!({"type": "join", "room": format!("{i:016}").replace('0', "a")}))
            .await;
        codes.push(guesser.expect_error().await);
    }
    assert!(
        codes[..10].iter().all(|c| c == "no_such_room"),
        "{:?}",
        &codes[..10]
    );
    let limited = codes.iter().filter(|c| *c == "rate_limited").count();
    assert!(limited >= 980, "{limited} of 1000 rate limited");
    // Even the right code is refused while the address is limited.
    guesser.send(json!({"type": "join", "room": code})).await;
    assert_eq!(guesser.expect_error().await, "rate_limited");

    // Frames beyond the rate (20 a second by default): refused, the connection kept.
    let paced = Server::start_on(backend, &backend.temp_dir("frame_rate"), &[]);
    let mut flooder = Client::connect(&paced).await;
    for _ in 0..100 {
        flooder.send(json!({"type": "ping"})).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    for _ in 0..100 {
        match flooder.next().await.unwrap()["type"].as_str().unwrap() {
            "pong" => pongs += 1,
            "error" => limited += 1,
            other => panic!("{other}"),
        }
    }
    assert!(
        pongs >= 40 && limited >= 20,
        "{pongs} pongs, {limited} refusals"
    );

    // Connections per address: this address has 2 open here; the third and fourth open,
    // the fifth is told why in an error frame and closed.
    let mut third = Client::connect(&server).await;
    let mut fourth = Client::connect(&server).await;
    let mut fifth = Client::connect(&server).await;
    let refused = fifth.expect("error").await;
    assert_eq!(refused["code"], "rate_limited");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("too many connections"),
        "{refused}"
    );
    assert!(fifth.next().await.is_none(), "the refused socket closes");
    for open in [&mut third, &mut fourth] {
        open.send(json!({"type": "ping"})).await;
        open.expect("pong").await;
    }
    // Once one closes, another may open.
    drop(third);
    let since = std::time::Instant::now();
    loop {
        let mut again = Client::connect(&server).await;
        again.send(json!({"type": "ping"})).await;
        if again.next().await.unwrap()["type"] == "pong" {
            break;
        }
        assert!(
            since.elapsed().as_secs() < 5,
            "the closed socket still counts"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }

    // Meanwhile the first room plays on.
    player.send(json!({"type": "start"})).await;
    let playing = player.until(|r| r["stage"] == "playing").await;
    let version = playing["version"].as_u64().unwrap();
    player
        .send(json!({"type": "act", "action": {"kind": "roll"}}))
        .await;
    player
        .until(|r| r["version"].as_u64() > Some(version))
        .await;
}

async fn browsers_from_other_origins_are_refused(backend: &Backend) {
    let dir = backend.temp_dir("origin");
    let server = Server::start_on(
        backend,
        &dir,
        &["--allow-origin", "https://friends.example"],
    );
    let own = format!("http://{}", server.address);
    assert!(Client::connect_with(&server, &[("origin", &own)])
        .await
        .is_ok());
    assert!(
        Client::connect_with(&server, &[("origin", "https://friends.example")])
            .await
            .is_ok()
    );
    assert_eq!(
        Client::connect_with(&server, &[("origin", "https://evil.example")])
            .await
            .err(),
        Some(403)
    );
    assert_eq!(
        Client::connect_with(&server, &[("origin", "null")])
            .await
            .err(),
        Some(403)
    );
}

async fn a_dropped_player_reconnects_with_the_token_and_a_killed_server_resumes(backend: &Backend) {
    let dir = backend.temp_dir("reconnect");
    let server = Server::start_on(backend, &dir, &[]);
    let mut host = Client::connect(&server).await;
    let (code, token) = host.create("Ann", short_rules(1500), 2).await;
    host.send(json!({"type": "add_bot", "seat": 1, "bot": "single_turn"}))
        .await;
    host.until(|r| r["seats"][1]["kind"] == "bot").await;
    host.send(json!({"type": "start"})).await;
    let room = host.until(|r| r["stage"] == "playing").await;
    host.send(json!({"type": "act", "action": {"kind": "roll"}, "version": room["version"]}))
        .await;
    let rolled = host.until(|r| r["game"]["roll"].is_array()).await;
    drop(host);

    // The seat is kept, shown as away, and the game waits (the room's setting).
    let mut watcher = Client::connect(&server).await;
    watcher.join(&code, None).await;
    let away = watcher.until(|r| r["seats"][0]["connected"] == false).await;
    assert_eq!(away["version"], rolled["version"]);
    assert_eq!(away["game"]["waiting_for"], 0);

    let mut back = Client::connect(&server).await;
    let welcome = back.join(&code, Some(&token)).await;
    assert_eq!(welcome["seat"], 0);
    let view = back.until(|r| r["seats"][0]["connected"] == true).await;
    assert_eq!(back.you, Some(0));
    assert_eq!(
        view["game"]["roll"], rolled["game"]["roll"],
        "mid-turn, as left"
    );
    let version = view["version"].as_u64().unwrap();
    back.send(json!({"type": "act", "action": simple_move(&view["game"]), "version": version}))
        .await;
    let acknowledged = back.until(|r| r["version"].as_u64() > Some(version)).await;

    // SIGKILL: everything acknowledged is there after a restart, on another port.
    server.kill();
    let server = Server::start_on(backend, &dir, &[]);
    let mut again = Client::connect(&server).await;
    again.join(&code, Some(&token)).await;
    let resumed = again.until(|r| r["seats"][0]["connected"] == true).await;
    assert!(resumed["version"].as_u64() >= acknowledged["version"].as_u64());
    assert_eq!(
        resumed["fairness"]["commitment"],
        acknowledged["fairness"]["commitment"]
    );
    let end = play_out(&mut [(0, &mut again)]).await;
    assert_eq!(end["stage"], "over");
    let (status, body) = get(&server, &format!("/api/rooms/{code}/record")).await;
    assert_eq!(status, 200);
    let record: Value = serde_json::from_str(&body).unwrap();
    let scores: Vec<i64> = end["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["score"].as_i64().unwrap())
        .collect();
    assert_eq!(replay(&record), scores);
}

async fn a_database_from_a_newer_server_is_refused(backend: &Backend) {
    let dir = backend.temp_dir("newer_schema");
    let server = Server::start_on(backend, &dir, &[]);
    let database = server.database.clone();
    server.kill();
    let insert = "INSERT INTO _sqlx_migrations (version, description, success, checksum, \
                  execution_time) VALUES (9999, 'from the future', TRUE, '\\x00', 0)";
    match backend {
        Backend::Sqlite => {
            let pool = sqlx::SqlitePool::connect(&format!("sqlite:{database}"))
                .await
                .unwrap();
            sqlx::query(&insert.replace("'\\x00'", "x'00'"))
                .execute(&pool)
                .await
                .unwrap();
            pool.close().await;
        }
        Backend::Postgres(postgres) => {
            postgres.sql(insert);
        }
    }
    let out = Command::new(env!("CARGO_BIN_EXE_farkle-server"))
        .args(["--listen", "127.0.0.1:0", "--database"])
        .arg(&database)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("schema version 9999, newer than"),
        "{stderr}"
    );
}

async fn idle_rooms_leave_memory_and_come_back_from_the_database(backend: &Backend) {
    let dir = backend.temp_dir("idle_rooms");
    let server = Server::start_on(
        backend,
        &dir,
        &["--max-rooms", "1", "--idle-room-seconds", "1"],
    );
    let mut first = Client::connect(&server).await;
    let (code, token) = first.create("Ann", short_rules(1500), 2).await;
    let mut second = Client::connect(&server).await;
    second
        .send(json!({"type": "create", "name": "Bo", "rules": "classic", "seats": 2}))
        .await;
    assert_eq!(second.expect_error().await, "full");
    drop(first);
    // Nobody follows the first room: after the idle time it leaves memory.
    let since = std::time::Instant::now();
    loop {
        second
            .send(json!({"type": "create", "name": "Bo", "rules": "classic", "seats": 2}))
            .await;
        let frame = second.next().await.unwrap();
        if frame["type"] == "welcome" {
            break;
        }
        assert_eq!(frame["code"], "full", "{frame}");
        assert!(since.elapsed().as_secs() < 10, "the idle room stayed");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(
        since.elapsed().as_millis() >= 900,
        "not before the idle time"
    );
    drop(second);
    // The first room comes back from the database, its host's seat and token intact.
    let mut back = Client::connect(&server).await;
    loop {
        back.send(json!({"type": "join", "room": code, "token": token}))
            .await;
        let frame = back.next().await.unwrap();
        if frame["type"] == "welcome" {
            assert_eq!(frame["seat"], 0);
            break;
        }
        assert_eq!(frame["code"], "full", "{frame}");
        assert!(since.elapsed().as_secs() < 20, "the second room stayed");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let room = back.until(|r| r["code"] == code.as_str()).await;
    assert_eq!(room["seats"][0]["name"], "Ann");
    assert_eq!(room["stage"], "lobby");
}

async fn seats_per_room_are_limited_by_the_operator(backend: &Backend) {
    let dir = backend.temp_dir("seat_limit");
    let server = Server::start_on(backend, &dir, &["--max-seats", "3"]);
    let mut host = Client::connect(&server).await;
    // Four seats are over this server's limit; nine over the game's own.
    host.send(json!({"type": "create", "name": "Ann", "rules": "classic", "seats": 4}))
        .await;
    let refused = host.expect("error").await;
    assert_eq!(refused["code"], "full");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("at most 3 seats"),
        "{refused}"
    );
    host.send(json!({"type": "create", "name": "Ann", "rules": "classic", "seats": 9}))
        .await;
    assert_eq!(host.expect_error().await, "bad_seat");
    let (code, _) = host.create("Ann", json!("classic"), 2).await;
    host.until(|r| r["code"] == code).await;
    host.send(json!({"type": "add_seat"})).await;
    host.until(|r| r["seats"].as_array().unwrap().len() == 3)
        .await;
    host.send(json!({"type": "add_seat"})).await;
    assert_eq!(host.expect_error().await, "full");
    host.send(json!({"type": "ping"})).await;
    host.expect("pong").await;
    assert_eq!(
        host.room.as_ref().unwrap()["seats"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    assert_eq!(host.version(), 2);

    // A limit beyond the game's bounds is refused on start.
    for bad in ["1", "9"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_farkle-server"))
            .args(["--max-seats", bad])
            .output()
            .unwrap();
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("2 to 8"));
    }
}

async fn ready_until_told_to_stop_then_drains_and_exits(backend: &Backend) {
    let dir = backend.temp_dir("readiness");
    let mut server = Server::start_on(backend, &dir, &["--drain-seconds", "2"]);
    assert_eq!(get(&server, "/readyz").await, (200, "ready\n".to_owned()));
    assert_eq!(get(&server, "/healthz").await, (200, "ok\n".to_owned()));
    server.terminate();
    let told = std::time::Instant::now();
    // Not ready from the signal on, yet alive and serving while it drains.
    loop {
        let (status, body) = get(&server, "/readyz").await;
        if status == 503 {
            assert_eq!(body, "shutting down\n");
            break;
        }
        assert_eq!(status, 200);
        assert!(
            told.elapsed().as_millis() < 1000,
            "still ready after a second"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(get(&server, "/healthz").await.0, 200);
    let mut late = Client::connect(&server).await;
    let (code, _) = late.create("Ann", json!("classic"), 2).await;
    assert_eq!(code.len(), 16);
    drop(late);
    let status = server
        .exit_within(std::time::Duration::from_secs(10))
        .expect("the server exits after the drain");
    assert!(status.success(), "{status}");
    assert!(
        told.elapsed().as_millis() >= 1900,
        "stopped {} ms after the signal, before the drain",
        told.elapsed().as_millis()
    );
}

async fn room_creation_is_paced_per_address(backend: &Backend) {
    let dir = backend.temp_dir("creation_rate");
    let server = Server::start_on(backend, &dir, &["--rooms-per-minute", "3"]);
    let mut refused = Vec::new();
    for _ in 0..4 {
        let mut client = Client::connect(&server).await;
        client
            .send(json!({"type": "create", "name": "Ann", "rules": "classic", "seats": 2}))
            .await;
        let frame = client.next().await.unwrap();
        refused.push(frame["code"].as_str().map(str::to_owned));
    }
    assert_eq!(refused, [None, None, None, Some("rate_limited".to_owned())]);
}

async fn seats_are_added_opened_and_given_back_before_the_start(backend: &Backend) {
    let dir = backend.temp_dir("lobby_seats");
    let server = Server::start_on(backend, &dir, &[]);
    let mut host = Client::connect(&server).await;
    let (code, _) = host.create("Ann", json!("classic"), 2).await;
    for seats in 3..=8 {
        host.send(json!({"type": "add_seat"})).await;
        host.until(|r| r["seats"].as_array().unwrap().len() == seats)
            .await;
    }
    host.send(json!({"type": "add_seat"})).await;
    assert_eq!(host.expect_error().await, "bad_seat", "8 seats at most");

    let mut guest = Client::connect(&server).await;
    guest.join(&code, None).await;
    guest.take_seat(1, "Bo").await;
    guest.until(|r| r["seats"][1]["name"] == "Bo").await;
    assert_eq!(guest.you, Some(1));
    guest.send(json!({"type": "add_seat"})).await;
    assert_eq!(guest.expect_error().await, "not_host");
    guest.send(json!({"type": "open_seat", "seat": 2})).await;
    assert_eq!(guest.expect_error().await, "not_host");
    // Bo gives the seat back, and watches.
    guest.send(json!({"type": "open_seat", "seat": 1})).await;
    guest.until(|r| r["seats"][1]["kind"] == "open").await;
    assert_eq!(guest.you, None);
    guest
        .send(json!({"type": "act", "action": {"kind": "roll"}}))
        .await;
    assert_eq!(guest.expect_error().await, "not_seated");
    // The host reopens a bot's seat and a person's, never its own.
    host.send(json!({"type": "add_bot", "seat": 2, "bot": "random"}))
        .await;
    host.until(|r| r["seats"][2]["kind"] == "bot").await;
    host.send(json!({"type": "open_seat", "seat": 2})).await;
    host.until(|r| r["seats"][2]["kind"] == "open").await;
    host.send(json!({"type": "open_seat", "seat": 0})).await;
    assert_eq!(host.expect_error().await, "bad_seat");
    guest.take_seat(3, "Bo").await;
    host.send(json!({"type": "open_seat", "seat": 3})).await;
    host.until(|r| r["seats"][3]["kind"] == "open").await;
    guest.until(|r| r["seats"][3]["kind"] == "open").await;
    assert_eq!(guest.you, None, "a spectator again");
    // Once the game is on, seats are fixed.
    for seat in 1..8 {
        host.send(json!({"type": "add_bot", "seat": seat, "bot": "random"}))
            .await;
    }
    host.until(|r| {
        r["seats"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["kind"] != "open")
    })
    .await;
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["stage"] == "playing").await;
    host.send(json!({"type": "add_seat"})).await;
    assert_eq!(host.expect_error().await, "wrong_phase");
    host.send(json!({"type": "open_seat", "seat": 1})).await;
    assert_eq!(host.expect_error().await, "wrong_phase");
}

/// Two processes on one SQLite file would not see each other's changes: the second is
/// refused on start, and may start once the first is gone (even killed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_process_on_one_sqlite_file_is_refused() {
    let dir = support::temp_dir("sqlite_in_use");
    let first = Server::start(&dir, &[]);
    let second = Command::new(env!("CARGO_BIN_EXE_farkle-server"))
        .args(["--listen", "127.0.0.1:0", "--database"])
        .arg(&first.database)
        .output()
        .unwrap();
    assert!(!second.status.success());
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert!(
        stderr.contains("another farkle-server is using") && stderr.contains("PostgreSQL"),
        "{stderr}"
    );
    first.kill();
    let again = Server::start(&dir, &[]);
    let mut client = Client::connect(&again).await;
    client.create("Ann", json!("classic"), 2).await;
}

on_both_backends!(
    two_people_and_a_bot_play_a_whole_game,
    every_refusal_has_its_code_and_changes_nothing,
    wrong_codes_are_rate_limited_and_others_still_play,
    browsers_from_other_origins_are_refused,
    a_dropped_player_reconnects_with_the_token_and_a_killed_server_resumes,
    a_database_from_a_newer_server_is_refused,
    idle_rooms_leave_memory_and_come_back_from_the_database,
    room_creation_is_paced_per_address,
    seats_are_added_opened_and_given_back_before_the_start,
    seats_per_room_are_limited_by_the_operator,
    ready_until_told_to_stop_then_drains_and_exits,
);
