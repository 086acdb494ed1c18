// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Saved games: a versioned JSON text holding the configuration (rules, players, dice source)
//! and the game's event log, with a summary of the state reached.
//!
//! Loading replays the logged actions on a fresh game built from the configuration (a seeded
//! game regenerates its dice, which must match the logged ones), then requires the replayed
//! log and state to equal the saved ones. So a loaded game is always one the engine itself
//! produced, its generator is exactly where the saved game's was, and anything malformed,
//! truncated or tampered with is refused.
//!
//! ```json
//! {"format":"farkle-save","version":1,"rules":{...},"players":[{"name":"Ann"},{"name":null}],
//!  "dice":{"kind":"seeded","seed":42},"events":[{"event":"turn_started","player":0,"round":1},
//!  ...],"pending_selection":0,"summary":{"phase":"awaiting_roll","current_player":1,"round":1,
//!  "scores":[550,0],"dice_drawn":9}}
//! ```

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::dice_source::DiceSource;
use crate::game::{Game, GameError, Phase};
use crate::history::Event;
use crate::rules::Rules;

/// The `format` field of every saved game.
pub const SAVE_FORMAT: &str = "farkle-save";

/// The version this library writes and reads.
pub const SAVE_VERSION: u64 = 1;

/// Why a saved game was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LoadError {
    /// Not JSON, not UTF-8, truncated, missing fields, or inconsistent with a replay.
    #[error("not a valid saved game: {0}")]
    Invalid(String),
    /// A saved game of another version.
    #[error("saved game version {0} is not supported; this library reads version {SAVE_VERSION}")]
    UnsupportedVersion(String),
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedPlayer {
    name: Option<String>,
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Summary {
    phase: Phase,
    current_player: usize,
    round: u32,
    scores: Vec<i64>,
    dice_drawn: u64,
}

/// Everything but the checksum, in the order written.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Body {
    format: String,
    version: u64,
    rules: Rules,
    players: Vec<SavedPlayer>,
    dice: DiceSource,
    events: Vec<Event>,
    pending_selection: u16,
    summary: Summary,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveV1 {
    #[serde(flatten)]
    body: Body,
    checksum: String,
}

/// FNV-1a (64-bit) of the body's compact JSON, as written in the `checksum` field. It catches
/// damage and casual edits; it is no signature (anyone can recompute it), which is why loading
/// also replays the game.
fn checksum(body: &Body) -> String {
    let json = serde_json::to_string(body).expect("a save body always serializes");
    let hash = json.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("fnv1a64:{hash:016x}")
}

fn invalid(message: impl std::fmt::Display) -> LoadError {
    LoadError::Invalid(message.to_string())
}

impl Game {
    fn summary(&self) -> Summary {
        Summary {
            phase: self.phase(),
            current_player: self.current_player(),
            round: self.round(),
            scores: self.players().iter().map(|p| p.score).collect(),
            dice_drawn: self.dice.drawn(),
        }
    }

    /// The whole game as a saved-game JSON text.
    pub fn save(&self) -> String {
        let body = Body {
            format: SAVE_FORMAT.to_owned(),
            version: SAVE_VERSION,
            rules: self.rules,
            players: self
                .players()
                .iter()
                .map(|p| SavedPlayer {
                    name: p.name.clone(),
                })
                .collect(),
            dice: self.dice_source(),
            events: self.events().to_vec(),
            pending_selection: self.pending_selection(),
            summary: self.summary(),
        };
        let save = SaveV1 {
            checksum: checksum(&body),
            body,
        };
        serde_json::to_string(&save).expect("a game always serializes")
    }

    /// Loads a saved game from bytes (refused unless UTF-8).
    pub fn load_bytes(bytes: &[u8]) -> Result<Game, LoadError> {
        let text = std::str::from_utf8(bytes).map_err(|e| invalid(format!("not UTF-8: {e}")))?;
        Game::load(text)
    }

    /// Loads a saved game, checking it by replaying its actions.
    pub fn load(text: &str) -> Result<Game, LoadError> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(invalid)?;
        let format = value.get("format").and_then(|f| f.as_str());
        if format != Some(SAVE_FORMAT) {
            return Err(invalid(format!("the format is not \"{SAVE_FORMAT}\"")));
        }
        match value.get("version") {
            Some(v) if v.as_u64() == Some(SAVE_VERSION) => {}
            Some(v) => return Err(LoadError::UnsupportedVersion(v.to_string())),
            None => return Err(invalid("no version")),
        }
        let save: SaveV1 = serde_json::from_value(value).map_err(invalid)?;
        if checksum(&save.body) != save.checksum {
            return Err(invalid("the checksum does not match the contents"));
        }
        replay(save.body)
    }
}

fn replay(save: Body) -> Result<Game, LoadError> {
    let names = save.players.into_iter().map(|p| p.name).collect();
    let mut game = Game::with_names(save.rules, names, save.dice).map_err(invalid)?;
    for (i, event) in save.events.iter().enumerate() {
        let result: Result<(), String> = match event {
            Event::Rolled {
                dice, generated, ..
            } => replay_roll(&mut game, dice, *generated),
            Event::Selected { mask, .. } => game.select_mask(*mask).map(drop).map_err(text),
            Event::Undone { .. } => game.undo().map(drop).map_err(text),
            Event::Banked { .. } => game.bank().map(drop).map_err(text),
            Event::FarkleAcknowledged { .. } => game.acknowledge_farkle().map_err(text),
            Event::TurnForfeited { .. } => game.forfeit_turn().map(drop).map_err(text),
            Event::PlayerLeft { player } => game.leave(*player).map_err(text),
            _ => Ok(()),
        };
        result.map_err(|e| invalid(format!("event {i} cannot be replayed: {e}")))?;
    }
    if game.events() != save.events.as_slice() {
        return Err(invalid("the event log does not match its replay"));
    }
    game.set_pending(save.pending_selection)
        .map_err(|e| invalid(format!("pending selection: {e}")))?;
    if game.summary() != save.summary {
        return Err(invalid("the summary does not match the replayed game"));
    }
    Ok(game)
}

fn text(e: GameError) -> String {
    e.to_string()
}

/// Replays a logged roll: a seeded game regenerates it (and must get the same dice), an
/// entropy game takes the logged dice, and supplied dice are supplied again.
fn replay_roll(game: &mut Game, dice: &[u8], generated: bool) -> Result<(), String> {
    match (generated, game.dice_source()) {
        (true, DiceSource::Seeded { .. }) => {
            let roll = game.roll().map_err(text)?;
            if roll.dice != dice {
                return Err("the seeded generator rolls other dice".to_owned());
            }
            Ok(())
        }
        (true, DiceSource::Entropy) => game.roll_recorded(dice, true).map(drop).map_err(text),
        (true, DiceSource::Supplied) => {
            Err("a generated roll in a game without a generator".into())
        }
        (false, _) => game.roll_with(dice).map(drop).map_err(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    fn played() -> Game {
        let mut g = Game::new(Preset::Classic.rules(), 2, DiceSource::Seeded { seed: 9 }).unwrap();
        g.roll_with(&[1, 1, 1, 5, 2, 3]).unwrap();
        g.select(&[0, 1, 2, 3]).unwrap();
        g.bank().unwrap();
        g.roll().unwrap();
        g
    }

    #[test]
    fn round_trip_and_refusals() {
        let g = played();
        let text = g.save();
        assert_eq!(Game::load(&text), Ok(g.clone()));
        assert!(matches!(
            Game::load(&text[..text.len() - 1]),
            Err(LoadError::Invalid(_))
        ));
        let v2 = text.replace("\"version\":1", "\"version\":2");
        assert_eq!(
            Game::load(&v2),
            Err(LoadError::UnsupportedVersion("2".into()))
        );
        let other = text.replace("farkle-save", "farkle-safe");
        assert!(matches!(Game::load(&other), Err(LoadError::Invalid(_))));
        // 1 1 1 5 banked for 1050: claiming 1150 is refused.
        assert!(text.contains("\"points\":1050,\"score\":1050"));
        let tampered = text.replace(
            "\"points\":1050,\"score\":1050",
            "\"points\":1150,\"score\":1150",
        );
        assert!(matches!(Game::load(&tampered), Err(LoadError::Invalid(_))));
        assert!(matches!(
            Game::load_bytes(b"{\"format\":\"farkle-save\xff\"}"),
            Err(LoadError::Invalid(_))
        ));
    }

    /// A save written by this library before the loader was made strict (commit a292e51),
    /// pinned byte for byte: the format must not change, and what was written must still load.
    /// The game covers names needing JSON escapes, supplied and generated rolls, an undo, a
    /// farkle, hot dice, a departure and a pending toggle.
    const SAVE_V1_FIXTURE: &str = concat!(
        r#"{"format":"farkle-save","version":1,"rules":{"dice_count":6,"single_one":100,"#,
        r#""single_five":50,"triple_ones":1000,"triple_face_multiplier":100,"#,
        r#""kind_scaling":"Multiply","four_of_a_kind":0,"five_of_a_kind":0,"six_of_a_kind":0,"#,
        r#""six_ones":0,"straight":1500,"straight_low":0,"straight_high":0,"three_pairs":1500,"#,
        r#""three_pairs_with_four_of_a_kind":false,"four_of_a_kind_and_pair":0,"#,
        r#""two_triplets":2500,"full_house_bonus":0,"no_score_set":0,"min_entry_score":500,"#,
        r#""min_bank_score":0,"target_score":10000,"final_round":true,"turn_limit":0,"#,
        r#""farkle_penalty_streak":0,"farkle_penalty_points":0,"farkle_penalty_loses_all":false,"#,
        r#""hot_dice":true},"players":[{"name":"Ann \"A\" é"},{"name":null},{"name":"Bo"}],"#,
        r#""dice":{"kind":"seeded","seed":2026},"events":[{"event":"turn_started","player":0,"#,
        r#""round":1},{"event":"rolled","player":0,"dice":[1,1,1,5,2,3],"generated":false},"#,
        r#"{"event":"selected","player":0,"mask":7,"points":1000},{"event":"undone","player":0,"#,
        r#""points":1000},{"event":"selected","player":0,"mask":15,"points":1050},"#,
        r#"{"event":"banked","player":0,"points":1050,"score":1050},{"event":"turn_started","#,
        r#""player":1,"round":1},{"event":"rolled","player":1,"dice":[1,4,3,2,5,1],"#,
        r#""generated":true},{"event":"selected","player":1,"mask":49,"points":250},"#,
        r#"{"event":"rolled","player":1,"dice":[3,2,6],"generated":true},{"event":"farkled","#,
        r#""player":1,"forfeited":250},{"event":"farkle_acknowledged","player":1},"#,
        r#"{"event":"turn_started","player":2,"round":1},{"event":"rolled","player":2,"dice":[2,"#,
        r#"4,5,4,6,1],"generated":true},{"event":"selected","player":2,"mask":36,"points":150},"#,
        r#"{"event":"rolled","player":2,"dice":[4,1,1,3],"generated":true},{"event":"selected","#,
        r#""player":2,"mask":6,"points":200},{"event":"rolled","player":2,"dice":[2,4],"#,
        r#""generated":true},{"event":"farkled","player":2,"forfeited":350},"#,
        r#"{"event":"farkle_acknowledged","player":2},{"event":"turn_started","player":0,"#,
        r#""round":2},{"event":"rolled","player":0,"dice":[5,3,6,3,6,5],"generated":true},"#,
        r#"{"event":"selected","player":0,"mask":63,"points":1500},{"event":"hot_dice","#,
        r#""player":0},{"event":"player_left","player":2},{"event":"rolled","player":0,"dice":[1,"#,
        r#"5,6,1,6,4],"generated":true}],"pending_selection":1,"#,
        r#""summary":{"phase":"awaiting_selection","current_player":0,"round":2,"scores":[1050,0,"#,
        r#"0],"dice_drawn":33},"checksum":"fnv1a64:0b4e38c749e4003b"}"#,
    );

    /// The game of [`SAVE_V1_FIXTURE`], played again through the public API.
    fn fixture_game() -> Game {
        let names = vec![Some("Ann \"A\" é".to_owned()), None, Some("Bo".to_owned())];
        let mut g = Game::with_names(
            Preset::Classic.rules(),
            names,
            DiceSource::Seeded { seed: 2026 },
        )
        .unwrap();
        g.roll_with(&[1, 1, 1, 5, 2, 3]).unwrap();
        g.select(&[0, 1, 2]).unwrap();
        g.undo().unwrap();
        g.select(&[0, 1, 2, 3]).unwrap();
        g.bank().unwrap();
        for _ in 0..12 {
            match g.phase() {
                Phase::AwaitingRoll if g.can_bank() => drop(g.bank().unwrap()),
                Phase::AwaitingRoll => drop(g.roll().unwrap()),
                Phase::AwaitingSelection => {
                    let mask = g.legal_selections()[0].mask;
                    g.select_mask(mask).unwrap();
                }
                Phase::Farkled => g.acknowledge_farkle().unwrap(),
                Phase::GameOver => break,
            }
        }
        g.leave(2).unwrap();
        g.roll().unwrap();
        let mask = g.legal_selections()[0].mask;
        g.toggle(mask.trailing_zeros() as usize).unwrap();
        g
    }

    #[test]
    fn saves_written_before_are_written_the_same_and_still_load() {
        let game = fixture_game();
        assert_eq!(game.save(), SAVE_V1_FIXTURE);
        assert_eq!(Game::load(SAVE_V1_FIXTURE), Ok(game));
    }
}
