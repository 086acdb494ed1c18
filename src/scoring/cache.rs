// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The per-thread cache of solved scoring tables, keyed by the scoring fields of a rules value:
//! what [`Scorer::shared`] and the C functions that take rules by pointer look tables up in.
//! The C layer implements [`ScoringFields`] for its struct, so the lookup reads the caller's
//! fields where they are and converts and validates them only on a miss.

use std::cell::RefCell;
use std::sync::Arc;

use super::{Scorer, ScoringTable};
use crate::rules::{Rules, RulesError, SCORING_FIELDS};

/// Rules whose scoring fields the cache can read where they are kept.
pub(crate) trait ScoringFields {
    /// The scoring fields as a key.
    fn key(&self) -> ScoringKey;

    /// Whether the scoring fields are `key`.
    #[inline(always)]
    fn has_key(&self, key: &ScoringKey) -> bool {
        self.key() == *key
    }

    /// The whole rules value, validated: called on a miss, to solve a table.
    fn rules(&self) -> Result<Rules, RulesError>;
}

impl ScoringFields for Rules {
    fn key(&self) -> ScoringKey {
        ScoringKey::of(self)
    }

    fn rules(&self) -> Result<Rules, RulesError> {
        self.validate().map(|()| *self)
    }
}

/// The scoring fields of a rules value, each as the 32-bit integer FarkleRules holds (enums
/// by their C number, flags 0 or 1), in FarkleRules order: dice_count, single_one,
/// single_five, triple_ones, triple_face_multiplier, kind_scaling, four_of_a_kind,
/// five_of_a_kind, six_of_a_kind, six_ones, straight, straight_low, straight_high,
/// three_pairs, three_pairs_with_four_of_a_kind, four_of_a_kind_and_pair, two_triplets,
/// full_house_bonus, no_score_set. The scorer reads nothing else, so rules values with the
/// same key share one table whatever their game settings.
#[derive(Debug, Clone, Copy, Eq)]
pub(crate) struct ScoringKey(pub(crate) [u32; SCORING_FIELDS]);

impl PartialEq for ScoringKey {
    /// Branch-free over all fields (vectorized), rather than a call to `memcmp`.
    #[inline]
    fn eq(&self, other: &ScoringKey) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0, |diff, (a, b)| diff | (a ^ b))
            == 0
    }
}

impl ScoringKey {
    /// The key of a Rust rules value.
    pub(crate) fn of(r: &Rules) -> ScoringKey {
        ScoringKey(r.scoring_words())
    }

    /// Sixteen bits of hash: the fields folded into two words by rotations, then mixed by one
    /// 128-bit multiplication. The high byte picks a bucket of the cache's index, the low byte
    /// is kept there as a tag that rules out most other keys without comparing them.
    #[inline]
    fn hash(&self) -> u16 {
        let w = &self.0;
        let (mut a, mut b) = (u64::from(w[SCORING_FIELDS - 1]), 0u64);
        for i in 0..SCORING_FIELDS / 2 {
            let word = u64::from(w[2 * i]) | u64::from(w[2 * i + 1]) << 32;
            if i % 2 == 0 {
                a ^= word.rotate_left(9 * i as u32);
            } else {
                b ^= word.rotate_left(9 * i as u32);
            }
        }
        let m = u128::from(a ^ 0x9e37_79b9_7f4a_7c15) * u128::from(b ^ 0xbf58_476d_1ce4_e5b9);
        let h = (m as u64) ^ (m >> 64) as u64;
        (h >> 48) as u16
    }
}

/// Scorers kept per thread by [`Scorer::shared`] and the C functions that take rules by
/// pointer, least recently used evicted first.
pub(crate) const CACHE_SLOTS: usize = 64;
const BUCKETS: usize = 256;
/// Hint slots: a prime, so that the rules values of an array (any element size that is a
/// multiple of 4 below 4 KB) take distinct slots for up to this many consecutive elements.
const HINTS: usize = 1021;
const _: () = assert!(CACHE_SLOTS < BUCKETS && CACHE_SLOTS < u8::MAX as usize);

struct Slot {
    key: ScoringKey,
    table: Arc<ScoringTable>,
    /// The last Rust [`Scorer`] handed out for this table, with its full rules.
    scorer: Option<Arc<Scorer>>,
    /// When it was last made the most recent slot.
    stamp: u64,
}

/// The per-thread cache: up to CACHE_SLOTS tables by scoring key and a hash index over them.
/// A lookup compares the key with the most recently used slot's, then with the slot last
/// found for rules at the same address (callers that cycle through several rules values
/// usually keep each at its own address), and only then hashes the key. The address is only
/// a hint: a slot is used when its key matches.
struct Cache {
    /// The most recently used slot (none while `slots` is empty).
    mru: usize,
    /// Slot index + 1 per hashed caller address (0: none).
    hints: [u8; HINTS],
    slots: Vec<Slot>,
    /// Per bucket, 0 when empty, else the key's tag << 8 | (slot index + 1); linear probing.
    buckets: [u16; BUCKETS],
    clock: u64,
}

impl Cache {
    const fn new() -> Cache {
        Cache {
            mru: 0,
            hints: [0; HINTS],
            slots: Vec::new(),
            buckets: [0; BUCKETS],
            clock: 0,
        }
    }

    /// The slot found without hashing for rules kept at `address` whose scoring fields
    /// `matches` accepts: the most recently used one, else the one hinted for the address.
    #[inline(always)]
    fn quick(&mut self, address: usize, matches: impl Fn(&ScoringKey) -> bool) -> Option<usize> {
        let mru = self.mru;
        if self.slots.get(mru).is_some_and(|s| matches(&s.key)) {
            return Some(mru);
        }
        let hinted = usize::from(self.hints[hint_index(address)]).wrapping_sub(1);
        if self.slots.get(hinted).is_some_and(|s| matches(&s.key)) {
            self.make_recent(hinted);
            return Some(hinted);
        }
        None
    }

    fn find(&self, key: &ScoringKey) -> Option<usize> {
        let hash = key.hash();
        let mut b = usize::from(hash >> 8);
        loop {
            let entry = self.buckets[b];
            if entry == 0 {
                return None;
            }
            let s = usize::from(entry & 0xff) - 1;
            if entry >> 8 == hash & 0xff && self.slots[s].key == *key {
                return Some(s);
            }
            b = (b + 1) % BUCKETS;
        }
    }

    fn index(&mut self, slot: usize) {
        let hash = self.slots[slot].key.hash();
        let mut b = usize::from(hash >> 8);
        while self.buckets[b] != 0 {
            b = (b + 1) % BUCKETS;
        }
        self.buckets[b] = (hash & 0xff) << 8 | (slot + 1) as u16;
    }

    /// The slot for the scoring fields of rules kept at `address`, when [`Cache::quick`] did
    /// not find it: looked up by hash, else solved from the validated rules and inserted;
    /// remembered for the address either way.
    #[cold]
    #[inline(never)]
    fn miss(&mut self, fields: &impl ScoringFields, address: usize) -> Result<usize, RulesError> {
        let key = fields.key();
        let at = self.find_or_insert(&key, || fields.rules())?;
        self.remember(at, address);
        Ok(at)
    }

    /// Makes `slot` the most recent, and the hint for rules kept at `address`.
    #[inline]
    fn remember(&mut self, slot: usize, address: usize) {
        self.hints[hint_index(address)] = (slot + 1) as u8;
        self.make_recent(slot);
    }

    #[inline(always)]
    fn make_recent(&mut self, slot: usize) {
        self.clock += 1;
        self.slots[slot].stamp = self.clock;
        self.mru = slot;
    }

    /// The slot for `key`, building its table from `rules()` (validated rules with that
    /// key) on a miss.
    #[inline]
    fn find_or_insert(
        &mut self,
        key: &ScoringKey,
        rules: impl FnOnce() -> Result<Rules, RulesError>,
    ) -> Result<usize, RulesError> {
        match self.find(key) {
            Some(slot) => Ok(slot),
            None => self.insert(key, rules),
        }
    }

    /// A new slot for `key` with its table built from `rules()`, in place of the least
    /// recently used when all are taken.
    #[cold]
    #[inline(never)]
    fn insert(
        &mut self,
        key: &ScoringKey,
        rules: impl FnOnce() -> Result<Rules, RulesError>,
    ) -> Result<usize, RulesError> {
        let rules = rules()?;
        debug_assert_eq!(ScoringKey::of(&rules), *key);
        let slot = Slot {
            key: *key,
            table: Arc::new(ScoringTable::build(&rules)),
            scorer: None,
            stamp: 0,
        };
        let at = if self.slots.len() < CACHE_SLOTS {
            self.slots.push(slot);
            self.slots.len() - 1
        } else {
            let lru = (0..self.slots.len())
                .min_by_key(|&i| self.slots[i].stamp)
                .expect("full");
            self.slots[lru] = slot;
            // Linear probing cannot delete in place: index the slots afresh.
            self.buckets = [0; BUCKETS];
            for i in 0..self.slots.len() {
                if i != lru {
                    self.index(i);
                }
            }
            lru
        };
        self.index(at);
        Ok(at)
    }
}

/// The hint slot of a caller's address (rules values are 4-byte aligned).
#[inline]
fn hint_index(address: usize) -> usize {
    (address >> 2) % HINTS
}

thread_local! {
    static CACHE: RefCell<Cache> = const { RefCell::new(Cache::new()) };
}

/// Runs `f` with this thread's table for the scoring fields of `fields`: found without
/// hashing when they are those of the rules used last on the thread, or last used at the
/// same address; else looked up by hash; else solved (after [`ScoringFields::rules`]
/// validates them) and cached, evicting the least recently used table when all slots are
/// taken. Game settings are the caller's to check.
#[inline(always)]
pub(crate) fn with_table<R>(
    fields: &impl ScoringFields,
    f: impl FnOnce(&Arc<ScoringTable>) -> R,
) -> Result<R, RulesError> {
    let address = std::ptr::from_ref(fields).cast::<u8>() as usize;
    CACHE.with(|cell| {
        let mut cache = cell.borrow_mut();
        let at = match cache.quick(address, |key| fields.has_key(key)) {
            Some(at) => at,
            None => cache.miss(fields, address)?,
        };
        Ok(f(&cache.slots[at].table))
    })
}

/// [`Scorer::with_shared`]: the table as [`with_table`] finds it, with the last scorer
/// handed out for it when its rules are these (so game settings are validated only when
/// they change).
pub(super) fn with_shared_scorer<R>(
    rules: &Rules,
    f: impl FnOnce(&Arc<Scorer>) -> R,
) -> Result<R, RulesError> {
    let address = std::ptr::from_ref(rules) as usize;
    CACHE.with(|cell| {
        let mut cache = cell.borrow_mut();
        let at = match cache.quick(address, |key| rules.has_key(key)) {
            Some(at) => at,
            None => cache.miss(rules, address)?,
        };
        let slot = &mut cache.slots[at];
        if slot.scorer.as_ref().is_none_or(|s| s.rules != *rules) {
            rules.validate()?;
            slot.scorer = Some(Arc::new(Scorer {
                rules: *rules,
                table: Arc::clone(&slot.table),
            }));
        }
        Ok(f(slot.scorer.as_ref().expect("just set")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{FaceCounts, MAX_DICE};
    use crate::rules::Preset;

    #[test]
    fn the_cache_is_bounded_and_evicts_the_least_recently_used() {
        let classic = Preset::Classic.rules();
        let variant = |i: usize| Rules {
            single_five: 50 + i as i32,
            ..classic
        };
        let tables: Vec<Arc<Scorer>> = (0..CACHE_SLOTS)
            .map(|i| Scorer::shared(&variant(i)).unwrap())
            .collect();
        // All 64 are still cached: each comes back with the same table.
        for (i, s) in tables.iter().enumerate() {
            let again = Scorer::shared(&variant(i)).unwrap();
            assert!(Arc::ptr_eq(s.table(), again.table()), "{i}");
        }
        // Use 0 and 1 again; a 65th value then evicts the least recently used, 2.
        Scorer::shared(&variant(0)).unwrap();
        Scorer::shared(&variant(1)).unwrap();
        let extra = Scorer::shared(&variant(CACHE_SLOTS)).unwrap();
        assert_eq!(
            extra.points(FaceCounts::from_faces(&[5], MAX_DICE).unwrap()),
            Some(50 + CACHE_SLOTS as i32)
        );
        CACHE.with(|c| assert_eq!(c.borrow().slots.len(), CACHE_SLOTS));
        for i in [0, 1, 3, CACHE_SLOTS - 1] {
            let again = Scorer::shared(&variant(i)).unwrap();
            assert!(Arc::ptr_eq(tables[i].table(), again.table()), "{i}");
        }
        let rebuilt = Scorer::shared(&variant(2)).unwrap();
        assert!(!Arc::ptr_eq(tables[2].table(), rebuilt.table()));
        assert_eq!(
            rebuilt.points(FaceCounts::from_faces(&[5], MAX_DICE).unwrap()),
            Some(52)
        );
        CACHE.with(|c| assert_eq!(c.borrow().slots.len(), CACHE_SLOTS));
    }
}
