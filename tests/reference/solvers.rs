// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What the brute-force reference solvers of the win tables share, written from the rules
//! with no code from the engine: the player between turns, every roll of n dice counted
//! from the 6^n ordered ones with its scoring selections (scored by the slow reference
//! scorer of `reference`), the banking and farkle rules, every player state of a table, the
//! best last turn of a final round, and the expectation of a roll's best selection.
//!
//! Included by the tests that use it as `#[path = "../reference/solvers.rs"] mod solvers;`
//! beside `reference`.

#![allow(dead_code)]

use std::collections::HashMap;

use farkle::strategy::PlayerState;
use farkle::Rules;

use crate::reference;

/// A player between turns: score, on the board, farkles in a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct P {
    pub score: i32,
    pub board: bool,
    pub k: u8,
}

impl P {
    /// The same player as the library's type.
    pub fn state(self) -> PlayerState {
        PlayerState {
            score: self.score,
            on_board: self.board,
            farkles: self.k,
        }
    }
}

/// A roll of n dice.
pub struct Roll {
    /// Its probability.
    pub p: f64,
    /// Every scoring selection (points, dice kept) in the game's order (more points, then
    /// more dice, then the selection's faces), one per selection: two selections of the same
    /// points and dice appear twice.
    pub legal: Vec<(i32, usize)>,
    /// Each distinct (points, dice kept) of `legal`, ascending.
    pub keeps: Vec<(i32, usize)>,
    /// `legal` with each selection's face counts (what rules about which dice to keep
    /// read).
    pub selections: Vec<(i32, usize, [u8; 6])>,
}

/// Every roll of n dice, counted from the 6^n ordered ones, in the order of their faces.
pub fn rolls_of(rules: &Rules, n: u32) -> Vec<Roll> {
    let mut count: HashMap<[u8; 6], u32> = HashMap::new();
    for mut code in 0..6u32.pow(n) {
        let mut c = [0u8; 6];
        for _ in 0..n {
            c[(code % 6) as usize] += 1;
            code /= 6;
        }
        *count.entry(c).or_default() += 1;
    }
    let total = f64::from(6u32.pow(n));
    let mut out: Vec<([u8; 6], Roll)> = count
        .into_iter()
        .map(|(c, k)| {
            let mut legal: Vec<(i32, usize, [u8; 6])> = reference::sub_multisets(c)
                .into_iter()
                .filter(|s| s.iter().any(|&x| x > 0))
                .filter_map(|s| {
                    let points = reference::reference(rules, s)?;
                    let kept = s.iter().map(|&x| usize::from(x)).sum();
                    Some((points as i32, kept, s))
                })
                .collect();
            legal.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(b.2.cmp(&a.2)));
            let selections = legal;
            let legal: Vec<(i32, usize)> = selections.iter().map(|&(p, k, _)| (p, k)).collect();
            let mut keeps = legal.clone();
            keeps.sort_unstable();
            keeps.dedup();
            let roll = Roll {
                p: f64::from(k) / total,
                legal,
                keeps,
                selections,
            };
            (c, roll)
        })
        .collect();
    out.sort_by_key(|x| x.0);
    out.into_iter().map(|x| x.1).collect()
}

/// The rolls of 0 to `dice_count` dice.
pub fn rolls_up_to(rules: &Rules) -> Vec<Vec<Roll>> {
    (0..=u32::from(rules.dice_count))
        .map(|n| rolls_of(rules, n))
        .collect()
}

/// The expectation over `rolls` of the best (by `worth`, the first on a tie) of each roll's
/// distinct ways to keep dice, each valued by `value(points, dice kept)`; `none` for a roll
/// with nothing to keep.
pub fn expected_best<const K: usize>(
    rolls: &[Roll],
    none: [f64; K],
    mut value: impl FnMut(i32, usize) -> [f64; K],
    worth: impl Fn(&[f64; K]) -> f64,
) -> [f64; K] {
    let mut sum = [0.0; K];
    for roll in rolls {
        let mut best: Option<[f64; K]> = None;
        for &(points, kept) in &roll.keeps {
            let v = value(points, kept);
            best = Some(match best {
                Some(x) if worth(&x) >= worth(&v) => x,
                _ => v,
            });
        }
        let v = best.unwrap_or(none);
        for j in 0..K {
            sum[j] += roll.p * v[j];
        }
    }
    sum
}

/// The dice to roll next after keeping `kept` of `m` dice: the rest, or with every die
/// scored the whole set again under hot dice; `None` when the turn ends there (banked where
/// allowed, else lost).
pub fn next_hand(rules: &Rules, m: usize, kept: usize) -> Option<usize> {
    match m - kept {
        0 if rules.hot_dice => Some(usize::from(rules.dice_count)),
        0 => None,
        left => Some(left),
    }
}

/// Whether a player (on the board or not) may bank a turn total of `t`.
pub fn may_bank(rules: &Rules, board: bool, t: i32) -> bool {
    t > 0 && t >= rules.min_bank_score && (board || t >= rules.min_entry_score)
}

/// The lowest score a player can have: twice the penalty below 0 under a penalty that
/// subtracts points (a table's lower bound), else 0.
pub fn lowest_score(rules: &Rules) -> i32 {
    if rules.farkle_penalty_streak > 0 && !rules.farkle_penalty_loses_all {
        -2 * rules.farkle_penalty_points
    } else {
        0
    }
}

/// The player after a farkle: one more in a row, or the penalty (no lower than `lower`) and
/// none in a row.
pub fn farkled(rules: &Rules, lower: i32, p: P) -> P {
    let r = rules;
    if r.farkle_penalty_streak == 0 {
        return p;
    }
    if p.k + 1 < r.farkle_penalty_streak {
        return P { k: p.k + 1, ..p };
    }
    let score = if r.farkle_penalty_loses_all {
        0
    } else {
        (p.score - r.farkle_penalty_points).max(lower)
    };
    P { score, k: 0, ..p }
}

/// Every player state of a table: each score from `lower` below the target in steps of 50,
/// on the board (or, at 0 or below under an entry minimum, not yet), with each number of
/// farkles in a row under a penalty.
pub fn player_states(rules: &Rules, lower: i32) -> Vec<P> {
    let r = rules;
    let mut out = Vec::new();
    let ks = r.farkle_penalty_streak.max(1);
    for score in (lower..r.target_score).step_by(50) {
        for board in [true, false] {
            if !board && (r.min_entry_score == 0 || score > 0) {
                continue;
            }
            for k in 0..ks {
                out.push(P { score, board, k });
            }
        }
    }
    out
}

/// A player's best last turn of a final round needing `e` points to draw level, a level
/// finish worth `share` of a win: at each node, (P above, P level). Ties bank, and keep the
/// first of the distinct ways to keep dice (ascending).
pub struct LastTurn<'a> {
    rules: &'a Rules,
    rolls: &'a [Vec<Roll>],
    board: bool,
    e: i32,
    share: f64,
    memo: HashMap<(i32, usize), [f64; 2]>,
}

impl<'a> LastTurn<'a> {
    pub fn new(rules: &'a Rules, rolls: &'a [Vec<Roll>], board: bool, e: i32, share: f64) -> Self {
        LastTurn {
            rules,
            rolls,
            board,
            e,
            share,
            memo: HashMap::new(),
        }
    }

    /// What a chance pair is worth to the player.
    pub fn worth(&self, v: &[f64; 2]) -> f64 {
        v[0] + self.share * v[1]
    }

    /// Banking `t`: above, level or below the mark.
    fn end(&self, t: i32) -> [f64; 2] {
        match t.cmp(&self.e) {
            std::cmp::Ordering::Greater => [1.0, 0.0],
            std::cmp::Ordering::Equal => [0.0, 1.0],
            std::cmp::Ordering::Less => [0.0, 0.0],
        }
    }

    /// Holding `t` with `m` dice to roll: the better of banking (where allowed) and rolling.
    pub fn hold(&mut self, t: i32, m: usize) -> [f64; 2] {
        let bank = if may_bank(self.rules, self.board, t) {
            if t > self.e {
                return [1.0, 0.0];
            }
            Some(self.end(t))
        } else {
            None
        };
        let roll = self.roll(t, m);
        match bank {
            Some(k) if self.worth(&k) >= self.worth(&roll) => k,
            _ => roll,
        }
    }

    /// Rolling `m` dice at turn total `t`.
    pub fn roll(&mut self, t: i32, m: usize) -> [f64; 2] {
        if let Some(&v) = self.memo.get(&(t, m)) {
            return v;
        }
        let (rules, rolls, share) = (self.rules, self.rolls, self.share);
        let v = expected_best(
            &rolls[m],
            [0.0, 0.0],
            |points, kept| match next_hand(rules, m, kept) {
                Some(hand) => self.hold(t + points, hand),
                None if may_bank(rules, self.board, t + points) => self.end(t + points),
                None => [0.0, 0.0],
            },
            |v| v[0] + share * v[1],
        );
        self.memo.insert((t, m), v);
        v
    }
}

/// A player's best last turn from its start (see [`LastTurn`]): (P above, P level).
pub fn last_turn_chances(
    rules: &Rules,
    rolls: &[Vec<Roll>],
    board: bool,
    e: i32,
    share: f64,
) -> (f64, f64) {
    let [above, level] =
        LastTurn::new(rules, rolls, board, e, share).roll(0, usize::from(rules.dice_count));
    (above, level)
}

/// Runs `sweep` (which returns the largest change it made) until a sweep changes nothing by
/// more than `tolerance`; panics after `most` sweeps.
pub fn until_settled(most: usize, tolerance: f64, mut sweep: impl FnMut() -> f64) {
    for _ in 0..most {
        if sweep() < tolerance {
            return;
        }
    }
    panic!("the brute force did not converge");
}
