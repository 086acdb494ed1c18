// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The best card of a family: a local search over the card's numbers, every step an exact
//! evaluation.
//!
//! A pattern search: from a start card, each coordinate in turn (every threshold, the bands
//! of a situational card, the keep rule) is moved by the current step either way (a
//! threshold also to "never", a "never" to the row's highest threshold plus the step), and
//! the best move that raises the card's chance (averaged over the seats) by more than 1e-12
//! is taken, then made again from there while each repeat raises the chance too (a number
//! moves as far as pays in one sweep, not one step a sweep; a move to or from "never" and a
//! change of keep rule are not repeated). When no coordinate moves, the step halves, down
//! to the table's unit; the search ends where no move of one unit, no switch to or from
//! "never" and no other keep rule raises the chance: a local optimum of the card's chance,
//! not necessarily the global one.
//!
//! [`best_card`] searches a family from the start: one threshold from the best of a coarse
//! grid, then six from the best single threshold, then the situations from the best six, so
//! each family's best is at least as good as the smaller family's.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::rules::Rules;
use crate::strategy::{Progress, StrategyError, WinTable};

use super::banking::{Banking, Situational};
use super::card::{Card, MAX_CARD_POINTS};
use super::keep::Keep;
use super::value::{evaluate_cards, CardValue};

/// A family of cards, ordered from the smallest. As JSON: `"total"`, `"per_dice"`,
/// `"situational"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// One threshold ([`Banking::Total`]).
    Total,
    /// One threshold per count of dice left ([`Banking::PerDice`]).
    PerDice,
    /// One per count of dice left in each situation ([`Banking::Situational`]).
    Situational,
}

impl Family {
    /// The family of `card`.
    pub fn of(card: &Card) -> Family {
        match card.bank {
            Banking::Total(_) => Family::Total,
            Banking::PerDice(_) => Family::PerDice,
            Banking::Situational(_) => Family::Situational,
        }
    }

    /// The next larger family, if any.
    pub fn next(self) -> Option<Family> {
        match self {
            Family::Total => Some(Family::PerDice),
            Family::PerDice => Some(Family::Situational),
            Family::Situational => None,
        }
    }

    /// The next smaller family, if any.
    pub fn previous(self) -> Option<Family> {
        match self {
            Family::Total => None,
            Family::PerDice => Some(Family::Total),
            Family::Situational => Some(Family::PerDice),
        }
    }
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

/// What a [`SearchState`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SearchEvent {
    /// A family's search has its start card's chance (at its start, or where it resumed).
    Started,
    /// A move was taken: the card is the new best.
    Moved,
    /// No coordinate moved over a whole sweep: the step halved.
    Stepped,
    /// The family's search ended: no move of one unit raises the chance.
    Finished,
}

/// Where a search stands, reported after its start, every move taken, every change of step
/// and its end: enough to continue it with [`resume_search`] (the cache of evaluations
/// made is not kept; a resumed search evaluates again what it needs).
///
/// Serde writes it as a JSON object of these fields; [`SearchState::to_json`] and
/// [`SearchState::from_json`] write and read it, the latter bounded and checked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchState {
    /// The rules of the table searched.
    pub rules: Rules,
    /// Players of the table searched (2 or 3).
    pub players: usize,
    /// The family the whole search is after (the smaller families are searched first when
    /// it starts from nothing).
    pub goal: Family,
    /// The family being searched now, at most `goal`.
    pub family: Family,
    /// The best card so far, of `family`.
    pub card: Card,
    /// Its chance, averaged over the seats.
    pub chance: f64,
    /// The current step, in points (a multiple of the table's unit).
    pub step: u32,
    /// The next coordinate of the current sweep to move (see the module docs; 0 at the
    /// start of a sweep).
    pub coordinate: usize,
    /// Whether a move was taken earlier in the current sweep (a sweep with none halves the
    /// step).
    pub moved: bool,
    /// The evaluations made so far, by the whole search (a resumed search counts on from
    /// the state it resumed from).
    pub evaluations: usize,
    /// What happened.
    pub event: SearchEvent,
}

/// The longest text [`SearchState::from_json`] reads, in bytes (a state holds one card and
/// one rules value).
pub const MAX_SEARCH_STATE_TEXT: usize = 64 * 1024;

impl SearchState {
    /// The state as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a search state serializes")
    }

    /// A state from its JSON, checked: its rules valid, its card by [`Card::validate_for`]
    /// and of `family`, `family` at most `goal`, a step of at least one point, a coordinate
    /// within the card's, 2 or 3 players, a finite chance. `OutOfRange` for text longer
    /// than [`MAX_SEARCH_STATE_TEXT`], text that is not a state, or a state that fails
    /// these checks.
    pub fn from_json(text: &str) -> Result<SearchState, StrategyError> {
        if text.len() > MAX_SEARCH_STATE_TEXT {
            return Err(StrategyError::OutOfRange(format!(
                "a search state's text of {} bytes; at most {MAX_SEARCH_STATE_TEXT}",
                text.len()
            )));
        }
        let state: SearchState = serde_json::from_str(text)
            .map_err(|e| StrategyError::OutOfRange(format!("not a search state: {e}")))?;
        state.check()?;
        Ok(state)
    }

    /// The checks of [`SearchState::from_json`].
    pub fn check(&self) -> Result<(), StrategyError> {
        let bad = |what: &str| Err(StrategyError::OutOfRange(format!("a search state {what}")));
        self.rules.validate()?;
        self.card.validate_for(&self.rules)?;
        if !(2..=3).contains(&self.players) {
            return bad("of neither 2 nor 3 players");
        }
        if Family::of(&self.card) != self.family {
            return bad("whose card is not of its family");
        }
        if self.family > self.goal {
            return bad("whose family is larger than its goal");
        }
        if self.step == 0 {
            return bad("with a step of 0");
        }
        if self.coordinate > coordinates(&self.card, true) {
            return bad("with a coordinate past the card's");
        }
        if !self.chance.is_finite() {
            return bad("with a chance that is not a number");
        }
        Ok(())
    }
}

/// Called with the search's state after its start, every move taken, every change of step
/// and its end; returning false stops the search (`Cancelled`).
pub type SearchReport<'a> = &'a mut dyn FnMut(&SearchState) -> bool;

/// Where a family's search starts: the card, the step, and where in a sweep.
struct Position {
    card: Card,
    step: u32,
    coordinate: usize,
    moved: bool,
}

/// The search's state: the evaluations made so far, by card.
struct Search<'a, 'p, 'r> {
    table: &'a WinTable,
    unit: u32,
    seen: HashMap<Card, f64>,
    max: usize,
    progress: Progress<'p>,
    report: SearchReport<'r>,
    goal: Family,
    family: Family,
    /// Evaluations made before this family's search.
    before: usize,
}

impl Search<'_, '_, '_> {
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

    /// Reports where the search stands; `Cancelled` when the report says stop.
    fn report(
        &mut self,
        at: &Position,
        chance: f64,
        event: SearchEvent,
    ) -> Result<(), StrategyError> {
        let state = SearchState {
            rules: *self.table.rules(),
            players: self.table.player_count(),
            goal: self.goal,
            family: self.family,
            card: at.card.clone(),
            chance,
            step: at.step,
            coordinate: at.coordinate,
            moved: at.moved,
            evaluations: self.before + self.seen.len(),
            event,
        };
        if (self.report)(&state) {
            Ok(())
        } else {
            Err(StrategyError::Cancelled)
        }
    }

    /// The pattern search from `at` (see the module docs).
    fn improve(&mut self, at: Position, keeps: bool) -> Result<Card, StrategyError> {
        let mut at = Position {
            step: (at.step / self.unit).max(1) * self.unit,
            ..at
        };
        let mut best_chance = self.chances(std::slice::from_ref(&at.card))?[0];
        self.report(&at, best_chance, SearchEvent::Started)?;
        let count = coordinates(&at.card, keeps);
        loop {
            while at.coordinate < count {
                let coordinate = at.coordinate;
                at.coordinate += 1;
                let candidates = moves(&at.card, coordinate, at.step, keeps, self.table);
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
                    // A move that pays is repeated while it pays: a threshold far from its
                    // best gets there in one sweep instead of one step a sweep.
                    let mut taken = candidates[i].clone();
                    let mut chance = c;
                    let mut from = at.card.clone();
                    while let Some(next) = repeated_move(&from, &taken, coordinate) {
                        let next_chance = self.chances(std::slice::from_ref(&next))?[0];
                        if next_chance <= chance + 1e-12 {
                            break;
                        }
                        from = std::mem::replace(&mut taken, next);
                        chance = next_chance;
                    }
                    at.card = taken;
                    best_chance = chance;
                    at.moved = true;
                    self.report(&at, best_chance, SearchEvent::Moved)?;
                }
            }
            if !at.moved && at.step <= self.unit {
                self.report(&at, best_chance, SearchEvent::Finished)?;
                return Ok(at.card);
            }
            if !at.moved {
                at.step = (at.step / 2 / self.unit).max(1) * self.unit;
            }
            at.coordinate = 0;
            let stepped = !at.moved;
            at.moved = false;
            if stepped {
                self.report(&at, best_chance, SearchEvent::Stepped)?;
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

/// One of a card's banking numbers.
#[derive(Debug, PartialEq)]
enum Number<'a> {
    /// The one threshold of a [`Banking::Total`] card.
    Total(u32),
    /// A threshold in a row (`None` for "never").
    Threshold(Option<u32>, &'a [Option<u32>]),
    /// A situational card's band or endgame band.
    Band(u32),
}

impl Number<'_> {
    /// Its points, `None` for "never".
    fn points(&self) -> Option<u32> {
        match *self {
            Number::Total(p) | Number::Band(p) => Some(p),
            Number::Threshold(t, _) => t,
        }
    }
}

/// The number at `coordinate` of `card`'s banking, or `None` for the keep rule.
fn number_at(card: &Card, coordinate: usize) -> Option<Number<'_>> {
    match &card.bank {
        Banking::Total(t) => (coordinate == 0).then_some(Number::Total(*t)),
        Banking::PerDice(row) => row.get(coordinate).map(|&t| Number::Threshold(t, row)),
        Banking::Situational(s) => {
            let width = s.rows[0].len();
            if coordinate < 4 * width {
                let row = &s.rows[coordinate / width];
                Some(Number::Threshold(row[coordinate % width], row))
            } else if coordinate == 4 * width {
                Some(Number::Band(s.band))
            } else if coordinate == 4 * width + 1 {
                Some(Number::Band(s.endgame))
            } else {
                None
            }
        }
    }
}

/// `card` with the number at `coordinate` (one of its banking numbers) set to `value`; a
/// band or the one threshold of a [`Banking::Total`] card takes only numbers.
fn with_number(card: &Card, coordinate: usize, value: Option<u32>) -> Card {
    let mut bank = card.bank.clone();
    match &mut bank {
        Banking::Total(t) => *t = value.expect("one threshold is a number"),
        Banking::PerDice(row) => row[coordinate] = value,
        Banking::Situational(s) => {
            let width = s.rows[0].len();
            if coordinate < 4 * width {
                s.rows[coordinate / width][coordinate % width] = value;
            } else if coordinate == 4 * width {
                s.band = value.expect("a band is a number");
            } else {
                s.endgame = value.expect("a band is a number");
            }
        }
    }
    Card {
        bank,
        keep: card.keep,
    }
}

/// The cards one move of `coordinate` away from `card`.
fn moves(card: &Card, coordinate: usize, step: u32, keeps: bool, table: &WinTable) -> Vec<Card> {
    let Some(number) = number_at(card, coordinate) else {
        debug_assert!(keeps);
        return Keep::family(table.rules().dice_count)
            .into_iter()
            .filter(|&k| k != card.keep)
            .map(|keep| Card {
                bank: card.bank.clone(),
                keep,
            })
            .collect();
    };
    let values: Vec<Option<u32>> = match number {
        Number::Total(t) => threshold_moves(Some(t), step, t)
            .into_iter()
            .flatten()
            .map(Some)
            .collect(),
        Number::Threshold(t, row) => {
            let highest = row.iter().flatten().copied().max().unwrap_or(0);
            threshold_moves(t, step, highest)
        }
        Number::Band(b) => band_moves(b, step).into_iter().map(Some).collect(),
    };
    values
        .into_iter()
        .map(|v| with_number(card, coordinate, v))
        .collect()
}

/// The move from `before` to `after` at `coordinate` made once more from `after`, when both
/// numbers are points (not "never") and the repeat stays within 0 and [`MAX_CARD_POINTS`]
/// and changes the card.
fn repeated_move(before: &Card, after: &Card, coordinate: usize) -> Option<Card> {
    let from = number_at(before, coordinate)?.points()?;
    let to = number_at(after, coordinate)?.points()?;
    let next = if to >= from {
        to.saturating_add(to - from).min(MAX_CARD_POINTS)
    } else {
        to.saturating_sub(from - to)
    };
    (next != to).then(|| with_number(after, coordinate, Some(next)))
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
    improve_from_reporting(table, family, start, options, progress, &mut |_| true)
}

/// [`improve_from`], reporting the search's state to `report` after each family's start,
/// every move taken, every change of step and each family's end (returning false stops
/// the search with `Cancelled`). A state reported can be saved
/// ([`SearchState::to_json`]) and the search continued from it with [`resume_search`].
pub fn improve_from_reporting(
    table: &WinTable,
    family: Family,
    start: Option<Card>,
    options: &SearchOptions,
    progress: Progress,
    report: SearchReport,
) -> Result<Card, StrategyError> {
    let mut evaluations = 0;
    search_family(
        table,
        family,
        family,
        start,
        options,
        progress,
        report,
        &mut evaluations,
    )
}

/// The search continued from `state` (as [`improve_from_reporting`] reported it): the
/// rest of its family's search from the state's card, step and place in the sweep, then
/// the larger families up to the state's goal as [`improve_from`] searches them, with
/// `options` (the state's step replaces `options.step` in its own family;
/// `options.max_evaluations` bounds each family's search from where it resumes). From the
/// same table and options it takes the same moves and ends at the same card as the search
/// it continues. `OutOfRange` for a state that fails [`SearchState::check`] or was
/// reported for another table's rules or players.
pub fn resume_search(
    table: &WinTable,
    state: &SearchState,
    options: &SearchOptions,
    progress: Progress,
    report: SearchReport,
) -> Result<Card, StrategyError> {
    state.check()?;
    if state.rules != *table.rules() || state.players != table.player_count() {
        return Err(StrategyError::OutOfRange(
            "a search state of other rules or players than the table's".into(),
        ));
    }
    let unit = table.unit().max(1) as u32;
    if state.step % unit != 0 {
        return Err(StrategyError::OutOfRange(format!(
            "a search state with a step of {} points; the table's unit is {unit}",
            state.step
        )));
    }
    let mut search = Search {
        table,
        unit,
        seen: HashMap::new(),
        max: options.max_evaluations,
        progress: &mut *progress,
        report: &mut *report,
        goal: state.goal,
        family: state.family,
        before: state.evaluations,
    };
    let mut card = search.improve(
        Position {
            card: state.card.clone(),
            step: state.step,
            coordinate: state.coordinate,
            moved: state.moved,
        },
        options.keeps,
    )?;
    let mut evaluations = search.before + search.seen.len();
    let mut family = state.family;
    while let Some(next) = family.next().filter(|&f| f <= state.goal) {
        card = search_family(
            table,
            state.goal,
            next,
            Some(card),
            options,
            &mut *progress,
            &mut *report,
            &mut evaluations,
        )?;
        family = next;
    }
    Ok(card)
}

/// The search of `family` from `start` (or from the smaller families' best), for a search
/// after `goal`; `evaluations` counts on.
#[allow(clippy::too_many_arguments)]
fn search_family(
    table: &WinTable,
    goal: Family,
    family: Family,
    start: Option<Card>,
    options: &SearchOptions,
    progress: Progress,
    report: SearchReport,
    evaluations: &mut usize,
) -> Result<Card, StrategyError> {
    let rules = table.rules();
    let n = usize::from(rules.dice_count);
    let unit = table.unit().max(1) as u32;
    if let Some(s) = &start {
        s.validate_for(rules)?;
    }
    if start.is_none() {
        if let Some(smaller) = family.previous() {
            let card = search_family(
                table,
                goal,
                smaller,
                None,
                options,
                &mut *progress,
                &mut *report,
                evaluations,
            )?;
            return search_family(
                table,
                goal,
                family,
                Some(card),
                options,
                progress,
                report,
                evaluations,
            );
        }
    }
    let mut search = Search {
        table,
        unit,
        seen: HashMap::new(),
        max: options.max_evaluations,
        progress,
        report,
        goal,
        family,
        before: *evaluations,
    };
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
        (_, Some(_)) => {
            return Err(StrategyError::OutOfRange(
                "a search started from a card of a larger family".into(),
            ))
        }
        (_, None) => unreachable!("the smaller families searched first"),
    };
    let card = search.improve(
        Position {
            card: start,
            step: options.step,
            coordinate: 0,
            moved: false,
        },
        options.keeps,
    )?;
    *evaluations = search.before + search.seen.len();
    Ok(card)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn per_dice(row: [Option<u32>; 3]) -> Card {
        Card {
            bank: Banking::PerDice(row.to_vec()),
            keep: Keep::All,
        }
    }

    #[test]
    fn a_repeated_move_keeps_its_size_and_direction_within_bounds() {
        let before = per_dice([Some(300), Some(500), None]);
        // Up by 200, again: 700. Down by 200 from 300 to 100, again: 0, then no further.
        let up = per_dice([Some(300), Some(700), None]);
        assert_eq!(
            repeated_move(&before, &up, 1),
            Some(per_dice([Some(300), Some(900), None]))
        );
        let down = per_dice([Some(100), Some(500), None]);
        assert_eq!(
            repeated_move(&before, &down, 0),
            Some(per_dice([Some(0), Some(500), None]))
        );
        let floor = per_dice([Some(0), Some(500), None]);
        assert_eq!(repeated_move(&down, &floor, 0), None);
        // At the card's ceiling, and to or from "never": not repeated.
        let top = per_dice([Some(MAX_CARD_POINTS), Some(500), None]);
        let near = per_dice([Some(MAX_CARD_POINTS - 50), Some(500), None]);
        assert_eq!(repeated_move(&near, &top, 0), None);
        let never = per_dice([None, Some(500), None]);
        assert_eq!(repeated_move(&before, &never, 0), None);
        let from_never = per_dice([Some(300), Some(500), Some(700)]);
        assert_eq!(repeated_move(&before, &from_never, 2), None);
        // The keep rule is past the numbers.
        assert_eq!(repeated_move(&before, &before, 3), None);
    }

    #[test]
    fn a_situational_cards_bands_are_its_last_numbers() {
        let card = Card {
            bank: Banking::Situational(Situational::uniform(vec![Some(300); 2], 1000, 2000)),
            keep: Keep::All,
        };
        assert_eq!(coordinates(&card, false), 10);
        let wider = with_number(&card, 8, Some(1200));
        let Banking::Situational(s) = &wider.bank else {
            panic!("situational")
        };
        assert_eq!((s.band, s.endgame), (1200, 2000));
        let Banking::Situational(s) = &repeated_move(&card, &wider, 8).unwrap().bank else {
            panic!("situational")
        };
        assert_eq!((s.band, s.endgame), (1400, 2000));
        let later = with_number(&card, 9, Some(1800));
        let Banking::Situational(s) = &repeated_move(&card, &later, 9).unwrap().bank else {
            panic!("situational")
        };
        assert_eq!((s.band, s.endgame), (1000, 1600));
        // The third row's second threshold.
        let Banking::Situational(s) = &with_number(&card, 5, None).bank else {
            panic!("situational")
        };
        assert_eq!(s.rows[2], vec![Some(300), None]);
        assert_eq!(number_at(&card, 10), None);
    }
}
