// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The exact scorer: the best partition of a selection into scoring combinations, and the
//! analysis of a roll (farkle or not, max roll points, which dice can score, every legal
//! selection).
//!
//! A [`Scorer`] is built once per rules value. It solves every multiset of at most
//! `dice_count` dice up front (at most 18,564 of them for 12 dice) by dynamic programming over
//! face counts, so scoring afterwards is a table lookup.

use std::cell::RefCell;
use std::sync::Arc;

use thiserror::Error;

use crate::combination::{all_combinations, Combination, CombinationKind};
use crate::dice::{FaceCounts, FACES, MAX_DICE};
use crate::rules::{Rules, RulesError};

/// Why a selection cannot be scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum InvalidSelection {
    /// No dice were selected.
    #[error("no dice are selected")]
    Empty,
    /// Some selected dice take part in no scoring combination.
    #[error("the selection does not score as a whole: {leftover} would be left over")]
    NonScoring {
        /// The dice left over by the partial reading that scores the most dice.
        leftover: FaceCounts,
    },
    /// More dice than the rules' set.
    #[error("{count} dice are selected; the set has {max}")]
    TooManyDice { count: usize, max: usize },
}

/// The score of a valid selection: its points and the combinations that make them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    pub points: i32,
    pub combinations: Vec<Combination>,
}

/// What a roll offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RollAnalysis {
    /// No selection of the roll scores.
    pub is_farkle: bool,
    /// The most points any selection of the roll scores (0 for a farkle).
    pub max_points: i32,
    /// A selection that scores `max_points` (the one with the most dice when several do).
    pub best_selection: FaceCounts,
    /// Bit `f - 1` set when dice showing `f` take part in some scoring selection.
    pub scoring_faces: u8,
}

/// One legal selection of a roll and its points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selection {
    pub dice: FaceCounts,
    pub points: i32,
}

/// Marks an entry whose dice cannot all take part in scoring combinations.
const NOT_SCORING: i32 = -1;
/// `best_combo` of an entry scored as a no-score set.
const NO_SCORE_SET: u16 = u16::MAX;
/// `*_drop` of an entry whose own dice are the answer.
const KEEP_ALL: u8 = FACES as u8;

#[derive(Debug, Clone, Copy)]
struct Entry {
    /// Points of the best partition of all these dice, or NOT_SCORING.
    best: i32,
    /// Combination holding the lowest face's die in that partition.
    best_combo: u16,
    /// Number of combinations in that partition (ties prefer fewer, larger combinations).
    combo_count: u8,
    /// Most points of any sub-multiset (0: nothing scores).
    max_points: i32,
    /// A sub-multiset scoring `max_points`, with the most dice among those that do.
    best_selection: FaceCounts,
    /// Faces that take part in some scoring sub-multiset.
    scoring_faces: u8,
    /// Most dice of any scoring sub-multiset.
    cover: u8,
    /// Face index to drop to move towards that sub-multiset, or KEEP_ALL.
    cover_drop: u8,
}

/// Dense numbering of the face-count vectors with at most `n` dice.
#[derive(Debug, Clone)]
struct Ranking {
    /// `offset[i][s][c]`: how many vectors come before those whose face `i` has count `c`, among
    /// the vectors agreeing on faces before `i` (which hold `s` dice).
    offset: [[[u32; MAX_DICE + 1]; MAX_DICE + 1]; FACES],
    len: usize,
}

impl Ranking {
    fn new(n: usize) -> Self {
        // Vectors over k faces with total <= b: C(b + k, k).
        let count = |k: usize, b: usize| binomial(b + k, k) as u32;
        let mut offset = [[[0u32; MAX_DICE + 1]; MAX_DICE + 1]; FACES];
        for (i, by_sum) in offset.iter_mut().enumerate() {
            let k = FACES - 1 - i;
            for (s, by_count) in by_sum.iter_mut().enumerate().take(n + 1) {
                let mut acc = 0;
                for (c, slot) in by_count.iter_mut().enumerate().take(n - s + 1) {
                    *slot = acc;
                    acc += count(k, n - s - c);
                }
            }
        }
        Ranking {
            offset,
            len: binomial(n + FACES, FACES),
        }
    }

    #[inline]
    fn rank(&self, counts: FaceCounts) -> usize {
        let mut s = 0usize;
        let mut r = 0u32;
        for (i, &c) in counts.0.iter().enumerate() {
            r += self.offset[i][s][usize::from(c)];
            s += usize::from(c);
        }
        r as usize
    }
}

fn binomial(n: usize, k: usize) -> usize {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The exact scorer for one rules value.
#[derive(Debug, Clone)]
pub struct Scorer {
    rules: Rules,
    ranking: Ranking,
    entries: Vec<Entry>,
    combinations: Vec<Combination>,
}

impl Scorer {
    /// Validates `rules` and solves every multiset of at most `rules.dice_count` dice.
    pub fn new(rules: &Rules) -> Result<Scorer, RulesError> {
        rules.validate()?;
        let n = usize::from(rules.dice_count);
        let combinations = all_combinations(rules);
        // Combinations grouped by their lowest face: the partition search always places the
        // lowest remaining die, so each partition is found once.
        let mut by_lowest: [Vec<u16>; FACES] = Default::default();
        for (i, c) in combinations.iter().enumerate() {
            let lowest = c.dice.0.iter().position(|&k| k > 0).expect("non-empty");
            by_lowest[lowest].push(i as u16);
        }
        let ranking = Ranking::new(n);
        let blank = Entry {
            best: NOT_SCORING,
            best_combo: 0,
            combo_count: 0,
            max_points: 0,
            best_selection: FaceCounts::EMPTY,
            scoring_faces: 0,
            cover: 0,
            cover_drop: KEEP_ALL,
        };
        let mut entries = vec![blank; ranking.len];
        let mut vectors = FaceCounts::all_up_to(n);
        vectors.sort_by_key(|v| v.total());

        for &v in &vectors {
            let mut e = blank;
            if v.is_empty() {
                e.best = 0;
            } else {
                let lowest = v.0.iter().position(|&k| k > 0).expect("non-empty");
                for &ci in &by_lowest[lowest] {
                    let combo = &combinations[usize::from(ci)];
                    let Some(rest) = v.checked_sub(combo.dice) else {
                        continue;
                    };
                    let r = entries[ranking.rank(rest)];
                    if r.best == NOT_SCORING {
                        continue;
                    }
                    let points = combo.points + r.best;
                    let count = r.combo_count + 1;
                    if points > e.best || (points == e.best && count < e.combo_count) {
                        e.best = points;
                        e.best_combo = ci;
                        e.combo_count = count;
                    }
                }
                if e.best != NOT_SCORING {
                    e.max_points = e.best;
                    e.best_selection = v;
                    e.scoring_faces = v.face_mask();
                    e.cover = v.total() as u8;
                }
                for face in 0..FACES {
                    if v.0[face] == 0 {
                        continue;
                    }
                    let mut smaller = v;
                    smaller.0[face] -= 1;
                    let s = entries[ranking.rank(smaller)];
                    e.scoring_faces |= s.scoring_faces;
                    let more_dice = s.best_selection.total() > e.best_selection.total();
                    if s.max_points > e.max_points || (s.max_points == e.max_points && more_dice) {
                        e.max_points = s.max_points;
                        e.best_selection = s.best_selection;
                    }
                    // A selection that does not score as a whole must drop some die even
                    // when nothing in it scores (cover 0).
                    let must_drop = e.best == NOT_SCORING && e.cover_drop == KEEP_ALL;
                    if s.cover > e.cover || must_drop {
                        e.cover = s.cover;
                        e.cover_drop = face as u8;
                    }
                }
                if v.total() == n && e.max_points == 0 && rules.no_score_set > 0 {
                    e = Entry {
                        best: rules.no_score_set,
                        best_combo: NO_SCORE_SET,
                        combo_count: 1,
                        max_points: rules.no_score_set,
                        best_selection: v,
                        scoring_faces: v.face_mask(),
                        cover: n as u8,
                        cover_drop: KEEP_ALL,
                    };
                }
            }
            entries[ranking.rank(v)] = e;
        }
        Ok(Scorer {
            rules: *rules,
            ranking,
            entries,
            combinations,
        })
    }

    /// A scorer for `rules` from a small per-thread cache, built (and the rules validated) on
    /// first use.
    pub fn shared(rules: &Rules) -> Result<Arc<Scorer>, RulesError> {
        Self::with_shared(rules, Arc::clone)
    }

    /// Runs `f` with the cached scorer for `rules` without taking a reference count: the
    /// fast path for one-off calls. Rules are validated only when they miss the cache (only
    /// valid rules ever enter it).
    pub fn with_shared<R>(
        rules: &Rules,
        f: impl FnOnce(&Arc<Scorer>) -> R,
    ) -> Result<R, RulesError> {
        const CACHE_SIZE: usize = 8;
        thread_local! {
            static CACHE: RefCell<Vec<Arc<Scorer>>> = const { RefCell::new(Vec::new()) };
        }
        CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            match cache.iter().position(|s| s.rules == *rules) {
                Some(0) => {}
                Some(pos) => {
                    let hit = cache.remove(pos);
                    cache.insert(0, hit);
                }
                None => {
                    cache.insert(0, Arc::new(Scorer::new(rules)?));
                    cache.truncate(CACHE_SIZE);
                }
            }
            Ok(f(&cache[0]))
        })
    }

    /// The rules this scorer was built for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Number of multisets of at most `dice_count` dice: the size of a table indexed by
    /// [`Scorer::index`].
    pub(crate) fn multisets(&self) -> usize {
        self.entries.len()
    }

    /// A dense index (below [`Scorer::multisets`]) of a multiset of at most `dice_count` dice,
    /// for tables kept beside the scorer; `None` for more dice.
    #[inline]
    pub(crate) fn index(&self, dice: FaceCounts) -> Option<usize> {
        (dice.total() <= usize::from(self.rules.dice_count)).then(|| self.ranking.rank(dice))
    }

    #[inline]
    fn entry(&self, dice: FaceCounts) -> Option<&Entry> {
        if dice.total() > usize::from(self.rules.dice_count) {
            return None;
        }
        Some(&self.entries[self.ranking.rank(dice)])
    }

    /// Points of a selection when every die takes part in a scoring combination; `None` when
    /// the selection is empty, does not score as a whole, or has more dice than the set.
    #[inline]
    pub fn points(&self, selection: FaceCounts) -> Option<i32> {
        match self.entry(selection) {
            Some(e) if e.best > 0 => Some(e.best),
            _ => None,
        }
    }

    /// Scores a selection: the best partition of all its dice into combinations.
    pub fn score(&self, selection: FaceCounts) -> Result<Score, InvalidSelection> {
        let points = self.check(selection)?;
        let mut combinations = Vec::with_capacity(4);
        self.for_each_combination(selection, |c| combinations.push(c));
        Ok(Score {
            points,
            combinations,
        })
    }

    /// The points of a selection, or why it is invalid.
    pub fn check(&self, selection: FaceCounts) -> Result<i32, InvalidSelection> {
        let max = usize::from(self.rules.dice_count);
        let Some(e) = self.entry(selection) else {
            return Err(InvalidSelection::TooManyDice {
                count: selection.total(),
                max,
            });
        };
        if selection.is_empty() {
            return Err(InvalidSelection::Empty);
        }
        if e.best == NOT_SCORING {
            let covered = self.follow_cover(selection);
            let leftover = selection.checked_sub(covered).expect("subset");
            return Err(InvalidSelection::NonScoring { leftover });
        }
        Ok(e.best)
    }

    /// Calls `f` with each combination of the best partition of a valid selection; does
    /// nothing for an invalid one.
    pub fn for_each_combination(&self, selection: FaceCounts, mut f: impl FnMut(Combination)) {
        let mut rest = selection;
        while !rest.is_empty() {
            let Some(e) = self.entry(rest) else { return };
            if e.best == NOT_SCORING {
                return;
            }
            if e.best_combo == NO_SCORE_SET {
                f(Combination {
                    kind: CombinationKind::NoScoreSet,
                    face: 0,
                    dice: rest,
                    points: e.best,
                });
                return;
            }
            let combo = self.combinations[usize::from(e.best_combo)];
            f(combo);
            rest = rest.checked_sub(combo.dice).expect("combination fits");
        }
    }

    /// The largest scoring sub-multiset of `dice`, by walking cover drop links.
    fn follow_cover(&self, mut dice: FaceCounts) -> FaceCounts {
        while let Some(e) = self.entry(dice) {
            let drop = e.cover_drop;
            if drop == KEEP_ALL {
                break;
            }
            dice.0[usize::from(drop)] -= 1;
        }
        dice
    }

    /// Analyzes a roll; `None` when it has more dice than the set.
    pub fn analyze(&self, roll: FaceCounts) -> Option<RollAnalysis> {
        let e = self.entry(roll)?;
        Some(RollAnalysis {
            is_farkle: e.max_points == 0,
            max_points: e.max_points,
            best_selection: e.best_selection,
            scoring_faces: e.scoring_faces,
        })
    }

    /// Calls `f` with every distinct scoring selection of a roll (as face counts), in no
    /// particular order; nothing when the roll has more dice than the set.
    pub fn for_each_selection(&self, roll: FaceCounts, mut f: impl FnMut(Selection)) {
        if self.entry(roll).is_none() {
            return;
        }
        for dice in roll.subsets() {
            if let Some(points) = self.points(dice) {
                f(Selection { dice, points });
            }
        }
    }

    /// Every distinct scoring selection of a roll, best first (more points, then more dice).
    pub fn selections(&self, roll: FaceCounts) -> Vec<Selection> {
        let mut out = Vec::new();
        self.for_each_selection(roll, |s| out.push(s));
        out.sort_by(|a, b| {
            b.points
                .cmp(&a.points)
                .then(b.dice.total().cmp(&a.dice.total()))
                .then(b.dice.cmp(&a.dice))
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    fn counts(faces: &[u8]) -> FaceCounts {
        FaceCounts::from_faces(faces, MAX_DICE).unwrap()
    }

    #[test]
    fn ranking_is_a_bijection() {
        for n in [1usize, 6, 12] {
            let r = Ranking::new(n);
            let mut seen = vec![false; r.len];
            for v in FaceCounts::all_up_to(n) {
                let k = r.rank(v);
                assert!(!seen[k], "rank {k} twice");
                seen[k] = true;
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn classic_examples() {
        let s = Scorer::new(&Preset::Classic.rules()).unwrap();
        assert_eq!(s.points(counts(&[3, 3, 3, 3])), Some(600));
        assert_eq!(s.points(counts(&[1, 1, 1, 5, 5])), Some(1100));
        assert_eq!(s.points(counts(&[1, 1, 1, 5, 5, 2])), None);
        assert_eq!(
            s.check(counts(&[1, 5, 2])),
            Err(InvalidSelection::NonScoring {
                leftover: counts(&[2])
            })
        );
        let a = s.analyze(counts(&[1, 1, 1, 5, 5, 2])).unwrap();
        assert_eq!(a.max_points, 1100);
        assert_eq!(a.best_selection, counts(&[1, 1, 1, 5, 5]));
        assert_eq!(a.scoring_faces, 0b10001);
    }
}
