// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The JSON protocol between a client and the server, one message per WebSocket text frame.
//!
//! Every frame a client sends is parsed into a [`ClientMessage`] by [`decode`]: a frame over
//! [`MAX_FRAME_BYTES`], malformed JSON, an unknown `type`, an unknown or missing field, each
//! is refused before anything else looks at it. docs/server.md documents every message.

use farkle::Rules;
use serde::{Deserialize, Serialize};

/// The largest frame a client may send, in bytes. The largest legitimate frame, a room with
/// house rules spelled out field by field, is under 2 kB.
pub const MAX_FRAME_BYTES: usize = 8 * 1024;

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// The fewest and the most seats of a room.
pub const SEATS: std::ops::RangeInclusive<usize> = 2..=8;

/// A message from a client.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Create a room and take its first seat as the host.
    Create {
        /// The host's name.
        name: String,
        /// The rules: a preset's name or a whole rules value.
        rules: RulesChoice,
        /// How many seats (2 to 8).
        seats: usize,
        /// The room's settings (defaults for those left out).
        #[serde(default)]
        settings: SettingsRequest,
    },
    /// Enter a room: with a seat's token to act for that seat (after a reload or a lost
    /// connection), without one to watch.
    Join {
        /// The room's code.
        room: String,
        /// A seat's token, as `welcome` gave it.
        #[serde(default)]
        token: Option<String>,
    },
    /// Take an open seat (before the game starts).
    TakeSeat {
        /// The seat, from 0.
        seat: usize,
        /// The player's name.
        name: String,
    },
    /// The host seats a bot (before the game starts).
    AddBot {
        /// The seat, from 0.
        seat: usize,
        /// Which bot.
        bot: BotKind,
    },
    /// The host removes a seat and whoever holds it (before the game starts); seats after it
    /// move down by one.
    RemoveSeat {
        /// The seat, from 0.
        seat: usize,
    },
    /// The host adds an open seat (before the game starts, up to 8).
    AddSeat {},
    /// Opens a seat again (before the game starts): the host for any seat but its own (a bot
    /// leaves it, a person becomes a spectator), or a person for their own seat.
    OpenSeat {
        /// The seat, from 0.
        seat: usize,
    },
    /// The host starts the game (every seat taken).
    Start {},
    /// An action of the game, by the seat this connection holds.
    Act {
        /// The action.
        action: ActionRequest,
        /// The room's version the client saw when it chose: a stale action (one made on a
        /// view the game has since left) is refused instead of applied twice.
        #[serde(default)]
        version: Option<u64>,
    },
    /// Nothing but an answer: keeps a connection open through proxies that close idle ones.
    Ping {},
}

/// The rules of a new room: a preset by name, or a rules value in the library's JSON form.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum RulesChoice {
    /// A preset's name ("classic", "minimal", …).
    Preset(String),
    /// A whole rules value (house rules), validated by the library.
    Custom(Box<Rules>),
}

impl RulesChoice {
    /// The rules value: the preset's, or the one given (the library validates it when the
    /// room is made).
    pub fn resolve(self) -> Result<Rules, Refusal> {
        match self {
            RulesChoice::Preset(name) => farkle::Preset::from_name(&name)
                .map(farkle::Preset::rules)
                .ok_or_else(|| {
                    Refusal::new(ErrorCode::BadRules, format!("no preset is called {name:?}"))
                }),
            RulesChoice::Custom(rules) => Ok(*rules),
        }
    }
}

/// A room's settings as a host asks for them; what is left out takes its default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettingsRequest {
    /// Advice and the win meter for every seat; by default on only when at most one human
    /// plays.
    #[serde(default)]
    pub advice: Option<bool>,
    /// What happens to the seat of a player who stays away longer than the grace time.
    #[serde(default)]
    pub on_disconnect: Option<OnDisconnect>,
    /// The grace time in seconds (5 to 3,600; default 60).
    #[serde(default)]
    pub grace_seconds: Option<u32>,
    /// Seconds a human has for each decision, after which a bot decides for them (10 to
    /// 3,600); none by default.
    #[serde(default)]
    pub decision_seconds: Option<u32>,
}

/// What happens to the seat of a player who stays away longer than the grace time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnDisconnect {
    /// The game waits for them.
    #[default]
    Wait,
    /// A bot plays for them until they return.
    Bot,
}

/// The bots a host can seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotKind {
    /// Picks uniformly among the legal actions.
    Random,
    /// Keeps the most points, banks at the default thresholds.
    Threshold,
    /// Maximises the expected points of each turn.
    SingleTurn,
    /// Plays to win: the exact equilibrium where a two- or three-player table covers the
    /// game (solved once per rules value), the strongest-opponent table with more players.
    WinOptimal,
}

/// An action of the game.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ActionRequest {
    /// Roll the dice in hand (the server rolls them).
    Roll {},
    /// Keep these dice of the roll (indices from 0, in roll order).
    Select {
        /// The dice, by index.
        dice: Vec<usize>,
    },
    /// Take back the selection of the current roll.
    Undo {},
    /// Bank the turn's points.
    Bank {},
    /// Acknowledge a farkle.
    AcknowledgeFarkle {},
    /// Give up the turn (when neither rolling nor banking is allowed).
    ForfeitTurn {},
    /// Take over the turn the previous player banked (piggybacking rules).
    Piggyback {},
    /// Leave the game for good.
    Leave {},
}

/// Why a frame or a request was refused: the `code` of an `error` frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, not an object, an unknown type or field, a missing or mistyped field.
    BadFrame,
    /// The frame is larger than [`MAX_FRAME_BYTES`].
    TooLarge,
    /// Too many frames, connections or wrong room codes from this client or address.
    RateLimited,
    /// No room has this code.
    NoSuchRoom,
    /// This connection is not in a room (join or create first), or is in one already.
    NotInRoom,
    /// The token is not one of this room's seats.
    BadToken,
    /// The request needs a seat and this connection watches.
    NotSeated,
    /// Only the host may do this.
    NotHost,
    /// Not now: before the start, after the end, or not this seat's turn.
    WrongPhase,
    /// No such seat, or it is taken, or it cannot be removed.
    BadSeat,
    /// The name is empty, too long or has control characters.
    BadName,
    /// The rules are not a preset's name or a valid rules value.
    BadRules,
    /// A setting is out of its range.
    BadSettings,
    /// The action was chosen on a view the game has since left.
    Stale,
    /// The library refused the action; the message gives its reason.
    Refused,
    /// The server is at a configured limit (rooms, seats, spectators).
    Full,
    /// The server could not store the request, so it did not happen; try again later.
    Unavailable,
}

impl ErrorCode {
    /// Every code, in the order of the table in docs/server.md.
    pub const ALL: [ErrorCode; 17] = [
        ErrorCode::BadFrame,
        ErrorCode::TooLarge,
        ErrorCode::RateLimited,
        ErrorCode::NoSuchRoom,
        ErrorCode::NotInRoom,
        ErrorCode::BadToken,
        ErrorCode::NotSeated,
        ErrorCode::NotHost,
        ErrorCode::WrongPhase,
        ErrorCode::BadSeat,
        ErrorCode::BadName,
        ErrorCode::BadRules,
        ErrorCode::BadSettings,
        ErrorCode::Stale,
        ErrorCode::Refused,
        ErrorCode::Full,
        ErrorCode::Unavailable,
    ];

    /// The code as an `error` frame spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadFrame => "bad_frame",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::NoSuchRoom => "no_such_room",
            ErrorCode::NotInRoom => "not_in_room",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::NotSeated => "not_seated",
            ErrorCode::NotHost => "not_host",
            ErrorCode::WrongPhase => "wrong_phase",
            ErrorCode::BadSeat => "bad_seat",
            ErrorCode::BadName => "bad_name",
            ErrorCode::BadRules => "bad_rules",
            ErrorCode::BadSettings => "bad_settings",
            ErrorCode::Stale => "stale",
            ErrorCode::Refused => "refused",
            ErrorCode::Full => "full",
            ErrorCode::Unavailable => "unavailable",
        }
    }
}

/// A refusal: what the `error` frame says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// Its code.
    pub code: ErrorCode,
    /// A sentence for a person.
    pub message: String,
}

impl Refusal {
    /// A refusal with this code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// Parses one frame a client sent.
pub fn decode(frame: &[u8]) -> Result<ClientMessage, Refusal> {
    if frame.len() > MAX_FRAME_BYTES {
        return Err(Refusal::new(
            ErrorCode::TooLarge,
            format!("frames are at most {MAX_FRAME_BYTES} bytes"),
        ));
    }
    serde_json::from_slice(frame).map_err(|e| Refusal::new(ErrorCode::BadFrame, e.to_string()))
}

/// Checks a player's name: trimmed, 1 to [`MAX_NAME_CHARS`] characters, no control or
/// formatting characters (so that no terminal escape or direction override reaches a log or
/// a page). Returns the trimmed name.
pub fn check_name(name: &str) -> Result<String, Refusal> {
    let name = name.trim();
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS {
        return Err(Refusal::new(
            ErrorCode::BadName,
            format!("a name has 1 to {MAX_NAME_CHARS} characters"),
        ));
    }
    // Control characters, and the bidirectional and zero-width formatting ones.
    let bad = |c: char| {
        c.is_control()
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
    };
    if name.chars().any(bad) {
        return Err(Refusal::new(
            ErrorCode::BadName,
            "a name cannot hold control or formatting characters",
        ));
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(frame: &str) -> ErrorCode {
        decode(frame.as_bytes()).unwrap_err().code
    }

    #[test]
    fn every_code_is_spelled_as_its_error_frame_and_docs_say() {
        let docs = include_str!("../../docs/server.md");
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
            assert!(
                docs.contains(&format!("| `{}` |", code.as_str())),
                "{code:?}"
            );
            assert!(seen.insert(code.as_str()));
        }
    }

    #[test]
    fn frames_parse_into_typed_messages() {
        assert_eq!(
            decode(br#"{"type":"join","room":"abc"}"#).unwrap(),
            ClientMessage::Join {
                room: "abc".into(),
                token: None
            }
        );
        assert_eq!(
            decode(br#"{"type":"act","action":{"kind":"select","dice":[0,2]},"version":7}"#)
                .unwrap(),
            ClientMessage::Act {
                action: ActionRequest::Select { dice: vec![0, 2] },
                version: Some(7)
            }
        );
        match decode(br#"{"type":"create","name":"a","rules":"classic","seats":3}"#).unwrap() {
            ClientMessage::Create { rules, .. } => {
                assert_eq!(rules, RulesChoice::Preset("classic".into()));
            }
            other => panic!("{other:?}"),
        }
        let custom = serde_json::json!({
            "type": "create", "name": "a", "seats": 2,
            "rules": farkle::Preset::Minimal.rules(),
            "settings": {"advice": true, "on_disconnect": "bot", "grace_seconds": 30}
        });
        match decode(custom.to_string().as_bytes()).unwrap() {
            ClientMessage::Create {
                rules, settings, ..
            } => {
                assert_eq!(
                    rules,
                    RulesChoice::Custom(Box::new(farkle::Preset::Minimal.rules()))
                );
                assert_eq!(settings.on_disconnect, Some(OnDisconnect::Bot));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn malformed_frames_are_refused() {
        assert_eq!(code("not json"), ErrorCode::BadFrame);
        assert_eq!(code("[]"), ErrorCode::BadFrame);
        assert_eq!(code(r#"{"type":"fly"}"#), ErrorCode::BadFrame);
        assert_eq!(code(r#"{"room":"abc"}"#), ErrorCode::BadFrame);
        // Unknown fields, at the top and inside, for variants with and without fields.
        assert_eq!(code(r#"{"type":"start","x":1}"#), ErrorCode::BadFrame);
        assert_eq!(code(r#"{"type":"ping","admin":true}"#), ErrorCode::BadFrame);
        assert_eq!(
            code(r#"{"type":"join","room":"a","seat":0}"#),
            ErrorCode::BadFrame
        );
        assert_eq!(
            code(r#"{"type":"act","action":{"kind":"roll","faces":[6,6,6]}}"#),
            ErrorCode::BadFrame
        );
        assert_eq!(
            code(
                r#"{"type":"create","name":"a","rules":"classic","seats":2,"settings":{"cheat":1}}"#
            ),
            ErrorCode::BadFrame
        );
        assert_eq!(
            code(r#"{"type":"take_seat","seat":-1,"name":"a"}"#),
            ErrorCode::BadFrame
        );
        let big = format!(
            r#"{{"type":"join","room":"{}"}}"#,
            "a".repeat(MAX_FRAME_BYTES)
        );
        assert_eq!(code(&big), ErrorCode::TooLarge);
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  Ann  ").unwrap(), "Ann");
        assert_eq!(check_name(&"é".repeat(24)).unwrap().chars().count(), 24);
        for bad in ["", "   ", "a\u{1b}[31m", "x\ny", "evil\u{202e}txt"] {
            assert_eq!(
                check_name(bad).unwrap_err().code,
                ErrorCode::BadName,
                "{bad:?}"
            );
        }
        assert_eq!(
            check_name(&"a".repeat(25)).unwrap_err().code,
            ErrorCode::BadName
        );
    }
}
