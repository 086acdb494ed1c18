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
//!  "scores":[550,0],"dice_drawn":9},"checksum":"fnv1a64:..."}
//! ```
//!
//! A game started from a position ([`Game::new_at`]) also holds it, after `dice`, and its
//! replay starts there: `"position":{"players":[{"score":9500,"on_board":true,
//! "consecutive_farkles":0},...],"player_to_move":0,"round":12}`. The field is absent for a game
//! started at the usual start, so such games save exactly as before and saves written before
//! the field existed load unchanged.
//!
//! The text is read strictly, straight into typed values: every object must be one (not an
//! array of its fields), unknown and repeated keys are refused at every level, integers must be
//! written as JSON integers (`1`, not `1.0` or `1e0`), and unit values such as the phase are
//! plain strings. Whitespace, key order and string escapes are free, as in any JSON; the
//! checksum covers the compact body as this library writes it.

use std::io;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::dice_source::DiceSource;
use crate::game::history::Event;
use crate::game::{Game, GameError, GamePosition, Phase, PlayerPosition};
use crate::json::{object, objects, present, required, some_object, unit_variant};
use crate::rules::Rules;

/// The `format` field of every saved game.
pub const SAVE_FORMAT: &str = "farkle-save";

/// The version this library writes and reads.
pub const SAVE_VERSION: u64 = 1;

/// The largest saved game [`Game::load`] and [`Game::load_bytes`] read: 16 MiB. Longer input is
/// refused before it is parsed. Real games are far smaller: the longest measured, 64 random
/// players to 10,000, saves to under 0.8 MB, and 64 players to 100,000 to under 8 MB (see
/// docs/games.md). [`Game::save`] writes longer texts for games longer still; they do not load.
pub const SAVE_MAX_BYTES: usize = 16 * 1024 * 1024;

/// Why a saved game was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LoadError {
    /// Not JSON, not UTF-8, truncated, missing, unknown or repeated fields, a value of the
    /// wrong type, or inconsistent with a replay.
    #[error("not a valid saved game: {0}")]
    Invalid(String),
    /// A saved game of another version.
    #[error("saved game version {0} is not supported; this library reads version {SAVE_VERSION}")]
    UnsupportedVersion(String),
    /// Longer than [`SAVE_MAX_BYTES`]; refused unread.
    #[error("the saved game is {size} bytes, over the limit of {SAVE_MAX_BYTES} bytes")]
    TooLarge {
        /// The length of the input, in bytes.
        size: usize,
    },
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedPlayer {
    /// Required, `null` for an unnamed player.
    #[serde(deserialize_with = "required")]
    name: Option<String>,
}

/// One player's part of a saved starting position.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedPlayerPosition {
    score: i64,
    on_board: bool,
    consecutive_farkles: u32,
}

/// The position a game started from ([`Game::new_at`]); absent from the saves of games that
/// started at the usual start.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedPosition {
    #[serde(deserialize_with = "objects")]
    players: Vec<SavedPlayerPosition>,
    player_to_move: usize,
    round: u32,
}

impl From<&GamePosition> for SavedPosition {
    fn from(position: &GamePosition) -> Self {
        SavedPosition {
            players: position
                .players
                .iter()
                .map(|p| SavedPlayerPosition {
                    score: p.score,
                    on_board: p.on_board,
                    consecutive_farkles: p.consecutive_farkles,
                })
                .collect(),
            player_to_move: position.player_to_move,
            round: position.round,
        }
    }
}

impl From<SavedPosition> for GamePosition {
    fn from(saved: SavedPosition) -> Self {
        GamePosition {
            players: saved
                .players
                .into_iter()
                .map(|p| PlayerPosition {
                    score: p.score,
                    on_board: p.on_board,
                    consecutive_farkles: p.consecutive_farkles,
                })
                .collect(),
            player_to_move: saved.player_to_move,
            round: saved.round,
        }
    }
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Summary {
    #[serde(deserialize_with = "unit_variant")]
    phase: Phase,
    current_player: usize,
    round: u32,
    scores: Vec<i64>,
    dice_drawn: u64,
}

/// A saved game, field for field in the order written. The checksum is left out (`None`)
/// while the body is hashed, and written last.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedGame {
    format: String,
    version: u64,
    #[serde(deserialize_with = "object")]
    rules: Rules,
    #[serde(deserialize_with = "objects")]
    players: Vec<SavedPlayer>,
    #[serde(deserialize_with = "object")]
    dice: DiceSource,
    /// Only in the saves of games started from a position: absent means the usual start, so
    /// older saves load unchanged and ordinary games save as they always did.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "some_object"
    )]
    position: Option<SavedPosition>,
    #[serde(deserialize_with = "objects")]
    events: Vec<Event>,
    pending_selection: u16,
    #[serde(deserialize_with = "object")]
    summary: Summary,
    /// Always there in a save (`None` only while the body is hashed).
    #[serde(skip_serializing_if = "Option::is_none", deserialize_with = "present")]
    checksum: Option<String>,
}

/// The first pass over a save: its `format` and `version` only, each at most once; every
/// other field is skipped unread (`IgnoredAny`), so that a save of another version is
/// recognised as such even when its body is not one this library could read.
#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u64>,
}

/// Parses the whole of `text` as one JSON object read into a `T`.
fn parse<'de, T: Deserialize<'de>>(text: &'de str) -> Result<T, LoadError> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = object(&mut deserializer).map_err(invalid)?;
    deserializer.end().map_err(invalid)?;
    Ok(value)
}

/// FNV-1a (64-bit), fed as a writer so the body is hashed without being held in memory.
struct Fnv1a(u64);

impl io::Write for Fnv1a {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// FNV-1a (64-bit) of the body's compact JSON (the save without its checksum), as written in
/// the `checksum` field. It catches damage and casual edits; it is no signature (anyone can
/// recompute it), which is why loading also reads strictly and replays the game.
fn checksum(body: &SavedGame) -> String {
    debug_assert!(
        body.checksum.is_none(),
        "the checksum is not part of the body"
    );
    let mut hash = Fnv1a(0xcbf2_9ce4_8422_2325);
    serde_json::to_writer(&mut hash, body).expect("a save body always serializes");
    format!("fnv1a64:{:016x}", hash.0)
}

fn check_size(size: usize) -> Result<(), LoadError> {
    if size > SAVE_MAX_BYTES {
        return Err(LoadError::TooLarge { size });
    }
    Ok(())
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
            dice_drawn: self.play.dice.drawn(),
        }
    }

    /// The whole game as a saved-game JSON text.
    pub fn save(&self) -> String {
        let mut save = SavedGame {
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
            position: self.start_position().map(SavedPosition::from),
            events: self.events().to_vec(),
            pending_selection: self.pending_selection(),
            summary: self.summary(),
            checksum: None,
        };
        save.checksum = Some(checksum(&save));
        serde_json::to_string(&save).expect("a game always serializes")
    }

    /// Loads a saved game from bytes (refused unless UTF-8, and when longer than
    /// [`SAVE_MAX_BYTES`]).
    pub fn load_bytes(bytes: &[u8]) -> Result<Game, LoadError> {
        check_size(bytes.len())?;
        let text = std::str::from_utf8(bytes).map_err(|e| invalid(format!("not UTF-8: {e}")))?;
        Game::load(text)
    }

    /// Loads a saved game: refuses it when longer than [`SAVE_MAX_BYTES`], reads it strictly
    /// (see the module documentation), checks its checksum, and checks the game by replaying
    /// its actions. Memory stays linear in the input: besides the text, about twice its size
    /// for a real save and at most about four times for any text.
    pub fn load(text: &str) -> Result<Game, LoadError> {
        check_size(text.len())?;
        let header: Header = parse(text)?;
        if header.format.as_deref() != Some(SAVE_FORMAT) {
            return Err(invalid(format!("the format is not \"{SAVE_FORMAT}\"")));
        }
        match header.version {
            Some(SAVE_VERSION) => {}
            Some(v) => return Err(LoadError::UnsupportedVersion(v.to_string())),
            None => return Err(invalid("no version")),
        }
        let mut save: SavedGame = parse(text)?;
        let Some(claimed) = save.checksum.take() else {
            return Err(invalid("missing field `checksum`"));
        };
        if checksum(&save) != claimed {
            return Err(invalid("the checksum does not match the contents"));
        }
        replay(save)
    }
}

fn replay(save: SavedGame) -> Result<Game, LoadError> {
    let names = save.players.into_iter().map(|p| p.name).collect();
    let mut game = match save.position {
        None => Game::with_names(save.rules, names, save.dice),
        Some(position) => Game::with_names_at(save.rules, names, &position.into(), save.dice),
    }
    .map_err(invalid)?;
    for (i, event) in save.events.iter().enumerate() {
        // The rolls take their logged dice; every other action is applied as logged, and
        // what the actions caused is compared with the log at the end.
        let result: Result<(), String> = match (event, event.action()) {
            (
                Event::Rolled {
                    dice, generated, ..
                },
                _,
            ) => replay_roll(&mut game, dice, *generated),
            (_, Some(action)) => game.apply(action).map(drop).map_err(text),
            (_, None) => Ok(()),
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
            if roll.dice[..] != *dice {
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

    /// `text` with its checksum recomputed as the format documents it, over the text itself:
    /// FNV-1a 64 of everything but the `,"checksum":"..."` member (the last one). Anyone can do
    /// this, so a tampered save given such a checksum must be refused for what it holds.
    fn with_checksum(text: &str) -> String {
        const FIELD: &str = ",\"checksum\":\"";
        let start = text.rfind(FIELD).expect("a checksum member");
        let value = start + FIELD.len();
        let end = value + text[value..].find('"').expect("the end of the checksum");
        let body = format!("{}{}", &text[..start], &text[end + 1..]);
        let hash = body.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        format!("{}fnv1a64:{hash:016x}{}", &text[..value], &text[end..])
    }

    /// `text` with the first `from` replaced by `to` (which must be there).
    fn tamper(text: &str, from: &str, to: &str) -> String {
        assert!(text.contains(from), "{from} is not in {text}");
        text.replacen(from, to, 1)
    }

    /// Requires `tampered` to be refused as invalid, with a message containing `why`, both
    /// with the checksum it came with (which a lenient parser that normalises the text would
    /// find matching) and with one recomputed over its text.
    fn assert_refused(tampered: &str, why: &str) {
        for text in [tampered.to_owned(), with_checksum(tampered)] {
            match Game::load(&text) {
                Err(LoadError::Invalid(message)) => assert!(
                    message.contains(why),
                    "{message:?} does not say {why:?}, for {text}"
                ),
                other => panic!("{other:?} (expected a refusal saying {why:?}) for {text}"),
            }
        }
    }

    fn entropy_save() -> String {
        Game::new(Preset::Classic.rules(), 2, DiceSource::Entropy)
            .unwrap()
            .save()
    }

    fn supplied_save() -> String {
        Game::new(Preset::Classic.rules(), 2, DiceSource::Supplied)
            .unwrap()
            .save()
    }

    #[test]
    fn recomputed_checksums_of_untouched_saves_are_the_written_ones() {
        // The helper agrees with the writer, so the refusals below are not checksum failures.
        for text in [SAVE_V1_FIXTURE.to_owned(), entropy_save(), supplied_save()] {
            assert_eq!(with_checksum(&text), text);
        }
        let renamed = tamper(SAVE_V1_FIXTURE, "\"Bo\"", "\"Cy\"");
        assert!(Game::load(&renamed).is_err());
        let loaded = Game::load(&with_checksum(&renamed)).unwrap();
        assert_eq!(loaded.players()[2].name.as_deref(), Some("Cy"));
    }

    #[test]
    fn unknown_fields_are_refused_everywhere() {
        let fx = SAVE_V1_FIXTURE;
        let unknown = "unknown field `extra`";
        let cases = [
            tamper(fx, "{\"format\"", "{\"extra\":0,\"format\""),
            tamper(
                fx,
                "\"pending_selection\"",
                "\"extra\":0,\"pending_selection\"",
            ),
            tamper(fx, "\"checksum\"", "\"extra\":0,\"checksum\""),
            tamper(fx, "\"rules\":{", "\"rules\":{\"extra\":0,"),
            tamper(fx, "\"hot_dice\":true}", "\"hot_dice\":true,\"extra\":0}"),
            tamper(fx, "{\"name\":null}", "{\"name\":null,\"extra\":0}"),
            tamper(fx, "\"seed\":2026}", "\"seed\":2026,\"extra\":0}"),
            tamper(
                fx,
                "{\"kind\":\"seeded\"",
                "{\"extra\":0,\"kind\":\"seeded\"",
            ),
            tamper(
                &entropy_save(),
                "{\"kind\":\"entropy\"}",
                "{\"kind\":\"entropy\",\"extra\":0}",
            ),
            tamper(
                &supplied_save(),
                "{\"kind\":\"supplied\"}",
                "{\"extra\":0,\"kind\":\"supplied\"}",
            ),
            tamper(
                fx,
                "{\"event\":\"hot_dice\",\"player\":0}",
                "{\"event\":\"hot_dice\",\"player\":0,\"extra\":0}",
            ),
            tamper(
                fx,
                "{\"event\":\"turn_started\",\"player\":0,\"round\":1}",
                "{\"extra\":0,\"event\":\"turn_started\",\"player\":0,\"round\":1}",
            ),
            tamper(fx, "\"summary\":{", "\"summary\":{\"extra\":0,"),
            tamper(fx, "\"dice_drawn\":33}", "\"dice_drawn\":33,\"extra\":0}"),
        ];
        for text in cases {
            assert_refused(&text, unknown);
        }
    }

    // Over 80 lines because it is a table of cases, one per key and level, read top to
    // bottom; the check is the last three lines.
    #[test]
    fn duplicate_keys_are_refused_at_every_level() {
        let fx = SAVE_V1_FIXTURE;
        let cases = [
            // The version pre-check: neither the first nor the last value may win.
            (
                tamper(fx, "\"version\":1,", "\"version\":2,\"version\":1,"),
                "version",
            ),
            (
                tamper(fx, "\"version\":1,", "\"version\":1,\"version\":2,"),
                "version",
            ),
            (
                tamper(fx, "\"version\":1,", "\"version\":1,\"version\":1,"),
                "version",
            ),
            (
                tamper(fx, "\"format\":", "\"format\":\"farkle-save\",\"format\":"),
                "format",
            ),
            (
                tamper(
                    fx,
                    "\"pending_selection\":1,",
                    "\"pending_selection\":0,\"pending_selection\":1,",
                ),
                "pending_selection",
            ),
            (
                tamper(
                    fx,
                    "\"checksum\":",
                    "\"checksum\":\"fnv1a64:0\",\"checksum\":",
                ),
                "checksum",
            ),
            (
                tamper(
                    fx,
                    "\"rules\":{\"dice_count\":6,",
                    "\"rules\":{\"dice_count\":5,\"dice_count\":6,",
                ),
                "dice_count",
            ),
            (
                tamper(fx, "{\"name\":\"Bo\"}", "{\"name\":\"Al\",\"name\":\"Bo\"}"),
                "name",
            ),
            (
                tamper(fx, "\"seed\":2026", "\"seed\":1,\"seed\":2026"),
                "seed",
            ),
            (
                tamper(
                    fx,
                    "{\"kind\":\"seeded\"",
                    "{\"kind\":\"supplied\",\"kind\":\"seeded\"",
                ),
                "kind",
            ),
            (
                tamper(
                    fx,
                    "{\"event\":\"hot_dice\",\"player\":0}",
                    "{\"event\":\"hot_dice\",\"player\":1,\"player\":0}",
                ),
                "player",
            ),
            (
                tamper(
                    fx,
                    "{\"event\":\"hot_dice\",\"player\":0}",
                    "{\"event\":\"hot_dice\",\"event\":\"hot_dice\",\"player\":0}",
                ),
                "event",
            ),
            (
                tamper(
                    fx,
                    "{\"event\":\"player_left\",\"player\":2}",
                    "{\"event\":\"hot_dice\",\"player\":2,\"event\":\"player_left\"}",
                ),
                "event",
            ),
            (
                tamper(
                    fx,
                    "\"round\":2,\"scores\"",
                    "\"round\":1,\"round\":2,\"scores\"",
                ),
                "round",
            ),
        ];
        for (text, key) in cases {
            assert_refused(&text, &format!("duplicate field `{key}`"));
        }
    }

    #[test]
    fn integers_must_be_json_integers_everywhere() {
        let fx = SAVE_V1_FIXTURE;
        let cases = [
            tamper(fx, "\"version\":1,", "\"version\":1.0,"),
            tamper(fx, "\"dice_count\":6,", "\"dice_count\":6.0,"),
            tamper(fx, "\"target_score\":10000,", "\"target_score\":1e4,"),
            tamper(fx, "\"seed\":2026", "\"seed\":2026.0"),
            tamper(
                fx,
                "\"player\":0,\"round\":1}",
                "\"player\":0,\"round\":1.0}",
            ),
            tamper(
                fx,
                "\"player\":0,\"round\":1}",
                "\"player\":0.0,\"round\":1}",
            ),
            tamper(fx, "\"dice\":[1,1,1,5,2,3]", "\"dice\":[1.0,1,1,5,2,3]"),
            tamper(fx, "\"mask\":63,", "\"mask\":63.0,"),
            tamper(fx, "\"points\":1500}", "\"points\":1500.0}"),
            tamper(fx, "\"score\":1050}", "\"score\":1050.0}"),
            tamper(fx, "\"pending_selection\":1,", "\"pending_selection\":1.0,"),
            tamper(fx, "\"round\":2,\"scores\"", "\"round\":2.0,\"scores\""),
            tamper(fx, "\"scores\":[1050,", "\"scores\":[1050.0,"),
            tamper(fx, "\"dice_drawn\":33}", "\"dice_drawn\":33.0}"),
        ];
        for text in cases {
            assert_refused(&text, "invalid type: floating point");
        }
    }

    #[test]
    fn valid_saves_still_round_trip() {
        for game in [played(), fixture_game()] {
            let text = game.save();
            let loaded = Game::load(&text).unwrap();
            assert_eq!(loaded, game);
            assert_eq!(loaded.save(), text);
        }
        for text in [entropy_save(), supplied_save()] {
            assert_eq!(Game::load(&text).unwrap().save(), text);
        }
        // Whitespace between tokens is still fine: the checksum covers the compact body.
        let spaced = SAVE_V1_FIXTURE
            .replace(",\"", ",\n  \"")
            .replace("\":", "\" : ");
        assert_eq!(Game::load(&spaced), Ok(fixture_game()));
    }

    /// The members of the object `from_key` opens in `text` (up to `to_key`), as an array of
    /// their values in order.
    fn as_array(text: &str, from_key: &str, to_key: &str) -> (String, String) {
        let start = text.find(from_key).unwrap() + from_key.len();
        let object = &text[start..text.find(to_key).unwrap()];
        let values: Vec<&str> = object[1..object.len() - 1]
            .split(',')
            .map(|member| member.split_once(':').unwrap().1)
            .collect();
        (object.to_owned(), format!("[{}]", values.join(",")))
    }

    #[test]
    fn values_must_have_their_documented_json_shape() {
        // serde's derives also read a struct from an array of its fields in order, an
        // internally tagged value from an array led by its tag, and a unit variant from a
        // one-entry object; none of these is the documented format.
        const ARRAY: &str = "invalid type: sequence, expected a JSON object";
        const MAP: &str = "invalid type: map, expected a string";
        let fx = SAVE_V1_FIXTURE;
        let (rules, rules_array) = as_array(fx, "\"rules\":", ",\"players\"");
        let summary = &fx[fx.find("{\"phase\"").unwrap()..fx.find(",\"checksum\"").unwrap()];
        let summary_array = "[\"awaiting_selection\",0,2,[1050,0,0],33]";
        let hot_dice = "{\"event\":\"hot_dice\",\"player\":0}";
        let cases = [
            (tamper(fx, &rules, &rules_array), ARRAY),
            (tamper(fx, summary, summary_array), ARRAY),
            (tamper(fx, "{\"name\":\"Bo\"}", "[\"Bo\"]"), ARRAY),
            (
                tamper(
                    fx,
                    "{\"kind\":\"seeded\",\"seed\":2026}",
                    "[\"seeded\",2026]",
                ),
                ARRAY,
            ),
            (tamper(fx, hot_dice, "[\"hot_dice\",0]"), ARRAY),
            (tamper(fx, "\"Multiply\"", "{\"Multiply\":null}"), MAP),
            (
                tamper(
                    fx,
                    "\"awaiting_selection\"",
                    "{\"awaiting_selection\":null}",
                ),
                MAP,
            ),
        ];
        for (text, why) in cases {
            assert_refused(&text, why);
        }
        let whole = format!("[{}]", &fx[1..fx.len() - 1]);
        assert!(matches!(Game::load(&whole), Err(LoadError::Invalid(m)) if m.contains(ARRAY)));
    }

    /// `text` grown to `size` bytes with spaces before its final brace (still the same JSON).
    fn padded(text: &str, size: usize) -> String {
        let mut out = text[..text.len() - 1].to_owned();
        out.extend(std::iter::repeat_n(' ', size - text.len()));
        out.push('}');
        assert_eq!(out.len(), size);
        out
    }

    #[test]
    fn saves_over_the_size_limit_are_refused_unread() {
        let game = fixture_game();
        let at_limit = padded(SAVE_V1_FIXTURE, SAVE_MAX_BYTES);
        assert_eq!(Game::load(&at_limit), Ok(game.clone()));
        assert_eq!(Game::load_bytes(at_limit.as_bytes()), Ok(game));
        let over = padded(SAVE_V1_FIXTURE, SAVE_MAX_BYTES + 1);
        let too_large = Err(LoadError::TooLarge {
            size: SAVE_MAX_BYTES + 1,
        });
        assert_eq!(Game::load(&over), too_large);
        assert_eq!(Game::load_bytes(over.as_bytes()), too_large);
        let message = Game::load(&over).unwrap_err().to_string();
        assert!(message.contains("16777217 bytes"), "{message}");
        assert!(message.contains("limit of 16777216 bytes"), "{message}");
        // The size is checked first: what is beyond the limit is not even looked at.
        let mut garbage = vec![0xff; SAVE_MAX_BYTES + 1];
        assert_eq!(Game::load_bytes(&garbage), too_large);
        garbage.pop();
        assert!(matches!(
            Game::load_bytes(&garbage),
            Err(LoadError::Invalid(m)) if m.contains("UTF-8")
        ));
    }

    /// Ann 9,500 (on the board), Bob 0 off the board after two farkles, Bob to move in
    /// round 7 under Extended rules, seeded; Bob plays a little.
    fn positioned_game() -> Game {
        let position = GamePosition {
            players: vec![
                PlayerPosition {
                    score: 9_500,
                    on_board: true,
                    consecutive_farkles: 0,
                },
                PlayerPosition {
                    score: -1_000,
                    on_board: false,
                    consecutive_farkles: 2,
                },
            ],
            player_to_move: 1,
            round: 7,
        };
        let names = vec![Some("Ann".to_owned()), None];
        let mut g = Game::with_names_at(
            Preset::Extended.rules(),
            names,
            &position,
            DiceSource::Seeded { seed: 11 },
        )
        .unwrap();
        // Extended scores 1 and 5 as 100 and 50: 150 for the two.
        g.roll_with(&[1, 5, 2, 3, 4, 6]).unwrap();
        assert_eq!(g.select(&[0, 1]), Ok(150));
        g.roll().unwrap();
        g
    }

    #[test]
    fn games_started_at_a_position_save_it_and_load_from_it() {
        let game = positioned_game();
        let text = game.save();
        assert!(text.contains(
            r#""dice":{"kind":"seeded","seed":11},"position":{"players":[{"score":9500,"on_board":true,"consecutive_farkles":0},{"score":-1000,"on_board":false,"consecutive_farkles":2}],"player_to_move":1,"round":7},"events":[{"event":"turn_started","player":1,"round":7}"#
        ), "{text}");
        let mut loaded = Game::load(&text).unwrap();
        assert_eq!(loaded, game);
        assert_eq!(loaded.save(), text);
        // The same continuation: the seeded generator is where it was.
        let mut game = game;
        for _ in 0..40 {
            let Some(&action) = game.legal_actions().first() else {
                break;
            };
            let expected = game.apply(action).map(<[Event]>::to_vec);
            assert_eq!(loaded.apply(action).map(<[Event]>::to_vec), expected);
        }
        assert_eq!(loaded, game);
    }

    #[test]
    fn saved_positions_are_read_strictly() {
        let text = positioned_game().save();
        let player = r#"{"score":9500,"on_board":true,"consecutive_farkles":0}"#;
        let cases = [
            (
                tamper(&text, "\"position\":{", "\"position\":{\"extra\":0,"),
                "unknown field `extra`",
            ),
            (
                tamper(
                    &text,
                    player,
                    r#"{"score":9500,"on_board":true,"consecutive_farkles":0,"extra":0}"#,
                ),
                "unknown field `extra`",
            ),
            (
                tamper(&text, "\"round\":7}", "\"round\":7,\"round\":7}"),
                "duplicate field `round`",
            ),
            (
                tamper(&text, "\"score\":9500,", "\"score\":9500.0,"),
                "invalid type: floating point",
            ),
            (
                tamper(&text, player, "[9500,true,0]"),
                "invalid type: sequence, expected a JSON object",
            ),
            (
                tamper(&text, ",\"consecutive_farkles\":0}", "}"),
                "missing field `consecutive_farkles`",
            ),
        ];
        for (text, why) in cases {
            assert_refused(&text, why);
        }
        // Well-formed but wrong (with a checksum recomputed, as anyone can): a position the
        // rules refuse, with the reason; another round, which the log's first turn does not
        // match, since the replay starts at the position.
        let cases = [
            (
                tamper(&text, "\"score\":9500,", "\"score\":10000,"),
                "at or above the target",
            ),
            (
                tamper(&text, "\"round\":7}", "\"round\":6}"),
                "the event log does not match its replay",
            ),
        ];
        for (text, why) in cases {
            assert_recomputed_refused(&text, why);
        }
        // Present means an object: null is not an absent position.
        let start = text.find(",\"position\":").unwrap();
        let end = text.find(",\"events\"").unwrap();
        let null = format!("{},\"position\":null{}", &text[..start], &text[end..]);
        assert_refused(&null, "invalid type: null, expected a JSON object");
        // Without the position the log's first turn (Bob's, in round 7) is not the usual one.
        let absent = format!("{}{}", &text[..start], &text[end..]);
        assert_recomputed_refused(&absent, "the event log does not match its replay");
    }

    /// Requires `tampered`, given a checksum recomputed over its text, to be refused as
    /// invalid with a message containing `why`.
    fn assert_recomputed_refused(tampered: &str, why: &str) {
        match Game::load(&with_checksum(tampered)) {
            Err(LoadError::Invalid(message)) => assert!(
                message.contains(why),
                "{message:?} does not say {why:?}, for {tampered}"
            ),
            other => panic!("{other:?} (expected a refusal saying {why:?}) for {tampered}"),
        }
    }

    #[test]
    fn ordinary_games_save_no_position() {
        assert!(!SAVE_V1_FIXTURE.contains("position"));
        assert!(!played().save().contains("position"));
        let start = Game::new_at(
            Preset::Classic.rules(),
            &GamePosition::start(2),
            DiceSource::Supplied,
        )
        .unwrap();
        assert_eq!(start.save(), supplied_save());
    }

    #[test]
    fn every_field_is_required() {
        // serde takes a missing `Option` field as `None`: a missing name or checksum must not.
        let fx = SAVE_V1_FIXTURE;
        assert_refused(&tamper(fx, "{\"name\":null}", "{}"), "missing field `name`");
        let checksum_at = fx.find(",\"checksum\"").unwrap();
        let without = format!("{}}}", &fx[..checksum_at]);
        assert!(matches!(
            Game::load(&without),
            Err(LoadError::Invalid(m)) if m.contains("missing field `checksum`")
        ));
        let null = format!("{},\"checksum\":null}}", &fx[..checksum_at]);
        assert!(matches!(
            Game::load(&null),
            Err(LoadError::Invalid(m)) if m.contains("invalid type: null, expected a string")
        ));
        let (rules_from, rules_to) = ("\"hot_dice\":true}", "}");
        let rules = tamper(fx, &format!(",{rules_from}"), rules_to);
        assert_refused(&rules, "missing field `hot_dice`");
    }
}
