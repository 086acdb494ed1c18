// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Advice and computer players from C: farkle_game_advise() and farkle_game_bot_play_turn().
//! Conversions and checks only; the play is in `crate::strategy::bots`.

use std::sync::Arc;

use std::ffi::c_void;

use strum::{EnumIter, EnumMessage};

use crate::ffi::boundary::{list_out, out, Handle, Outcome};
use crate::ffi::error::{fail, CEnum, FarkleStatus};
use crate::ffi::game::{with_game, FarkleGame};
use crate::ffi::progress::{with_progress, FarkleProgressFn};
use crate::ffi::win_table::FarkleWinTable;
use crate::strategy::{
    Action, AdviceChoice, AdviceError, Advisor, Bot, Progress, Thresholds, ValueKind,
};

/// An action of the player to move (FarkleAdviceChoice.action).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleAction {
    /// Roll the dice in hand (farkle_game_roll()).
    Roll = 0,
    /// Keep the dice of dice_mask (farkle_game_select_mask()).
    Select = 1,
    /// Bank the turn (farkle_game_bank()).
    Bank = 2,
    /// Acknowledge the farkle (farkle_game_acknowledge_farkle()).
    AcknowledgeFarkle = 3,
    /// Give the turn up (farkle_game_forfeit_turn()).
    ForfeitTurn = 4,
    /// Take over the turn the previous player banked (farkle_game_piggyback()).
    Piggyback = 5,
}

/// What the values of an advice mean (FarkleAdvice.value_kind).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleValueKind {
    /// Expected points banked this turn (the turn's points so far included) under the optimal
    /// single-turn policy; a farkle counts 0. Under a farkle penalty in points, for a player
    /// on the board, a farkle counts what the long-run policy for the player's farkles in a
    /// row says it costs (minus the penalty on the last farkle of a streak).
    ExpectedPoints = 0,
    /// The probability that the player to move wins, under optimal two-player play or the
    /// three-player equilibrium (a table that covers every active player).
    WinProbability = 1,
    /// The probability that the player to move would win a two-player game against its
    /// strongest opponent, not its chance at this table: what
    /// FARKLE_BOT_KIND_STRONGEST_OPPONENT plays by in games no table covers. Also the
    /// chance, in a last turn of a final round with other players still to take theirs, to
    /// finish strictly above the best other score (level counting 1/2 or 1/3), the later
    /// players not modelled: farkle_game_advise() gives it there (with or without a table);
    /// elsewhere, with a table that does not cover the game, it gives expected points.
    HeadToHeadWinProbability = 2,
}

/// A computer player (the bot_kind argument of farkle_game_bot_play_turn(), as a uint32_t).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleBotKind {
    /// Picks uniformly among the legal actions, drawing from the seed argument.
    RandomLegal = 0,
    /// Keeps the selection with the most points (the most dice among equals) and banks once
    /// the turn reaches 300 points with 1 or 2 dice left, 400 with 3, 700 with 4, 2000 with 5
    /// (never with 6), or when banking reaches the target; in a final round it rolls on until
    /// it leads.
    Threshold = 1,
    /// Maximizes the expected points banked this turn; in its last turn of a final round,
    /// the chance to finish strictly above the best other score (level counting its share).
    SingleTurnOptimal = 2,
    /// Maximizes P(win) with a table that covers the game: a two-player table in a game of
    /// two active players, a three-player one in a game of three (where the equilibrium
    /// mixes banking and rolling, it draws from the seed). Single-turn optimal otherwise. In
    /// its last turn of a final round it maximizes the chance to finish strictly above the
    /// best other score (level counting its share): with two players, P(win); with a
    /// three-player table, P(win) as the table's endgame counts it.
    WinOptimal = 3,
    /// For games no solved table covers (four or more players, or three without a
    /// three-player table): plays a two-player table against the opponent most likely to beat
    /// it head to head by that table (ties: the one who plays soonest); as
    /// FARKLE_BOT_KIND_WIN_OPTIMAL in a two-player game. Needs a two-player table.
    StrongestOpponent = 4,
}

c_enums!(FarkleAction, FarkleValueKind, FarkleBotKind);

/// One legal choice and its value.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleAdviceChoice {
    /// What to do.
    pub action: FarkleAction,
    /// For FARKLE_ACTION_SELECT: the dice to keep (bit i = the i-th die of the current roll,
    /// as farkle_game_selections() gives them); 0 otherwise.
    pub dice_mask: u16,
    /// For FARKLE_ACTION_SELECT: the selection's points; for FARKLE_ACTION_PIGGYBACK: the
    /// points taken over; 0 otherwise.
    pub points: i32,
    /// The value of this choice (see FarkleAdvice.value_kind) with optimal play afterwards.
    /// NaN where the library cannot value it (banking at the target in a final-round game
    /// with a two-player table, or rolling with no dice in hand).
    pub value: f64,
}

/// Advice for the player to move.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleAdvice {
    /// The recommended choice (one of the choices listed).
    pub recommended: FarkleAdviceChoice,
    /// What the values of the choices mean.
    pub value_kind: FarkleValueKind,
    /// Whether a roll follows the recommended action (false when it banks, acknowledges a
    /// farkle or forfeits).
    pub has_next_roll: bool,
    /// The dice that roll would roll (0 when has_next_roll is false).
    pub next_roll_dice: u32,
    /// The exact probability that this roll farkles (0 when has_next_roll is false).
    pub farkle_probability: f64,
    /// The number of legal choices.
    pub choice_count: usize,
}

fn action_out(action: Action, points: i32, value: f64) -> FarkleAdviceChoice {
    let (action, dice_mask) = match action {
        Action::Roll => (FarkleAction::Roll, 0),
        Action::Select(mask) => (FarkleAction::Select, mask),
        Action::Bank => (FarkleAction::Bank, 0),
        Action::AcknowledgeFarkle => (FarkleAction::AcknowledgeFarkle, 0),
        Action::ForfeitTurn => (FarkleAction::ForfeitTurn, 0),
        Action::Piggyback => (FarkleAction::Piggyback, 0),
        Action::Undo | Action::Leave(_) => unreachable!("advice names moves of the turn only"),
    };
    FarkleAdviceChoice {
        action,
        dice_mask,
        points,
        value,
    }
}

/// The game's single-turn advisor (solved on first use, reporting to `progress`), with
/// `table` added when given.
pub(crate) fn advisor_for(
    handle: &FarkleGame,
    table: Option<&FarkleWinTable>,
    progress: Progress,
) -> Outcome<Arc<Advisor>> {
    let single = match handle.advisor.get() {
        Some(a) => Arc::clone(a),
        None => {
            let a = Advisor::single_turn_with_progress(handle.game.rules(), progress)
                .map_err(AdviceError::Strategy)?;
            Arc::clone(handle.advisor.get_or_init(|| Arc::new(a)))
        }
    };
    match table {
        None => Ok(single),
        Some(t) => Ok(Arc::new(single.with_added_table(t.table.clone())?)),
    }
}

/// The computer player of a FarkleBotKind number; `single` gives the single-turn advisor the
/// optimal kinds play with (called at most once).
pub(crate) fn bot_of(
    kind: u32,
    table: Option<&FarkleWinTable>,
    single: impl FnOnce() -> Outcome<Arc<Advisor>>,
) -> Outcome<Bot> {
    Ok(match FarkleBotKind::from_number(kind) {
        Some(FarkleBotKind::RandomLegal) => Bot::RandomLegal,
        Some(FarkleBotKind::Threshold) => Bot::Threshold(Thresholds::default()),
        Some(FarkleBotKind::SingleTurnOptimal) => Bot::Advised(single()?),
        Some(FarkleBotKind::WinOptimal) => {
            let table = table.ok_or_else(|| {
                fail(
                    FarkleStatus::NullPointer,
                    "a FARKLE_BOT_KIND_WIN_OPTIMAL bot needs a table, and table is NULL",
                )
            })?;
            Bot::Advised(Arc::new(single()?.with_added_table(table.table.clone())?))
        }
        Some(FarkleBotKind::StrongestOpponent) => {
            let table = table.ok_or_else(|| {
                fail(
                    FarkleStatus::NullPointer,
                    "a FARKLE_BOT_KIND_STRONGEST_OPPONENT bot needs a two-player table, and \
                     table is NULL",
                )
            })?;
            if table.table.player_count() != 2 {
                return Err(fail(
                    FarkleStatus::InvalidArgument,
                    "a FARKLE_BOT_KIND_STRONGEST_OPPONENT bot plays a two-player table; this \
                     one is for three players (FARKLE_BOT_KIND_WIN_OPTIMAL plays it)",
                ));
            }
            Bot::Advised(Arc::new(
                single()?
                    .with_added_table(table.table.clone())?
                    .against_strongest_opponent(),
            ))
        }
        None => {
            return Err(fail(
                FarkleStatus::InvalidArgument,
                format!("bot kind {kind} is not a FARKLE_BOT_KIND_* value (0 to 4)"),
            ))
        }
    })
}

/// Solves, once per game, the single-turn policies behind farkle_game_advise() and the
/// optimal bots (on the board and not, and under a farkle penalty in points the long-run
/// policy per count of farkles in a row), calling `progress` (when not NULL) as
/// FarkleProgressFn describes (before the work, every few milliseconds during it, 1.0 at the
/// end) with the fraction done and `user`; when it returns false the call stops with
/// FARKLE_STATUS_CANCELLED and the game is unchanged. Without this call the first advice or
/// optimal bot turn solves them without progress. Cost: see farkle_turn_policy_new() (twice)
/// and farkle_penalty_average_points(): milliseconds for six dice, seconds for twelve.
/// Calling it again on a prepared game does nothing and returns FARKLE_STATUS_OK.
///
/// The progress function may read the game (its state, events, a save, advice), but a call
/// that would change it (an action, a bot turn, this function again) is refused with
/// FARKLE_STATUS_WRONG_PHASE while this call runs, and it must not free the game.
///
/// Errors: FARKLE_STATUS_NULL_POINTER; FARKLE_STATUS_WRONG_PHASE (called from the progress
/// function of a farkle_game_prepare_advice() on the same game); FARKLE_STATUS_UNSUPPORTED
/// (a turn could go on forever without risk, or a house rule the policies do not model: a
/// hot_dice_multiplier_step above 0 or an exact_target other than
/// FARKLE_EXACT_TARGET_OFF);
/// FARKLE_STATUS_RESOURCE_LIMIT (the rules need more than the library allows,
/// a bank minimum of a billion points for one); FARKLE_STATUS_CANCELLED. farkle_game_last_error()
/// and farkle_last_error_message() say why.
///
/// # Safety
/// `game` NULL or a live game not used by another thread during the call; `progress` a valid
/// function or NULL.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_prepare_advice(
    game: *mut FarkleGame,
    progress: FarkleProgressFn,
    user: *mut c_void,
) -> FarkleStatus {
    ffi_boundary! {
        // No borrow of the game is held while the progress function runs: it may call back
        // into the game (reads only: `preparing` refuses changes).
        let mut rules = None;
        // SAFETY: the caller's promise for the game.
        unsafe {
            with_game(game, |h| {
                if h.advisor.get().is_none() {
                    h.preparing = true;
                    rules = Some(*h.game.rules());
                }
                Ok(())
            })
        }?;
        let Some(rules) = rules else {
            return Ok(()); // prepared already
        };
        let solved = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            // SAFETY: the caller's promise for the progress function.
            unsafe {
                with_progress(progress, user, |report| {
                    Ok(Advisor::single_turn_with_progress(&rules, report)?)
                })
            }
        }));
        // SAFETY: the caller's promise: the game is live and its progress function did not
        // free it.
        let h = unsafe { FarkleGame::from_mut(game) }?;
        h.preparing = false;
        let solved = solved.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        let outcome = solved.map(|advisor| {
            h.advisor.get_or_init(|| Arc::new(advisor));
        });
        h.record(outcome)
    }
}

/// Advice for the player to move in `game`: the recommended action, the exact farkle
/// probability of the roll that follows it, and every legal choice with its value: the
/// expected points banked this turn under the optimal single-turn policy, or, when `table` is
/// not NULL and the game has two active players (and no final round has started), the
/// probability of winning under optimal two-player play. In the player's last turn of a final
/// round, with or without a table, every choice maximizes the chance to finish strictly above
/// the best other score, level counting its share of the win (1/2 or 1/3), and the values are
/// that chance: FARKLE_VALUE_KIND_WIN_PROBABILITY when nobody plays after this turn (it is
/// then the chance to win), FARKLE_VALUE_KIND_HEAD_TO_HEAD_WIN_PROBABILITY when others still
/// take a last turn (they are not modelled), except that with a three-player table in a
/// three-player game the next player's last turn is the table's endgame (played against the
/// last player's turn still to come; FARKLE_VALUE_KIND_WIN_PROBABILITY). With a table, a
/// score below the table's lower bound (under a farkle penalty in points, minus twice the
/// penalty: -2,000 in the extended preset) is taken as that bound, as the solver counts such
/// scores: the probabilities of a player that far below zero are an approximation (a player
/// at -5,000 is valued as one at -2,000). The single-turn
/// policy for the game's rules is solved on the first call on a game (milliseconds for six
/// dice, up to seconds for twelve; farkle_game_prepare_advice() does it with progress and
/// cancellation) and kept with the game. After that a call costs microseconds, and with a
/// table one turn pass of the two-player solver (about a millisecond) when the pair of scores
/// changes.
///
/// The choices: while a selection is awaited, every legal selection in the order of
/// farkle_game_selections(); before a roll, FARKLE_ACTION_ROLL and/or FARKLE_ACTION_BANK (or
/// FARKLE_ACTION_FORFEIT_TURN), and under piggybacking while an offer stands (see
/// farkle_game_piggyback()) FARKLE_ACTION_PIGGYBACK, last; after a farkle,
/// FARKLE_ACTION_ACKNOWLEDGE_FARKLE. Taking over T points with n dice is valued as rolling
/// the n dice at turn total T (a turn taken over must roll before it may bank) and is
/// recommended when worth strictly more than rolling the full set from 0; its value is NaN,
/// and it is not recommended, where the player's policy cannot value it (a total that single
/// 1s and 5s cannot make, for a player off the board under singles_only_before_entry, or an
/// offer of more than FARKLE_MAX_TURN_TOTAL points). An offer of more points than an int32_t
/// holds (FarkleAdviceChoice.points) cannot be listed: the advice is then refused with
/// FARKLE_STATUS_INVALID_ARGUMENT, saying so.
///
/// `out_choices` may be NULL with `capacity` 0 to skip the list. On success `*out_advice`
/// and `*out_count` (the number of choices) are written, and the choices to `out_choices`
/// when it is not NULL. Errors: FARKLE_STATUS_NULL_POINTER (game, out_advice or out_count, or
/// out_choices NULL with a non-zero capacity); FARKLE_STATUS_GAME_OVER;
/// FARKLE_STATUS_INVALID_ARGUMENT (the table was solved for rules other than the game's, the
/// turn holds more than FARKLE_MAX_TURN_TOTAL points, or a turn offered to take over more
/// than INT32_MAX);
/// FARKLE_STATUS_UNSUPPORTED (the rules' single turn cannot be solved: a turn could go on
/// forever without risk, or a house rule the advice does not model: a
/// hot_dice_multiplier_step above 0 or an exact_target other than FARKLE_EXACT_TARGET_OFF;
/// singles_only_before_entry, piggybacking and the same-face scoring options are honoured);
/// FARKLE_STATUS_RESOURCE_LIMIT (solving it needs more than the limits allow; see
/// farkle_game_prepare_advice());
/// FARKLE_STATUS_BUFFER_TOO_SMALL (out_choices not NULL and fewer than the choices: then
/// only `*out_count` is written, with the number needed). Otherwise nothing is written.
/// `game` and `table` are only read (the first call caches the policy inside the game).
///
/// # Safety
/// `game` NULL or a live game not used by another thread during the call; `table` NULL or a
/// live table; `out_advice` and `out_count` NULL or writable; `out_choices` NULL or writable
/// for `capacity` entries.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_advise(
    game: *const FarkleGame,
    table: *const FarkleWinTable,
    out_advice: *mut FarkleAdvice,
    out_choices: *mut FarkleAdviceChoice,
    capacity: usize,
    out_count: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the pointers and the list buffers.
        let (handle, table, out_advice, list) = unsafe {
            (
                FarkleGame::from_ptr(game)?,
                table.as_ref(),
                out(out_advice)?,
                list_out(out_choices, capacity, out_count)?,
            )
        };
        let advisor = advisor_for(handle, table, &mut |_| true)?;
        let advice = advisor.advise(&handle.game)?;
        let choice = |c: &AdviceChoice| action_out(c.action, c.points, c.value);
        list.write_unless_skipped(advice.choices.iter().map(choice))?;
        let recommended = advice
            .choices
            .iter()
            .find(|c| c.action == advice.recommended)
            .map_or(action_out(advice.recommended, 0, f64::NAN), choice);
        let (dice, p) = advice.next_roll.unwrap_or((0, 0.0));
        out_advice.write(FarkleAdvice {
            recommended,
            value_kind: match advice.kind {
                ValueKind::ExpectedPoints => FarkleValueKind::ExpectedPoints,
                ValueKind::WinProbability => FarkleValueKind::WinProbability,
                ValueKind::HeadToHeadWinProbability => FarkleValueKind::HeadToHeadWinProbability,
            },
            has_next_roll: advice.next_roll.is_some(),
            next_roll_dice: dice.into(),
            farkle_probability: p,
            choice_count: advice.choices.len(),
        });
        Ok(())
    }
}

/// The rest of the advice with a table: after each choice farkle_game_advise() lists (same
/// arguments, same order), every player's probability of winning, by seat, and how often the
/// mover rolls. Choice i's chances are at `out_probabilities[i * player_count + seat]`
/// (player_count as farkle_game_player_count() gives it), and `*out_count` is the number of
/// doubles: choice_count * player_count wherever farkle_game_advise() gives the value kind
/// FARKLE_VALUE_KIND_WIN_PROBABILITY: where the table covers every active player (a departed
/// player's chance is 0; a row of NaN for a choice the table cannot value), and in the last
/// turn of a final round (with or without the table: the mover's chance is the choice's
/// value, the players at the score to beat share the rest alike; a row of NaN for the next
/// player's turn of a three-player final round, the last player still to play); 0
/// otherwise. `*out_roll_probability`, when not NULL, is the probability that the
/// mover rolls: strictly between 0 and 1 only where the three-player equilibrium mixes
/// banking and rolling (a player of the equilibrium draws), else 1 when the recommendation is
/// to roll and 0 when it is not. `out_probabilities` may be NULL with `capacity` 0 to ask for
/// the count.
///
/// Errors as for farkle_game_advise(); nothing is written on an error (with
/// FARKLE_STATUS_BUFFER_TOO_SMALL, only `*out_count`).
///
/// # Safety
/// As for farkle_game_advise(); `out_probabilities` NULL or writable for `capacity`
/// doubles, `out_roll_probability` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_advise_seats(
    game: *const FarkleGame,
    table: *const FarkleWinTable,
    out_probabilities: *mut f64,
    capacity: usize,
    out_count: *mut usize,
    out_roll_probability: *mut f64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the pointers and the list buffer.
        let (handle, table, list, roll_out) = unsafe {
            (
                FarkleGame::from_ptr(game)?,
                table.as_ref(),
                list_out(out_probabilities, capacity, out_count)?,
                out(out_roll_probability).ok(),
            )
        };
        let advisor = advisor_for(handle, table, &mut |_| true)?;
        let advice = advisor.advise(&handle.game)?;
        let cells: Vec<f64> = advice.seat_win_probabilities.concat();
        list.write(cells.into_iter())?;
        if let Some(to) = roll_out {
            let rolls = advice.recommended == Action::Roll;
            to.write(advice.roll_probability.unwrap_or(if rolls { 1.0 } else { 0.0 }));
        }
        Ok(())
    }
}

/// The computer player `bot_kind` (a FarkleBotKind value) plays the current player's turn to
/// its end with the game's dice generator: from whatever point the turn has reached, it
/// rolls, selects, banks or rolls on, and acknowledges a farkle. Every action goes through the
/// game's rules; a bot never makes an illegal call. `table` is needed by
/// FARKLE_BOT_KIND_WIN_OPTIMAL and ignored by the other kinds; `seed` seeds the random bot's
/// choices and is ignored by the others. What happened can be read from the game's events
/// and rolls.
///
/// Errors (the game is left exactly as it was; farkle_game_last_error() says why):
/// FARKLE_STATUS_NULL_POINTER (game, or table with FARKLE_BOT_KIND_WIN_OPTIMAL);
/// FARKLE_STATUS_INVALID_ARGUMENT (an unknown bot_kind, or a table solved for other rules);
/// FARKLE_STATUS_GAME_OVER; FARKLE_STATUS_NO_DICE_GENERATOR (the game's dice are supplied);
/// FARKLE_STATUS_ENTROPY_UNAVAILABLE; FARKLE_STATUS_UNSUPPORTED (an optimal kind under
/// rules whose single turn cannot be solved, or under a house rule the advice does not model;
/// see farkle_game_advise(); the random and threshold kinds play under every rules value);
/// FARKLE_STATUS_RESOURCE_LIMIT (the single-turn policy of the optimal
/// kinds needs more than the limits allow, or the turn reached
/// FARKLE_LIMIT_BOT_ROLLS_PER_TURN rolls where the bot may not bank: only rules under which a
/// hand can be rolled forever without risk get there).
///
/// Every turn ends: a bot makes at most FARKLE_LIMIT_BOT_ROLLS_PER_TURN rolls, and at that
/// many banks if it may. The first call with an optimal kind solves the game's single-turn
/// policy (see farkle_game_prepare_advice()).
///
/// # Safety
/// `game` NULL or a live game not used by another thread; `table` NULL or a live table.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_bot_play_turn(
    game: *mut FarkleGame,
    bot_kind: u32,
    table: *const FarkleWinTable,
    seed: u64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise for the table.
        let table = unsafe { table.as_ref() };
        // SAFETY: the caller's promise for the game.
        unsafe {
            with_game(game, |handle| {
                let single = || advisor_for(handle, None, &mut |_| true);
                let bot = bot_of(bot_kind, table, single)?;
                use rand::SeedableRng;
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                // A refused turn puts the game back as it was (Bot::play_turn restores it).
                bot.play_turn(&mut handle.game, &mut rng)?;
                Ok(())
            })
        }
    }
}
