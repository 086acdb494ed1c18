// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The exact scorer: the best partition of a selection into scoring combinations, and the
//! analysis of a roll (farkle or not, max roll points, which dice can score, every legal
//! selection).
//!
//! A [`Scorer`] is built once per rules value. It solves every multiset of at most
//! `dice_count` dice up front (at most 18,564 of them for 12 dice) by dynamic programming over
//! face counts, so scoring afterwards is a table lookup. Everything a call returns is
//! precomputed per multiset (the points, the leftover dice of a selection that does not score
//! as a whole, the first combination of the best partition, the analysis of a roll), and a
//! multiset is found by a key summed one die at a time and two reads of small tables (see
//! `FACE_KEY`). The solved tables live behind an `Arc`, shared by every scorer whose rules
//! have the same scoring fields, and a per-thread cache keeps the last 64 of them
//! ([`Scorer::shared`]).

use std::sync::Arc;

use thiserror::Error;

use crate::combination::{all_combinations, Combination, CombinationKind};
use crate::dice::{DiceError, FaceCounts, FACES, MAX_DICE};
use crate::rules::{Rules, RulesError};

pub(crate) mod cache;

pub(crate) use cache::{ScoringFields, ScoringKey, CACHE_SLOTS};

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
    TooManyDice {
        /// Dice selected.
        count: usize,
        /// Dice in the rules' set.
        max: usize,
    },
}

/// The score of a valid selection: its points and the combinations that make them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    /// Total points of the selection.
    pub points: i32,
    /// The combinations it is read as, in the order the scorer lists them.
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
    /// The dice set aside, as counts per face.
    pub dice: FaceCounts,
    /// What they score.
    pub points: i32,
}

/// Marks an entry whose dice cannot all take part in scoring combinations (build only).
const NOT_SCORING: i32 = -1;
/// `first` of an entry scored as a no-score set.
const NO_SCORE_SET: u16 = u16::MAX;
/// `first` of an entry with no combination (empty, or not scoring as a whole).
const NO_COMBINATION: u16 = u16::MAX - 1;
/// `*_drop` of an entry whose own dice are the answer.
const KEEP_ALL: u8 = FACES as u8;

/// What the partition search records for one multiset while the table is built.
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

// Keys. A multiset of dice is named by its face counts packed four bits a face (face 1 in the
// lowest bits): the "key". A key is the sum of one weight per die, so it is counted in one
// pass over the dice with one table read and one addition each (`FACE_KEY`), and a die value
// outside 1..=6 adds `BAD_FACE`, which no sum of at most 12 valid dice reaches. The dense
// index of a multiset of at most `n` dice (its "rank") is `LOW_RANK[faces 1-3] +
// HIGH_BASE[n][faces 4-6]`: two reads of small tables built at compile time.

/// Added to a key by a die value outside 1..=6.
pub(crate) const BAD_FACE: u32 = 1 << 24;
/// The low twelve bits of a key: the counts of faces 1, 2 and 3.
const HALF: u32 = 0xFFF;

/// `FACE_KEY[v]`: what a die showing the byte `v` adds to a key.
pub(crate) static FACE_KEY: [u32; 256] = face_key_table();

const fn face_key_table() -> [u32; 256] {
    let mut t = [BAD_FACE; 256];
    let mut face = 1;
    while face <= FACES {
        t[face] = 1 << (4 * (face - 1));
        face += 1;
    }
    t
}

/// Rank of the counts of faces 1-3 (a 12-bit key) among all such triples with at most
/// MAX_DICE dice, ordered by their number of dice first: the triples with at most `m` dice
/// are exactly those ranked below C(m + 3, 3), whatever `m`.
static LOW_RANK: [u16; 4096] = low_rank_table();

const fn low_rank_table() -> [u16; 4096] {
    let mut t = [0u16; 4096];
    let mut next = 0u16;
    let mut total = 0;
    while total <= MAX_DICE {
        let mut c3 = 0;
        while c3 <= total {
            let mut c2 = 0;
            while c2 <= total - c3 {
                let c1 = total - c3 - c2;
                t[c1 | c2 << 4 | c3 << 8] = next;
                next += 1;
                c2 += 1;
            }
            c3 += 1;
        }
        total += 1;
    }
    t
}

/// `HIGH_BASE[n][k]`: for the counts of faces 4-6 packed in `k`, how many multisets of at
/// most `n` dice rank before those with these counts.
static HIGH_BASE: [[u16; 4096]; MAX_DICE + 1] = high_base_table();

const fn high_base_table() -> [[u16; 4096]; MAX_DICE + 1] {
    let mut t = [[0u16; 4096]; MAX_DICE + 1];
    let mut n = 0;
    while n <= MAX_DICE {
        let mut base = 0usize;
        let mut c6 = 0;
        while c6 <= n {
            let mut c5 = 0;
            while c5 <= n - c6 {
                let mut c4 = 0;
                while c4 <= n - c6 - c5 {
                    t[n][c4 | c5 << 4 | c6 << 8] = base as u16;
                    // Triples of faces 1-3 with at most m dice: C(m + 3, 3).
                    let m = n - c6 - c5 - c4;
                    base += (m + 3) * (m + 2) * (m + 1) / 6;
                    c4 += 1;
                }
                c5 += 1;
            }
            c6 += 1;
        }
        n += 1;
    }
    t
}

/// The key of face counts whose dice are each at most 15 (callers check the total first).
#[inline]
fn pack(c: FaceCounts) -> u32 {
    let c = c.0.map(u32::from);
    c[0] | c[1] << 4 | c[2] << 8 | c[3] << 12 | c[4] << 16 | c[5] << 20
}

/// The face counts of a key.
#[inline]
pub(crate) fn unpack(key: u32) -> FaceCounts {
    FaceCounts(std::array::from_fn(|f| ((key >> (4 * f)) & 15) as u8))
}

fn binomial(n: usize, k: usize) -> usize {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// What scoring a selection needs, per multiset.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ScoreEntry {
    /// Points of the best partition of all the dice; 0 when they do not score as a whole (or
    /// there are none).
    pub(crate) points: i32,
    /// For a multiset that does not score as a whole, the dice left over by the reading that
    /// scores the most dice; all 0 otherwise.
    pub(crate) leftover: [u8; FACES],
    /// The combination holding the lowest face's die in the best partition, NO_SCORE_SET, or
    /// NO_COMBINATION.
    first: u16,
}

/// What analyzing a roll needs, per multiset.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct RollEntry {
    /// Most points of any sub-multiset (0: a farkle).
    pub(crate) max_points: i32,
    /// The key of a sub-multiset scoring `max_points`, with the most dice among those that
    /// do.
    pub(crate) best_key: u32,
    /// Bit `f - 1` set when face `f` takes part in some scoring sub-multiset.
    pub(crate) scoring_faces: u8,
    /// Dice in `best_key`'s multiset (what a playout's threshold bot keeps).
    pub(crate) best_dice: u8,
}

/// The solved table of one rules value's scoring fields; shared by every [`Scorer`] (and C
/// scorer handle) whose rules score alike.
pub(crate) struct ScoringTable {
    dice_count: u8,
    high_base: &'static [u16; 4096],
    /// `score[r].points`, on its own: the lean call reads only this.
    points: Box<[i32]>,
    score: Box<[ScoreEntry]>,
    roll: Box<[RollEntry]>,
    combinations: Box<[Combination]>,
    combination_keys: Box<[u32]>,
}

/// The dense index of the multiset with this key, among those of at most n dice
/// (`high_base` = `&HIGH_BASE[n]`): two reads of small tables.
#[inline]
fn rank_with(high_base: &[u16; 4096], key: u32) -> usize {
    usize::from(LOW_RANK[(key & HALF) as usize])
        + usize::from(high_base[(key >> 12 & HALF) as usize])
}

/// An entry before its multiset is solved.
const BLANK: Entry = Entry {
    best: NOT_SCORING,
    best_combo: 0,
    combo_count: 0,
    max_points: 0,
    best_selection: FaceCounts::EMPTY,
    scoring_faces: 0,
    cover: 0,
    cover_drop: KEEP_ALL,
};

/// The partition search of [`ScoringTable::build`]: the entries of the multisets solved so
/// far, each read by the larger multisets that contain it.
struct Builder<'r> {
    rules: &'r Rules,
    /// Dice in the set.
    n: usize,
    high_base: &'static [u16; 4096],
    combinations: Vec<Combination>,
    /// Indices of `combinations` by the lowest face each holds.
    by_lowest: [Vec<u16>; FACES],
    /// By rank; those of multisets smaller than the one being solved are final.
    entries: Vec<Entry>,
}

impl Builder<'_> {
    fn rank(&self, v: FaceCounts) -> usize {
        rank_with(self.high_base, pack(v))
    }

    /// The entry of `v`, once every smaller multiset has its own.
    fn entry(&self, v: FaceCounts) -> Entry {
        let mut e = BLANK;
        if v.is_empty() {
            e.best = 0;
            return e;
        }
        self.best_partition(v, &mut e);
        if e.best != NOT_SCORING {
            e.max_points = e.best;
            e.best_selection = v;
            e.scoring_faces = v.face_mask();
            e.cover = v.total() as u8;
        }
        self.inherit(v, &mut e);
        let no_score_set = self.rules.no_score_set;
        if v.total() == self.n && e.max_points == 0 && no_score_set > 0 {
            e = Entry {
                best: no_score_set,
                best_combo: NO_SCORE_SET,
                combo_count: 1,
                max_points: no_score_set,
                best_selection: v,
                scoring_faces: v.face_mask(),
                cover: self.n as u8,
                cover_drop: KEEP_ALL,
            };
        }
        e
    }

    /// The best partition of all of `v`'s dice: a combination holding its lowest die, and the
    /// best partition of the rest; on equal points, fewer combinations.
    fn best_partition(&self, v: FaceCounts, e: &mut Entry) {
        let lowest = v.0.iter().position(|&k| k > 0).expect("non-empty");
        for &ci in &self.by_lowest[lowest] {
            let combo = &self.combinations[usize::from(ci)];
            let Some(rest) = v.checked_sub(combo.dice) else {
                continue;
            };
            let r = self.entries[self.rank(rest)];
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
    }

    /// What `v` inherits from its multisets one die smaller: the faces that take part in some
    /// scoring selection, the best selection, and the largest scoring sub-multiset (by the
    /// die to drop towards it).
    fn inherit(&self, v: FaceCounts, e: &mut Entry) {
        for face in 0..FACES {
            if v.0[face] == 0 {
                continue;
            }
            let mut smaller = v;
            smaller.0[face] -= 1;
            let s = self.entries[self.rank(smaller)];
            e.scoring_faces |= s.scoring_faces;
            let more_dice = s.best_selection.total() > e.best_selection.total();
            if s.max_points > e.max_points || (s.max_points == e.max_points && more_dice) {
                e.max_points = s.max_points;
                e.best_selection = s.best_selection;
            }
            // A selection that does not score as a whole must drop some die even when
            // nothing in it scores (cover 0).
            let must_drop = e.best == NOT_SCORING && e.cover_drop == KEEP_ALL;
            if s.cover > e.cover || must_drop {
                e.cover = s.cover;
                e.cover_drop = face as u8;
            }
        }
    }

    /// What each call needs, precomputed: the leftover dice of every multiset that does not
    /// score as a whole (the largest scoring sub-multiset, found by following the cover drop
    /// links), and the keys of the best selections.
    fn call_entries(&self, vectors: &[FaceCounts]) -> (Box<[ScoreEntry]>, Box<[RollEntry]>) {
        let len = self.entries.len();
        let mut score = vec![ScoreEntry::default(); len].into_boxed_slice();
        let mut roll = vec![RollEntry::default(); len].into_boxed_slice();
        for &v in vectors {
            let r = self.rank(v);
            let e = self.entries[r];
            score[r] = if e.best == NOT_SCORING {
                let mut covered = v;
                loop {
                    let drop = self.entries[self.rank(covered)].cover_drop;
                    if drop == KEEP_ALL {
                        break;
                    }
                    covered.0[usize::from(drop)] -= 1;
                }
                ScoreEntry {
                    points: 0,
                    leftover: v.checked_sub(covered).expect("subset").0,
                    first: NO_COMBINATION,
                }
            } else if v.is_empty() {
                ScoreEntry {
                    points: 0,
                    leftover: [0; FACES],
                    first: NO_COMBINATION,
                }
            } else {
                ScoreEntry {
                    points: e.best,
                    leftover: [0; FACES],
                    first: e.best_combo,
                }
            };
            roll[r] = RollEntry {
                max_points: e.max_points,
                best_key: pack(e.best_selection),
                scoring_faces: e.scoring_faces,
                best_dice: e.best_selection.total() as u8,
            };
        }
        (score, roll)
    }
}

impl std::fmt::Debug for ScoringTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScoringTable")
            .field("dice_count", &self.dice_count)
            .field("multisets", &self.score.len())
            .field("combinations", &self.combinations.len())
            .finish()
    }
}

impl ScoringTable {
    /// Solves every multiset of at most `rules.dice_count` dice; the rules must be valid.
    fn build(rules: &Rules) -> ScoringTable {
        let n = usize::from(rules.dice_count);
        let high_base = &HIGH_BASE[n];
        let combinations = all_combinations(rules);
        // Combinations grouped by their lowest face: the partition search always places the
        // lowest remaining die, so each partition is found once.
        let mut by_lowest: [Vec<u16>; FACES] = Default::default();
        for (i, c) in combinations.iter().enumerate() {
            let lowest = c.dice.0.iter().position(|&k| k > 0).expect("non-empty");
            by_lowest[lowest].push(i as u16);
        }
        let len = binomial(n + FACES, FACES);
        let mut builder = Builder {
            rules,
            n,
            high_base,
            combinations,
            by_lowest,
            entries: vec![BLANK; len],
        };
        let mut vectors = FaceCounts::all_up_to(n);
        vectors.sort_by_key(|v| v.total());
        for &v in &vectors {
            let e = builder.entry(v);
            let r = builder.rank(v);
            builder.entries[r] = e;
        }
        let (score, roll) = builder.call_entries(&vectors);
        let combinations = builder.combinations;
        let combination_keys = combinations.iter().map(|c| pack(c.dice)).collect();
        let points = score.iter().map(|e| e.points).collect();
        ScoringTable {
            dice_count: rules.dice_count,
            high_base,
            points,
            score,
            roll,
            combinations: combinations.into_boxed_slice(),
            combination_keys,
        }
    }

    /// Dice in the set.
    #[inline]
    pub(crate) fn dice_count(&self) -> usize {
        usize::from(self.dice_count)
    }

    /// Bytes this table holds (for the documented cache bound).
    #[cfg(test)]
    fn heap_bytes(&self) -> usize {
        std::mem::size_of::<ScoringTable>()
            + self.points.len() * std::mem::size_of::<i32>()
            + self.score.len() * std::mem::size_of::<ScoreEntry>()
            + self.roll.len() * std::mem::size_of::<RollEntry>()
            + self.combinations.len()
                * (std::mem::size_of::<Combination>() + std::mem::size_of::<u32>())
    }

    /// Number of multisets of at most `dice_count` dice (the entries of the table).
    pub(crate) fn multisets(&self) -> usize {
        self.points.len()
    }

    /// The entry index of `dice`, `None` when it has more dice than the set.
    #[inline]
    pub(crate) fn index(&self, dice: FaceCounts) -> Option<usize> {
        self.key(dice).map(|key| self.rank(key))
    }

    #[inline]
    fn rank(&self, key: u32) -> usize {
        rank_with(self.high_base, key)
    }

    /// The key of `dice`, or `None` when it has more dice than the set.
    #[inline]
    pub(crate) fn key(&self, dice: FaceCounts) -> Option<u32> {
        (dice.total() <= self.dice_count()).then(|| pack(dice))
    }

    /// The key of die values in any order, refusing more dice than the set (checked first)
    /// and values outside 1..=6, as [`FaceCounts::from_faces`] does.
    #[inline(always)]
    pub(crate) fn key_of_faces(&self, faces: &[u8]) -> Result<u32, DiceError> {
        if faces.len() > self.dice_count() {
            return Err(DiceError::TooManyDice {
                count: faces.len(),
                max: self.dice_count(),
            });
        }
        // Up to six dice, six steps whatever their number: a loop whose length changed from
        // call to call with the number of dice would cost a mispredicted branch on most
        // calls, more than the whole lookup. (More dice, from sets of 7 to 12, take a loop.)
        let key = match faces.len().checked_sub(1) {
            None => 0,
            Some(last) if last < 6 => sum_weights::<6>(faces, last),
            Some(_) => faces
                .iter()
                .fold(0u32, |key, &f| key + FACE_KEY[usize::from(f)]),
        };
        if key >= BAD_FACE {
            return Err(first_bad_face(faces));
        }
        Ok(key)
    }

    /// The key of one to six die values, each 1 to 6; `None` for anything else, which
    /// [`ScoringTable::key_of_faces`] explains. The C functions' quick path calls it before
    /// it knows the table, outside the panic boundary: nothing in it panics.
    #[inline(always)]
    pub(crate) fn quick_key(faces: &[u8]) -> Option<u32> {
        let last = faces.len().checked_sub(1)?;
        if last >= 6 {
            return None;
        }
        let key = sum_weights::<6>(faces, last);
        (key < BAD_FACE).then_some(key)
    }

    /// Points of the `dice` dice with key `key` from [`ScoringTable::quick_key`] (0 when
    /// they do not score as a whole); `None` when the set has fewer dice. Nothing in it
    /// panics.
    #[inline(always)]
    pub(crate) fn quick_points(&self, key: u32, dice: usize) -> Option<i32> {
        if dice > self.dice_count() {
            return None;
        }
        let rank = self.rank(key);
        debug_assert!(rank < self.points.len());
        // SAFETY: `key` is a quick key, the key of `dice` valid faces, and `dice` is at most
        // the set's: ranking maps every multiset of at most `dice_count` dice into the
        // table's entries (the test `ranking_is_a_bijection_for_every_set_size` walks them
        // all). Unchecked because this is the C functions' quick path, where a check is a
        // tenth of the call.
        Some(unsafe { *self.points.get_unchecked(rank) })
    }

    /// The scoring entry of a key (of at most `dice_count` dice).
    #[inline]
    pub(crate) fn score_entry(&self, key: u32) -> &ScoreEntry {
        &self.score[self.rank(key)]
    }

    /// The analysis entry of a key (of at most `dice_count` dice).
    #[inline]
    pub(crate) fn roll_entry(&self, key: u32) -> &RollEntry {
        &self.roll[self.rank(key)]
    }

    /// Points of the multiset with this key when it scores as a whole, else 0.
    #[inline]
    pub(crate) fn points_of_key(&self, key: u32) -> i32 {
        self.points[self.rank(key)]
    }

    /// Calls `f` with each combination of the best partition of the multiset with this key,
    /// when it scores as a whole; nothing otherwise.
    #[inline]
    pub(crate) fn for_each_combination_of_key(
        &self,
        mut key: u32,
        mut f: impl FnMut(&Combination),
    ) {
        while key != 0 {
            let e = self.score_entry(key);
            match e.first {
                NO_COMBINATION => return,
                NO_SCORE_SET => {
                    f(&Combination {
                        kind: CombinationKind::NoScoreSet,
                        face: 0,
                        dice: unpack(key),
                        points: e.points,
                    });
                    return;
                }
                i => {
                    let i = usize::from(i);
                    f(&self.combinations[i]);
                    key -= self.combination_keys[i];
                }
            }
        }
    }

    /// The masks of a roll given as faces in roll order (`key` its key): the dice of the best
    /// selection (the first dice of each face) and the dice that take part in some scoring
    /// selection (bit i = the i-th die).
    #[inline]
    pub(crate) fn roll_masks(&self, key: u32, faces: &[u8]) -> (&RollEntry, u16, u16) {
        let e = self.roll_entry(key);
        // From the last die back, so that each die's bits shift in at the bottom: the dice of
        // each face the best selection leaves (its dice are the first of each face), four
        // bits a face, are skipped first, counted down as they are.
        let mut skip = key - e.best_key;
        let scoring_faces = u32::from(e.scoring_faces);
        let mut best = 0u32;
        let mut scoring = 0u32;
        for &f in faces.iter().rev() {
            let face = u32::from(f) - 1;
            let shift = 4 * face;
            let skipped = u32::from((skip >> shift) & 15 != 0);
            skip -= skipped << shift;
            best = (best << 1) | (skipped ^ 1);
            scoring = (scoring << 1) | ((scoring_faces >> face) & 1);
        }
        (e, best as u16, scoring as u16)
    }

    /// Calls `f` with each combination of the best partition of the dice of `faces` selected by
    /// `mask` (which score as a whole), and the dice of `faces` it takes: the first of each
    /// face among those selected and not yet taken.
    #[inline]
    pub(crate) fn for_each_combination_mask(
        &self,
        key: u32,
        faces: &[u8],
        mask: u16,
        f: impl FnMut(&Combination, u16),
    ) {
        // Bit i of `free[face]`: die i shows face, is selected and not yet in a combination.
        let mut free = [0u16; 8];
        for (i, &face) in faces.iter().enumerate() {
            if mask & (1 << i) != 0 {
                free[usize::from(face & 7)] |= 1 << i;
            }
        }
        self.for_each_combination_of_free(key, free, f);
    }

    /// [`ScoringTable::for_each_combination_mask`] with the selected dice already sorted by
    /// face: bit i of `free[face]` set when the i-th die shows `face` and is selected.
    #[inline]
    pub(crate) fn for_each_combination_of_free(
        &self,
        key: u32,
        mut free: [u16; 8],
        mut f: impl FnMut(&Combination, u16),
    ) {
        self.for_each_combination_of_key(key, |c| {
            let mut taken = 0u16;
            for (face, &k) in c.dice.0.iter().enumerate() {
                let at = &mut free[face + 1];
                for _ in 0..k {
                    let low = *at & at.wrapping_neg();
                    taken |= low;
                    *at ^= low;
                }
            }
            f(c, taken);
        });
    }

    fn check(&self, selection: FaceCounts) -> Result<i32, InvalidSelection> {
        let Some(key) = self.key(selection) else {
            return Err(InvalidSelection::TooManyDice {
                count: selection.total(),
                max: self.dice_count(),
            });
        };
        if key == 0 {
            return Err(InvalidSelection::Empty);
        }
        let e = self.score_entry(key);
        if e.points == 0 {
            return Err(InvalidSelection::NonScoring {
                leftover: FaceCounts(e.leftover),
            });
        }
        Ok(e.points)
    }

    fn points(&self, selection: FaceCounts) -> Option<i32> {
        let points = self.points_of_key(self.key(selection)?);
        (points > 0).then_some(points)
    }

    fn analyze(&self, roll: FaceCounts) -> Option<RollAnalysis> {
        let e = self.roll_entry(self.key(roll)?);
        Some(RollAnalysis {
            is_farkle: e.max_points == 0,
            max_points: e.max_points,
            best_selection: unpack(e.best_key),
            scoring_faces: e.scoring_faces,
        })
    }

    pub(crate) fn for_each_selection(&self, roll: FaceCounts, mut f: impl FnMut(Selection)) {
        if self.key(roll).is_none() {
            return;
        }
        for dice in roll.subsets() {
            let points = self.points_of_key(pack(dice));
            if points > 0 {
                f(Selection { dice, points });
            }
        }
    }

    pub(crate) fn selections(&self, roll: FaceCounts) -> Vec<Selection> {
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

/// The key of `faces[..=last]` in `STEPS` steps without a branch (`last < STEPS`): the steps
/// past the last die add it again, and those extra copies are taken off at the end. (A
/// select or a mask per step would be turned back into branches by the compiler.)
#[inline(always)]
fn sum_weights<const STEPS: usize>(faces: &[u8], last: usize) -> u32 {
    assert!(last < faces.len() && last < STEPS);
    // SAFETY: `i.min(last) <= last < faces.len()`, checked above (the compiler drops that
    // check where `last` is `faces.len() - 1`, but not the one of every step's index).
    let face = |i: usize| usize::from(unsafe { *faces.get_unchecked(i.min(last)) });
    let total = (0..STEPS).fold(0u32, |key, i| key.wrapping_add(FACE_KEY[face(i)]));
    let extra = (STEPS - 1 - last) as u32;
    total.wrapping_sub(extra.wrapping_mul(FACE_KEY[face(last)]))
}

/// The error for die values of which some is outside 1..=6.
#[cold]
fn first_bad_face(faces: &[u8]) -> DiceError {
    let (index, &value) = faces
        .iter()
        .enumerate()
        .find(|(_, &v)| !(1..=6).contains(&v))
        .expect("some face is bad");
    DiceError::InvalidFace { index, value }
}

/// The exact scorer for one rules value.
///
/// ```
/// use farkle::{FaceCounts, Preset, Scorer};
///
/// let scorer = Scorer::new(&Preset::Classic.rules()).unwrap();
/// // A 1 and two 5s: 100 + 50 + 50.
/// assert_eq!(scorer.points_of_faces(&[1, 5, 5]), Ok(200));
/// // 1-2-3-4-5-6 is a straight: 1500 under the classic rules.
/// assert_eq!(scorer.points_of_faces(&[6, 5, 4, 3, 2, 1]), Ok(1500));
/// // A 2 scores nothing, so a selection holding one is not valid as a whole.
/// let with_a_two = FaceCounts::from_faces(&[1, 2], 6).unwrap();
/// assert_eq!(scorer.points(with_a_two), None);
/// let score = scorer.score(FaceCounts::from_faces(&[4, 4, 4, 1], 6).unwrap()).unwrap();
/// assert_eq!(score.points, 500); // three 4s (400) and a 1 (100)
/// assert_eq!(score.combinations.len(), 2);
/// ```
#[derive(Debug, Clone)]
pub struct Scorer {
    rules: Rules,
    table: Arc<ScoringTable>,
}

impl Scorer {
    /// Validates `rules` and solves every multiset of at most `rules.dice_count` dice.
    pub fn new(rules: &Rules) -> Result<Scorer, RulesError> {
        rules.validate()?;
        Ok(Scorer {
            rules: *rules,
            table: Arc::new(ScoringTable::build(rules)),
        })
    }

    /// A scorer for `rules` from the per-thread cache, built (and the rules validated) on
    /// first use. The cache holds up to 64 solved tables, keyed by the scoring fields only:
    /// rules values that differ only in game settings (target, entry and bank minimums, turn
    /// limit, penalty, final round, hot dice) share one table. The least recently used table
    /// is dropped when a 65th is needed, so a thread's cache holds at most 64 times the
    /// largest table (at most 0.53 MB for 12 dice, about 27 KB for 6).
    pub fn shared(rules: &Rules) -> Result<Arc<Scorer>, RulesError> {
        Self::with_shared(rules, Arc::clone)
    }

    /// Runs `f` with the cached scorer for `rules` without taking a reference count: the
    /// fast path for one-off calls. Rules are validated only when they were not seen last
    /// on this thread for their table (only valid rules ever enter the cache).
    pub fn with_shared<R>(
        rules: &Rules,
        f: impl FnOnce(&Arc<Scorer>) -> R,
    ) -> Result<R, RulesError> {
        cache::with_shared_scorer(rules, f)
    }

    /// The rules this scorer was built for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Number of multisets of at most `dice_count` dice: the size of a table indexed by
    /// [`Scorer::index`].
    pub(crate) fn multisets(&self) -> usize {
        self.table.multisets()
    }

    /// A dense index (below [`Scorer::multisets`]) of a multiset of at most `dice_count` dice,
    /// for tables kept beside the scorer; `None` for more dice.
    #[inline]
    pub(crate) fn index(&self, dice: FaceCounts) -> Option<usize> {
        self.table.index(dice)
    }

    /// The solved table (shared with every scorer of the same scoring fields).
    #[cfg(test)]
    fn table(&self) -> &Arc<ScoringTable> {
        &self.table
    }

    /// The table behind this scorer, for the hot paths of games and the C layer.
    #[inline]
    pub(crate) fn scoring_table(&self) -> &ScoringTable {
        &self.table
    }

    /// Points of a selection when every die takes part in a scoring combination; `None` when
    /// the selection is empty, does not score as a whole, or has more dice than the set.
    #[inline]
    pub fn points(&self, selection: FaceCounts) -> Option<i32> {
        self.table.points(selection)
    }

    /// Points of die values in any order when every die takes part in a scoring
    /// combination, else 0 (also for no dice): the lean call, one pass over the dice and
    /// three table reads. Errors as [`FaceCounts::from_faces`] with the set's size (too many
    /// dice is checked first).
    #[inline]
    pub fn points_of_faces(&self, faces: &[u8]) -> Result<i32, DiceError> {
        let key = self.table.key_of_faces(faces)?;
        Ok(self.table.points_of_key(key))
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
        self.table.check(selection)
    }

    /// Calls `f` with each combination of the best partition of a valid selection; does
    /// nothing for an invalid one.
    pub fn for_each_combination(&self, selection: FaceCounts, mut f: impl FnMut(Combination)) {
        if let Some(key) = self.table.key(selection) {
            self.table.for_each_combination_of_key(key, |c| f(*c));
        }
    }

    /// The points of a roll that is, all of it, the straight 1-2-3-4-5-6 or three pairs and
    /// nothing else (the best reading of its dice is that one combination): the roll rules
    /// with `auto_take_straight_and_three_pairs` set aside for the player at once. `None`
    /// for any other roll.
    pub fn straight_or_three_pairs(&self, roll: FaceCounts) -> Option<i32> {
        let key = self.table.key(roll)?;
        let (mut count, mut kind) = (0, None);
        self.table.for_each_combination_of_key(key, |c| {
            count += 1;
            kind = Some(c.kind);
        });
        match (count, kind) {
            (1, Some(CombinationKind::Straight | CombinationKind::ThreePairs)) => {
                Some(self.table.points_of_key(key))
            }
            _ => None,
        }
    }

    /// Analyzes a roll; `None` when it has more dice than the set.
    pub fn analyze(&self, roll: FaceCounts) -> Option<RollAnalysis> {
        self.table.analyze(roll)
    }

    /// Calls `f` with every distinct scoring selection of a roll (as face counts), in no
    /// particular order; nothing when the roll has more dice than the set.
    pub fn for_each_selection(&self, roll: FaceCounts, f: impl FnMut(Selection)) {
        self.table.for_each_selection(roll, f);
    }

    /// Every distinct scoring selection of a roll, best first (more points, then more dice).
    pub fn selections(&self, roll: FaceCounts) -> Vec<Selection> {
        self.table.selections(roll)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{KindScaling, Preset};

    fn counts(faces: &[u8]) -> FaceCounts {
        FaceCounts::from_faces(faces, MAX_DICE).unwrap()
    }

    #[test]
    fn ranking_is_a_bijection_for_every_set_size() {
        for (n, table) in HIGH_BASE.iter().enumerate() {
            let len = binomial(n + FACES, FACES);
            let mut seen = vec![false; len];
            for v in FaceCounts::all_up_to(n) {
                let key = pack(v);
                assert_eq!(unpack(key), v);
                let k = usize::from(LOW_RANK[(key & HALF) as usize])
                    + usize::from(table[(key >> 12 & HALF) as usize]);
                assert!(k < len && !seen[k], "n {n}: rank {k} twice or out of range");
                seen[k] = true;
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn keys_of_faces_count_dice_and_refuse_bad_values() {
        let s = Scorer::new(&Preset::Classic.rules()).unwrap();
        let t = s.table();
        assert_eq!(t.key_of_faces(&[]), Ok(0));
        assert_eq!(
            t.key_of_faces(&[6, 1, 1, 4]),
            Ok(pack(counts(&[1, 1, 4, 6])))
        );
        for bad in [0u8, 7, 255] {
            assert_eq!(
                t.key_of_faces(&[1, 2, bad]),
                Err(DiceError::InvalidFace {
                    index: 2,
                    value: bad
                })
            );
        }
        // Too many dice is checked before the values, as FaceCounts::from_faces does.
        assert_eq!(
            t.key_of_faces(&[0; 7]),
            Err(DiceError::TooManyDice { count: 7, max: 6 })
        );
        assert_eq!(s.points_of_faces(&[5, 1, 5]), Ok(200));
        assert_eq!(s.points_of_faces(&[5, 2]), Ok(0));
        assert_eq!(s.points_of_faces(&[]), Ok(0));
    }

    #[test]
    fn shared_scorers_keep_their_own_rules_and_share_tables() {
        let classic = Preset::Classic.rules();
        let other_game = Rules {
            target_score: 5000,
            min_entry_score: 0,
            final_round: false,
            hot_dice: false,
            ..classic
        };
        let a = Scorer::shared(&classic).unwrap();
        let b = Scorer::shared(&other_game).unwrap();
        assert_eq!(*a.rules(), classic);
        assert_eq!(*b.rules(), other_game);
        assert!(Arc::ptr_eq(a.table(), b.table()));
        // Game settings are still validated when the table is already cached.
        let bad = Rules {
            target_score: 0,
            turn_limit: 0,
            ..classic
        };
        assert_eq!(Scorer::shared(&bad).err(), bad.validate().err());
        assert!(Scorer::shared(&bad).is_err());
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

    /// The memory bound in the documentation (FARKLE_SCORER_CACHE_SLOTS, Scorer::shared,
    /// docs/benchmarks.md): a table takes about 27 KB for 6 dice and at most 0.53 MB for 12,
    /// with every combination enabled.
    #[test]
    fn tables_fit_the_documented_sizes() {
        for (n, bound) in [(6u8, 29_000), (12, 530_000)] {
            let every_combination = Rules {
                dice_count: n,
                kind_scaling: KindScaling::Double,
                six_ones: 5000,
                straight: 1,
                straight_low: 1,
                straight_high: 1,
                three_pairs: 1,
                three_pairs_with_four_of_a_kind: true,
                four_of_a_kind_and_pair: 1,
                two_triplets: 1,
                full_house_bonus: 1,
                no_score_set: 1,
                ..Preset::Classic.rules()
            };
            let bytes = ScoringTable::build(&every_combination).heap_bytes();
            assert!(bytes <= bound, "{n} dice: {bytes} bytes");
            let classic = Rules {
                dice_count: n,
                ..Preset::Classic.rules()
            };
            assert!(ScoringTable::build(&classic).heap_bytes() <= bytes);
        }
    }
}
