// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A card's exact chance to win against a table's players, the fair share, and its price.

use crate::strategy::evaluate::MAX_CONTENDERS;
use crate::strategy::{Bot, Contender, Evaluation, Progress, StrategyError, WinTable};

use super::card::Card;

/// What a card is worth in a game of a table's size, the other seats playing the table:
/// the optimal opponent of a two-player table, the equilibrium of a three-player one.
#[derive(Debug, Clone, PartialEq)]
pub struct CardValue {
    /// The card's exact chance to win from the start of the game in each seat (seat 0 moves
    /// first), a tie counted as a win shared (1/2 or 1/3).
    pub seats: Vec<f64>,
    /// The chance of the table's own player in each seat from the start, against the same
    /// opponents: what optimal play wins there.
    pub optimal: Vec<f64>,
}

impl CardValue {
    /// Players in the game.
    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// The card's chance to win averaged over the seats (each seat equally likely): the
    /// figure the search maximizes.
    pub fn chance(&self) -> f64 {
        self.seats.iter().sum::<f64>() / self.players() as f64
    }

    /// The fair share: 1 / players.
    pub fn fair_share(&self) -> f64 {
        1.0 / self.players() as f64
    }

    /// Optimal play's chance averaged over the seats: the fair share (to rounding), since
    /// the seats' chances of the table's players add up to 1.
    pub fn optimal_chance(&self) -> f64 {
        self.optimal.iter().sum::<f64>() / self.players() as f64
    }

    /// The price of playing the card instead of optimally, averaged over the seats: optimal
    /// play's chance minus the card's (in probability, so 0.01 is one percentage point).
    pub fn price(&self) -> f64 {
        self.optimal_chance() - self.chance()
    }

    /// The price in seat `seat`.
    pub fn seat_price(&self, seat: usize) -> Option<f64> {
        Some(self.optimal.get(seat)? - self.seats.get(seat)?)
    }
}

/// [`evaluate_cards`] of one card.
pub fn evaluate_card(
    table: &WinTable,
    card: &Card,
    progress: Progress,
) -> Result<CardValue, StrategyError> {
    let mut v = evaluate_cards(table, std::slice::from_ref(card), progress)?;
    Ok(v.pop().expect("one value a card"))
}

/// Each card's exact value against `table`'s players, by the exact evaluation
/// ([`crate::strategy::evaluate`]) of [`Bot::Card`], [`MAX_CONTENDERS`] cards a pass (a
/// card a pass where that many would exceed the bound on one evaluation's work).
/// `OutOfRange` for a card that does not fit the table's rules (see
/// [`Card::validate_for`]); the table's refusals otherwise. Progress is reported per
/// batch; returning false cancels.
pub fn evaluate_cards(
    table: &WinTable,
    cards: &[Card],
    progress: Progress,
) -> Result<Vec<CardValue>, StrategyError> {
    for card in cards {
        card.validate_for(table.rules())?;
    }
    let optimal = table.start_probabilities();
    let batches = cards.len().div_ceil(MAX_CONTENDERS).max(1);
    let mut out = Vec::with_capacity(cards.len());
    for (b, batch) in cards.chunks(MAX_CONTENDERS).enumerate() {
        let contenders: Vec<Contender> = batch
            .iter()
            .map(|c| Contender::Bot(Bot::Card(c.clone())))
            .collect();
        let mut inner = |f: f64| progress((b as f64 + f) / batches as f64);
        let seats: Vec<Vec<f64>> = match table {
            WinTable::Two(t) => t
                .evaluate(&contenders, &mut inner)?
                .iter()
                .map(Evaluation::seat_win_probabilities)
                .collect(),
            WinTable::Three(t) => match t.evaluate(&contenders, &mut inner) {
                Ok(v) => v.iter().map(Evaluation::seat_win_probabilities).collect(),
                // A batch over the bound on one evaluation's work (checked before anything
                // is solved): a card at a time, each within it or refused alone.
                Err(StrategyError::ResourceLimit(_)) if contenders.len() > 1 => {
                    let mut seats = Vec::with_capacity(contenders.len());
                    for (i, c) in contenders.iter().enumerate() {
                        let n = contenders.len() as f64;
                        let mut one = |f: f64| inner((i as f64 + f) / n);
                        let v = t.evaluate(std::slice::from_ref(c), &mut one)?;
                        seats.push(v[0].seat_win_probabilities());
                    }
                    seats
                }
                Err(e) => return Err(e),
            },
        };
        out.extend(seats.into_iter().map(|seats| CardValue {
            seats,
            optimal: optimal.clone(),
        }));
    }
    Ok(out)
}
