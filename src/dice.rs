// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Dice and face counts.
//!
//! Farkle scoring never depends on the order of the dice, only on how many of each face were
//! rolled or selected, so the core works on [`FaceCounts`]. Dice in a roll are still ordered
//! (players select them by index), which is the game's business, not the scorer's.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Number of faces on a die.
pub const FACES: usize = 6;

/// Largest number of dice in a set that every part of the engine supports.
pub const MAX_DICE: usize = 12;

/// A die value outside 1..=6, or more dice than allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum DiceError {
    /// A die showed a value outside 1..=6.
    #[error("die {index} has value {value}; dice show 1 to 6")]
    InvalidFace {
        /// Position of the die in the list.
        index: usize,
        /// What it showed.
        value: u8,
    },
    /// More dice than the set (or the engine) allows.
    #[error("{count} dice given; at most {max} are allowed")]
    TooManyDice {
        /// Dice given.
        count: usize,
        /// The most allowed.
        max: usize,
    },
}

/// How many dice show each face: `counts[0]` ones, ..., `counts[5]` sixes.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct FaceCounts(pub [u8; FACES]);

impl FaceCounts {
    /// No dice at all.
    pub const EMPTY: FaceCounts = FaceCounts([0; FACES]);

    /// Counts the faces of `dice` (values 1..=6), refusing more than `max_dice` dice.
    pub fn from_faces(dice: &[u8], max_dice: usize) -> Result<Self, DiceError> {
        if dice.len() > max_dice {
            return Err(DiceError::TooManyDice {
                count: dice.len(),
                max: max_dice,
            });
        }
        let mut counts = [0u8; FACES];
        for (index, &value) in dice.iter().enumerate() {
            if !(1..=6).contains(&value) {
                return Err(DiceError::InvalidFace { index, value });
            }
            counts[usize::from(value - 1)] += 1;
        }
        Ok(FaceCounts(counts))
    }

    /// How many dice show `face` (1..=6).
    pub fn of(self, face: u8) -> u8 {
        self.0[usize::from(face - 1)]
    }

    /// Total number of dice.
    pub fn total(self) -> usize {
        self.0.iter().map(|&c| usize::from(c)).sum()
    }

    /// True when there are no dice.
    pub fn is_empty(self) -> bool {
        self.0 == [0; FACES]
    }

    /// True when every die of `self` is also in `other`.
    pub fn is_subset_of(self, other: FaceCounts) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a <= b)
    }

    /// `self - other`, or `None` when `other` is not a subset of `self`.
    pub fn checked_sub(self, other: FaceCounts) -> Option<FaceCounts> {
        let mut out = self.0;
        for (slot, &take) in out.iter_mut().zip(other.0.iter()) {
            *slot = slot.checked_sub(take)?;
        }
        Some(FaceCounts(out))
    }

    /// `self + other`.
    pub fn plus(self, other: FaceCounts) -> FaceCounts {
        let mut out = self.0;
        for (slot, &add) in out.iter_mut().zip(other.0.iter()) {
            *slot += add;
        }
        FaceCounts(out)
    }

    /// Bit `f - 1` is set for every face `f` present.
    pub fn face_mask(self) -> u8 {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .fold(0, |mask, (i, _)| mask | (1 << i))
    }

    /// The dice as face values in ascending order.
    pub fn faces(self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.total());
        for (i, &c) in self.0.iter().enumerate() {
            out.extend(std::iter::repeat_n(i as u8 + 1, usize::from(c)));
        }
        out
    }

    /// Indices of `dice` (face values, in roll order) that make up `self`, taking for each face
    /// the first dice showing it whose bit is not yet in `taken`; those bits are added to
    /// `taken`. `None` when `dice` lacks some of `self`'s dice or has more than 16 dice.
    pub fn pick_indices(self, dice: &[u8], taken: &mut u16) -> Option<u16> {
        if dice.len() > 16 {
            return None;
        }
        let mut mask = 0u16;
        let complete = self.claim_first(dice, |i| {
            let bit = 1u16 << i;
            let free = *taken & bit == 0;
            if free {
                mask |= bit;
            }
            free
        });
        if !complete {
            return None;
        }
        *taken |= mask;
        Some(mask)
    }

    /// The one mapping from face counts to dice in roll order: walks `dice` (face values) in
    /// order and, for each face `self` still wants, offers the die at index i to `claim`,
    /// which takes it (and returns true) when it is free. So each face takes the first free
    /// dice showing it. Returns whether every die of `self` was found; values outside 1..=6
    /// are skipped.
    pub(crate) fn claim_first(self, dice: &[u8], mut claim: impl FnMut(usize) -> bool) -> bool {
        let mut wanted = self.0;
        for (i, &value) in dice.iter().enumerate() {
            let Some(slot) = usize::from(value)
                .checked_sub(1)
                .and_then(|f| wanted.get_mut(f))
            else {
                continue;
            };
            if *slot > 0 && claim(i) {
                *slot -= 1;
            }
        }
        wanted == [0; FACES]
    }

    /// Every sub-multiset of `self`, the empty one included, in odometer order (face 1
    /// changing fastest).
    pub fn subsets(self) -> Subsets {
        Subsets {
            limits: self.0,
            next: Some([0; FACES]),
        }
    }

    /// Every face-count vector with at most `max_dice` dice.
    pub fn all_up_to(max_dice: usize) -> Vec<FaceCounts> {
        fn fill(face: usize, left: usize, current: &mut [u8; FACES], out: &mut Vec<FaceCounts>) {
            if face == FACES {
                out.push(FaceCounts(*current));
                return;
            }
            for n in 0..=left {
                current[face] = n as u8;
                fill(face + 1, left - n, current, out);
            }
            current[face] = 0;
        }
        let mut out = Vec::new();
        fill(0, max_dice, &mut [0; FACES], &mut out);
        out
    }
}

/// Iterator over the sub-multisets of a [`FaceCounts`]; see [`FaceCounts::subsets`].
#[derive(Debug, Clone)]
pub struct Subsets {
    limits: [u8; FACES],
    next: Option<[u8; FACES]>,
}

impl Iterator for Subsets {
    type Item = FaceCounts;

    #[inline]
    fn next(&mut self) -> Option<FaceCounts> {
        let current = self.next?;
        let mut following = current;
        self.next = None;
        for (slot, &limit) in following.iter_mut().zip(self.limits.iter()) {
            if *slot < limit {
                *slot += 1;
                self.next = Some(following);
                break;
            }
            *slot = 0;
        }
        Some(FaceCounts(current))
    }
}

impl std::fmt::Display for FaceCounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let faces = self.faces();
        for (i, face) in faces.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_faces_and_rejects_bad_values() {
        let c = FaceCounts::from_faces(&[1, 1, 5, 6], 6).unwrap();
        assert_eq!(c.0, [2, 0, 0, 0, 1, 1]);
        assert_eq!(c.total(), 4);
        assert_eq!(
            FaceCounts::from_faces(&[1, 7], 6),
            Err(DiceError::InvalidFace { index: 1, value: 7 })
        );
        assert_eq!(
            FaceCounts::from_faces(&[0], 6),
            Err(DiceError::InvalidFace { index: 0, value: 0 })
        );
        assert_eq!(
            FaceCounts::from_faces(&[1; 7], 6),
            Err(DiceError::TooManyDice { count: 7, max: 6 })
        );
    }

    #[test]
    fn subsets_are_all_distinct_submultisets() {
        let c = FaceCounts([2, 0, 1, 0, 0, 3]);
        let subsets: Vec<_> = c.subsets().collect();
        assert_eq!(subsets.len(), 3 * 2 * 4);
        let mut sorted = subsets.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), subsets.len());
        assert!(subsets.iter().all(|s| s.is_subset_of(c)));
    }

    #[test]
    fn arithmetic() {
        let a = FaceCounts([1, 2, 0, 0, 1, 0]);
        let b = FaceCounts([1, 0, 0, 0, 1, 0]);
        assert_eq!(a.checked_sub(b), Some(FaceCounts([0, 2, 0, 0, 0, 0])));
        assert_eq!(b.checked_sub(a), None);
        assert_eq!(b.plus(b), FaceCounts([2, 0, 0, 0, 2, 0]));
        assert_eq!(a.face_mask(), 0b10011);
        assert_eq!(a.faces(), vec![1, 2, 2, 5]);
        assert_eq!(a.to_string(), "1 2 2 5");
    }

    #[test]
    fn picks_indices_in_roll_order() {
        let roll = [5, 1, 2, 1, 5, 1];
        let mut taken = 0;
        let ones = FaceCounts([2, 0, 0, 0, 0, 0]).pick_indices(&roll, &mut taken);
        assert_eq!(ones, Some(0b001010));
        let more = FaceCounts([1, 0, 0, 0, 1, 0]).pick_indices(&roll, &mut taken);
        assert_eq!(more, Some(0b100001));
        assert_eq!(taken, 0b101011);
        assert_eq!(
            FaceCounts([0, 0, 1, 0, 0, 1]).pick_indices(&roll, &mut taken),
            None
        );
    }
}
