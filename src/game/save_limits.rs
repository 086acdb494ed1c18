// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What keeps every game's save loadable: the loader reads at most
//! [`SAVE_MAX_BYTES`], so a game takes names of at most [`MAX_NAME_BYTES`] bytes and keeps
//! count of how long its save is; an action that could make it longer than [`SAVE_MAX_BYTES`]
//! is refused ([`GameError::LogFull`]) before anything changes.
//!
//! The count is exact for the names and the event log and a proven bound for the rest: every
//! event logged adds the length of its JSON (computed from its numbers, without writing it:
//! [`event_json_len`]), the names their escaped length, and [`REST_MAX_BYTES`] stands for the
//! rules, the dice, a starting position, the summary and the checksum. Logging an event costs
//! nothing more than the push: the events are counted only once the save could be near its
//! bound (taking each at its longest, [`EVENT_MAX_BYTES`], says when), so a game's actions pay
//! for the count only in a game that long. The tests of
//! `crate::saved_game` check both against the text [`Game::save`] writes.

use crate::game::{Game, GameError};
use crate::history::Event;
use crate::limits::MAX_NAME_BYTES;
use crate::saved_game::SAVE_MAX_BYTES;

/// The most any save takes besides its names and its events: the format and version, the
/// widest rules, dice source, starting position of 64 players, pending selection, summary and
/// checksum, and the keys and punctuation around them (proved in `crate::saved_game`).
pub(crate) const REST_MAX_BYTES: usize = 16 * 1024;

/// The longest JSON of one event, with the comma before it.
pub(crate) const EVENT_MAX_BYTES: usize = 91;

/// The most events one action appends to the log: a roll that farkles and costs the penalty
/// (rolled, farkled, penalty), a bank that starts the final round and the next turn (banked,
/// final round, turn started).
pub(crate) const MAX_EVENTS_PER_ACTION: usize = 3;

/// What one action may log at most.
const ACTION_MAX_BYTES: usize = MAX_EVENTS_PER_ACTION * EVENT_MAX_BYTES;

/// What a game knows of its save's length: the first `events` events of its log take `bytes`
/// bytes (JSON and newline each), and the log may hold up to `room_until` events, the others
/// taken at their longest, before an action could pass [`SAVE_MAX_BYTES`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Counted {
    pub(super) events: usize,
    bytes: usize,
    room_until: usize,
}

impl Counted {
    /// Nothing counted: the first check counts.
    pub(crate) const NONE: Counted = Counted {
        events: 0,
        bytes: 0,
        room_until: 0,
    };
}

/// Digits of `n` in decimal.
fn digits(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// Characters of `n` in decimal, its sign included.
fn signed(n: i64) -> usize {
    digits(n.unsigned_abs()) + usize::from(n < 0)
}

/// `,"key":` before a field's value.
fn key(name: &str) -> usize {
    name.len() + 4
}

/// The length of the JSON of `event` as a save writes it (`{"event":"rolled","player":0,...}`),
/// from its numbers alone.
pub(crate) fn event_json_len(event: &Event) -> usize {
    // `{"event":"` + name + `"` + fields + `}`
    let opening = |name: &str| 10 + name.len() + 1 + 1;
    let player = |p: usize| key("player") + digits(p as u64);
    match *event {
        Event::TurnStarted { player: p, round } => {
            opening("turn_started") + player(p) + key("round") + digits(round.into())
        }
        Event::Rolled {
            player: p,
            ref dice,
            generated,
        } => {
            let faces = if dice.is_empty() {
                2
            } else {
                2 * dice.len() + 1
            };
            opening("rolled")
                + player(p)
                + key("dice")
                + faces
                + key("generated")
                + if generated { 4 } else { 5 }
        }
        Event::Selected {
            player: p,
            mask,
            points,
            automatic,
        } => {
            opening("selected")
                + player(p)
                + key("mask")
                + digits(mask.into())
                + key("points")
                + signed(points.into())
                // Written only when set.
                + if automatic { key("automatic") + 4 } else { 0 }
        }
        Event::Undone { player: p, points } => {
            opening("undone") + player(p) + key("points") + signed(points.into())
        }
        Event::HotDice { player: p } => opening("hot_dice") + player(p),
        Event::Banked {
            player: p,
            points,
            score,
        } => {
            opening("banked")
                + player(p)
                + key("points")
                + signed(points)
                + key("score")
                + signed(score)
        }
        Event::Busted {
            player: p,
            points,
            score,
        } => {
            opening("busted")
                + player(p)
                + key("points")
                + signed(points)
                + key("score")
                + signed(score)
        }
        Event::Farkled {
            player: p,
            forfeited,
        } => opening("farkled") + player(p) + key("forfeited") + signed(forfeited),
        Event::FarkleAcknowledged { player: p } => opening("farkle_acknowledged") + player(p),
        Event::TurnForfeited {
            player: p,
            forfeited,
        } => opening("turn_forfeited") + player(p) + key("forfeited") + signed(forfeited),
        Event::Penalty {
            player: p,
            points,
            score,
        } => {
            opening("penalty")
                + player(p)
                + key("points")
                + signed(points)
                + key("score")
                + signed(score)
        }
        Event::FinalRound { player: p } => opening("final_round") + player(p),
        Event::PlayerLeft { player: p } => opening("player_left") + player(p),
        Event::GameOver { winners } => opening("game_over") + key("winners") + digits(winners),
        Event::Piggybacked {
            player: p,
            points,
            dice,
        } => {
            opening("piggybacked")
                + player(p)
                + key("points")
                + signed(points)
                + key("dice")
                + digits(dice.into())
        }
    }
}

/// The length of the JSON of one player's entry (`{"name":"Ann"}` or `{"name":null}`) and
/// the comma after it: a name's characters as JSON escapes them.
fn player_json_len(name: Option<&str>) -> usize {
    let name = name.map_or(4, |n| {
        2 + n
            .chars()
            .map(|c| match c {
                '"' | '\\' | '\n' | '\r' | '\t' | '\u{8}' | '\u{c}' => 2,
                c if u32::from(c) < 0x20 => 6,
                c => c.len_utf8(),
            })
            .sum::<usize>()
    });
    8 + name + 1 + 1
}

/// Refuses a name longer than [`MAX_NAME_BYTES`]; otherwise what the save of a game of these
/// players holds before any event is logged, at most.
pub(crate) fn save_bytes_of_players(names: &[Option<String>]) -> Result<usize, GameError> {
    let mut bytes = REST_MAX_BYTES;
    for (player, name) in names.iter().enumerate() {
        let name = name.as_deref();
        if let Some(name) = name.filter(|n| n.len() > MAX_NAME_BYTES) {
            return Err(GameError::NameTooLong {
                player,
                bytes: name.len(),
            });
        }
        bytes += player_json_len(name);
    }
    Ok(bytes)
}

impl Game {
    /// Appends `event` to the log. Its length in the save is counted later, and only when the
    /// save could come near its bound (see [`Game::check_log_room`]).
    pub(crate) fn log(&mut self, event: Event) {
        self.events.push(event);
    }

    /// Refuses an action when what it may log could make the save longer than
    /// [`SAVE_MAX_BYTES`].
    ///
    /// The events not counted yet are taken at their longest ([`EVENT_MAX_BYTES`] and a
    /// newline each): while that leaves room, the action is allowed without counting them
    /// (one comparison). Only then are they counted exactly, once each, so the answer is the
    /// exact count's.
    #[inline]
    pub(crate) fn check_log_room(&self) -> Result<(), GameError> {
        if self.events.len() <= self.counted.get().room_until || self.save_unbounded {
            return Ok(());
        }
        self.check_log_room_counted()
    }

    /// [`Game::check_log_room`] once the events must be counted.
    #[cold]
    #[inline(never)]
    fn check_log_room_counted(&self) -> Result<(), GameError> {
        if self.play.save_bytes + self.events_bytes() + ACTION_MAX_BYTES > SAVE_MAX_BYTES {
            return Err(GameError::LogFull {
                events: self.events.len(),
            });
        }
        Ok(())
    }

    /// The bytes of the whole event log in the save (each event's JSON and a newline),
    /// counting the events not counted yet.
    fn events_bytes(&self) -> usize {
        let Counted { events, bytes, .. } = self.counted.get();
        let bytes = bytes
            + self.events[events..]
                .iter()
                .map(|e| event_json_len(e) + 1)
                .sum::<usize>();
        let events = self.events.len();
        let left = SAVE_MAX_BYTES.saturating_sub(self.play.save_bytes + bytes + ACTION_MAX_BYTES);
        self.counted.set(Counted {
            events,
            bytes,
            room_until: if self.play.save_bytes + bytes + ACTION_MAX_BYTES > SAVE_MAX_BYTES {
                0
            } else {
                events + left / (EVENT_MAX_BYTES + 1)
            },
        });
        bytes
    }

    /// Lifts the bound, for games that are never saved (simulations) and while a save is
    /// replayed (a save of a longer game, written before the bound existed, still loads; the
    /// loaded game then refuses any action).
    pub(crate) fn set_save_unbounded(&mut self, unbounded: bool) {
        self.save_unbounded = unbounded;
    }

    /// How long the save of the game is at most: its names and events exactly, and
    /// [`REST_MAX_BYTES`] for the rest.
    #[cfg(test)]
    pub(crate) fn save_bytes_bound(&self) -> usize {
        self.play.save_bytes + self.events_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice_source::DiceSource;
    use crate::game::Action;
    use crate::history::Dice;
    use crate::rules::Preset;
    use proptest::prelude::*;

    #[test]
    fn names_up_to_the_limit_are_taken() {
        let rules = Preset::Classic.rules();
        let at = "é".repeat(MAX_NAME_BYTES / 2);
        assert_eq!(at.len(), MAX_NAME_BYTES);
        let players = vec![None, Some(at.clone())];
        assert!(Game::with_names(rules, players, DiceSource::Supplied).is_ok());
        let over = format!("{at}x");
        assert_eq!(
            Game::with_names(rules, vec![None, Some(over)], DiceSource::Supplied).err(),
            Some(GameError::NameTooLong {
                player: 1,
                bytes: MAX_NAME_BYTES + 1
            })
        );
    }

    /// Every action of many seeded games appends at most MAX_EVENTS_PER_ACTION events, under
    /// rules with a penalty and a final round (the actions that append the most).
    #[test]
    fn no_action_appends_more_than_the_room_checked() {
        for seed in 0..40 {
            let rules = if seed % 2 == 0 {
                Preset::Extended.rules()
            } else {
                Preset::Classic.rules()
            };
            let mut game = Game::new(rules, 3, DiceSource::Seeded { seed }).unwrap();
            for _ in 0..2_000 {
                let Some(&action) = game.legal_actions().first() else {
                    break;
                };
                // Bank whenever possible, else the first legal action (the best selection).
                let action = if game.can_bank() {
                    Action::Bank
                } else {
                    action
                };
                let appended = game.apply(action).unwrap().len();
                assert!(appended <= MAX_EVENTS_PER_ACTION, "{action:?}: {appended}");
            }
        }
    }

    fn any_event() -> impl Strategy<Value = Event> {
        let p = 0usize..64;
        let big = any::<i64>();
        prop_oneof![
            (p.clone(), any::<u32>())
                .prop_map(|(player, round)| Event::TurnStarted { player, round }),
            (
                p.clone(),
                proptest::collection::vec(1u8..=6, 0..=12),
                any::<bool>()
            )
                .prop_map(|(player, dice, generated)| Event::Rolled {
                    player,
                    dice: Dice::from_iter(dice),
                    generated
                }),
            (p.clone(), any::<u16>(), any::<i32>(), any::<bool>()).prop_map(
                |(player, mask, points, automatic)| Event::Selected {
                    player,
                    mask,
                    points,
                    automatic,
                }
            ),
            (p.clone(), any::<i32>()).prop_map(|(player, points)| Event::Undone { player, points }),
            p.clone().prop_map(|player| Event::HotDice { player }),
            (p.clone(), big, big).prop_map(|(player, points, score)| {
                Event::Banked {
                    player,
                    points,
                    score,
                }
            }),
            (p.clone(), big, big).prop_map(|(player, points, score)| {
                Event::Busted {
                    player,
                    points,
                    score,
                }
            }),
            (p.clone(), big).prop_map(|(player, forfeited)| Event::Farkled { player, forfeited }),
            p.clone()
                .prop_map(|player| Event::FarkleAcknowledged { player }),
            (p.clone(), big)
                .prop_map(|(player, forfeited)| Event::TurnForfeited { player, forfeited }),
            (p.clone(), big, big).prop_map(|(player, points, score)| {
                Event::Penalty {
                    player,
                    points,
                    score,
                }
            }),
            p.clone().prop_map(|player| Event::FinalRound { player }),
            p.clone().prop_map(|player| Event::PlayerLeft { player }),
            any::<u64>().prop_map(|winners| Event::GameOver { winners }),
            (p, big, any::<u8>()).prop_map(|(player, points, dice)| Event::Piggybacked {
                player,
                points,
                dice
            }),
        ]
    }

    proptest! {
        /// The length counted is the length written, for any event and any name.
        #[test]
        fn lengths_counted_are_lengths_written(event in any_event(), name in any::<Option<String>>()) {
            let written = serde_json::to_string(&event).unwrap();
            prop_assert_eq!(event_json_len(&event), written.len(), "{}", written);
            prop_assert!(written.len() < EVENT_MAX_BYTES);
            let entry = serde_json::json!({ "name": name }).to_string();
            prop_assert_eq!(player_json_len(name.as_deref()), entry.len() + 1, "{}", entry);
        }
    }
}
