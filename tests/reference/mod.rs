// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A second, deliberately slow scorer written from the rules' definitions, with no code shared
//! with the engine: it recognizes whether a block of dice is one combination and tries every
//! way to carve a selection into blocks. Used by the scoring tests and the scoring fuzz target.

#![allow(dead_code)]

use std::collections::HashMap;

use farkle::{KindScaling, Rules};

/// The value of `block` read as exactly one combination (the best reading), if it is one.
pub fn block_value(r: &Rules, block: [u8; 6]) -> Option<i64> {
    let total: u8 = block.iter().sum();
    let faces: Vec<(u8, u8)> = (1..=6u8).zip(block).filter(|&(_, n)| n > 0).collect();
    let triple = |face: u8| -> i64 {
        if face == 1 {
            i64::from(r.triple_ones)
        } else {
            i64::from(face) * i64::from(r.triple_face_multiplier)
        }
    };
    let mut readings: Vec<i64> = Vec::new();
    match faces.as_slice() {
        [(1, 1)] => readings.push(i64::from(r.single_one)),
        [(5, 1)] => readings.push(i64::from(r.single_five)),
        [(face, n)] if *n >= 3 => {
            let t = triple(*face);
            let v = if *face == 1 && *n == 6 && r.six_ones != 0 {
                i64::from(r.six_ones)
            } else if *n == 3 {
                t
            } else {
                match r.kind_scaling {
                    KindScaling::Multiply => t * (i64::from(*n) - 2),
                    KindScaling::Double => t * 2i64.pow(u32::from(*n) - 3),
                    KindScaling::Fixed => match n {
                        4 => i64::from(r.four_of_a_kind),
                        5 => i64::from(r.five_of_a_kind),
                        6 => i64::from(r.six_of_a_kind),
                        _ => 0,
                    },
                    KindScaling::TripleOnly => 0,
                }
            };
            if t > 0 {
                readings.push(v);
            }
        }
        _ => {}
    }
    if block == [1, 1, 1, 1, 1, 1] {
        readings.push(i64::from(r.straight));
    }
    if block == [1, 1, 1, 1, 1, 0] {
        readings.push(i64::from(r.straight_low));
    }
    if block == [0, 1, 1, 1, 1, 1] {
        readings.push(i64::from(r.straight_high));
    }
    let counts: Vec<u8> = faces.iter().map(|&(_, n)| n).collect();
    if counts == [6] {
        if r.three_pairs_of_one_face {
            readings.push(i64::from(r.three_pairs));
        }
        if r.two_triplets_of_one_face {
            readings.push(i64::from(r.two_triplets));
        }
    }
    if total == 6 && counts == [2, 2, 2] {
        readings.push(i64::from(r.three_pairs));
    }
    if total == 6 && faces.len() == 2 {
        let four_and_two = counts.contains(&4) && counts.contains(&2);
        if four_and_two {
            readings.push(i64::from(r.four_of_a_kind_and_pair));
            if r.three_pairs_with_four_of_a_kind {
                readings.push(i64::from(r.three_pairs));
            }
        }
        if counts == [3, 3] {
            readings.push(i64::from(r.two_triplets));
        }
    }
    if total == 5 && faces.len() == 2 && r.full_house_bonus > 0 {
        if let Some(&(face, _)) = faces.iter().find(|&&(_, n)| n == 3) {
            if triple(face) > 0 {
                readings.push(triple(face) + i64::from(r.full_house_bonus));
            }
        }
    }
    readings.into_iter().filter(|&v| v > 0).max()
}

/// The most any selection of the roll `c` scores by the reference; None for a farkle.
pub fn best_selection(r: &Rules, c: [u8; 6]) -> Option<i64> {
    sub_multisets(c)
        .into_iter()
        .filter_map(|s| reference(r, s))
        .max()
}

/// Every sub-multiset of `c`.
pub fn sub_multisets(c: [u8; 6]) -> Vec<[u8; 6]> {
    let mut out = vec![[0u8; 6]];
    for face in 0..6 {
        let mut next = Vec::new();
        for partial in &out {
            for k in 0..=c[face] {
                let mut p = *partial;
                p[face] = k;
                next.push(p);
            }
        }
        out = next;
    }
    out
}

/// The best total of carving all of `c` into combinations (ignoring the no-score set).
pub fn carve(r: &Rules, c: [u8; 6]) -> Option<i64> {
    carve_memo(r, c, &mut HashMap::new())
}

/// [`carve`], remembering the totals of the multisets it meets in `memo` (which must only
/// ever be used with the same rules): the fuzz target scores every sub-multiset of a roll,
/// and the plain recursion would carve the same rests over and over.
pub fn carve_memo(r: &Rules, c: [u8; 6], memo: &mut HashMap<[u8; 6], Option<i64>>) -> Option<i64> {
    let Some(first) = c.iter().position(|&n| n > 0) else {
        return Some(0);
    };
    if let Some(&known) = memo.get(&c) {
        return known;
    }
    let mut best = None;
    for block in sub_multisets(c) {
        if block[first] == 0 {
            continue;
        }
        let Some(v) = block_value(r, block) else {
            continue;
        };
        let mut rest = c;
        for f in 0..6 {
            rest[f] -= block[f];
        }
        if let Some(w) = carve_memo(r, rest, memo) {
            best = best.max(Some(v + w));
        }
    }
    memo.insert(c, best);
    best
}

/// The reference score of a selection, including the no-score set.
pub fn reference(r: &Rules, c: [u8; 6]) -> Option<i64> {
    reference_memo(r, c, &mut HashMap::new())
}

/// [`reference`] with a memo for [`carve_memo`] (same rules only).
pub fn reference_memo(
    r: &Rules,
    c: [u8; 6],
    memo: &mut HashMap<[u8; 6], Option<i64>>,
) -> Option<i64> {
    let total: u8 = c.iter().sum();
    if total == 0 {
        return None;
    }
    if let Some(v) = carve_memo(r, c, memo) {
        return Some(v);
    }
    let nothing_scores = sub_multisets(c)
        .into_iter()
        .all(|s| s == [0; 6] || carve_memo(r, s, memo).is_none());
    if r.no_score_set > 0 && total == r.dice_count && nothing_scores {
        return Some(i64::from(r.no_score_set));
    }
    None
}
