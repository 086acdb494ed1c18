// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A card: a strategy a person can carry in their head, its numbers checked.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::dice::MAX_DICE;
use crate::rules::Rules;
use crate::strategy::thresholds::Thresholds;
use crate::strategy::StrategyError;

use super::banking::{Banking, Situation, Situational};
use super::keep::Keep;

/// The largest number a card holds, in points (a threshold or a band): far above any turn a
/// person banks, and small enough that no table built from a card is large.
pub const MAX_CARD_POINTS: u32 = 100_000;

/// The longest text [`Card::from_json`] reads, in bytes: a situational card of 12 dice
/// with every threshold at [`MAX_CARD_POINTS`] is under 400.
pub const MAX_CARD_TEXT: usize = 4096;

/// A strategy a person can play from a few numbers: when to bank ([`Banking`]) and which
/// dice to keep ([`Keep`]), with what every card does the same way:
/// - off the board (an entry minimum not yet met), it banks as soon as it may;
/// - in its last turn of a final round, it rolls on until it is strictly ahead of every
///   other score;
/// - it banks whenever banking reaches the target, and when every die has scored without
///   hot dice;
/// - under an exact target it keeps a selection that lands on the target exactly, and
///   never banks past it (as the threshold bot).
///
/// As text: JSON by serde, `{"bank": {"per_dice": [300, 250, 450, null, null, null]},
/// "keep": {"single": {"reroll": 4}}}` ([`Banking`], [`Keep`]); [`Card::to_json`] and
/// [`Card::from_json`] write and read it, the latter bounded and checked.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// When it banks.
    pub bank: Banking,
    /// Which dice it keeps.
    pub keep: Keep,
}

impl Card {
    /// Checks every number: thresholds and bands at most [`MAX_CARD_POINTS`], one
    /// threshold per count of dice for 1 to 12 dice (every row the same length), a keep rule
    /// that names a count of dice the set has. `OutOfRange` says which.
    pub fn validate(&self) -> Result<(), StrategyError> {
        let bad = |what: String| Err(StrategyError::OutOfRange(what));
        let check_points = |what: &str, p: u32| {
            if p > MAX_CARD_POINTS {
                bad(format!(
                    "{what} is {p} points; a card holds at most {MAX_CARD_POINTS}"
                ))
            } else {
                Ok(())
            }
        };
        let check_row = |row: &[Option<u32>]| {
            if row.is_empty() || row.len() > MAX_DICE {
                return bad(format!(
                    "{} thresholds per count of dice; a card has 1 to {MAX_DICE}",
                    row.len()
                ));
            }
            for t in row.iter().flatten() {
                check_points("a threshold", *t)?;
            }
            Ok(())
        };
        let dice = match &self.bank {
            Banking::Total(t) => {
                check_points("the threshold", *t)?;
                None
            }
            Banking::PerDice(row) => {
                check_row(row)?;
                Some(row.len())
            }
            Banking::Situational(s) => {
                check_points("the band", s.band)?;
                check_points("the endgame band", s.endgame)?;
                for row in &s.rows {
                    check_row(row)?;
                }
                if s.rows.iter().any(|r| r.len() != s.rows[0].len()) {
                    return bad("the situations' rows differ in length".into());
                }
                Some(s.rows[0].len())
            }
        };
        self.keep.check(dice.unwrap_or(MAX_DICE) as u8)
    }

    /// [`Card::validate`], and a card made for the dice of `rules`: one threshold per count
    /// of dice the set has, a keep rule within it.
    pub fn validate_for(&self, rules: &Rules) -> Result<(), StrategyError> {
        self.validate()?;
        let n = usize::from(rules.dice_count);
        let len = match &self.bank {
            Banking::Total(_) => n,
            Banking::PerDice(row) => row.len(),
            Banking::Situational(s) => s.rows[0].len(),
        };
        if len != n {
            return Err(StrategyError::OutOfRange(format!(
                "a card with thresholds for {len} dice; the rules roll {n}"
            )));
        }
        self.keep.check(rules.dice_count)
    }

    /// The card as one line of JSON (see [`Card`]).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a card serializes")
    }

    /// A card from its JSON (see [`Card`]), checked by [`Card::validate`]. `OutOfRange` for
    /// text longer than [`MAX_CARD_TEXT`], text that is not a card, or a card that fails
    /// its checks.
    pub fn from_json(text: &str) -> Result<Card, StrategyError> {
        if text.len() > MAX_CARD_TEXT {
            return Err(StrategyError::OutOfRange(format!(
                "a card's text of {} bytes; at most {MAX_CARD_TEXT}",
                text.len()
            )));
        }
        let card: Card = serde_json::from_str(text)
            .map_err(|e| StrategyError::OutOfRange(format!("not a card: {e}")))?;
        card.validate()?;
        Ok(card)
    }

    /// The thresholds the card banks by in `situation`, as the threshold bot reads them.
    pub(crate) fn thresholds(&self, situation: Situation, dice: usize) -> Thresholds {
        Thresholds(
            self.bank
                .row(situation, dice)
                .into_iter()
                .map(|t| t.map(|t| t as i32))
                .collect(),
        )
    }

    /// Bank once the turn reaches `points`, keeping every scoring die.
    pub fn bank_at(points: u32) -> Card {
        Card {
            bank: Banking::Total(points),
            keep: Keep::All,
        }
    }

    /// The folk rules for a set of `dice` dice, with their names: bank at 300, 350, 500 and
    /// 1,000; never roll with 1 or 2 dice (bank with 1 or 2 dice left, roll on with more);
    /// the same with a bank at 300 otherwise. Every one keeps every scoring die (the folk
    /// rule "always keep every scoring die").
    pub fn folk(dice: u8) -> Vec<(&'static str, Card)> {
        let n = usize::from(dice.max(1));
        let few = |rest: Option<u32>| {
            (1..=n)
                .map(|d| if d <= 2 { Some(0) } else { rest })
                .collect::<Vec<_>>()
        };
        vec![
            ("bank at 300", Card::bank_at(300)),
            ("bank at 350", Card::bank_at(350)),
            ("bank at 500", Card::bank_at(500)),
            ("bank at 1,000", Card::bank_at(1000)),
            (
                "never roll 1 or 2 dice",
                Card {
                    bank: Banking::PerDice(few(None)),
                    keep: Keep::All,
                },
            ),
            (
                "bank at 300, never roll 1 or 2 dice",
                Card {
                    bank: Banking::PerDice(few(Some(300))),
                    keep: Keep::All,
                },
            ),
        ]
    }
}

impl Situational {
    /// Every situation banking as `row` does, with the bands given.
    pub fn uniform(row: Vec<Option<u32>>, band: u32, endgame: u32) -> Situational {
        Situational {
            band,
            endgame,
            rows: [row.clone(), row.clone(), row.clone(), row],
        }
    }
}

/// A threshold row as a person reads it: "1 die: 300, 2 dice: 300, ..., 6 dice: never".
fn write_row(f: &mut fmt::Formatter<'_>, row: &[Option<u32>]) -> fmt::Result {
    for (i, t) in row.iter().enumerate() {
        let dice = i + 1;
        let sep = if i == 0 { "" } else { ", " };
        let noun = if dice == 1 { "die" } else { "dice" };
        match t {
            Some(t) => write!(f, "{sep}{dice} {noun}: {t}")?,
            None => write!(f, "{sep}{dice} {noun}: never")?,
        }
    }
    Ok(())
}

impl fmt::Display for Card {
    /// The card as text a person can follow, one line a rule.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.bank {
            Banking::Total(t) => writeln!(f, "Bank once the turn reaches {t}.")?,
            Banking::PerDice(row) => {
                write!(f, "Bank once the turn reaches, by dice left to roll: ")?;
                write_row(f, row)?;
                writeln!(f, ".")?;
            }
            Banking::Situational(s) => {
                writeln!(
                    f,
                    "Endgame once anyone is within {} of the target; otherwise behind or ahead \
                     by more than {}, else level. Bank once the turn reaches, by dice left:",
                    s.endgame, s.band
                )?;
                for situation in Situation::ALL {
                    write!(f, "  {}: ", situation.name())?;
                    write_row(f, &s.rows[situation as usize])?;
                    writeln!(f)?;
                }
            }
        }
        match self.keep {
            Keep::All => writeln!(f, "Keep every scoring die.")?,
            Keep::Rate => writeln!(f, "Keep the dice that score the most per die.")?,
            Keep::Single { reroll } => writeln!(
                f,
                "Keep every scoring die; but when they are all 1s and 5s and at least {reroll} \
                 dice would be left, keep one (a 1 before a 5) and roll the rest."
            )?,
        }
        writeln!(
            f,
            "Off the board: bank at the entry. Final round: roll until you pass the leader. \
             Bank whenever banking reaches the target."
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    #[test]
    fn every_number_is_checked() {
        assert!(Card::bank_at(MAX_CARD_POINTS).validate().is_ok());
        assert!(Card::bank_at(MAX_CARD_POINTS + 1).validate().is_err());
        let per = |row: Vec<Option<u32>>| Card {
            bank: Banking::PerDice(row),
            keep: Keep::All,
        };
        assert!(per(vec![]).validate().is_err());
        assert!(per(vec![Some(300); 13]).validate().is_err());
        assert!(per(vec![Some(300), Some(u32::MAX)]).validate().is_err());
        assert!(per(vec![Some(300); 6])
            .validate_for(&Preset::Classic.rules())
            .is_ok());
        assert!(per(vec![Some(300); 5])
            .validate_for(&Preset::Classic.rules())
            .is_err());
        let mut s = Situational::uniform(vec![Some(300); 6], 500, 2000);
        assert!(Card {
            bank: Banking::Situational(s.clone()),
            keep: Keep::Single { reroll: 5 }
        }
        .validate_for(&Preset::Classic.rules())
        .is_ok());
        s.rows[2].pop();
        assert!(Card {
            bank: Banking::Situational(s),
            keep: Keep::All
        }
        .validate()
        .is_err());
        let rules = Rules {
            dice_count: 3,
            ..Preset::Minimal.rules()
        };
        assert!(Card {
            bank: Banking::Total(300),
            keep: Keep::Single { reroll: 3 }
        }
        .validate_for(&rules)
        .is_err());
        for (_, card) in Card::folk(6) {
            assert_eq!(card.validate_for(&Preset::Classic.rules()), Ok(()));
        }
    }

    #[test]
    fn a_card_reads_as_text() {
        let text = Card::folk(6)[4].1.to_string();
        assert!(
            text.contains("1 die: 0, 2 dice: 0, 3 dice: never"),
            "{text}"
        );
    }
}
