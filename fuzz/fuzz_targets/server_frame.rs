// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Arbitrary bytes as a frame a client sends to farkle-server: the decoder refuses or parses
//! them without a panic, never accepts a frame over the size cap, and what it accepts goes on
//! where the server takes it: a room created from a `create` (its rules through the library's
//! checks), an `act` judged by a game in play.

#![no_main]

use farkle_server::fairness::Seed;
use farkle_server::protocol::{check_name, decode, ClientMessage, ErrorCode, MAX_FRAME_BYTES};
use farkle_server::room::{Entry, Room, Settings};
use libfuzzer_sys::fuzz_target;

/// A two-seat room of the minimal preset, its game started from a fixed seed.
fn room_in_play() -> Room {
    let created = Entry::Created {
        rules: farkle::Preset::Minimal.rules(),
        settings: Settings::from_request(&Default::default()).unwrap(),
        seats: 2,
        host: "Ann".into(),
        token_hash: "0".repeat(64),
    };
    let mut room = Room::create("fuzzfuzzfuzzfuzz", &created).unwrap();
    room.apply(&Entry::BotAdded {
        seat: 1,
        bot: farkle_server::protocol::BotKind::Random,
    })
    .unwrap();
    room.apply(&Entry::Started {
        seed: Seed([7; 32]).to_hex(),
    })
    .unwrap();
    room
}

fuzz_target!(|frame: &[u8]| {
    let message = match decode(frame) {
        Ok(message) => message,
        Err(refusal) => {
            assert!(
                frame.len() <= MAX_FRAME_BYTES || refusal.code == ErrorCode::TooLarge,
                "an oversize frame is refused as too large"
            );
            return;
        }
    };
    assert!(frame.len() <= MAX_FRAME_BYTES);
    match message {
        ClientMessage::Create {
            name,
            rules,
            seats,
            settings,
        } => {
            let Ok(rules) = rules.resolve() else {
                return;
            };
            let Ok(entry) = Entry::created(&name, rules, seats, &settings, "0".repeat(64)) else {
                return;
            };
            if let Ok(room) = Room::create("fuzzfuzzfuzzfuzz", &entry) {
                assert_eq!(room.seats.len(), seats);
                let _ = farkle_server::view::room_json(&room, &Default::default());
            }
        }
        ClientMessage::TakeSeat { name, .. } => {
            if let Ok(name) = check_name(&name) {
                assert!(!name.chars().any(char::is_control));
            }
        }
        ClientMessage::Act { action, .. } => {
            let mut room = room_in_play();
            // Roll first half the time, so that selections meet a roll.
            if frame.len() % 2 == 0 {
                let roll = room.entry_for(0, &farkle_server::protocol::ActionRequest::Roll {});
                room.apply(&roll.unwrap()).unwrap();
            }
            let before = room.version;
            if let Ok(entry) = room.entry_for(0, &action) {
                let mut trial = room.clone();
                match trial.apply(&entry) {
                    Ok(()) => assert_eq!(trial.version, before + 1),
                    Err(_) => assert_eq!(trial.version, before),
                }
                let _ = farkle_server::view::room_json(&trial, &Default::default());
            }
        }
        _ => {}
    }
});
