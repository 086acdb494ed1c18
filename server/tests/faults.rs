// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Crashes: the server killed with SIGKILL at random points of 50 seeded games and started
//! again on the same database. Every game must resume at or after its last acknowledged
//! change, keep its seats, seed commitment and score, and end exactly as a replay of its log.

mod support;

use serde_json::{json, Value};
use support::{get, replay, short_rules, simple_move, temp_dir, Client, Server};

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
    let dir = temp_dir("faults");
    let mut server = Server::start(&dir, &[]);
    let mut kills = 0;
    for game in 0..50u64 {
        let mut dice = Dice(0x9e37_79b9_7f4a_7c15 ^ (game + 1));
        // Two people and a bot, so that the bot also moves between (and during) kills.
        let mut host = Client::connect(&server).await;
        let (code, host_token) = host.create("Ann", short_rules(1000), 3).await;
        let mut guest = Client::connect(&server).await;
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
            },
            Seat {
                seat: 1,
                token: guest_token,
                client: guest,
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
                server.kill();
                server = Server::start(&dir, &[]);
                kills += 1;
                rejoin(&server, &code, &mut seats).await;
                let resumed = seats[0].client.room.clone().unwrap();
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
            let Some(mover) = seats.iter_mut().find(|s| s.seat == current) else {
                // The bot's turn: wait for it.
                seats[0]
                    .client
                    .until(|r| r["version"].as_u64() > Some(version))
                    .await;
                continue;
            };
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
                // A crash with the action in flight: applied or not, never twice (the
                // version check), and the game goes on either way.
                server.kill();
                server = Server::start(&dir, &[]);
                kills += 1;
                rejoin(&server, &code, &mut seats).await;
                let resumed = seats[0].client.room.clone().unwrap();
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
        let (status, body) = get(&server, &format!("/api/rooms/{code}/record")).await;
        assert_eq!(status, 200, "{body}");
        let record: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(replay(&record), scores, "game {game}");
        assert_eq!(record["fairness"]["commitment"], commitment);
    }
    assert!(kills >= 50, "{kills} kills in 50 games");
    eprintln!("50 games, {kills} kills");
}
