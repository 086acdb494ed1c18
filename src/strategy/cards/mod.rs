// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Cards: strategies a person can play from a few numbers, each evaluated exactly against
//! optimal (two players) or equilibrium (three players) opponents, and the best card of each
//! family found by a local search over its numbers.
//!
//! - [`card`]: [`Card`], its checks, the folk rules, the card as text;
//! - [`banking`]: when it banks ([`Banking`]: one threshold, one per count of dice left,
//!   one per count of dice left in each [`Situation`]);
//! - [`keep`]: which dice it keeps ([`Keep`]);
//! - `model`: the card as the exact evaluation plays it ([`crate::strategy::evaluate`]);
//! - [`value`]: a card's exact chance, the fair share and its price ([`CardValue`]);
//! - [`search`]: the best card of a [`Family`] ([`best_card`]);
//! - [`coach`]: at a decision, the card's action against optimal play's, and its cost
//!   ([`CoachNote`]).
//!
//! [`crate::strategy::Bot::Card`] plays a card in games and simulations.

pub mod banking;
pub mod card;
pub mod coach;
pub mod keep;
pub(crate) mod model;
pub mod search;
pub mod value;

pub use banking::{Banking, Situation, Situational};
pub use card::{Card, MAX_CARD_POINTS, MAX_CARD_TEXT};
pub use coach::CoachNote;
pub use keep::Keep;
pub(crate) use model::player_model;
pub use search::{
    best_card, best_card_with, improve_from, improve_from_reporting, resume_search, Family,
    SearchEvent, SearchOptions, SearchReport, SearchState, MAX_SEARCH_STATE_TEXT,
};
pub use value::{evaluate_card, evaluate_cards, CardValue};
