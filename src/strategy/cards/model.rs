// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A card as the exact evaluation plays it: one fixed turn policy per situation it reads,
//! per player slot (on the board or not, farkles in a row), and its last turn of a final
//! round.

use crate::rules::Rules;
use crate::strategy::evaluate::policy::{LastPolicy, Rolls, TurnPolicy};
use crate::strategy::evaluate::{Last, PlayerModel, Turns};
use crate::strategy::tables::layout::Layout;
use crate::strategy::thresholds::Thresholds;
use crate::strategy::StrategyError;

use super::banking::{Banking, Situation};
use super::card::Card;

/// The model of `card` under `rules` for a table of `layout`: its policies in
/// [`PlayerModel::slot`]'s order.
pub(crate) fn player_model(
    card: &Card,
    rules: &Rules,
    layout: &Layout,
    rolls: &Rolls,
) -> Result<PlayerModel, StrategyError> {
    card.validate_for(rules)?;
    let n = usize::from(rules.dice_count);
    let steps = card.keep.steps(rules, layout.unit)?;
    // A threshold no turn can reach short of the target (from the lowest score) banks
    // nowhere the target rule does not: never, so that no policy has more rows than the
    // table has scores.
    let reach = (layout.target - layout.lower).saturating_mul(i64::from(layout.unit));
    let situations: Vec<Situation> = match card.bank.rows() {
        1 => vec![Situation::Level],
        _ => Situation::ALL.to_vec(),
    };
    let off_board = TurnPolicy::keeping(
        rolls,
        steps.clone(),
        &Thresholds(vec![Some(0); n]),
        rules,
        layout.unit,
    )?;
    let mut policies = Vec::with_capacity(situations.len() * 2 * layout.streak);
    for &situation in &situations {
        let mut thresholds = card.thresholds(situation, n);
        for t in thresholds.0.iter_mut() {
            if t.is_some_and(|t| i64::from(t) >= reach) {
                *t = None;
            }
        }
        let on_board = TurnPolicy::keeping(rolls, steps.clone(), &thresholds, rules, layout.unit)?;
        for _ in 0..layout.streak {
            policies.push(off_board.clone());
        }
        for _ in 0..layout.streak {
            policies.push(on_board.clone());
        }
    }
    Ok(PlayerModel {
        turns: Turns::Fixed(policies),
        last: Last::Fixed(LastPolicy::lead_keeping(rolls, steps)),
        situational: match &card.bank {
            Banking::Situational(s) => Some(s.clone()),
            _ => None,
        },
    })
}
