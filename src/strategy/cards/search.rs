// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The best card of a family: a local search over the card's numbers, every step an exact
//! evaluation.
//!
//! A pattern search: from a start card, each coordinate in turn (every threshold, the bands
//! of a situational card, the keep rule) is moved by the current step either way (a
//! threshold also to "never", a "never" to the row's highest threshold plus the step), and
//! the best move that raises the card's chance (averaged over the seats) by more than 1e-12
//! is taken. When no coordinate moves, the step halves, down to the table's unit; the search
//! ends where no move of one unit, no switch to or from "never" and no other keep rule
//! raises the chance: a local optimum of the card's chance, not necessarily the global one.
//!
//! [`best_card`] searches a family from the start: one threshold from the best of a coarse
//! grid, then six from the best single threshold, then the situations from the best six, so
//! each family's best is at least as good as the smaller family's.

use std::collections::HashMap;

use crate::strategy::{Progress, StrategyError, WinTable};

use super::banking::{Banking, Situational};
use super::card::{Card, MAX_CARD_POINTS};
use super::keep::Keep;
use super::value::{evaluate_cards, CardValue};

/// A family of cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// One threshold ([`Banking::Total`]).
    Total,
    /// One threshold per count of dice left ([`Banking::PerDice`]).
    PerDice,
    /// One per count of dice left in each situation ([`Banking::Situational`]).
    Situational,
}

/// How the search runs.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchOptions {
    /// The first step, in points (rounded to the table's unit, at least one unit).
    pub step: u32,
    /// Whether the keep rule is searched too (otherwise the start's is kept).
    pub keeps: bool,
    /// The bands a situational search starts from, in points: behind or ahead by more
    /// than `band`, the endgame within `endgame` of the target.
    pub band: u32,
    /// See `band`.
    pub endgame: u32,
    /// The most evaluations one search may make (a bound on its time).
    pub max_evaluations: usize,
}

impl SearchOptions {
    /// Options for a table: a first step of 4 units, keep rules searched, bands of a tenth
    /// and a fifth of the target.
    pub fn for_table(table: &WinTable) -> SearchOptions {
        let unit = table.unit().max(1) as u32;
        let target = table.rules().target_score.max(0) as u32;
        SearchOptions {
            step: 4 * unit,
            keeps: true,
            band: (target / 10 / unit) * unit,
            endgame: (target / 5 / unit) * unit,
            max_evaluations: 20_000,
        }
    }
}

/// The search's state: the evaluations made so far, by card.
struct Search<'a, 'p> {
    table: &'a WinTable,
    unit: u32,
    seen: HashMap<Card, f64>,
    max: usize,
    progress: Progress<'p>,
}

impl Search<'_, '_> {
    /// The chances of `cards` (averaged over the seats), evaluating those not seen yet.
    fn chances(&mut self, cards: &[Card]) -> Result<Vec<f64>, StrategyError> {
        let new: Vec<Card> = {
            let mut v: Vec<Card> = Vec::new();
            for c in cards {
                if !self.seen.contains_key(c) && !v.contains(c) {
                    v.push(c.clone());
                }
            }
            v
        };
        if self.seen.len() + new.len() > self.max {
            return Err(StrategyError::ResourceLimit(format!(
                "a card search of more than {} evaluations",
                self.max
            )));
        }
        if !new.is_empty() {
            let done = self.seen.len() as f64;
            let max = self.max as f64;
            let progress = &mut self.progress;
            let values = evaluate_cards(self.table, &new, &mut |f| {
                progress(((done + f * new.len() as f64) / max).min(1.0))
            })?;
            for (c, v) in new.into_iter().zip(values) {
                self.seen.insert(c, v.chance());
            }
        }
        Ok(cards.iter().map(|c| self.seen[c]).collect())
    }

    /// The pattern search from `start` (see the module docs).
    fn improve(&mut self, start: Card, step: u32, keeps: bool) -> Result<Card, StrategyError> {
        let mut best = start;
        let mut best_chance = self.chances(std::slice::from_ref(&best))?[0];
        let mut step = (step / self.unit).max(1) * self.unit;
        loop {
            let mut moved = false;
            for coordinate in 0..coordinates(&best, keeps) {
                let candidates = moves(&best, coordinate, step, keeps, self.table);
                if candidates.is_empty() {
                    continue;
                }
                let chances = self.chances(&candidates)?;
                let (i, &c) = chances
                    .iter()
                    .enumerate()
                    .max_by(|a, b| a.1.total_cmp(b.1))
                    .expect("candidates");
                if c > best_chance + 1e-12 {
                    best = candidates[i].clone();
                    best_chance = c;
                    moved = true;
                }
            }
            if !moved {
                if step <= self.unit {
                    return Ok(best);
                }
                step = (step / 2 / self.unit).max(1) * self.unit;
            }
        }
    }
}

/// The coordinates of a card: its thresholds, then a situational card's two bands, then its
/// keep rule when searched.
fn coordinates(card: &Card, keeps: bool) -> usize {
    let numbers = match &card.bank {
        Banking::Total(_) => 1,
        Banking::PerDice(row) => row.len(),
        Banking::Situational(s) => s.rows.iter().map(Vec::len).sum::<usize>() + 2,
    };
    numbers + usize::from(keeps)
}

/// A threshold's moves by `step`: up, down (not below 0), to "never"; from "never" to
/// `highest + step`.
fn threshold_moves(t: Option<u32>, step: u32, highest: u32) -> Vec<Option<u32>> {
    match t {
        Some(t) => {
            let mut v = vec![Some(t.saturating_add(step).min(MAX_CARD_POINTS))];
            if t >= step {
                v.push(Some(t - step));
            }
            v.push(None);
            v.retain(|&x| x != Some(t));
            v
        }
        None => vec![Some(highest.saturating_add(step).min(MAX_CARD_POINTS))],
    }
}

/// A band's moves by `step`: up, down (not below 0).
fn band_moves(b: u32, step: u32) -> Vec<u32> {
    let mut v = vec![b.saturating_add(step).min(MAX_CARD_POINTS)];
    if b >= step {
        v.push(b - step);
    }
    v.retain(|&x| x != b);
    v
}

/// The cards one move of `coordinate` away from `card`.
fn moves(card: &Card, coordinate: usize, step: u32, keeps: bool, table: &WinTable) -> Vec<Card> {
    let with = |bank: Banking| Card {
        bank,
        keep: card.keep,
    };
    let highest = |row: &[Option<u32>]| row.iter().flatten().copied().max().unwrap_or(0);
    let numbers = coordinates(card, false);
    if coordinate >= numbers {
        debug_assert!(keeps);
        return Keep::family(table.rules().dice_count)
            .into_iter()
            .filter(|&k| k != card.keep)
            .map(|keep| Card {
                bank: card.bank.clone(),
                keep,
            })
            .collect();
    }
    match &card.bank {
        Banking::Total(t) => threshold_moves(Some(*t), step, *t)
            .into_iter()
            .flatten()
            .map(|t| with(Banking::Total(t)))
            .collect(),
        Banking::PerDice(row) => threshold_moves(row[coordinate], step, highest(row))
            .into_iter()
            .map(|t| {
                let mut r = row.clone();
                r[coordinate] = t;
                with(Banking::PerDice(r))
            })
            .collect(),
        Banking::Situational(s) => {
            let width = s.rows[0].len();
            if coordinate < 4 * width {
                let (row, d) = (coordinate / width, coordinate % width);
                threshold_moves(s.rows[row][d], step, highest(&s.rows[row]))
                    .into_iter()
                    .map(|t| {
                        let mut s = s.clone();
                        s.rows[row][d] = t;
                        with(Banking::Situational(s))
                    })
                    .collect()
            } else if coordinate == 4 * width {
                band_moves(s.band, step)
                    .into_iter()
                    .map(|band| with(Banking::Situational(Situational { band, ..s.clone() })))
                    .collect()
            } else {
                band_moves(s.endgame, step)
                    .into_iter()
                    .map(|endgame| {
                        with(Banking::Situational(Situational {
                            endgame,
                            ..s.clone()
                        }))
                    })
                    .collect()
            }
        }
    }
}

/// The best card of `family` for `table`'s rules and players (see the module docs), with
/// its value: [`SearchOptions::for_table`]'s options.
pub fn best_card(
    table: &WinTable,
    family: Family,
    progress: Progress,
) -> Result<(Card, CardValue), StrategyError> {
    best_card_with(table, family, &SearchOptions::for_table(table), progress)
}

/// [`best_card`] with `options`.
pub fn best_card_with(
    table: &WinTable,
    family: Family,
    options: &SearchOptions,
    progress: Progress,
) -> Result<(Card, CardValue), StrategyError> {
    let card = improve_from(table, family, None, options, progress)?;
    let value = evaluate_cards(table, std::slice::from_ref(&card), &mut |_| true)?
        .pop()
        .expect("one value");
    Ok((card, value))
}

/// The search of `family` from `start` (a card of the smaller family before it, or `None`
/// to search the smaller families first, as [`best_card`] does). `OutOfRange` for a start
/// that does not fit the rules or is of a larger family.
pub fn improve_from(
    table: &WinTable,
    family: Family,
    start: Option<Card>,
    options: &SearchOptions,
    progress: Progress,
) -> Result<Card, StrategyError> {
    let rules = table.rules();
    let n = usize::from(rules.dice_count);
    let unit = table.unit().max(1) as u32;
    let mut search = Search {
        table,
        unit,
        seen: HashMap::new(),
        max: options.max_evaluations,
        progress,
    };
    if let Some(s) = &start {
        s.validate_for(rules)?;
    }
    let row_of = |c: &Card| c.bank.row(super::Situation::Level, n);
    let start = match (family, start) {
        (
            Family::Total,
            Some(
                c @ Card {
                    bank: Banking::Total(_),
                    ..
                },
            ),
        ) => c,
        (Family::Total, None) => {
            // The best of a coarse grid, keeping every scoring die.
            let grid: Vec<Card> = [300, 500, 1000, 2000]
                .into_iter()
                .map(|t| Card::bank_at(t / unit * unit))
                .collect();
            let chances = search.chances(&grid)?;
            let i = (0..grid.len())
                .max_by(|&a, &b| chances[a].total_cmp(&chances[b]))
                .expect("a grid");
            grid[i].clone()
        }
        (Family::PerDice, Some(c)) if !matches!(c.bank, Banking::Situational(_)) => Card {
            bank: Banking::PerDice(row_of(&c)),
            keep: c.keep,
        },
        (Family::PerDice, None) => {
            let total = improve_from(table, Family::Total, None, options, search.progress)?;
            return improve_from(
                table,
                Family::PerDice,
                Some(total),
                options,
                search.progress,
            );
        }
        (Family::Situational, Some(c)) => match c.bank {
            Banking::Situational(_) => c,
            _ => Card {
                bank: Banking::Situational(Situational::uniform(
                    row_of(&c),
                    options.band,
                    options.endgame,
                )),
                keep: c.keep,
            },
        },
        (Family::Situational, None) => {
            let per = improve_from(table, Family::PerDice, None, options, search.progress)?;
            return improve_from(
                table,
                Family::Situational,
                Some(per),
                options,
                search.progress,
            );
        }
        (_, Some(_)) => {
            return Err(StrategyError::OutOfRange(
                "a search started from a card of a larger family".into(),
            ))
        }
    };
    search.improve(start, options.step, options.keeps)
}
