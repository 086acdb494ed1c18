// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Cards from C: strategies a person can play from a few numbers (FarkleCard), their exact
//! chance against a table's players, the best card of a family, a card playing in games and
//! simulations, and the coach's note on a decision. Conversions and checks only; the cards
//! are in `crate::strategy::cards`.

use std::ffi::{c_char, c_void};

use strum::{EnumIter, EnumMessage};

use crate::ffi::bots::{advisor_for, FarkleAction, FarkleValueKind};
use crate::ffi::boundary::{arg, list_out, out, slice, Handle, Outcome};
use crate::ffi::error::{fail, CEnum, FarkleStatus};
use crate::ffi::game::{with_game, FarkleGame};
use crate::ffi::progress::{with_progress, FarkleProgressFn};
use crate::ffi::rules::FarkleRules;
use crate::ffi::simulate::{bots_of, simulation_out, FarkleSimulation};
use crate::ffi::win_table::FarkleWinTable;
use crate::game::{Action, Phase, MAX_PLAYERS};
use crate::rules::Rules;
use crate::strategy::cards::{
    best_card, evaluate_card, Banking, Card, CardValue, CoachNote, Family, Keep, Situation,
    Situational, MAX_CARD_POINTS,
};
use crate::strategy::{simulate_with_progress, Bot, ValueKind};

/// The largest threshold or band a card holds, in points.
pub const FARKLE_CARD_MAX_POINTS: u32 = 100_000;
const _: () = assert!(FARKLE_CARD_MAX_POINTS == MAX_CARD_POINTS);

/// A threshold that never banks (a card that always rolls on with that many dice left).
pub const FARKLE_CARD_NEVER: u32 = 4_294_967_295;
const _: () = assert!(FARKLE_CARD_NEVER == u32::MAX);

/// The most thresholds in a card's row: one per count of dice left, for up to 12 dice.
pub const FARKLE_CARD_MAX_DICE: u32 = 12;
const _: () = assert!(FARKLE_CARD_MAX_DICE as usize == crate::dice::MAX_DICE);

/// The folk cards farkle_card_folk() gives, numbered 0 to FARKLE_CARD_FOLK_COUNT - 1.
pub const FARKLE_CARD_FOLK_COUNT: u32 = 6;

/// A family of cards: how a card decides when to bank.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleCardFamily {
    /// One threshold: bank once the turn reaches it.
    #[strum(message = "total\0")]
    Total = 0,
    /// One threshold per count of dice left to roll.
    #[strum(message = "per dice\0")]
    PerDice = 1,
    /// One threshold per count of dice left in each FarkleCardSituation, with the bands that
    /// say which situation applies.
    #[strum(message = "situational\0")]
    Situational = 2,
}

/// Which dice a card keeps from a scoring roll.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleCardKeep {
    /// Every scoring die: the selection with the most points, then the most dice.
    #[strum(message = "all\0")]
    All = 0,
    /// The dice that score the most per die kept (among equal rates the most points, then
    /// the most dice).
    #[strum(message = "rate\0")]
    Rate = 1,
    /// Every scoring die, except that when they all score as singles (1s and 5s) and keeping
    /// one leaves at least `reroll` dice to roll, one die only (a 1 before a 5).
    #[strum(message = "single\0")]
    Single = 2,
}

/// The situation rows of a FARKLE_CARD_FAMILY_SITUATIONAL card, in the order of its rows.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, EnumMessage)]
pub enum FarkleCardSituation {
    /// Behind the best other score by more than the band.
    #[strum(message = "behind\0")]
    Behind = 0,
    /// Within the band of the best other score, either way.
    #[strum(message = "level\0")]
    Level = 1,
    /// Ahead of the best other score by more than the band.
    #[strum(message = "ahead\0")]
    Ahead = 2,
    /// Someone is within the endgame band of the target (this row wins over the others).
    #[strum(message = "endgame\0")]
    Endgame = 3,
}

c_enums!(FarkleCardFamily, FarkleCardKeep, FarkleCardSituation);

/// A card: when to bank and which dice to keep, in a few numbers. Create one with a
/// farkle_card_new_* function, farkle_card_folk() or farkle_card_best(); free it with
/// farkle_card_free(). Immutable once created: one card may be read by many threads.
pub struct FarkleCard {
    pub(crate) card: Card,
}

impl Handle for FarkleCard {}

/// What a card holds besides its thresholds (farkle_card_info()).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleCardInfo {
    /// How it banks (a FarkleCardFamily value).
    pub family: FarkleCardFamily,
    /// The thresholds per situation: 1 for a total card (the same for any dice left), the
    /// count of dice its rows are for otherwise (1 to FARKLE_CARD_MAX_DICE).
    pub dice: u32,
    /// A situational card's band: behind or ahead means by more than this many points; 0
    /// for the other families.
    pub band: u32,
    /// A situational card's endgame band: its endgame row applies once the highest score is
    /// within this many points of the target (0: never); 0 for the other families.
    pub endgame: u32,
    /// Which dice it keeps.
    pub keep: FarkleCardKeep,
    /// For FARKLE_CARD_KEEP_SINGLE: the fewest dice left to roll for which it keeps one
    /// single; 0 otherwise.
    pub reroll: u32,
}

/// A card's exact value against a table's players (farkle_card_evaluate()): the other seats
/// play the table (the optimal opponent of a two-player table, the equilibrium of a
/// three-player one). Chances are probabilities (0.01 is one percentage point), a tie
/// counted as a win shared.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleCardValue {
    /// Players in the game (2 or 3).
    pub player_count: u32,
    /// The card's chance to win averaged over the seats (each seat equally likely): what
    /// farkle_card_best() maximizes.
    pub chance: f64,
    /// The fair share: 1 / player_count.
    pub fair_share: f64,
    /// Optimal play's chance averaged over the seats (the fair share, to rounding).
    pub optimal_chance: f64,
    /// optimal_chance - chance: what playing the card instead of optimally costs.
    pub price: f64,
    /// The card's chance from the start in each seat (seat 0 moves first); the entries past
    /// player_count are 0.
    pub seats: [f64; 3],
    /// The table's own player's chance in each seat, against the same opponents.
    pub optimal: [f64; 3],
}

/// The coach's note on the decision a game awaits (farkle_game_coach()): what the card plays,
/// what optimal play plays, each valued with optimal play afterwards.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FarkleCoachNote {
    /// What the card plays: FARKLE_ACTION_SELECT, FARKLE_ACTION_ROLL or FARKLE_ACTION_BANK
    /// (FARKLE_ACTION_FORFEIT_TURN where neither roll nor bank is allowed).
    pub card_action: FarkleAction,
    /// For FARKLE_ACTION_SELECT: the dice the card keeps (bit i = the i-th die of the roll);
    /// 0 otherwise.
    pub card_dice_mask: u16,
    /// What optimal play plays (farkle_game_advise()'s recommendation).
    pub optimal_action: FarkleAction,
    /// For FARKLE_ACTION_SELECT: the dice optimal play keeps; 0 otherwise.
    pub optimal_dice_mask: u16,
    /// What the values mean: a chance to win with a table that covers the game, expected
    /// points of the turn without one (as farkle_game_advise()).
    pub value_kind: FarkleValueKind,
    /// The value of the card's action (NaN where the advice cannot value it).
    pub card_value: f64,
    /// The value of optimal play's action.
    pub optimal_value: f64,
    /// What following the card costs here: optimal_value - card_value, 0 when both play
    /// alike, NaN where either has no value. In the unit of value_kind (a chance: 0.01 is
    /// one percentage point).
    pub cost: f64,
    /// Whether the card plays as optimal play does.
    pub agrees: bool,
}

/// The keep rule of a C (keep, reroll) pair: reroll is used by FARKLE_CARD_KEEP_SINGLE only
/// and must be 0 with the others.
fn keep_of(keep: u32, reroll: u32) -> Outcome<Keep> {
    let k = FarkleCardKeep::from_number(keep).ok_or_else(|| {
        fail(
            FarkleStatus::InvalidArgument,
            format!("keep {keep} is not a FARKLE_CARD_KEEP_* value (0 to 2)"),
        )
    })?;
    if k != FarkleCardKeep::Single && reroll != 0 {
        return Err(fail(
            FarkleStatus::InvalidArgument,
            format!("reroll is {reroll}; it is 0 unless keep is FARKLE_CARD_KEEP_SINGLE"),
        ));
    }
    Ok(match k {
        FarkleCardKeep::All => Keep::All,
        FarkleCardKeep::Rate => Keep::Rate,
        FarkleCardKeep::Single => Keep::Single {
            reroll: u8::try_from(reroll).map_err(|_| {
                fail(
                    FarkleStatus::InvalidArgument,
                    format!("reroll is {reroll}; a card keeps one single with 1 to 11 dice left"),
                )
            })?,
        },
    })
}

/// A threshold from C: FARKLE_CARD_NEVER is "never".
fn threshold_of(t: u32) -> Option<u32> {
    (t != FARKLE_CARD_NEVER).then_some(t)
}

/// A threshold for C.
fn threshold_out(t: Option<u32>) -> u32 {
    t.unwrap_or(FARKLE_CARD_NEVER)
}

/// A row of thresholds from C, its length checked before anything is allocated.
fn row_of(thresholds: &[u32]) -> Outcome<Vec<Option<u32>>> {
    if thresholds.is_empty() || thresholds.len() > FARKLE_CARD_MAX_DICE as usize {
        return Err(fail(
            FarkleStatus::InvalidArgument,
            format!(
                "{} thresholds per count of dice; a card has 1 to {FARKLE_CARD_MAX_DICE}",
                thresholds.len()
            ),
        ));
    }
    Ok(thresholds.iter().copied().map(threshold_of).collect())
}

/// Hands a checked card to the caller.
fn card_out(card: Card, to: crate::ffi::boundary::Out<*mut FarkleCard>) -> Outcome {
    card.validate()?;
    FarkleCard { card }.into_out(to);
    Ok(())
}

/// A card that banks once the turn reaches `threshold` points (at most
/// FARKLE_CARD_MAX_POINTS; FARKLE_CARD_NEVER is refused: a card that never banks is a
/// per-dice card of "never"s) and keeps by `keep` (a FarkleCardKeep value) and `reroll` (the
/// fewest dice left for FARKLE_CARD_KEEP_SINGLE, 1 to 11; 0 with the other rules). On
/// success `*out_card` receives a new card (free it with farkle_card_free()).
///
/// Errors (nothing written): FARKLE_STATUS_NULL_POINTER; FARKLE_STATUS_INVALID_ARGUMENT (a
/// threshold above FARKLE_CARD_MAX_POINTS, an unknown keep, a reroll out of range or not 0
/// where unused). Whether the card fits a set of dice is checked where it is used (a reroll
/// of 5 needs at least 6 dice).
///
/// # Safety
/// `out_card` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_card_new_total(
    threshold: u32,
    keep: u32,
    reroll: u32,
    out_card: *mut *mut FarkleCard,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise for the output.
        let to = unsafe { out(out_card) }?;
        let keep = keep_of(keep, reroll)?;
        card_out(Card { bank: Banking::Total(threshold), keep }, to)
    }
}

/// A card with one threshold per count of dice left: `thresholds[d - 1]` for d dice left,
/// `dice` of them (1 to FARKLE_CARD_MAX_DICE: the rules' dice count, where it is used), each
/// at most FARKLE_CARD_MAX_POINTS or FARKLE_CARD_NEVER. `keep` and `reroll` as for
/// farkle_card_new_total().
///
/// Errors (nothing written): FARKLE_STATUS_NULL_POINTER (out_card, or thresholds with dice
/// above 0); FARKLE_STATUS_INVALID_ARGUMENT (dice 0 or above FARKLE_CARD_MAX_DICE, a
/// threshold out of range, a keep rule as for farkle_card_new_total() or one that names more
/// dice than the row has).
///
/// # Safety
/// `thresholds` NULL or readable for `dice` values; `out_card` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_card_new_per_dice(
    thresholds: *const u32,
    dice: u32,
    keep: u32,
    reroll: u32,
    out_card: *mut *mut FarkleCard,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the row and the output.
        let (to, thresholds) = unsafe { (out(out_card)?, slice(thresholds, dice as usize)?) };
        let bank = Banking::PerDice(row_of(thresholds)?);
        card_out(Card { bank, keep: keep_of(keep, reroll)? }, to)
    }
}

/// A card with one threshold per count of dice left in each FarkleCardSituation:
/// `thresholds[s * dice + d - 1]` for situation s and d dice left (4 * `dice` values, `dice`
/// from 1 to FARKLE_CARD_MAX_DICE). Behind or ahead means by more than `band` points (0: any
/// difference); the endgame row applies once the highest score (the player's own included)
/// is within `endgame` points of the target (0: never); both at most FARKLE_CARD_MAX_POINTS.
/// `keep` and `reroll` as for farkle_card_new_total().
///
/// Errors (nothing written): as for farkle_card_new_per_dice(), and a band above
/// FARKLE_CARD_MAX_POINTS (FARKLE_STATUS_INVALID_ARGUMENT).
///
/// # Safety
/// `thresholds` NULL or readable for 4 * `dice` values; `out_card` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_card_new_situational(
    thresholds: *const u32,
    dice: u32,
    band: u32,
    endgame: u32,
    keep: u32,
    reroll: u32,
    out_card: *mut *mut FarkleCard,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise for the output.
        let to = unsafe { out(out_card) }?;
        if dice == 0 || dice > FARKLE_CARD_MAX_DICE {
            return Err(fail(
                FarkleStatus::InvalidArgument,
                format!("rows for {dice} dice; a card has 1 to {FARKLE_CARD_MAX_DICE}"),
            ));
        }
        let n = dice as usize;
        // SAFETY: the caller's promise for the rows (dice is at most 12, so 4 * n fits).
        let all = unsafe { slice(thresholds, 4 * n) }?;
        let rows = [
            row_of(&all[..n])?,
            row_of(&all[n..2 * n])?,
            row_of(&all[2 * n..3 * n])?,
            row_of(&all[3 * n..])?,
        ];
        let bank = Banking::Situational(Situational { band, endgame, rows });
        card_out(Card { bank, keep: keep_of(keep, reroll)? }, to)
    }
}

/// The static names of the folk cards, as `Card::folk` names them.
const FOLK_NAMES: [&str; FARKLE_CARD_FOLK_COUNT as usize] = [
    "bank at 300\0",
    "bank at 350\0",
    "bank at 500\0",
    "bank at 1,000\0",
    "never roll 1 or 2 dice\0",
    "bank at 300, never roll 1 or 2 dice\0",
];

/// Folk card `index` (0 to FARKLE_CARD_FOLK_COUNT - 1) for a set of `dice` dice (1 to
/// FARKLE_CARD_MAX_DICE), every one keeping every scoring die: 0 to 3 bank at 300, 350, 500
/// and 1,000; 4 never rolls 1 or 2 dice (banks with 1 or 2 dice left, rolls on with more); 5
/// is 4 with a bank at 300 otherwise. farkle_card_folk_name() names them.
///
/// Errors (nothing written): FARKLE_STATUS_NULL_POINTER; FARKLE_STATUS_INDEX_OUT_OF_RANGE
/// (index); FARKLE_STATUS_INVALID_ARGUMENT (dice).
///
/// # Safety
/// `out_card` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_card_folk(
    dice: u32,
    index: u32,
    out_card: *mut *mut FarkleCard,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise for the output.
        let to = unsafe { out(out_card) }?;
        if dice == 0 || dice > FARKLE_CARD_MAX_DICE {
            return Err(fail(
                FarkleStatus::InvalidArgument,
                format!("{dice} dice; a card is for 1 to {FARKLE_CARD_MAX_DICE}"),
            ));
        }
        let folk = Card::folk(dice as u8);
        let (_, card) = folk.into_iter().nth(index as usize).ok_or_else(|| {
            fail(
                FarkleStatus::IndexOutOfRange,
                format!("folk card {index}; there are {FARKLE_CARD_FOLK_COUNT}"),
            )
        })?;
        card_out(card, to)
    }
}

/// The name of folk card `index` ("bank at 300", ...), a static string; NULL for an index
/// of no folk card.
#[no_mangle]
pub extern "C" fn farkle_card_folk_name(index: u32) -> *const c_char {
    ffi_guard!(
        std::ptr::null(),
        FOLK_NAMES
            .get(index as usize)
            .map_or(std::ptr::null(), |n| n.as_ptr().cast())
    )
}

/// Frees a card; NULL does nothing. Do not use it or free it again afterwards.
///
/// # Safety
/// `card` must be NULL or come from this library and not be freed yet.
#[no_mangle]
pub unsafe extern "C" fn farkle_card_free(card: *mut FarkleCard) {
    // SAFETY: the caller's promise.
    ffi_guard!((), unsafe { FarkleCard::free(card) });
}

/// What `card` holds besides its thresholds: its family, the dice its rows are for, its
/// bands and its keep rule.
///
/// Errors (nothing written): FARKLE_STATUS_NULL_POINTER.
///
/// # Safety
/// `card` NULL or a live card; `out_info` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_card_info(
    card: *const FarkleCard,
    out_info: *mut FarkleCardInfo,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (card, to) = unsafe { (FarkleCard::from_ptr(card)?, out(out_info)?) };
        let card = &card.card;
        let (family, dice, band, endgame) = match &card.bank {
            Banking::Total(_) => (FarkleCardFamily::Total, 1, 0, 0),
            Banking::PerDice(row) => (FarkleCardFamily::PerDice, row.len() as u32, 0, 0),
            Banking::Situational(s) => (
                FarkleCardFamily::Situational,
                s.rows[0].len() as u32,
                s.band,
                s.endgame,
            ),
        };
        let (keep, reroll) = match card.keep {
            Keep::All => (FarkleCardKeep::All, 0),
            Keep::Rate => (FarkleCardKeep::Rate, 0),
            Keep::Single { reroll } => (FarkleCardKeep::Single, u32::from(reroll)),
        };
        to.write(FarkleCardInfo { family, dice, band, endgame, keep, reroll });
        Ok(())
    }
}

/// The threshold `card` banks at in `situation` (a FarkleCardSituation value) with
/// `dice_left` dice left to roll, in points, or FARKLE_CARD_NEVER: `*out_threshold`. A total
/// card has one threshold for any dice left (1 to FARKLE_CARD_MAX_DICE) and situation; a
/// per-dice card one per count of dice (1 to farkle_card_info()'s dice), the same in every
/// situation.
///
/// Errors (nothing written): FARKLE_STATUS_NULL_POINTER; FARKLE_STATUS_INVALID_ARGUMENT (an
/// unknown situation); FARKLE_STATUS_INDEX_OUT_OF_RANGE (dice_left 0 or past the row).
///
/// # Safety
/// `card` NULL or a live card; `out_threshold` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_card_threshold(
    card: *const FarkleCard,
    situation: u32,
    dice_left: u32,
    out_threshold: *mut u32,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for both pointers.
        let (card, to) = unsafe { (FarkleCard::from_ptr(card)?, out(out_threshold)?) };
        let s = match FarkleCardSituation::from_number(situation) {
            Some(FarkleCardSituation::Behind) => Situation::Behind,
            Some(FarkleCardSituation::Level) => Situation::Level,
            Some(FarkleCardSituation::Ahead) => Situation::Ahead,
            Some(FarkleCardSituation::Endgame) => Situation::Endgame,
            None => {
                return Err(fail(
                    FarkleStatus::InvalidArgument,
                    format!("situation {situation} is not a FARKLE_CARD_SITUATION_* value (0 to 3)"),
                ))
            }
        };
        let width = match &card.card.bank {
            Banking::Total(_) => FARKLE_CARD_MAX_DICE as usize,
            Banking::PerDice(row) => row.len(),
            Banking::Situational(s) => s.rows[0].len(),
        };
        let row = card.card.bank.row(s, width);
        let t = (dice_left as usize)
            .checked_sub(1)
            .and_then(|i| row.get(i))
            .ok_or_else(|| {
                fail(
                    FarkleStatus::IndexOutOfRange,
                    format!("{dice_left} dice left; the card has thresholds for 1 to {width}"),
                )
            })?;
        to.write(threshold_out(*t));
        Ok(())
    }
}

/// The card as text a person can follow, one line a rule (UTF-8, lines ending in '\n'),
/// NUL-terminated in `buf`. `*out_len` receives the bytes the text needs, the NUL
/// included; `buf` may be NULL with `capacity` 0 to ask for it.
///
/// Errors: FARKLE_STATUS_NULL_POINTER (card or out_len, or buf NULL with a non-zero
/// capacity); FARKLE_STATUS_BUFFER_TOO_SMALL (only `*out_len` written).
///
/// # Safety
/// `card` NULL or a live card; `buf` NULL or writable for `capacity` bytes; `out_len` NULL
/// or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_card_text(
    card: *const FarkleCard,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the card and the buffers.
        let (card, list) = unsafe { (FarkleCard::from_ptr(card)?, list_out(buf, capacity, out_len)?) };
        let text = card.card.to_string();
        let bytes: Vec<c_char> = text.bytes().chain([0]).map(|b| b as c_char).collect();
        list.write(bytes.into_iter())
    }
}

fn value_out(v: &CardValue) -> FarkleCardValue {
    let mut seats = [0.0; 3];
    let mut optimal = [0.0; 3];
    for (i, s) in v.seats.iter().take(3).enumerate() {
        seats[i] = *s;
    }
    for (i, s) in v.optimal.iter().take(3).enumerate() {
        optimal[i] = *s;
    }
    FarkleCardValue {
        player_count: v.players() as u32,
        chance: v.chance(),
        fair_share: v.fair_share(),
        optimal_chance: v.optimal_chance(),
        price: v.price(),
        seats,
        optimal,
    }
}

/// The exact value of `card` against `table`'s players (FarkleCardValue), by the exact
/// evaluation of the card's play from every state of the table (seconds for the classic
/// preset to 10,000 with two players, a release build), reporting to `progress` (when not NULL) as FarkleProgressFn describes; when it returns
/// false the call stops with FARKLE_STATUS_CANCELLED.
///
/// Errors (nothing written): FARKLE_STATUS_NULL_POINTER; FARKLE_STATUS_INVALID_ARGUMENT (the
/// card does not fit the table's rules: a row for another count of dice, a reroll of as
/// many dice as the set has or more); FARKLE_STATUS_UNSUPPORTED or
/// FARKLE_STATUS_RESOURCE_LIMIT (the table's rules cannot be evaluated);
/// FARKLE_STATUS_CANCELLED.
///
/// # Safety
/// `card` and `table` NULL or live; `progress` a valid function or NULL; `out_value` NULL
/// or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_card_evaluate(
    card: *const FarkleCard,
    table: *const FarkleWinTable,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_value: *mut FarkleCardValue,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the pointers.
        let (card, table, to) = unsafe {
            (FarkleCard::from_ptr(card)?, FarkleWinTable::from_ptr(table)?, out(out_value)?)
        };
        card.card.validate_for(table.table.rules())?;
        // SAFETY: the caller's promise for the progress function.
        let value = unsafe {
            with_progress(progress, user, |report| {
                Ok(evaluate_card(&table.table, &card.card, report)?)
            })
        }?;
        to.write(value_out(&value));
        Ok(())
    }
}

/// The best card of `family` (a FarkleCardFamily value) for `table`'s rules and players: a
/// local search over the card's numbers and keep rule, each step an exact evaluation (see
/// docs/strategy.md, "Cards"), starting from the best of the smaller families. Each step
/// costs an evaluation (farkle_card_evaluate()): milliseconds a card for small games, about
/// a second for the classic preset to 10,000, where the one-threshold search takes minutes
/// and the per-dice one tens of minutes (docs/strategy.md gives the figures); progress and
/// cancellation as for farkle_card_evaluate(). On success `*out_card` receives a new card
/// (free it with farkle_card_free()) and `*out_value` its value.
///
/// Errors (nothing written): FARKLE_STATUS_NULL_POINTER; FARKLE_STATUS_INVALID_ARGUMENT (an
/// unknown family); FARKLE_STATUS_RESOURCE_LIMIT (the search would make more than 20,000
/// evaluations, or the rules cannot be evaluated); FARKLE_STATUS_UNSUPPORTED;
/// FARKLE_STATUS_CANCELLED.
///
/// # Safety
/// `table` NULL or live; `progress` a valid function or NULL; `out_card` and `out_value`
/// NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_card_best(
    table: *const FarkleWinTable,
    family: u32,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_card: *mut *mut FarkleCard,
    out_value: *mut FarkleCardValue,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the pointers.
        let (table, to_card, to_value) = unsafe {
            (FarkleWinTable::from_ptr(table)?, out(out_card)?, out(out_value)?)
        };
        let family = match FarkleCardFamily::from_number(family) {
            Some(FarkleCardFamily::Total) => Family::Total,
            Some(FarkleCardFamily::PerDice) => Family::PerDice,
            Some(FarkleCardFamily::Situational) => Family::Situational,
            None => {
                return Err(fail(
                    FarkleStatus::InvalidArgument,
                    format!("family {family} is not a FARKLE_CARD_FAMILY_* value (0 to 2)"),
                ))
            }
        };
        // SAFETY: the caller's promise for the progress function.
        let (card, value) = unsafe {
            with_progress(progress, user, |report| Ok(best_card(&table.table, family, report)?))
        }?;
        to_value.write(value_out(&value));
        FarkleCard { card }.into_out(to_card);
        Ok(())
    }
}

/// A card fitted to `rules`, or INVALID_ARGUMENT saying why not.
fn fitted(card: &FarkleCard, rules: &Rules) -> Outcome<Bot> {
    card.card.validate_for(rules)?;
    Ok(Bot::Card(card.card.clone()))
}

/// `card` plays the current player's turn to its end with the game's dice generator, as
/// farkle_game_bot_play_turn() plays a bot: it keeps by its keep rule and banks by its
/// thresholds (off the board, at the entry; in a final round, once ahead; whenever banking
/// reaches the target). A card draws nothing: `seed` is unused and kept for the shape of
/// the bot calls.
///
/// Errors (the game is left exactly as it was): FARKLE_STATUS_NULL_POINTER;
/// FARKLE_STATUS_INVALID_ARGUMENT (the card does not fit the game's dice);
/// FARKLE_STATUS_GAME_OVER; FARKLE_STATUS_NO_DICE_GENERATOR;
/// FARKLE_STATUS_ENTROPY_UNAVAILABLE; FARKLE_STATUS_RESOURCE_LIMIT (the turn reached
/// FARKLE_LIMIT_BOT_ROLLS_PER_TURN rolls where it may not bank).
///
/// # Safety
/// `game` NULL or a live game not used by another thread; `card` NULL or a live card.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_card_play_turn(
    game: *mut FarkleGame,
    card: *const FarkleCard,
    seed: u64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise for the card.
        let card = unsafe { FarkleCard::from_ptr(card) }?;
        // SAFETY: the caller's promise for the game.
        unsafe {
            with_game(game, |handle| {
                let bot = fitted(card, handle.game.rules())?;
                use rand::SeedableRng;
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                bot.play_turn(&mut handle.game, &mut rng)?;
                Ok(())
            })
        }
    }
}

/// farkle_simulate_with_progress() with cards among the players: player s (whose results
/// are at index s of FarkleSimulation's arrays) plays `cards[s]` when `cards` is not NULL and
/// `cards[s]` is not NULL, and is the bot `bot_kinds[s]` otherwise (for a card's player that
/// entry is not used, but must be readable). Seats rotate and games are seeded as
/// farkle_simulate() says; farkle_game_card_play_turn() replays a card's turns.
///
/// Errors (nothing written): as for farkle_simulate_with_progress(), and
/// FARKLE_STATUS_INVALID_ARGUMENT for a card that does not fit the rules' dice.
///
/// # Safety
/// As for farkle_simulate_with_progress(); `cards` NULL or readable for `player_count`
/// pointers, each NULL or a live card.
#[no_mangle]
#[must_use]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn farkle_simulate_cards(
    rules: *const FarkleRules,
    bot_kinds: *const u32,
    cards: *const *const FarkleCard,
    player_count: u32,
    games: u64,
    seed: u64,
    table: *const FarkleWinTable,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_simulation: *mut FarkleSimulation,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the pointers.
        let (rules, kinds, to, table) = unsafe {
            (
                arg(rules)?,
                slice(bot_kinds, player_count as usize)?,
                out(out_simulation)?,
                table.as_ref(),
            )
        };
        let rules = Rules::try_from(rules)?;
        if kinds.is_empty() || kinds.len() > MAX_PLAYERS {
            return Err(fail(
                FarkleStatus::InvalidArgument,
                format!("{player_count} players; a simulation has 1 to {MAX_PLAYERS}"),
            ));
        }
        let seats: Vec<Option<&FarkleCard>> = if cards.is_null() {
            vec![None; kinds.len()]
        } else {
            // SAFETY: the caller's promise: player_count readable pointers, each NULL or live.
            unsafe { std::slice::from_raw_parts(cards, kinds.len()) }
                .iter()
                // SAFETY: as above.
                .map(|&c| unsafe { c.as_ref() })
                .collect()
        };
        let mut bots: Vec<Option<Bot>> = Vec::with_capacity(kinds.len());
        for seat in &seats {
            bots.push(match seat {
                Some(card) => Some(fitted(card, &rules)?),
                None => None,
            });
        }
        // SAFETY: the caller's promise for the progress function.
        let result = unsafe {
            with_progress(progress, user, |report| {
                let all = bots_of(&rules, kinds, &bots, table, report)?;
                Ok(simulate_with_progress(&rules, &all, games, seed, report)?)
            })
        }?;
        to.write(simulation_out(&result));
        Ok(())
    }
}

fn action_parts(action: Action) -> (FarkleAction, u16) {
    match action {
        Action::Roll => (FarkleAction::Roll, 0),
        Action::Select(mask) => (FarkleAction::Select, mask),
        Action::Bank => (FarkleAction::Bank, 0),
        Action::AcknowledgeFarkle => (FarkleAction::AcknowledgeFarkle, 0),
        Action::ForfeitTurn => (FarkleAction::ForfeitTurn, 0),
        Action::Piggyback => (FarkleAction::Piggyback, 0),
        Action::Undo | Action::Leave(_) => (FarkleAction::ForfeitTurn, 0),
    }
}

/// The coach's note on the decision `game` awaits (a selection, or roll or bank): what
/// `card` plays, what optimal play plays (farkle_game_advise() with `table`, which may be
/// NULL), each valued with optimal play afterwards, and what following the card costs. With
/// a table that covers the game the values are chances to win (cost 0.01 is one percentage
/// point); without one, expected points of the turn. The game is only read (the first call
/// solves and keeps its single-turn policy, as farkle_game_advise() does).
///
/// Errors (nothing written): FARKLE_STATUS_NULL_POINTER (game, card or out_note);
/// FARKLE_STATUS_WRONG_PHASE (a farkle to acknowledge: nothing to decide);
/// FARKLE_STATUS_GAME_OVER; FARKLE_STATUS_INVALID_ARGUMENT (the card does not fit the
/// game's dice, the table is for other rules); the advice's other errors
/// (farkle_game_advise()).
///
/// # Safety
/// `game` NULL or a live game not used by another thread during the call; `card` NULL or a
/// live card; `table` NULL or a live table; `out_note` NULL or writable.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn farkle_game_coach(
    game: *const FarkleGame,
    card: *const FarkleCard,
    table: *const FarkleWinTable,
    out_note: *mut FarkleCoachNote,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises for the pointers.
        let (handle, card, table, to) = unsafe {
            (FarkleGame::from_ptr(game)?, FarkleCard::from_ptr(card)?, table.as_ref(), out(out_note)?)
        };
        match handle.game.phase() {
            Phase::GameOver => return Err(fail(FarkleStatus::GameOver, "the game is over")),
            Phase::Farkled => {
                return Err(fail(
                    FarkleStatus::WrongPhase,
                    "a farkle to acknowledge: nothing to decide",
                ))
            }
            _ => {}
        }
        card.card.validate_for(handle.game.rules())?;
        let advisor = advisor_for(handle, table, &mut |_| true)?;
        let note = CoachNote::of(&advisor, &card.card, &handle.game)?
            .ok_or_else(|| fail(FarkleStatus::WrongPhase, "nothing to decide"))?;
        let (card_action, card_dice_mask) = action_parts(note.card);
        let (optimal_action, optimal_dice_mask) = action_parts(note.optimal);
        to.write(FarkleCoachNote {
            card_action,
            card_dice_mask,
            optimal_action,
            optimal_dice_mask,
            value_kind: match note.kind {
                ValueKind::ExpectedPoints => FarkleValueKind::ExpectedPoints,
                ValueKind::WinProbability => FarkleValueKind::WinProbability,
                ValueKind::HeadToHeadWinProbability => FarkleValueKind::HeadToHeadWinProbability,
            },
            card_value: note.card_value,
            optimal_value: note.optimal_value,
            cost: note.cost(),
            agrees: note.agrees(),
        });
        Ok(())
    }
}

/// The name of a FarkleCardFamily value ("total", "per dice", "situational"), a static
/// string; NULL for any other number.
#[no_mangle]
pub extern "C" fn farkle_card_family_name(family: u32) -> *const c_char {
    ffi_guard!(std::ptr::null(), FarkleCardFamily::c_name_of(family))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folk_names_are_the_cores() {
        let folk = Card::folk(6);
        assert_eq!(folk.len(), FARKLE_CARD_FOLK_COUNT as usize);
        for ((name, _), c) in folk.iter().zip(FOLK_NAMES) {
            assert_eq!(format!("{name}\0"), c);
        }
    }
}
