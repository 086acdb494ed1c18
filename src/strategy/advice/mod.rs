// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Advice for the current state of a game.
//!
//! [`Advisor`] answers "what should the player to move do now" for any [`Game`]: the
//! recommended action, the farkle probability of the roll that follows it, and for every legal
//! choice its value: the expected points banked this turn (the optimal single turn, for any
//! number of players), or P(win) when the advisor holds a win table ([`WinTable`]) for the
//! game's rules that covers every active player: a two-player table in a game of two, a
//! three-player one in a game of three (then every seat's chances come with it, in
//! [`Advice::seat_win_probabilities`]). An advisor told to play the strongest opponent
//! ([`Advisor::against_strongest_opponent`]) also uses a two-player table in bigger games,
//! against the opponent that table says is most likely to beat the mover.
//!
//! Choices made:
//! - Under a consecutive-farkle penalty (in points), the single-turn values of a player on the
//!   board follow the [`PenaltyPolicy`] for the player's current count of farkles in a row:
//!   a farkle is worth the relative value of the next count, or minus the penalty, so the
//!   policy banks sooner as the streak grows. Without a penalty, or when it loses the whole
//!   score, a farkle is worth 0 points this turn.
//! - In a final round (someone banked at the target and this is the player's last turn),
//!   every choice (which dice to keep, bank or roll) maximizes the chance to finish strictly
//!   above the best score among the other active players, finishing level with it counting
//!   the share of the win the game gives a tie (1/2 with one player there, 1/3 with two):
//!   one backward pass over the turn totals up to the first one that is ahead and may be
//!   banked, cached per need. The values are that chance, for every advised bot (single-turn,
//!   win-optimal, strongest opponent; the threshold bot still rolls on until strictly ahead,
//!   keeping the most points). When no other player takes a last turn after this one it is
//!   the chance to win ([`ValueKind::WinProbability`]). In a three-player game with a
//!   three-player table, the next player's last turn (the last player's still to come) is
//!   the table's endgame: banking above the mark is worth the last player's failure to pass
//!   it, level a share of the two or three players level, as the solver counts them; the
//!   values are its chance to win. Otherwise, when others still take a last turn, they are
//!   not modelled, and the values are [`ValueKind::HeadToHeadWinProbability`]: a guide. A
//!   need above 65,536 units (3,276,800 points in steps of 50), which a turn meets with a
//!   chance far below 1e-13, falls back to rolling on until strictly ahead with the most
//!   points, valued as before.
//! - A score below the table's lower bound (minus twice the penalty, under a penalty in
//!   points) is taken as that bound, as the solver itself counts such scores: the
//!   probabilities of a player that far below zero are then an approximation. A state the
//!   table does not cover otherwise (another rules value, a player who left) falls back to
//!   single-turn values.
//! - Where the three-player equilibrium mixes banking and rolling, the advice recommends the
//!   likelier action and gives the mixing probability ([`Advice::roll_probability`]); a bot
//!   draws with it, so that bots play the equilibrium.

use std::sync::{Arc, Mutex};

use crate::dice::FaceCounts;
use crate::game::{check_bank_total, Action, Game, Phase, PiggybackOffer};
use crate::limits::MAX_TURN_TOTAL;
use crate::strategy::single_turn::scoring_odds;
use crate::strategy::table_in_play::TableInPlay;
use crate::strategy::transfer::{Reader, Writer};
use crate::strategy::turn::TurnModel;
use crate::strategy::{
    Odds, PenaltyPolicy, Progress, SingleTurn, StrategyError, TwoPlayerTable, WinTable,
};

mod final_round;

pub(crate) use final_round::LastInPlay;
use final_round::LastTurnCache;

/// What the values of an [`Advice`] mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// The expected points banked this turn (turn points so far included) under the optimal
    /// single-turn policy; under a points penalty, a farkle counts what it costs the player
    /// on the board in the long run (see the module notes).
    ExpectedPoints,
    /// The probability that the player to move wins the game, under optimal two-player play
    /// or the three-player equilibrium (the table covers every active player).
    WinProbability,
    /// The probability that the player to move would win a two-player game against its
    /// strongest opponent (see [`Advisor::against_strongest_opponent`]): a guide, not its
    /// chance at this table. Also, in a last turn of a final round with other players still
    /// to take theirs, the chance to finish strictly above the best other score (level
    /// counting its share), those players not modelled.
    HeadToHeadWinProbability,
}

/// One legal choice and its value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AdviceChoice {
    /// The action.
    pub action: Action,
    /// Points of the selection, or for [`Action::Piggyback`] the points taken over (0 for
    /// any other action).
    pub points: i32,
    /// Its value (see [`Advice::kind`]), when the player plays optimally afterwards.
    pub value: f64,
}

/// Advice for the player to move.
#[derive(Debug, Clone, PartialEq)]
pub struct Advice {
    /// The recommended action.
    pub recommended: Action,
    /// What the values mean.
    pub kind: ValueKind,
    /// The dice the player would roll next after the recommended action (the dice in hand
    /// before a roll; after a selection, the dice left, or the full set after hot dice), and
    /// the exact probability that this roll farkles. `None` when no roll follows (a
    /// recommended bank, a farkle to acknowledge, a forfeit).
    pub next_roll: Option<(u8, f64)>,
    /// Every legal choice: each legal selection while a selection is awaited (best first, as
    /// [`Game::legal_selections`] lists them), else roll and/or bank (or forfeit) and, under
    /// piggybacking while an offer stands, [`Action::Piggyback`], else the farkle to
    /// acknowledge. The recommended one has the highest value (the first of them among
    /// selections; bank on a tie), except for the piggyback rule of [`Advisor::advise`] and
    /// a last turn the advice does not solve (see the module docs).
    pub choices: Vec<AdviceChoice>,
    /// With a table that covers every active player, or in the last turn of a final round
    /// valued as the chance to win ([`ValueKind::WinProbability`]): after each choice (one
    /// row per entry of `choices`, in that order), every player's chance to win, by seat
    /// (the order of [`Game::players`]; 0 for a departed player). In that last turn, the
    /// mover's chance is the choice's value and the players at the mark share the rest
    /// alike; a row of NaN for a choice not valued, or for the next player's turn of a
    /// three-player final round (the last player still to play). Empty otherwise.
    pub seat_win_probabilities: Vec<Vec<f64>>,
    /// Before a roll, where the three-player equilibrium mixes banking and rolling: the
    /// probability that the mover rolls (the recommendation is the likelier; a bot draws).
    /// `None` everywhere else.
    pub roll_probability: Option<f64>,
}

/// Why no advice could be given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdviceError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The advisor was built for other rules.
    #[error("the advisor was built for other rules than the game's")]
    OtherRules,
    /// The strategy failed.
    #[error(transparent)]
    Strategy(#[from] StrategyError),
}

/// An advisor's single-turn policies: off the board, on it, and under a farkle penalty in
/// points the long-run policy.
type Policies = (SingleTurn, SingleTurn, Option<PenaltyPolicy>);

/// The optimal single turn for both on-board situations, exact odds, and optionally a
/// two-player table. Immutable and `Sync`: share one between bots and threads.
///
/// ```
/// use farkle::strategy::Advisor;
/// use farkle::{Action, DiceSource, Game, Preset, Rules};
///
/// let rules = Rules { min_entry_score: 0, ..Preset::Classic.rules() };
/// let advisor = Advisor::single_turn(&rules).unwrap();
/// let mut game = Game::new(rules, 2, DiceSource::Supplied).unwrap();
/// // Nothing to bank yet: the only play is to roll.
/// assert_eq!(advisor.advise(&game).unwrap().recommended, Action::Roll);
///
/// // Only the 5 of this roll scores, so keeping it is the only play.
/// game.roll_with(&[5, 2, 3, 3, 4, 6]).unwrap();
/// assert_eq!(advisor.advise(&game).unwrap().recommended, Action::Select(0b000001));
/// ```
#[derive(Debug, Clone)]
pub struct Advisor {
    odds: Odds,
    /// The odds of a player off the board (under `singles_only_before_entry` only single 1s
    /// and 5s score; otherwise the same as `odds`).
    off_board_odds: Odds,
    off_board: SingleTurn,
    on_board: SingleTurn,
    /// The on-board turns by farkles in a row, under a points penalty.
    penalty: Option<PenaltyPolicy>,
    table: Option<WinTable>,
    /// Whether a two-player table stands for bigger games, against the strongest opponent.
    strongest_opponent: bool,
    /// The turn models of a last turn of a final round: off the board, on it.
    last_models: [Arc<TurnModel>; 2],
    /// Last turns solved so far; shared by clones.
    last_turns: Arc<Mutex<LastTurnCache>>,
}

impl Advisor {
    /// The single-turn advisor for `rules`: two single-turn solves (on the board and not),
    /// plus the long-run policy under a points penalty. Milliseconds for six dice; the limits
    /// of [`SingleTurn::solve`] and [`PenaltyPolicy::solve`] apply.
    ///
    /// House rules: the same-face scoring knobs, `singles_only_before_entry` (a player off
    /// the board is advised under single-only scoring) and piggybacking (an offer to take over
    /// the previous turn is valued and taken when worth more than a fresh turn; see
    /// [`Advisor::advise`]) are honoured; `Unsupported` under the hot-dice multiplier and an
    /// exact target, which its turn values do not model (it would advise banks the game
    /// refuses or that bust).
    pub fn single_turn(rules: &crate::rules::Rules) -> Result<Advisor, StrategyError> {
        Self::single_turn_with_progress(rules, &mut |_| true)
    }

    /// As [`Advisor::single_turn`], reporting progress and `Cancelled` when `progress`
    /// returns false.
    pub fn single_turn_with_progress(
        rules: &crate::rules::Rules,
        progress: Progress,
    ) -> Result<Advisor, StrategyError> {
        Self::with_policies(rules, |odds, has_penalty| {
            let parts = if has_penalty { 3.0 } else { 2.0 };
            let off_board =
                SingleTurn::solve_with_progress(odds, false, &mut |f| progress(f / parts))?;
            let on_board =
                SingleTurn::solve_with_progress(odds, true, &mut |f| progress((1.0 + f) / parts))?;
            let penalty = if has_penalty {
                Some(PenaltyPolicy::solve_with_progress(odds, &mut |f| {
                    progress((2.0 + f) / parts)
                })?)
            } else {
                None
            };
            Ok((off_board, on_board, penalty))
        })
    }

    /// The single-turn advisor for `rules` (refused as [`Advisor::single_turn`] refuses
    /// them) with the policies `policies` gives for the rules' odds and whether they have a
    /// farkle penalty in points: off the board, on it, and the long-run policy.
    fn with_policies(
        rules: &crate::rules::Rules,
        policies: impl FnOnce(&Odds, bool) -> Result<Policies, StrategyError>,
    ) -> Result<Advisor, StrategyError> {
        crate::strategy::refuse_advice_knobs(rules)?;
        let odds = Odds::new(rules)?;
        let off_board_odds = scoring_odds(&odds, false)?.unwrap_or_else(|| odds.clone());
        let has_penalty = rules.farkle_penalty_streak > 0 && !rules.farkle_penalty_loses_all;
        let (off_board, on_board, penalty) = policies(&odds, has_penalty)?;
        let last_models = [
            Arc::new(TurnModel::new(&off_board_odds)),
            Arc::new(TurnModel::new(&odds)),
        ];
        Ok(Advisor {
            off_board,
            on_board,
            penalty,
            odds,
            off_board_odds,
            table: None,
            strongest_opponent: false,
            last_models,
            last_turns: Arc::default(),
        })
    }

    /// Writes the solved policies of a single-turn advisor (see [`crate::strategy::transfer`]);
    /// a table or the strongest-opponent mode is not written.
    // Used by the WebAssembly build only (src/wasm/transfer.rs), and the tests.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    pub(crate) fn write_values(&self, out: &mut Writer) {
        self.off_board.write_values(out);
        self.on_board.write_values(out);
        if let Some(penalty) = &self.penalty {
            penalty.write_values(out);
        }
    }

    /// The single-turn advisor for `rules` from what [`Advisor::write_values`] wrote: the
    /// same advisor as [`Advisor::single_turn`] solves, refused as it refuses rules, and
    /// when the bytes do not fit the rules.
    // Used by the WebAssembly build only (src/wasm/transfer.rs), and the tests.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    pub(crate) fn read_values(
        rules: &crate::rules::Rules,
        bytes: &[u8],
    ) -> Result<Advisor, StrategyError> {
        Self::with_policies(rules, |odds, has_penalty| {
            let mut r = Reader::new(bytes);
            let off_board = SingleTurn::read_values(odds, &mut r)?;
            let on_board = SingleTurn::read_values(odds, &mut r)?;
            if off_board.on_board() || !on_board.on_board() {
                return Err(StrategyError::BadFile(
                    "the advice's turns are not off the board, then on it".to_owned(),
                ));
            }
            let penalty = if has_penalty {
                Some(PenaltyPolicy::read_values(odds, &mut r)?)
            } else {
                None
            };
            r.finish()?;
            Ok((off_board, on_board, penalty))
        })
    }

    /// The win-optimal advisor: the table (two or three players; an `Arc<TwoPlayerTable>` will do)
    /// for games it covers, single-turn otherwise.
    pub fn with_table(table: impl Into<WinTable>) -> Result<Advisor, StrategyError> {
        let table = table.into();
        let mut advisor = Advisor::single_turn(table.rules())?;
        advisor.table = Some(table);
        Ok(advisor)
    }

    /// This advisor with a table added (no new single-turn solve). `OtherRules` when the
    /// table was solved for other rules.
    pub fn with_added_table(&self, table: impl Into<WinTable>) -> Result<Advisor, AdviceError> {
        let table = table.into();
        if table.rules() != self.rules() {
            return Err(AdviceError::OtherRules);
        }
        Ok(Advisor {
            table: Some(table),
            ..self.clone()
        })
    }

    /// This advisor playing the strongest opponent: in a game its two-player table does not
    /// cover (three or more active players), the mover plays the table against the opponent
    /// most likely to beat it head to head (ties: the one who plays soonest), and the values
    /// are [`ValueKind::HeadToHeadWinProbability`]. Games the table covers play as before.
    pub fn against_strongest_opponent(&self) -> Advisor {
        Advisor {
            strongest_opponent: true,
            ..self.clone()
        }
    }

    /// The rules the advisor was built for.
    pub fn rules(&self) -> &crate::rules::Rules {
        self.odds.rules()
    }

    /// The two-player table, if it holds one.
    pub fn table(&self) -> Option<&Arc<TwoPlayerTable>> {
        self.table.as_ref().and_then(WinTable::two_player)
    }

    /// Whether the advisor plays a two-player table against the strongest opponent in games
    /// the table does not cover.
    pub(crate) fn plays_strongest_opponent(&self) -> bool {
        self.strongest_opponent
    }

    /// The table, of either size, if any.
    pub fn win_table(&self) -> Option<&WinTable> {
        self.table.as_ref()
    }

    /// The point granularity of the rules.
    pub(crate) fn unit(&self) -> i32 {
        self.odds.unit()
    }

    /// The odds of rolling for a player in this situation.
    fn odds_for(&self, m: &Mover) -> &Odds {
        if m.on_board {
            &self.odds
        } else {
            &self.off_board_odds
        }
    }

    fn farkle_probability(&self, m: &Mover, dice: u8) -> Option<(u8, f64)> {
        let hand = self.odds_for(m).hand(dice)?;
        Some((dice, hand.farkle().to_f64()))
    }

    /// The single turn that applies to the player to move.
    fn single(&self, game: &Game) -> &SingleTurn {
        self.single_for(&Mover::of(game))
    }

    /// The single turn that applies to a player in this situation.
    pub(crate) fn single_for(&self, m: &Mover) -> &SingleTurn {
        if !m.on_board {
            return &self.off_board;
        }
        match &self.penalty {
            Some(policy) => {
                let last = usize::from(self.rules().farkle_penalty_streak) - 1;
                let k = usize::try_from(m.farkles_in_a_row).map_or(last, |k| k.min(last));
                policy.turn(k).unwrap_or(&self.on_board)
            }
            None => &self.on_board,
        }
    }

    /// Which single-turn policy applies to this situation: 0 off the board, 1 on it, 2 + k
    /// after k farkles in a row under a penalty (for callers that cache per policy).
    pub(crate) fn policy_slot(&self, m: &Mover) -> usize {
        if !m.on_board {
            return 0;
        }
        match &self.penalty {
            Some(_) => {
                let last = usize::from(self.rules().farkle_penalty_streak) - 1;
                2 + usize::try_from(m.farkles_in_a_row).map_or(last, |k| k.min(last))
            }
            None => 1,
        }
    }

    /// The single-turn value of keeping a selection of `points` that leaves `left` of the
    /// roll's dice (the full set after hot dice, and without hot dice a forced bank).
    pub(crate) fn selection_value(
        &self,
        m: &Mover,
        points: i32,
        left: usize,
    ) -> Result<f64, StrategyError> {
        let rules = self.rules();
        let next = if left > 0 {
            left as u8
        } else if rules.hot_dice {
            rules.dice_count
        } else {
            0
        };
        let t2 = m.turn_points + points;
        if next == 0 {
            Ok(if self.bank_allowed_for(m, t2) {
                f64::from(t2)
            } else {
                0.0
            })
        } else {
            self.single_for(m).value(t2, next)
        }
    }

    /// The index of the recommended selection among `values` (the legal selections' values in
    /// the order of [`Game::legal_selections`]): the first with the highest value, or in a
    /// final round the first (the most points, so the fewest rolls to take the lead).
    pub(crate) fn best_selection(m: &Mover, values: impl IntoIterator<Item = f64>) -> usize {
        if m.lead.is_some() {
            return 0;
        }
        Self::first_best(values)
    }

    /// The dice rolled next after keeping a selection that leaves `left` of the roll's
    /// dice: those, the full set after hot dice, else none (a forced bank).
    pub(crate) fn next_hand(rules: &crate::rules::Rules, left: usize) -> u8 {
        if left > 0 {
            left as u8
        } else if rules.hot_dice {
            rules.dice_count
        } else {
            0
        }
    }

    /// The index of the first of the highest of `values`.
    pub(crate) fn first_best(values: impl IntoIterator<Item = f64>) -> usize {
        let mut best = (0, f64::NEG_INFINITY);
        for (i, v) in values.into_iter().enumerate() {
            if i == 0 || v > best.1 {
                best = (i, v);
            }
        }
        best.0
    }

    /// Whether the single-turn player banks before rolling `hand` dice (0: every die scored
    /// and no hot dice), given the value of rolling them.
    pub(crate) fn banks(m: &Mover, hand: u8, can_bank: bool, roll_value: f64) -> bool {
        can_bank
            && match m.lead {
                Some(lead) => i64::from(m.turn_points).saturating_add(m.score) > lead || hand == 0,
                None => hand == 0 || f64::from(m.turn_points) >= roll_value,
            }
    }

    /// Advice for the player to move.
    ///
    /// Under piggybacking, while an offer of `T` points with `n` dice stands (the start of a
    /// turn, [`Game::piggyback_offer`]), the choices also hold [`Action::Piggyback`], valued
    /// as rolling the `n` dice at turn total `T` under the policy of the player to move (off
    /// the board, or on it after its farkles in a row): a turn taken over must roll before it
    /// may bank, so its value is the roll's, not the better of banking `T` and rolling. It is
    /// recommended when worth strictly more than rolling the full set from 0 (ties roll
    /// fresh); in a last turn of a final round too, valued as the chance to finish ahead
    /// of rolling the offer's dice at its total. An offer the player's
    /// policy cannot value (a total off the grid of single-only scoring, for a player off the
    /// board under `singles_only_before_entry`, or above [`MAX_TURN_TOTAL`]) is listed with a
    /// NaN value and not recommended; one above `i32::MAX` points refuses the advice.
    pub fn advise(&self, game: &Game) -> Result<Advice, AdviceError> {
        let s = self.situation(game)?;
        match game.phase() {
            Phase::GameOver => Err(AdviceError::GameOver),
            Phase::Farkled => self.advise_farkled(&s),
            Phase::AwaitingSelection => self.advise_selection(&s),
            Phase::AwaitingRoll => self.advise_roll(&s),
        }
    }

    /// What the advice in every phase starts from: refused for other rules, and for a turn
    /// above [`MAX_TURN_TOTAL`] (so that adding any selection's points stays inside i32).
    fn situation<'a>(&'a self, game: &'a Game) -> Result<Situation<'a>, AdviceError> {
        if game.rules() != self.rules() {
            return Err(AdviceError::OtherRules);
        }
        let points = game.turn().points;
        let t = i32::try_from(points)
            .ok()
            .filter(|t| *t <= MAX_TURN_TOTAL)
            .ok_or_else(|| {
                StrategyError::OutOfRange(format!(
                    "the turn holds {points} points; advice covers turn totals up to \
                     {MAX_TURN_TOTAL}"
                ))
            })?;
        let table = self
            .table
            .as_ref()
            .and_then(|tb| TableInPlay::of(tb, game, self.strongest_opponent));
        let mark = Self::final_round_mark(game);
        let mut last = None;
        let mut endgame = false;
        if let Some(mark) = &mark {
            if let Some(key) = self.endgame_key(game, mark) {
                last = self.endgame_in_play(&Mover::of(game), mark.lead, key)?;
                endgame = last.is_some();
            }
            if last.is_none() {
                last = self.last_in_play(&Mover::of(game), mark.lead, mark.share)?;
            }
        }
        let kind = match (&mark, &last, &table) {
            // The last turn of the game, or the next player's as the three-player endgame
            // plays it: the chance to win.
            (Some(mark), Some(_), _) if !mark.others_to_play || endgame => {
                ValueKind::WinProbability
            }
            // Others still to play: the chance to finish ahead of the best of them.
            (Some(_), Some(_), _) => ValueKind::HeadToHeadWinProbability,
            (_, _, Some(tb)) if tb.covers(game) => ValueKind::WinProbability,
            (_, _, Some(_)) => ValueKind::HeadToHeadWinProbability,
            _ => ValueKind::ExpectedPoints,
        };
        Ok(Situation {
            game,
            t,
            lead: mark.map(|m| m.lead),
            last,
            table,
            kind,
        })
    }

    /// The chances once the turn ends with nothing more (a farkle, a forfeit) with a table:
    /// the next player's start of turn. `None` without one (the turn is then worth 0 points).
    /// A farkle (and any penalty) is already in the player's record.
    fn ended_chances(s: &Situation) -> Result<Option<Vec<f64>>, AdviceError> {
        Ok(match &s.table {
            Some(tb) => Some(tb.ended()?),
            None => None,
        })
    }

    /// The advice from its parts: each choice's value is the mover's chance where `chances`
    /// has them (a NaN row where the table cannot value a choice), and with a table covering
    /// the game each row goes by seat into [`Advice::seat_win_probabilities`].
    fn advice(
        s: &Situation,
        recommended: Action,
        next_roll: Option<(u8, f64)>,
        choices: Vec<AdviceChoice>,
        chances: &[Option<Vec<f64>>],
        roll_probability: Option<f64>,
    ) -> Advice {
        let seat_win_probabilities = match &s.table {
            Some(tb) if tb.covers(s.game) => {
                let n = s.game.players().len();
                chances
                    .iter()
                    .map(|c| match c {
                        Some(c) => tb.by_seat(c, n),
                        None => vec![f64::NAN; n],
                    })
                    .collect()
            }
            // The last turn of a final round valued as the chance to win.
            _ if s.kind == ValueKind::WinProbability && s.last.is_some() => {
                Self::last_turn_seats(s.game, s.lead, &choices)
            }
            _ => Vec::new(),
        };
        Advice {
            recommended,
            kind: s.kind,
            next_roll,
            choices,
            seat_win_probabilities,
            roll_probability,
        }
    }

    /// Every player's chance by seat after each choice of the last turn of a final round,
    /// from the mover's chance `v`: when no one else plays after it, the players at the mark
    /// `lead` share the rest alike (finishing level, all there share; below, they do), so
    /// each has `(1 - v) / level`, and everyone else 0. A row of NaN where that does not
    /// hold (the next player's turn as the three-player endgame plays it, with the last
    /// still to play) or the choice is not valued.
    fn last_turn_seats(game: &Game, lead: Option<i64>, choices: &[AdviceChoice]) -> Vec<Vec<f64>> {
        let n = game.players().len();
        let me = game.current_player();
        let last_to_play = Self::final_round_mark(game).is_some_and(|m| !m.others_to_play);
        let leaders: Vec<usize> = match lead {
            Some(lead) if last_to_play => (0..n)
                .filter(|&i| {
                    let p = &game.players()[i];
                    i != me && p.active && p.score == lead
                })
                .collect(),
            _ => Vec::new(),
        };
        choices
            .iter()
            .map(|c| {
                if leaders.is_empty() || c.value.is_nan() {
                    return vec![f64::NAN; n];
                }
                let mut row = vec![0.0; n];
                row[me] = c.value;
                for &l in &leaders {
                    row[l] = (1.0 - c.value) / leaders.len() as f64;
                }
                row
            })
            .collect()
    }

    /// After a farkle: acknowledge it.
    fn advise_farkled(&self, s: &Situation) -> Result<Advice, AdviceError> {
        let ended = Self::ended_chances(s)?;
        let choice = AdviceChoice {
            action: Action::AcknowledgeFarkle,
            points: 0,
            value: ended.as_ref().map_or(0.0, |c| c[0]),
        };
        Ok(Self::advice(
            s,
            Action::AcknowledgeFarkle,
            None,
            vec![choice],
            &[ended],
            None,
        ))
    }

    /// While a roll awaits its selection: every legal selection valued, the best one
    /// recommended, and the roll that follows it unless the player then banks.
    fn advise_selection(&self, s: &Situation) -> Result<Advice, AdviceError> {
        let game = s.game;
        let roll = game.turn().last_roll().expect("a roll awaits selection");
        let counts = FaceCounts::from_faces(&roll.dice, roll.dice.len()).expect("a valid roll");
        let legal = game.legal_selections();
        let win = match &s.table {
            Some(tb) => Some(tb.choices(s.t, counts)?),
            None => None,
        };
        let win_choice =
            |keep: FaceCounts| win.as_ref().and_then(|w| w.iter().find(|c| c.keep == keep));
        let mover = Mover::of(game);
        let mut choices = Vec::with_capacity(legal.len());
        let mut chances = Vec::with_capacity(legal.len());
        for l in &legal {
            let value = match win_choice(l.selection.dice) {
                Some(c) => {
                    chances.push(Some(c.chances.clone()));
                    c.chances[0]
                }
                None if win.is_some() => unreachable!("every legal selection scores"),
                None => {
                    let left = roll.dice.len() - l.selection.dice.total();
                    match &s.last {
                        Some(last) => last.value(
                            s.t + l.selection.points,
                            Self::next_hand(game.rules(), left),
                        ),
                        None => self.selection_value(&mover, l.selection.points, left)?,
                    }
                }
            };
            choices.push(AdviceChoice {
                action: Action::Select(l.mask),
                points: l.selection.points,
                value,
            });
        }
        // The best value; ties keep the earlier (more points, then more dice).
        let values = choices.iter().map(|c| c.value);
        let best = match &s.last {
            Some(_) => Self::first_best(values),
            None => Self::best_selection(&mover, values),
        };
        let kept = legal[best].selection;
        let next = Self::next_hand(game.rules(), roll.dice.len() - kept.dice.total());
        let t2 = s.t + kept.points;
        let banks_next = next == 0
            || match (&s.last, s.lead) {
                (Some(last), _) => last.banks(t2, next),
                (None, Some(lead)) => i64::from(t2).saturating_add(mover.score) > lead,
                (None, None) => match &win {
                    Some(_) => win_choice(kept.dice).is_some_and(|c| c.banks),
                    None => self.single(game).should_bank(t2, next)?,
                },
            };
        let next_roll = if next == 0 || (banks_next && self.bank_allowed(game, t2)) {
            None
        } else {
            self.farkle_probability(&mover, next)
        };
        Ok(Self::advice(
            s,
            choices[best].action,
            next_roll,
            choices,
            &chances,
            None,
        ))
    }

    /// Before a roll: roll, bank and forfeit where allowed, valued, and the one to take.
    fn advise_roll(&self, s: &Situation) -> Result<Advice, AdviceError> {
        let game = s.game;
        let hand = game.turn().hand;
        let can_bank = game.can_bank();
        let values = self.roll_and_bank_values(s, can_bank)?;
        let (roll_value, bank_value) = (values.roll, values.bank);
        let mut choices = Vec::new();
        let mut chances = Vec::new();
        if hand > 0 && game.can_roll() {
            choices.push(AdviceChoice {
                action: Action::Roll,
                points: 0,
                value: roll_value,
            });
            chances.push(values.roll_chances.clone());
        }
        if can_bank {
            choices.push(AdviceChoice {
                action: Action::Bank,
                points: 0,
                value: bank_value.unwrap_or(f64::NAN),
            });
            chances.push(values.bank_chances.clone());
        }
        if game.can_forfeit() {
            let ended = Self::ended_chances(s)?;
            choices.push(AdviceChoice {
                action: Action::ForfeitTurn,
                points: 0,
                value: ended.as_ref().map_or(0.0, |c| c[0]),
            });
            chances.push(ended);
        }
        let bank = match &s.table {
            // A last turn played to win: bank where that is worth at least rolling on.
            _ if s.last.is_some() => {
                can_bank && (hand == 0 || bank_value.is_some_and(|b| b >= roll_value))
            }
            // With a table, the values are chances to win (or its mixing decides).
            Some(_) if s.lead.is_none() => {
                can_bank
                    && (hand == 0
                        || values.table_banks
                        || bank_value.is_some_and(|b| b >= roll_value && values.mixing.is_none()))
            }
            _ => Self::banks(&Mover::of(game), hand, can_bank, roll_value),
        };
        let recommended = if bank {
            Action::Bank
        } else if hand > 0 {
            Action::Roll
        } else {
            Action::ForfeitTurn
        };
        let mut next_roll = match recommended {
            Action::Roll => self.farkle_probability(&Mover::of(game), hand),
            _ => None,
        };
        let mut recommended = recommended;
        if let Some((offer, choice)) = self.piggyback_choice(s)? {
            choices.push(choice);
            chances.push(None);
            if recommended == Action::Roll && choice.value > roll_value {
                recommended = Action::Piggyback;
                next_roll = self.farkle_probability(&Mover::of(game), offer.dice);
            }
        }
        let roll_probability = values.mixing.filter(|_| can_bank && game.can_roll());
        Ok(Self::advice(
            s,
            recommended,
            next_roll,
            choices,
            &chances,
            roll_probability,
        ))
    }

    /// Under piggybacking, the offer standing for the player to move and its choice: the
    /// single-turn value of rolling the offer's dice at its turn total (NaN where the
    /// player's policy cannot value it, an offer above [`MAX_TURN_TOTAL`] among them). `None`
    /// without an offer, or with a two-player table (which refuses piggybacking, so never
    /// holds here). An offer of more points than an [`AdviceChoice`] holds refuses the advice
    /// (`OutOfRange`): it cannot be listed, and leaving it out would hide a legal choice.
    fn piggyback_choice(
        &self,
        s: &Situation,
    ) -> Result<Option<(PiggybackOffer, AdviceChoice)>, AdviceError> {
        let Some(offer) = s.game.piggyback_offer() else {
            return Ok(None);
        };
        if s.table.is_some() {
            return Ok(None);
        }
        let points = i32::try_from(offer.points).map_err(|_| {
            StrategyError::OutOfRange(format!(
                "the turn offered to take over holds {} points; advice lists offers of up to \
                 {} points",
                offer.points,
                i32::MAX
            ))
        })?;
        let value = if let (Some(last), true) = (&s.last, points <= MAX_TURN_TOTAL) {
            last.roll(points, offer.dice)
        } else if points <= MAX_TURN_TOTAL {
            let m = Mover {
                turn_points: points,
                ..Mover::of(s.game)
            };
            self.roll_value(&m, offer.dice).unwrap_or(f64::NAN)
        } else {
            f64::NAN
        };
        Ok(Some((
            offer,
            AdviceChoice {
                action: Action::Piggyback,
                points,
                value,
            },
        )))
    }

    /// The values of rolling the dice in hand (NaN when every die has scored) and of banking
    /// now (`None` where banking is not allowed, or cannot be valued), with the table's
    /// chances for every valued player and its decision where one applies.
    fn roll_and_bank_values(
        &self,
        s: &Situation,
        can_bank: bool,
    ) -> Result<RollAndBank, AdviceError> {
        let (game, t) = (s.game, s.t);
        let hand = game.turn().hand;
        let points = |roll: f64, bank: Option<f64>| RollAndBank {
            roll,
            bank,
            roll_chances: None,
            bank_chances: None,
            table_banks: false,
            mixing: None,
        };
        if let Some(last) = &s.last {
            let roll = if hand > 0 {
                last.roll(t, hand)
            } else {
                f64::NAN
            };
            return Ok(points(roll, can_bank.then(|| last.bank(t).unwrap_or(0.0))));
        }
        Ok(match &s.table {
            Some(tb) if hand > 0 => {
                let d = tb.decision(t, hand)?;
                let bank_chances = if can_bank {
                    d.bank_win_probabilities.clone()
                } else {
                    None
                };
                let mixing = (d.roll_probability > 0.0 && d.roll_probability < 1.0)
                    .then_some(d.roll_probability);
                RollAndBank {
                    roll: d.roll_win_probabilities[0],
                    bank: bank_chances.as_ref().map(|c| c[0]),
                    roll_chances: Some(d.roll_win_probabilities.clone()),
                    table_banks: d.bank && bank_chances.is_some(),
                    bank_chances,
                    mixing,
                }
            }
            Some(tb) => {
                // Every die scored and no hot dice: bank (or forfeit).
                let bank_chances = if can_bank {
                    tb.bank_all_scored(t)?
                } else {
                    None
                };
                RollAndBank {
                    roll: f64::NAN,
                    bank: bank_chances.as_ref().map(|c| c[0]),
                    roll_chances: None,
                    bank_chances,
                    table_banks: false,
                    mixing: None,
                }
            }
            None if hand > 0 => points(
                self.single_roll_value(game, t, hand)?,
                can_bank.then_some(f64::from(t)),
            ),
            None => points(f64::NAN, can_bank.then_some(f64::from(t))),
        })
    }

    /// Whether the game would let the player to move bank a turn of `t` points.
    fn bank_allowed(&self, game: &Game, t: i32) -> bool {
        self.bank_allowed_for(&Mover::of(game), t)
    }

    /// Whether a player in this situation may bank a turn of `t` points, having scored a
    /// selection (every selection scores, so `t > 0`).
    fn bank_allowed_for(&self, m: &Mover, t: i32) -> bool {
        t > 0 && check_bank_total(self.rules(), m.on_board, t.into()).is_ok()
    }

    /// The single-turn value of rolling `hand` dice at turn total `t` (not banking).
    fn single_roll_value(&self, game: &Game, t: i32, hand: u8) -> Result<f64, StrategyError> {
        let m = Mover {
            turn_points: t,
            ..Mover::of(game)
        };
        self.roll_value(&m, hand)
    }

    /// The single-turn value of rolling `hand` dice (not banking) for a player in this
    /// situation, at its turn points.
    pub(crate) fn roll_value(&self, m: &Mover, hand: u8) -> Result<f64, StrategyError> {
        let t = m.turn_points;
        let policy = self.single_for(m);
        let odds = self.odds_for(m);
        let unit = odds.unit();
        let hand_odds = odds.hand(hand).expect("hand size in range");
        // A farkle is worth the policy's farkle payoff (0 without a penalty).
        let mut acc = hand_odds.farkle().to_f64() * policy.farkle_payoff();
        for g in &hand_odds.groups {
            let mut best = f64::NEG_INFINITY;
            for (k, b) in g.best.iter().enumerate() {
                let Some(b) = *b else { continue };
                let t2 = t + b as i32 * unit;
                let left = hand as usize - k - 1;
                let v = if left > 0 {
                    policy.value(t2, left as u8)?
                } else if self.rules().hot_dice {
                    policy.value(t2, self.rules().dice_count)?
                } else if self.bank_allowed_for(m, t2) {
                    f64::from(t2)
                } else {
                    0.0
                };
                best = best.max(v);
            }
            acc += g.probability * best;
        }
        Ok(acc)
    }
}

/// The game and what every phase's advice reads of it (see [`Advisor::advise`]).
struct Situation<'a> {
    game: &'a Game,
    /// The turn's points, at most [`MAX_TURN_TOTAL`].
    t: i32,
    /// In the player's last turn of a final round, the best score among the others.
    lead: Option<i64>,
    /// In the player's last turn of a final round, that turn played to win (`None` where
    /// it needs more than a last turn solves: the player then rolls on until ahead).
    last: Option<LastInPlay<'a>>,
    /// The table that applies to the game now, if any.
    table: Option<TableInPlay<'a>>,
    /// What the values mean.
    kind: ValueKind,
}

/// The player to move, as the single-turn decisions see it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Mover {
    /// Points made so far this turn (at most [`MAX_TURN_TOTAL`]).
    pub turn_points: i32,
    pub on_board: bool,
    pub farkles_in_a_row: u32,
    /// Banked score.
    pub score: i64,
    /// In the player's last turn of a final round, the best score among the others.
    pub lead: Option<i64>,
}

impl Mover {
    /// The player to move in `game` (turn points saturated into i32; the advice refuses a
    /// turn above [`MAX_TURN_TOTAL`] before using them).
    pub(crate) fn of(game: &Game) -> Mover {
        let me = &game.players()[game.current_player()];
        Mover {
            turn_points: i32::try_from(game.turn().points).unwrap_or(i32::MAX),
            on_board: me.on_board,
            farkles_in_a_row: me.consecutive_farkles,
            score: me.score,
            lead: Advisor::final_round_lead(game),
        }
    }
}

/// What rolling and banking are worth before a roll (see [`Advisor::advise`]).
struct RollAndBank {
    /// The mover's value of rolling (NaN with no dice in hand).
    roll: f64,
    /// Of banking, where allowed and valued.
    bank: Option<f64>,
    /// With a table, every valued player's chances either way, the mover first.
    roll_chances: Option<Vec<f64>>,
    bank_chances: Option<Vec<f64>>,
    /// Whether the table's decision is to bank (where banking is allowed).
    table_banks: bool,
    /// Where the table's mover mixes, the probability that it rolls.
    mixing: Option<f64>,
}
