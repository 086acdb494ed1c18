// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The dice-hands scoring system of seed 003, checked against hand-worked numbers and against
//! an independent brute-force partitioner written here.
//!
//! The brute force does not share the solver's structure: it classifies every multiset of up
//! to 20 dice to list the possible hands, then tries every hand at every step of a plain
//! recursion (memoized on the remaining dice), with its own scoring formulas.

// Face-indexed loops read most plainly in these hand-written checks.
#![allow(clippy::needless_range_loop)]

use std::collections::HashMap;

use farkle::hands::{
    hand_base_mult, score_pool, upgrade_cost, Bonuses, HandKind, HandLevels, HandsError, PoolScore,
    HANDS_MAX_DICE,
};
use farkle::DiceError;

type Counts = [u8; 6];

// ---------------------------------------------------------------------------------------
// Independent formulas
// ---------------------------------------------------------------------------------------

/// Hand numbers as in the document's table.
const HIGH_ROLL: u32 = 1;
const PAIR: u32 = 2;
const TWO_PAIR: u32 = 3;
const X_OF_A_KIND: u32 = 4;
const SMALL_STRAIGHT: u32 = 5;
const FULL_HOUSE: u32 = 6;
const ALL_ODD: u32 = 7;
const ALL_EVEN: u32 = 8;
const LARGE_STRAIGHT: u32 = 9;
const THREE_PAIRS: u32 = 10;
const TWO_TRIPLETS: u32 = 11;
const FULL_RUN: u32 = 12;
const PYRAMID: u32 = 13;

/// The document's level-0 table: (number, base, mult in hundredths).
const TABLE: [(u32, u64, u64); 12] = [
    (PYRAMID, 200, 1000),
    (FULL_RUN, 110, 520),
    (TWO_TRIPLETS, 88, 440),
    (THREE_PAIRS, 70, 360),
    (LARGE_STRAIGHT, 58, 340),
    (ALL_EVEN, 52, 280),
    (ALL_ODD, 52, 280),
    (FULL_HOUSE, 60, 300),
    (SMALL_STRAIGHT, 34, 260),
    (TWO_PAIR, 24, 180),
    (PAIR, 12, 160),
    (HIGH_ROLL, 5, 100),
];

/// Levels by hand number (index 0 unused).
#[derive(Clone, Copy)]
struct Levels([u32; 14]);

impl Levels {
    fn zero() -> Self {
        Levels([0; 14])
    }

    fn library(&self, cap: u32) -> HandLevels {
        let mut levels = [0; 13];
        levels.copy_from_slice(&self.0[1..]);
        HandLevels::from_parts(levels, cap).unwrap()
    }
}

fn plain_base_mult(number: u32, level: u32) -> (u64, u64) {
    let &(_, mut base, mult) = TABLE.iter().find(|t| t.0 == number).unwrap();
    for _ in 0..level {
        base = base * 130 / 100;
    }
    (base, mult + 50 * u64::from(level))
}

fn kind_base_mult(x: u64, level: u32) -> (u64, u64) {
    let mut bonus = 0;
    for _ in 0..level {
        bonus += std::cmp::max(1, (22 + bonus) * 20 / 100);
    }
    (
        22 + 16 * (x - 3) + bonus,
        180 + 22 * (x - 3) + 25 * u64::from(level),
    )
}

fn sum(c: &Counts) -> u64 {
    c.iter()
        .enumerate()
        .map(|(i, &n)| (i as u64 + 1) * u64::from(n))
        .sum()
}

fn total(c: &Counts) -> u64 {
    c.iter().map(|&n| u64::from(n)).sum()
}

/// floor((base + sum) * mult / 100).
fn formula(base: u64, dice_sum: u64, mult: u64) -> u64 {
    (base + dice_sum) * mult / 100
}

/// The score of a hand `number` made of `c`, at `levels`.
fn hand_score(number: u32, c: &Counts, levels: &Levels) -> u64 {
    match number {
        X_OF_A_KIND => {
            let (b, m) = kind_base_mult(total(c), levels.0[X_OF_A_KIND as usize]);
            formula(b, sum(c), m)
        }
        FULL_HOUSE => {
            let mut triple = [0; 6];
            let mut pair = [0; 6];
            for f in 0..6 {
                if c[f] == 3 {
                    triple[f] = 3;
                } else if c[f] == 2 {
                    pair[f] = 2;
                }
            }
            hand_score(X_OF_A_KIND, &triple, levels)
                + hand_score(PAIR, &pair, levels)
                + plain_base_mult(FULL_HOUSE, levels.0[FULL_HOUSE as usize]).0
        }
        n => {
            let (b, m) = plain_base_mult(n, levels.0[n as usize]);
            formula(b, sum(c), m)
        }
    }
}

/// Which hand (other than All Even / All Odd / High Roll) the multiset `c` is, if any.
fn classify(c: &Counts) -> Option<u32> {
    let present: Vec<usize> = (0..6).filter(|&f| c[f] > 0).collect();
    let all = |n: u8| present.iter().all(|&f| c[f] == n);
    let consecutive = present.windows(2).all(|w| w[1] == w[0] + 1);
    match present.len() {
        0 => None,
        1 if c[present[0]] == 2 => Some(PAIR),
        1 if c[present[0]] >= 3 => Some(X_OF_A_KIND),
        2 if all(2) => Some(TWO_PAIR),
        2 if all(3) => Some(TWO_TRIPLETS),
        2 if c[present[0]] + c[present[1]] == 5 && c[present[0]].max(c[present[1]]) == 3 => {
            Some(FULL_HOUSE)
        }
        3 if all(2) => Some(THREE_PAIRS),
        3 if *c == [0, 1, 0, 3, 0, 5] => Some(PYRAMID),
        4 if all(1) && consecutive => Some(SMALL_STRAIGHT),
        5 if all(1) && consecutive => Some(LARGE_STRAIGHT),
        6 if all(1) => Some(FULL_RUN),
        _ => None,
    }
}

/// Every multiset of at most `n` dice, by recursion over the faces.
fn multisets(n: u8) -> Vec<Counts> {
    fn go(face: usize, left: u8, cur: &mut Counts, out: &mut Vec<Counts>) {
        if face == 6 {
            out.push(*cur);
            return;
        }
        for k in 0..=left {
            cur[face] = k;
            go(face + 1, left - k, cur, out);
        }
        cur[face] = 0;
    }
    let mut out = Vec::new();
    go(0, n, &mut [0; 6], &mut out);
    out
}

/// The brute-force partitioner for one set of levels.
struct Brute {
    levels: Levels,
    /// Every hand of at most 20 dice other than All Even / All Odd / High Roll.
    hands: Vec<(u32, Counts, u64)>,
    memo: HashMap<Counts, u64>,
}

impl Brute {
    fn new(levels: Levels) -> Self {
        let hands = multisets(20)
            .into_iter()
            .filter_map(|c| classify(&c).map(|n| (n, c, hand_score(n, &c, &levels))))
            .collect();
        Brute {
            levels,
            hands,
            memo: HashMap::new(),
        }
    }

    /// The best score of the remaining dice `s`: stop here (the rest unscored), or take All
    /// Even / All Odd when they apply to all of `s`, or take any hand and go on.
    fn best(&mut self, s: Counts) -> u64 {
        if let Some(&v) = self.memo.get(&s) {
            return v;
        }
        let mut best = 0;
        if total(&s) >= 5 {
            if s[0] == 0 && s[2] == 0 && s[4] == 0 {
                best = best.max(hand_score(ALL_EVEN, &s, &self.levels));
            }
            if s[1] == 0 && s[3] == 0 && s[5] == 0 {
                best = best.max(hand_score(ALL_ODD, &s, &self.levels));
            }
        }
        for i in 0..self.hands.len() {
            let (_, h, score) = self.hands[i];
            if (0..6).all(|f| h[f] <= s[f]) {
                let mut rest = s;
                for f in 0..6 {
                    rest[f] -= h[f];
                }
                best = best.max(score + self.best(rest));
            }
        }
        self.memo.insert(s, best);
        best
    }

    /// The pool's hand total: the best partition, or the High Roll when no hand forms.
    fn hands_total(&mut self, s: Counts) -> u64 {
        match self.best(s) {
            0 => match (0..6).rev().find(|&f| s[f] > 0) {
                Some(f) => {
                    let mut one = [0; 6];
                    one[f] = 1;
                    hand_score(HIGH_ROLL, &one, &self.levels)
                }
                None => 0,
            },
            v => v,
        }
    }
}

fn faces_of(c: &Counts) -> Vec<u8> {
    let mut out = Vec::new();
    for f in 0..6 {
        for _ in 0..c[f] {
            out.push(f as u8 + 1);
        }
    }
    out
}

/// Checks that the solver's reported partition of `pool` is a real partition whose hands
/// are what they claim and score what the independent formulas say.
fn check_partition(pool: &[u8], s: &PoolScore, levels: &Levels) {
    let mut left = [0u8; 6];
    for &d in pool {
        left[usize::from(d - 1)] += 1;
    }
    let full = left;
    let mut parity = 0;
    for h in &s.hands {
        let c = h.dice.0;
        for f in 0..6 {
            assert!(c[f] <= left[f], "{pool:?}: hands overlap");
            left[f] -= c[f];
        }
        let n = h.kind.number();
        match n {
            ALL_EVEN | ALL_ODD => {
                parity += 1;
                let odd = n == ALL_ODD;
                assert!(total(&c) >= 5);
                assert!((0..6).all(|f| c[f] == 0 || (f % 2 == 0) == odd));
            }
            HIGH_ROLL => {
                assert_eq!(s.hands.len(), 1);
                let top = (0..6).rev().find(|&f| full[f] > 0).unwrap();
                assert_eq!(total(&c), 1);
                assert_eq!(c[top], 1);
            }
            _ => assert_eq!(classify(&c), Some(n), "{pool:?}: {c:?} is not a {}", h.kind),
        }
        assert_eq!(h.score, hand_score(n, &c, levels), "{pool:?}: {}", h.kind);
    }
    assert!(parity <= 1);
    if parity == 1 {
        assert_eq!(
            left, [0; 6],
            "{pool:?}: All Even/Odd must take every die left"
        );
    }
    assert_eq!(s.hands_total, s.hands.iter().map(|h| h.score).sum::<u64>());
    // The per-die assignment covers exactly the hands' dice.
    let owner = s.hand_of_each_die(pool);
    for (i, h) in s.hands.iter().enumerate() {
        let mut c = [0u8; 6];
        for (d, o) in pool.iter().zip(owner.iter()) {
            if *o == Some(i) {
                c[usize::from(d - 1)] += 1;
            }
        }
        assert_eq!(c, h.dice.0);
    }
}

fn level_sets() -> Vec<(Levels, u32)> {
    let mut five = Levels::zero();
    five.0[1..].fill(5);
    // Uneven upgrades, so that hands that usually lose sometimes win, and a raised cap.
    let mut mixed = Levels::zero();
    let picks = [
        (HIGH_ROLL, 3),
        (PAIR, 8),
        (TWO_PAIR, 0),
        (X_OF_A_KIND, 7),
        (SMALL_STRAIGHT, 2),
        (FULL_HOUSE, 0),
        (ALL_ODD, 6),
        (ALL_EVEN, 1),
        (LARGE_STRAIGHT, 4),
        (THREE_PAIRS, 0),
        (TWO_TRIPLETS, 5),
        (FULL_RUN, 0),
        (PYRAMID, 2),
    ];
    for (n, l) in picks {
        mixed.0[n as usize] = l;
    }
    vec![(Levels::zero(), 5), (five, 5), (mixed, 8)]
}

fn score(pool: &[u8], levels: &HandLevels) -> PoolScore {
    score_pool(pool, levels, &Bonuses::default()).unwrap()
}

// ---------------------------------------------------------------------------------------
// The brute force against the solver
// ---------------------------------------------------------------------------------------

#[test]
fn every_multiset_of_up_to_ten_dice_matches_the_brute_force() {
    let pools = multisets(10);
    assert_eq!(pools.len(), 8008);
    for (levels, cap) in level_sets() {
        let mut brute = Brute::new(levels);
        let library = levels.library(cap);
        for c in &pools {
            let pool = faces_of(c);
            let s = score(&pool, &library);
            assert_eq!(s.hands_total, brute.hands_total(*c), "pool {pool:?}");
            assert_eq!(s.total, s.hands_total);
            check_partition(&pool, &s, &levels);
        }
    }
}

#[test]
fn random_pools_of_up_to_twenty_dice_match_the_brute_force() {
    // A fixed xorshift sequence: the same pools on every run.
    let mut state: u64 = 0x0dd_b1a5_e5ba_d5ee;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for (levels, cap) in level_sets() {
        let mut brute = Brute::new(levels);
        let library = levels.library(cap);
        for _ in 0..40 {
            let n = 11 + (next() % 10) as usize;
            let pool: Vec<u8> = (0..n).map(|_| (next() % 6) as u8 + 1).collect();
            let mut c = [0u8; 6];
            for &d in &pool {
                c[usize::from(d - 1)] += 1;
            }
            let s = score(&pool, &library);
            assert_eq!(s.hands_total, brute.hands_total(c), "pool {pool:?}");
            check_partition(&pool, &s, &levels);
        }
    }
}

#[test]
fn largest_pools_give_consistent_partitions() {
    // Too large for the brute force; check the partition and that it is at least as good as
    // a few readings worked out by hand.
    let mut pool = Vec::new();
    for f in 1..=6u8 {
        pool.extend(std::iter::repeat_n(f, 8));
    }
    assert_eq!(pool.len(), HANDS_MAX_DICE);
    let s = score(&pool, &HandLevels::new());
    check_partition(&pool, &s, &Levels::zero());
    // Six X of a Kind of 8: floor((102 + 8f) x 2.90) for f = 1..6.
    let kinds: u64 = (1..=6).map(|f| (102 + 8 * f) * 290 / 100).sum();
    assert!(s.hands_total >= kinds);
    // Eight Full Runs: 8 x floor(131 x 5.2) = 8 x 681.
    assert!(s.hands_total >= 8 * 681);
}

// ---------------------------------------------------------------------------------------
// Hand-worked examples
// ---------------------------------------------------------------------------------------

fn total_of(pool: &[u8]) -> u64 {
    score(pool, &HandLevels::new()).total
}

#[test]
fn the_issues_examples() {
    // X of a Kind of 3: floor((22 + 12) x 1.8) = floor(61.2)
    assert_eq!(total_of(&[4, 4, 4]), 61);
    // Full House: floor((22 + 9) x 1.8) + floor((12 + 4) x 1.6) + 60 = 55 + 25 + 60
    let s = score(&[3, 3, 3, 2, 2], &HandLevels::new());
    assert_eq!(s.total, 140);
    assert_eq!(s.hands.len(), 1);
    assert_eq!(s.hands[0].kind, HandKind::FullHouse);
    assert_eq!((s.hands[0].base, s.hands[0].mult), (60, 0));
    // No hand: High Roll of the 5, floor((5 + 5) x 1.0)
    let s = score(&[1, 2, 3, 5], &HandLevels::new());
    assert_eq!(s.total, 10);
    assert_eq!(s.hands[0].kind, HandKind::HighRoll);
    assert_eq!(s.hands[0].dice.0, [0, 0, 0, 0, 1, 0]);
}

#[test]
fn single_hands_worked_by_hand() {
    // Pair of 6s: floor((12 + 12) x 1.6) = 38
    assert_eq!(total_of(&[6, 6]), 38);
    // Two Pair 1s and 2s: (24 + 6) x 1.8 = 54
    assert_eq!(total_of(&[1, 1, 2, 2]), 54);
    // Small Straight 3-6: floor((34 + 18) x 2.6) = floor(135.2)
    assert_eq!(total_of(&[3, 4, 5, 6]), 135);
    // Large Straight 1-5: floor((58 + 15) x 3.4) = floor(248.2)
    assert_eq!(total_of(&[5, 4, 3, 2, 1]), 248);
    // Full Run: floor((110 + 21) x 5.2) = floor(681.2)
    assert_eq!(total_of(&[1, 2, 3, 4, 5, 6]), 681);
    // All Even {2,2,4,6,6}: floor((52 + 20) x 2.8) = floor(201.6), above Two Pair 2s/6s (72)
    assert_eq!(total_of(&[2, 2, 4, 6, 6]), 201);
    // All Odd {1,3,3,5,5}: floor((52 + 17) x 2.8) = floor(193.2), above Two Pair 3s/5s (72)
    assert_eq!(total_of(&[1, 3, 3, 5, 5]), 193);
    // Three Pairs: floor((70 + 2 + 6 + 10) x 3.6) = floor(316.8)
    assert_eq!(total_of(&[1, 1, 3, 3, 5, 5]), 316);
    // Two Triplets 2s and 5s: (88 + 21) x 4.4 = 479.6 -> 479
    assert_eq!(total_of(&[2, 2, 2, 5, 5, 5]), 479);
    // Pyramid: (200 + 2 + 12 + 30) x 10 = 2440 (All Even would give floor(96 x 2.8) = 268)
    assert_eq!(total_of(&[6, 4, 6, 2, 6, 4, 6, 4, 6]), 2440);
    // X of a Kind of 7 ones: floor((86 + 7) x 2.68) = floor(249.24)
    assert_eq!(total_of(&[1; 7]), 249);
}

#[test]
fn unmatched_dice_score_nothing_and_hands_add_up() {
    // Pair of 6s (38) + Pair of 2s (25); the 1 and the 4 score nothing. Two Pair 2s/6s
    // would be floor((24 + 16) x 1.8) = 72, more than 38 + 25, so it is chosen.
    assert_eq!(total_of(&[6, 1, 6, 2, 4, 2]), 72);
    // X of a Kind of 3 fives (floor(37 x 1.8) = 66) + Pair of 1s (floor(14 x 1.6) = 22)
    // as a Full House: 66 + 22 + 60 = 148; the lone 4 scores nothing (and, left over,
    // keeps All Odd out).
    assert_eq!(total_of(&[5, 5, 5, 1, 1, 4]), 148);
    // With a 3 instead of the 4, All Odd takes all six: floor((52 + 20) x 2.8) = 201.
    assert_eq!(total_of(&[5, 5, 5, 1, 1, 3]), 201);
}

#[test]
fn the_documents_worked_examples_follow_the_formulas_not_the_old_table() {
    // {1,1,1,1,1,2,2,3,3,3}: the document shows 552 (5 of a Kind 420 + Full House 132), from
    // an older table. By the formulas its reading gives floor(59 x 2.24) + 140 = 132 + 140 =
    // 272, and the best partition is Two Triplets (1s, 3s) (88 + 12) x 4.4 = 440 plus Two
    // Pair (1s, 2s) (24 + 6) x 1.8 = 54: 494.
    let pool = [1, 1, 1, 1, 1, 2, 2, 3, 3, 3];
    let s = score(&pool, &HandLevels::new());
    assert_eq!(s.total, 494);
    let mut kinds: Vec<HandKind> = s.hands.iter().map(|h| h.kind).collect();
    kinds.sort();
    assert_eq!(kinds, [HandKind::TwoPair, HandKind::TwoTriplets]);

    // Full House (3s, 2s) + Pair of 5s: the document shows 132 + 30 = 162, and 324 with a
    // +1.0 item mult bonus. By the formulas that reading is 140 + floor(22 x 1.6) = 175, and
    // the best partition is Three Pairs (2s, 3s, 5s): floor((70 + 20) x 3.6) = 324, the
    // fourth 3 unscored; with +1.0 it doubles to 648.
    let pool = [3, 3, 3, 2, 2, 5, 5];
    assert_eq!(total_of(&pool), 324);
    let even_steven = Bonuses {
        item_mult_bonus: 100,
        ..Bonuses::default()
    };
    let s = score_pool(&pool, &HandLevels::new(), &even_steven).unwrap();
    assert_eq!((s.hands_total, s.total), (324, 648));
}

#[test]
fn bonus_pipeline_floors_each_step() {
    // {4,4,4} = 61; + 9 ability = 70; x 1.5 = 105; x 1.5 = 157.5 -> 157
    let b = Bonuses {
        ability_bonus: 9,
        item_mult_bonus: 50,
        score_mult: 150,
    };
    let s = score_pool(&[4, 4, 4], &HandLevels::new(), &b).unwrap();
    assert_eq!((s.hands_total, s.total), (61, 157));
    // 61 x 1.01 = 61.61 -> 61; x 0.99 = 60.39 -> 60
    let b = Bonuses {
        ability_bonus: 0,
        item_mult_bonus: 1,
        score_mult: 99,
    };
    assert_eq!(
        score_pool(&[4, 4, 4], &HandLevels::new(), &b)
            .unwrap()
            .total,
        60
    );
    // An empty pool has no hand; the ability bonus still counts.
    let b = Bonuses {
        ability_bonus: 7,
        ..Bonuses::default()
    };
    let s = score_pool(&[], &HandLevels::new(), &b).unwrap();
    assert!(s.hands.is_empty());
    assert_eq!(s.total, 7);
    // A total beyond 64 bits is refused.
    let b = Bonuses {
        ability_bonus: u64::MAX,
        item_mult_bonus: 100,
        score_mult: 100,
    };
    assert_eq!(
        score_pool(&[1], &HandLevels::new(), &b),
        Err(HandsError::Overflow)
    );
}

#[test]
fn upgrades_worked_by_hand() {
    // Pair at level 5: base 12 -> 15 -> 19 -> 24 -> 31 -> 40, mult 1.6 + 2.5 = 4.1.
    // (40 + 10) x 4.1 = 205 exactly (a float computation gives 204.99999...).
    let mut levels = HandLevels::new();
    levels.set_level(HandKind::Pair, 5).unwrap();
    assert_eq!(score(&[5, 5], &levels).total, 205);
    assert_eq!(
        hand_base_mult(HandKind::Pair, 5, 0).map(|b| (b.base, b.mult)),
        Ok((40, 410))
    );
    // Pyramid at level 5: 200 -> 260 -> 338 -> 439 -> 570 -> 741, x10 + 2.5 = x12.5.
    assert_eq!(
        hand_base_mult(HandKind::Pyramid, 5, 0).map(|b| (b.base, b.mult)),
        Ok((741, 1250))
    );
    // X of a Kind at levels 1 to 5: base bonus 4, 9, 15, 22, 30; mult +0.25 per level.
    for (level, bonus) in [(0, 0), (1, 4), (2, 9), (3, 15), (4, 22), (5, 30)] {
        let bm = hand_base_mult(HandKind::XOfAKind, level, 3).unwrap();
        assert_eq!((bm.base, bm.mult), (22 + bonus, 180 + 25 * level));
        let bm = hand_base_mult(HandKind::XOfAKind, level, 10).unwrap();
        assert_eq!((bm.base, bm.mult), (134 + bonus, 334 + 25 * level));
    }
    // Level 6 bonus: 30 + floor(52 x 0.2) = 40.
    assert_eq!(hand_base_mult(HandKind::XOfAKind, 6, 3).unwrap().base, 62);
    // Full House at level 2 with X of a Kind at 1 and Pair at 0, on {3,3,3,2,2}:
    // floor((26 + 9) x 2.05) + floor(16 x 1.6) + floor(floor(60 x 1.3) x 1.3)
    // = floor(71.75) + 25 + 101 = 71 + 25 + 101 = 197.
    let mut levels = HandLevels::new();
    levels.set_level(HandKind::FullHouse, 2).unwrap();
    levels.set_level(HandKind::XOfAKind, 1).unwrap();
    assert_eq!(score(&[3, 3, 3, 2, 2], &levels).total, 197);
}

#[test]
fn level_zero_table_is_the_documents() {
    let expected = [
        (HandKind::Pyramid, 200, 1000),
        (HandKind::FullRun, 110, 520),
        (HandKind::TwoTriplets, 88, 440),
        (HandKind::ThreePairs, 70, 360),
        (HandKind::LargeStraight, 58, 340),
        (HandKind::AllEven, 52, 280),
        (HandKind::AllOdd, 52, 280),
        (HandKind::FullHouse, 60, 300),
        (HandKind::SmallStraight, 34, 260),
        (HandKind::TwoPair, 24, 180),
        (HandKind::Pair, 12, 160),
        (HandKind::HighRoll, 5, 100),
    ];
    for (kind, base, mult) in expected {
        let bm = hand_base_mult(kind, 0, 0).unwrap();
        assert_eq!((bm.base, bm.mult), (base, mult), "{kind}");
    }
    // The document's X of a Kind table, x = 3..10.
    let kinds = [
        (22, 180),
        (38, 202),
        (54, 224),
        (70, 246),
        (86, 268),
        (102, 290),
        (118, 312),
        (134, 334),
    ];
    for (x, (base, mult)) in (3..=10).zip(kinds) {
        let bm = hand_base_mult(HandKind::XOfAKind, 0, x).unwrap();
        assert_eq!((bm.base, bm.mult), (base, mult), "x = {x}");
    }
    assert!(hand_base_mult(HandKind::XOfAKind, 0, 2).is_err());
    assert!(hand_base_mult(HandKind::Pair, 101, 0).is_err());
    let numbers: Vec<u32> = HandKind::ALL.iter().map(|k| k.number()).collect();
    assert_eq!(numbers, (1..=13).collect::<Vec<_>>());
    assert_eq!(HandKind::from_number(0), None);
    assert_eq!(HandKind::from_number(14), None);
}

#[test]
fn upgrade_costs() {
    let costs: Vec<u64> = (0..=6).map(upgrade_cost).collect();
    // 5 + l^2 x 5 for l = 0..4, then 5 + l^2 x 8: 5 + 200, 5 + 288.
    assert_eq!(costs, [5, 10, 25, 50, 85, 205, 293]);
    let mut levels = HandLevels::new();
    let mut paid = 0;
    while let Ok(cost) = levels.upgrade(HandKind::FullRun) {
        paid += cost;
    }
    assert_eq!((levels.level(HandKind::FullRun), paid), (5, 175));
    assert_eq!(
        levels.next_upgrade_cost(HandKind::FullRun),
        Err(HandsError::LevelAboveCap { level: 6, cap: 5 })
    );
}

#[test]
fn bad_input_is_refused() {
    let levels = HandLevels::new();
    let none = Bonuses::default();
    assert_eq!(
        score_pool(&[1, 7], &levels, &none),
        Err(HandsError::Dice(DiceError::InvalidFace {
            index: 1,
            value: 7
        }))
    );
    assert_eq!(
        score_pool(&[0], &levels, &none),
        Err(HandsError::Dice(DiceError::InvalidFace {
            index: 0,
            value: 0
        }))
    );
    assert_eq!(
        score_pool(&[1; HANDS_MAX_DICE + 1], &levels, &none),
        Err(HandsError::Dice(DiceError::TooManyDice {
            count: HANDS_MAX_DICE + 1,
            max: HANDS_MAX_DICE
        }))
    );
    assert!(HandLevels::from_parts([6; 13], 5).is_err());
    assert!(HandLevels::from_parts([0; 13], 101).is_err());
    assert!(HandLevels::from_parts([100; 13], 100).is_ok());
}

#[test]
fn highest_levels_do_not_overflow() {
    let levels = HandLevels::from_parts([100; 13], 100).unwrap();
    let mut pool = Vec::new();
    for f in 1..=6u8 {
        pool.extend(std::iter::repeat_n(f, 8));
    }
    let s = score(&pool, &levels);
    assert!(s.hands_total > 0);
    let sixes = score(&[6; HANDS_MAX_DICE], &levels);
    assert!(sixes.hands_total > 0);
}
