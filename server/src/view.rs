// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What every client of a room sees: the `room` object of a `state` frame, built from the
//! room after each change. It holds nothing secret (no token, no unrevealed seed), so one
//! copy serves every connection of the room.

use farkle::strategy::Advice;
use farkle::{Action, Game, Phase};
use serde::Serialize;
use serde_json::{json, Value};

use crate::protocol::BotKind;
use crate::room::{Room, Seat, Settings, Stage};

/// A seat as clients see it.
#[derive(Debug, Serialize)]
pub struct SeatView {
    /// The seat, from 0.
    pub seat: usize,
    /// "open", "human" or "bot".
    pub kind: &'static str,
    /// The name shown.
    pub name: String,
    /// The bot's kind, for a bot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<BotKind>,
    /// Whether the person holding it is connected (bots always are).
    pub connected: bool,
    /// Whether a bot is playing for the absent person.
    pub stand_in: bool,
    /// The banked score, once the game has started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i64>,
    /// Whether the player is on the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_board: Option<bool>,
    /// Whether the player is still in the game (false once they left).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active: Option<bool>,
}

/// What a room's clients see beyond the room itself.
#[derive(Debug, Default)]
pub struct Presence {
    /// Per seat: connected, and played by a stand-in.
    pub seats: Vec<(bool, bool)>,
    /// A win table being solved for a bot: its progress, 0 to 1.
    pub solving: Option<f64>,
    /// Why a bot plays as a simpler one, if it does.
    pub bot_note: Option<String>,
    /// Milliseconds left for the decision under way, when there is a timer.
    pub deadline_ms: Option<u64>,
    /// The absent seat the game waits for.
    pub waiting_for: Option<usize>,
    /// The advice for the decision under way, when the room shows it.
    pub advice: Option<Advice>,
}

fn action_json(action: Action, game: &Game) -> Value {
    match action {
        Action::Roll => json!({"kind": "roll"}),
        Action::Select(mask) => {
            let n = game.turn().last_roll().map_or(0, |r| r.dice.len());
            let dice: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
            json!({"kind": "select", "dice": dice})
        }
        Action::Undo => json!({"kind": "undo"}),
        Action::Bank => json!({"kind": "bank"}),
        Action::AcknowledgeFarkle => json!({"kind": "acknowledge_farkle"}),
        Action::ForfeitTurn => json!({"kind": "forfeit_turn"}),
        Action::Piggyback => json!({"kind": "piggyback"}),
        Action::Leave(_) => json!({"kind": "leave"}),
    }
}

fn game_json(game: &Game, presence: &Presence) -> Value {
    let turn = game.turn();
    let roll = turn.last_roll();
    let awaiting = game.phase() == Phase::AwaitingSelection;
    let selections: Vec<Value> = if awaiting {
        let n = roll.map_or(0, |r| r.dice.len());
        game.legal_selections()
            .into_iter()
            .map(|l| {
                let dice: Vec<usize> = (0..n).filter(|i| l.mask & (1 << i) != 0).collect();
                json!({"dice": dice, "points": l.selection.points})
            })
            .collect()
    } else {
        Vec::new()
    };
    // The dice set aside this turn, roll by roll (the faces of each roll's selection).
    let kept: Vec<Vec<u8>> = turn
        .rolls
        .iter()
        .filter_map(|r| {
            let s = r.selection.as_ref()?;
            Some(
                r.dice
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| s.mask & (1 << i) != 0)
                    .map(|(_, &f)| f)
                    .collect(),
            )
        })
        .collect();
    let winners: Vec<usize> = game
        .winners()
        .map(|w| {
            (0..game.players().len())
                .filter(|i| w & (1 << i) != 0)
                .collect()
        })
        .unwrap_or_default();
    let advice = presence.advice.as_ref().map(|a| {
        // Every seat's chance after the recommended choice, where the table values it.
        let row = a
            .choices
            .iter()
            .position(|c| c.action == a.recommended)
            .and_then(|i| a.seat_win_probabilities.get(i))
            .filter(|row| row.iter().all(|p| p.is_finite()));
        json!({
            "recommended": action_json(a.recommended, game),
            "win_probabilities": row,
            "roll_probability": a.roll_probability,
        })
    });
    json!({
        "phase": match game.phase() {
            Phase::AwaitingRoll => "awaiting_roll",
            Phase::AwaitingSelection => "awaiting_selection",
            Phase::Farkled => "farkled",
            Phase::GameOver => "over",
        },
        "current": game.current_player(),
        "round": game.round(),
        "turn_points": turn.points,
        "hand": turn.hand,
        "roll": roll.map(|r| r.dice.to_vec()),
        "selected": roll.and_then(|r| r.selection.as_ref()).map(|s| s.mask),
        "farkle": game.phase() == Phase::Farkled,
        "kept": kept,
        "selections": selections,
        "can_roll": game.can_roll(),
        "can_bank": game.can_bank(),
        "can_undo": game.can_undo(),
        "can_forfeit": game.can_forfeit(),
        "can_piggyback": game.can_piggyback(),
        "final_round_by": game.final_round_player(),
        "winners": winners,
        "deadline_ms": presence.deadline_ms,
        "waiting_for": presence.waiting_for,
        "advice": advice,
    })
}

/// The `room` object of a `state` frame.
pub fn room_json(room: &Room, presence: &Presence) -> Value {
    let seats: Vec<SeatView> = room
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            let player = room.game.as_ref().map(|g| &g.players()[i]);
            let (connected, stand_in) = presence.seats.get(i).copied().unwrap_or((false, false));
            SeatView {
                seat: i,
                kind: match seat {
                    Seat::Open => "open",
                    Seat::Human { .. } => "human",
                    Seat::Bot { .. } => "bot",
                },
                name: seat.name(i),
                bot: match seat {
                    Seat::Bot { kind } => Some(*kind),
                    _ => None,
                },
                connected: connected || matches!(seat, Seat::Bot { .. }),
                stand_in,
                score: player.map(|p| p.score),
                on_board: player.map(|p| p.on_board),
                active: player.map(|p| p.active),
            }
        })
        .collect();
    let settings: &Settings = &room.settings;
    let events: Vec<Value> = room
        .recent
        .iter()
        .map(|(version, event)| json!({"version": version, "event": event}))
        .collect();
    json!({
        "code": room.code,
        "version": room.version,
        "stage": room.stage,
        "rules": room.rules,
        "preset": farkle::Preset::ALL.iter().find(|p| p.rules() == room.rules).map(|p| p.name()),
        "settings": settings,
        "advice": room.advice_on(),
        "seats": seats,
        "game": room.game.as_ref().map(|g| game_json(g, presence)),
        "events": events,
        "fairness": room.fairness(),
        "solving": presence.solving,
        "bot_note": presence.bot_note,
        "over": room.stage == Stage::Over,
    })
}
