// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! When a card banks: one turn total, one per count of dice left, or one per count of dice
//! left in each game situation (behind, level, ahead, the endgame).

use serde::{Deserialize, Serialize};

/// The situations of a [`Banking::Situational`] card, in the order of its rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Situation {
    /// Behind the best other score by more than the band.
    Behind,
    /// Within the band of the best other score, either way.
    Level,
    /// Ahead of the best other score by more than the band.
    Ahead,
    /// Someone (the player included) is within the endgame band of the target: this row
    /// wins over the other three.
    Endgame,
}

impl Situation {
    /// Every situation, in the order of a card's rows.
    pub const ALL: [Situation; 4] = [
        Situation::Behind,
        Situation::Level,
        Situation::Ahead,
        Situation::Endgame,
    ];

    /// A short name for a person.
    pub fn name(self) -> &'static str {
        match self {
            Situation::Behind => "behind",
            Situation::Level => "level",
            Situation::Ahead => "ahead",
            Situation::Endgame => "endgame",
        }
    }
}

/// Thresholds per game situation: four rows of one threshold per count of dice left, and
/// the two bands that say which row applies.
///
/// As JSON: `{"band": 1000, "endgame": 2000, "rows": [[300, ..., null], ...]}`, the rows
/// behind, level, ahead, endgame, `null` for "never".
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Situational {
    /// Behind or ahead means by more than this many points (0: any difference).
    pub band: u32,
    /// The endgame row applies once the highest score (the player's own included) is within
    /// this many points of the target (0: never).
    pub endgame: u32,
    /// Per situation (in the order of [`Situation::ALL`]), per count of dice left d, the
    /// threshold for d dice at `rows[s][d - 1]`.
    pub rows: [Vec<Option<u32>>; 4],
}

impl Situational {
    /// The situation of a player with `mine` points when the best other score is
    /// `best_other` and the target `target` (0: no target).
    pub fn situation(&self, mine: i64, best_other: i64, target: i64) -> Situation {
        let band = i64::from(self.band);
        let top = mine.max(best_other);
        if self.endgame > 0 && target > 0 && top >= target - i64::from(self.endgame) {
            Situation::Endgame
        } else if mine < best_other - band {
            Situation::Behind
        } else if mine > best_other + band {
            Situation::Ahead
        } else {
            Situation::Level
        }
    }
}

/// When a card banks (on the board, away from a final round's last turn): once the turn
/// total reaches the threshold that applies; a threshold of `None` never banks.
///
/// As JSON: `{"total": 500}`, `{"per_dice": [300, 250, 450, null, null, null]}` or
/// `{"situational": {...}}` ([`Situational`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Banking {
    /// One threshold, whatever the dice left and the scores.
    Total(u32),
    /// One threshold per count of dice left d, at `[d - 1]`.
    PerDice(Vec<Option<u32>>),
    /// One threshold per count of dice left in each situation.
    Situational(Situational),
}

impl Banking {
    /// The thresholds that apply in `situation`, per count of dice left (`dice` of them).
    pub fn row(&self, situation: Situation, dice: usize) -> Vec<Option<u32>> {
        match self {
            Banking::Total(t) => vec![Some(*t); dice],
            Banking::PerDice(v) => v.clone(),
            Banking::Situational(s) => s.rows[situation as usize].clone(),
        }
    }

    /// The situation that applies, for a card that reads one (the others: `Level`).
    pub fn situation(&self, mine: i64, best_other: i64, target: i64) -> Situation {
        match self {
            Banking::Situational(s) => s.situation(mine, best_other, target),
            _ => Situation::Level,
        }
    }

    /// How many rows the card reads (1, or 4 by situation).
    pub(crate) fn rows(&self) -> usize {
        match self {
            Banking::Situational(_) => 4,
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn situations_follow_the_bands() {
        let s = Situational {
            band: 500,
            endgame: 2000,
            rows: Default::default(),
        };
        assert_eq!(s.situation(1000, 1500, 10000), Situation::Level);
        assert_eq!(s.situation(1000, 1550, 10000), Situation::Behind);
        assert_eq!(s.situation(2050, 1550, 10000), Situation::Level);
        assert_eq!(s.situation(2100, 1550, 10000), Situation::Ahead);
        assert_eq!(s.situation(2000, 8000, 10000), Situation::Endgame);
        assert_eq!(s.situation(8000, 0, 10000), Situation::Endgame);
        assert_eq!(s.situation(7950, 0, 10000), Situation::Ahead);
        let never = Situational { endgame: 0, ..s };
        assert_eq!(never.situation(9950, 0, 10000), Situation::Ahead);
    }
}
