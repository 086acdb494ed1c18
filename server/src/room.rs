// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A room as data: its seats, settings and game, changed only by [`Entry`] values.
//!
//! The room's log of entries is what the database keeps: [`Room::apply`] is the one place
//! that changes a room, for a live request and for a replay after a restart alike, so a
//! replayed room is the room that was acknowledged. Nothing here knows about sockets, time
//! or storage.

use std::collections::VecDeque;

use farkle::{Action, DiceSource, Game, Phase, Rules};
use serde::{Deserialize, Serialize};

use crate::fairness::{FairnessRecord, Seed};
use crate::protocol::{
    check_name, ActionRequest, BotKind, ErrorCode, OnDisconnect, Refusal, SettingsRequest, SEATS,
};

/// The game events a room keeps for clients that join late or reconnect.
pub const RECENT_EVENTS: usize = 64;

/// A room's settings, every one decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// Advice and the win meter for every seat; `None` decides at the start (on when at
    /// most one human plays).
    pub advice: Option<bool>,
    /// What happens to an absent player's seat after the grace time.
    pub on_disconnect: OnDisconnect,
    /// The grace time, in seconds.
    pub grace_seconds: u32,
    /// Seconds for each human decision, if there is a timer.
    pub decision_seconds: Option<u32>,
}

impl Settings {
    /// The settings a host asked for, checked, with defaults for the rest.
    pub fn from_request(request: &SettingsRequest) -> Result<Settings, Refusal> {
        let grace_seconds = request.grace_seconds.unwrap_or(60);
        if !(5..=3600).contains(&grace_seconds) {
            return Err(Refusal::new(
                ErrorCode::BadSettings,
                "the grace time is 5 to 3,600 seconds",
            ));
        }
        if let Some(s) = request.decision_seconds {
            if !(10..=3600).contains(&s) {
                return Err(Refusal::new(
                    ErrorCode::BadSettings,
                    "the decision timer is 10 to 3,600 seconds",
                ));
            }
        }
        Ok(Settings {
            advice: request.advice,
            on_disconnect: request.on_disconnect.unwrap_or_default(),
            grace_seconds,
            decision_seconds: request.decision_seconds,
        })
    }
}

/// Who holds a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seat {
    /// Nobody yet.
    Open,
    /// A person, who acts with the token whose SHA-256 is `token_hash`.
    Human {
        /// Their name.
        name: String,
        /// SHA-256 of their token, in hexadecimal.
        token_hash: String,
    },
    /// A bot.
    Bot {
        /// Which bot.
        kind: BotKind,
    },
}

impl Seat {
    /// The name shown for the seat.
    pub fn name(&self, index: usize) -> String {
        match self {
            Seat::Open => format!("Seat {}", index + 1),
            Seat::Human { name, .. } => name.clone(),
            Seat::Bot { kind } => format!("{} bot {}", bot_label(*kind), index + 1),
        }
    }
}

/// A bot kind as players read it.
pub fn bot_label(kind: BotKind) -> &'static str {
    match kind {
        BotKind::Random => "Random",
        BotKind::Threshold => "Threshold",
        BotKind::SingleTurn => "Single-turn",
        BotKind::WinOptimal => "Win-optimal",
    }
}

/// Where a room is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Seats are being filled.
    Lobby,
    /// The game is on.
    Playing,
    /// The game has ended; the seed is revealed.
    Over,
}

/// An action of the game as the log keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum LoggedAction {
    /// A roll (its dice are in the entry).
    Roll,
    /// A selection, bit i for the i-th die.
    Select {
        /// The dice kept.
        mask: u16,
    },
    /// An undo.
    Undo,
    /// A bank.
    Bank,
    /// A farkle acknowledged.
    AcknowledgeFarkle,
    /// A forfeited turn.
    ForfeitTurn,
    /// A piggyback.
    Piggyback,
    /// The seat left the game.
    Leave,
}

/// One change of a room: what the database logs, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "entry", rename_all = "snake_case", deny_unknown_fields)]
pub enum Entry {
    /// The room was created, the host in seat 0.
    Created {
        /// The rules.
        rules: Rules,
        /// The settings.
        settings: Settings,
        /// The number of seats.
        seats: usize,
        /// The host's name.
        host: String,
        /// SHA-256 of the host's token.
        token_hash: String,
    },
    /// A person took an open seat.
    SeatTaken {
        /// The seat.
        seat: usize,
        /// Their name.
        name: String,
        /// SHA-256 of their token.
        token_hash: String,
    },
    /// The host seated a bot.
    BotAdded {
        /// The seat.
        seat: usize,
        /// Which bot.
        bot: BotKind,
    },
    /// The host removed a seat.
    SeatRemoved {
        /// The seat.
        seat: usize,
    },
    /// The host added an open seat.
    SeatAdded,
    /// A seat was opened again (by the host, or given back by its holder).
    SeatOpened {
        /// The seat.
        seat: usize,
    },
    /// The game started, its dice committed to by `seed` (secret until the end).
    Started {
        /// The seed, in hexadecimal.
        seed: String,
    },
    /// A seat's action.
    Action {
        /// The seat that acted.
        seat: usize,
        /// The action.
        action: LoggedAction,
        /// A roll's faces, as the seed gave them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<Vec<u8>>,
    },
}

/// One action of a finished game's record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordedAction {
    /// The seat that acted (from 0, the game's player index).
    pub seat: usize,
    /// The action.
    pub action: LoggedAction,
    /// A roll's faces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<Vec<u8>>,
}

/// What `/api/rooms/CODE/record` serves once a game is over: enough to replay the game
/// with the library and to check every die.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The rules.
    pub rules: Rules,
    /// The players' names, by seat.
    pub players: Vec<String>,
    /// Every action, in order.
    pub actions: Vec<RecordedAction>,
    /// The commitment, the revealed seed and every roll.
    pub fairness: FairnessRecord,
}

impl Entry {
    /// A room's first entry from what a `create` message asks for: the settings and the
    /// host's name checked (the rules and the seats are checked by [`Room::create`]).
    pub fn created(
        name: &str,
        rules: Rules,
        seats: usize,
        settings: &SettingsRequest,
        token_hash: String,
    ) -> Result<Entry, Refusal> {
        Ok(Entry::Created {
            rules,
            settings: Settings::from_request(settings)?,
            seats,
            host: check_name(name)?,
            token_hash,
        })
    }
}

/// A room: its seats, settings, game and the game's fairness record.
#[derive(Debug, Clone)]
pub struct Room {
    /// The room's code.
    pub code: String,
    /// The rules.
    pub rules: Rules,
    /// The settings.
    pub settings: Settings,
    /// The seats, in playing order.
    pub seats: Vec<Seat>,
    /// Where the room is in its life.
    pub stage: Stage,
    /// The game, once started.
    pub game: Option<Game>,
    seed: Option<Seed>,
    commitment: Option<String>,
    /// Every roll's faces, in order.
    pub rolls: Vec<Vec<u8>>,
    /// The number of entries applied: the room's version.
    pub version: u64,
    /// The latest game events, each with the version of the entry that caused it.
    pub recent: VecDeque<(u64, serde_json::Value)>,
}

fn refuse(code: ErrorCode, message: impl Into<String>) -> Refusal {
    Refusal::new(code, message)
}

impl Room {
    /// A room from its first entry, which must be [`Entry::Created`].
    pub fn create(code: &str, entry: &Entry) -> Result<Room, Refusal> {
        let Entry::Created {
            rules,
            settings,
            seats,
            host,
            token_hash,
        } = entry
        else {
            return Err(refuse(
                ErrorCode::BadFrame,
                "a room's log starts with its creation",
            ));
        };
        rules
            .validate()
            .map_err(|e| refuse(ErrorCode::BadRules, e.to_string()))?;
        if !SEATS.contains(seats) {
            return Err(refuse(ErrorCode::BadSeat, "a room has 2 to 8 seats"));
        }
        // Every game these rules can make must be possible (checked once here, not at start).
        Game::new(*rules, *seats, DiceSource::Supplied)
            .map_err(|e| refuse(ErrorCode::BadRules, e.to_string()))?;
        let mut room = Room {
            code: code.to_owned(),
            rules: *rules,
            settings: *settings,
            seats: vec![Seat::Open; *seats],
            stage: Stage::Lobby,
            game: None,
            seed: None,
            commitment: None,
            rolls: Vec::new(),
            version: 1,
            recent: VecDeque::new(),
        };
        room.seats[0] = Seat::Human {
            name: check_name(host)?,
            token_hash: token_hash.clone(),
        };
        Ok(room)
    }

    /// The seat whose token hashes to `token_hash`.
    pub fn seat_of(&self, token_hash: &str) -> Option<usize> {
        self.seats.iter().position(
            |s| matches!(s, Seat::Human { token_hash: h, .. } if h.as_str() == token_hash),
        )
    }

    /// How many seats people hold.
    pub fn humans(&self) -> usize {
        self.seats
            .iter()
            .filter(|s| matches!(s, Seat::Human { .. }))
            .count()
    }

    /// Whether advice and the win meter are shown.
    pub fn advice_on(&self) -> bool {
        self.settings.advice.unwrap_or(self.humans() <= 1)
    }

    /// The commitment to the game's seed, once the game has started.
    pub fn commitment(&self) -> Option<&str> {
        self.commitment.as_deref()
    }

    /// The fairness record: the commitment and every roll, and the seed once the game is over.
    pub fn fairness(&self) -> Option<FairnessRecord> {
        Some(FairnessRecord {
            commitment: self.commitment.clone()?,
            seed: (self.stage == Stage::Over)
                .then(|| self.seed.as_ref().map(Seed::to_hex))
                .flatten(),
            rolls: self.rolls.clone(),
        })
    }

    /// The whole record of a finished game: its rules, players, every action with its dice,
    /// and the fairness record with the seed. `None` until the game is over.
    pub fn game_record(&self, entries: &[Entry]) -> Option<GameRecord> {
        if self.stage != Stage::Over {
            return None;
        }
        Some(GameRecord {
            rules: self.rules,
            players: (0..self.seats.len())
                .map(|i| self.seats[i].name(i))
                .collect(),
            actions: entries
                .iter()
                .filter_map(|e| match e {
                    Entry::Action { seat, action, dice } => Some(RecordedAction {
                        seat: *seat,
                        action: *action,
                        dice: dice.clone(),
                    }),
                    _ => None,
                })
                .collect(),
            fairness: self.fairness()?,
        })
    }

    /// The seat whose decision the game awaits, while it is on.
    pub fn seat_to_move(&self) -> Option<usize> {
        let game = self.game.as_ref()?;
        (self.stage == Stage::Playing && game.phase() != Phase::GameOver)
            .then(|| game.current_player())
    }

    /// The entry for an action request by `seat`: the request checked against the game (the
    /// game itself judges it when the entry is applied) and, for a roll, its dice drawn from
    /// the seed.
    pub fn entry_for(&self, seat: usize, request: &ActionRequest) -> Result<Entry, Refusal> {
        let game = self.playing_game()?;
        let action = match request {
            ActionRequest::Roll {} => LoggedAction::Roll,
            ActionRequest::Select { dice } => {
                let roll = game
                    .turn()
                    .last_roll()
                    .filter(|_| game.phase() == Phase::AwaitingSelection);
                let Some(roll) = roll else {
                    return Err(refuse(
                        ErrorCode::Refused,
                        "there is no roll to select from",
                    ));
                };
                let mut mask = 0u16;
                for &i in dice {
                    if i >= roll.dice.len() || mask & (1 << i) != 0 {
                        return Err(refuse(
                            ErrorCode::Refused,
                            format!("die {i} is not a die of the roll, or is named twice"),
                        ));
                    }
                    mask |= 1 << i;
                }
                LoggedAction::Select { mask }
            }
            ActionRequest::Undo {} => LoggedAction::Undo,
            ActionRequest::Bank {} => LoggedAction::Bank,
            ActionRequest::AcknowledgeFarkle {} => LoggedAction::AcknowledgeFarkle,
            ActionRequest::ForfeitTurn {} => LoggedAction::ForfeitTurn,
            ActionRequest::Piggyback {} => LoggedAction::Piggyback,
            ActionRequest::Leave {} => LoggedAction::Leave,
        };
        self.entry_for_action(seat, action)
    }

    /// The entry for a library action chosen for `seat` (by a bot).
    pub fn entry_for_bot(&self, seat: usize, action: Action) -> Result<Entry, Refusal> {
        let action = match action {
            Action::Roll => LoggedAction::Roll,
            Action::Select(mask) => LoggedAction::Select { mask },
            Action::Undo => LoggedAction::Undo,
            Action::Bank => LoggedAction::Bank,
            Action::AcknowledgeFarkle => LoggedAction::AcknowledgeFarkle,
            Action::ForfeitTurn => LoggedAction::ForfeitTurn,
            Action::Piggyback => LoggedAction::Piggyback,
            Action::Leave(_) => LoggedAction::Leave,
        };
        self.entry_for_action(seat, action)
    }

    fn entry_for_action(&self, seat: usize, action: LoggedAction) -> Result<Entry, Refusal> {
        let game = self.playing_game()?;
        let dice = match action {
            LoggedAction::Roll => {
                let seed = self.seed.as_ref().expect("a started game has a seed");
                Some(seed.faces(self.rolls.len() as u64, usize::from(game.turn().hand)))
            }
            _ => None,
        };
        // The game judges the entry when it is applied (to a copy, before it is logged).
        Ok(Entry::Action { seat, action, dice })
    }

    fn playing_game(&self) -> Result<&Game, Refusal> {
        match (&self.game, self.stage) {
            (Some(game), Stage::Playing) => Ok(game),
            (_, Stage::Lobby) => Err(refuse(ErrorCode::WrongPhase, "the game has not started")),
            _ => Err(refuse(ErrorCode::WrongPhase, "the game is over")),
        }
    }

    fn lobby(&self) -> Result<(), Refusal> {
        if self.stage == Stage::Lobby {
            Ok(())
        } else {
            Err(refuse(ErrorCode::WrongPhase, "the game has started"))
        }
    }

    fn seat_index(&self, seat: usize) -> Result<(), Refusal> {
        if seat < self.seats.len() {
            Ok(())
        } else {
            Err(refuse(
                ErrorCode::BadSeat,
                format!("the room has seats 0 to {}", self.seats.len() - 1),
            ))
        }
    }

    /// Applies one entry after [`Entry::Created`]; a refused entry changes nothing.
    pub fn apply(&mut self, entry: &Entry) -> Result<(), Refusal> {
        match entry {
            Entry::Created { .. } => {
                return Err(refuse(ErrorCode::WrongPhase, "the room exists"));
            }
            Entry::SeatTaken {
                seat,
                name,
                token_hash,
            } => {
                self.lobby()?;
                self.seat_index(*seat)?;
                if self.seats[*seat] != Seat::Open {
                    return Err(refuse(ErrorCode::BadSeat, "the seat is taken"));
                }
                self.seats[*seat] = Seat::Human {
                    name: check_name(name)?,
                    token_hash: token_hash.clone(),
                };
            }
            Entry::BotAdded { seat, bot } => {
                self.lobby()?;
                self.seat_index(*seat)?;
                if matches!(self.seats[*seat], Seat::Human { .. }) {
                    return Err(refuse(ErrorCode::BadSeat, "a person holds the seat"));
                }
                self.seats[*seat] = Seat::Bot { kind: *bot };
            }
            Entry::SeatRemoved { seat } => {
                self.lobby()?;
                self.seat_index(*seat)?;
                if *seat == 0 {
                    return Err(refuse(ErrorCode::BadSeat, "the host's seat stays"));
                }
                if self.seats.len() <= *SEATS.start() {
                    return Err(refuse(ErrorCode::BadSeat, "a room keeps at least 2 seats"));
                }
                self.seats.remove(*seat);
            }
            Entry::SeatAdded => {
                self.lobby()?;
                if self.seats.len() >= *SEATS.end() {
                    return Err(refuse(ErrorCode::BadSeat, "a room has at most 8 seats"));
                }
                self.seats.push(Seat::Open);
            }
            Entry::SeatOpened { seat } => {
                self.lobby()?;
                self.seat_index(*seat)?;
                if *seat == 0 {
                    return Err(refuse(ErrorCode::BadSeat, "the host's seat stays"));
                }
                self.seats[*seat] = Seat::Open;
            }
            Entry::Started { seed } => {
                self.lobby()?;
                if self.seats.contains(&Seat::Open) {
                    return Err(refuse(ErrorCode::WrongPhase, "every seat must be taken"));
                }
                let seed = Seed::from_hex(seed)
                    .ok_or_else(|| refuse(ErrorCode::BadFrame, "a seed is 64 hex digits"))?;
                let names = (0..self.seats.len())
                    .map(|i| Some(self.seats[i].name(i)))
                    .collect();
                let game = Game::with_names(self.rules, names, DiceSource::Supplied)
                    .map_err(|e| refuse(ErrorCode::Refused, e.to_string()))?;
                self.commitment = Some(seed.commitment());
                self.seed = Some(seed);
                self.settings.advice = Some(self.advice_on());
                self.game = Some(game);
                self.stage = Stage::Playing;
            }
            Entry::Action { seat, action, dice } => {
                self.apply_action(*seat, *action, dice.as_deref())?;
            }
        }
        self.version += 1;
        Ok(())
    }

    fn apply_action(
        &mut self,
        seat: usize,
        action: LoggedAction,
        dice: Option<&[u8]>,
    ) -> Result<(), Refusal> {
        self.playing_game()?;
        self.seat_index(seat)?;
        let version = self.version + 1;
        let game = self.game.as_mut().expect("checked");
        if action != LoggedAction::Leave && game.current_player() != seat {
            return Err(refuse(ErrorCode::WrongPhase, "it is not this seat's turn"));
        }
        let refused = |e: farkle::GameError| refuse(ErrorCode::Refused, e.to_string());
        let before = game.events().len();
        match (action, dice) {
            (LoggedAction::Roll, Some(dice)) => {
                let seed = self.seed.as_ref().expect("a started game has a seed");
                if seed.faces(self.rolls.len() as u64, dice.len()) != dice {
                    return Err(refuse(ErrorCode::BadFrame, "the dice are not the seed's"));
                }
                game.roll_with(dice).map_err(refused)?;
                self.rolls.push(dice.to_vec());
            }
            (LoggedAction::Roll, None) | (_, Some(_)) => {
                return Err(refuse(ErrorCode::BadFrame, "dice belong to rolls only"));
            }
            (LoggedAction::Leave, None) => {
                game.apply(Action::Leave(seat)).map_err(refused)?;
            }
            (action, None) => {
                let action = match action {
                    LoggedAction::Select { mask } => Action::Select(mask),
                    LoggedAction::Undo => Action::Undo,
                    LoggedAction::Bank => Action::Bank,
                    LoggedAction::AcknowledgeFarkle => Action::AcknowledgeFarkle,
                    LoggedAction::ForfeitTurn => Action::ForfeitTurn,
                    LoggedAction::Piggyback => Action::Piggyback,
                    LoggedAction::Roll | LoggedAction::Leave => unreachable!("matched above"),
                };
                game.apply(action).map_err(refused)?;
            }
        }
        for event in &game.events()[before..] {
            let value = serde_json::to_value(event).expect("events serialise");
            self.recent.push_back((version, value));
            if self.recent.len() > RECENT_EVENTS {
                self.recent.pop_front();
            }
        }
        if game.phase() == Phase::GameOver {
            self.stage = Stage::Over;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn created(seats: usize) -> Entry {
        Entry::Created {
            rules: farkle::Preset::Minimal.rules(),
            settings: Settings::from_request(&SettingsRequest::default()).unwrap(),
            seats,
            host: "Ann".into(),
            token_hash: "h0".into(),
        }
    }

    #[test]
    fn lobby_entries_are_checked() {
        let mut room = Room::create("r", &created(3)).unwrap();
        let take = |seat, hash: &str| Entry::SeatTaken {
            seat,
            name: "Bo".into(),
            token_hash: hash.into(),
        };
        assert_eq!(
            room.apply(&take(0, "x")).unwrap_err().code,
            ErrorCode::BadSeat
        );
        assert_eq!(
            room.apply(&take(3, "x")).unwrap_err().code,
            ErrorCode::BadSeat
        );
        room.apply(&take(1, "h1")).unwrap();
        assert_eq!(room.seat_of("h1"), Some(1));
        let start = Entry::Started {
            seed: Seed([1; 32]).to_hex(),
        };
        assert_eq!(room.apply(&start).unwrap_err().code, ErrorCode::WrongPhase);
        assert_eq!(
            room.apply(&Entry::SeatRemoved { seat: 0 })
                .unwrap_err()
                .code,
            ErrorCode::BadSeat
        );
        room.apply(&Entry::BotAdded {
            seat: 2,
            bot: BotKind::Threshold,
        })
        .unwrap();
        let version = room.version;
        room.apply(&start).unwrap();
        assert_eq!(room.version, version + 1);
        assert_eq!(room.stage, Stage::Playing);
        // Two people: advice is off by default.
        assert!(!room.advice_on());
        assert_eq!(
            room.apply(&take(2, "h2")).unwrap_err().code,
            ErrorCode::WrongPhase
        );
    }

    #[test]
    fn actions_follow_the_seed_and_the_turn() {
        let mut room = Room::create("r", &created(2)).unwrap();
        room.apply(&Entry::BotAdded {
            seat: 1,
            bot: BotKind::Random,
        })
        .unwrap();
        let seed = Seed([7; 32]);
        room.apply(&Entry::Started {
            seed: seed.to_hex(),
        })
        .unwrap();
        let not_yours = room.entry_for(1, &ActionRequest::Roll {}).unwrap();
        assert_eq!(
            room.clone().apply(&not_yours).unwrap_err().code,
            ErrorCode::WrongPhase
        );
        let entry = room.entry_for(0, &ActionRequest::Roll {}).unwrap();
        assert_eq!(
            entry,
            Entry::Action {
                seat: 0,
                action: LoggedAction::Roll,
                dice: Some(seed.faces(0, 6)),
            }
        );
        // Forged dice are refused on replay.
        let forged = Entry::Action {
            seat: 0,
            action: LoggedAction::Roll,
            dice: Some(vec![1, 1, 1, 1, 1, 1]),
        };
        if Some(vec![1, 1, 1, 1, 1, 1]) != Some(seed.faces(0, 6)) {
            assert_eq!(
                room.clone().apply(&forged).unwrap_err().code,
                ErrorCode::BadFrame
            );
        }
        room.apply(&entry).unwrap();
        assert_eq!(room.rolls, vec![seed.faces(0, 6)]);
        assert_eq!(
            room.entry_for(0, &ActionRequest::Select { dice: vec![0, 0] })
                .unwrap_err()
                .code,
            ErrorCode::Refused
        );
        assert_eq!(
            room.entry_for(0, &ActionRequest::Select { dice: vec![6] })
                .unwrap_err()
                .code,
            ErrorCode::Refused
        );
    }
}
