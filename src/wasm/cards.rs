// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Cards for the npm package (`crate::strategy::cards`): checked, printed, evaluated against
//! a win table, searched, played by a bot and read by the coach. Not C interface: these
//! exports serve the package only, in this build only.
//!
//! A card crosses as 32-bit words, `[bank, keep, reroll, band, endgame, width, thresholds..]`:
//! `bank` 0 one threshold (then one threshold), 1 one per count of dice left (`width` of
//! them), 2 per situation (four rows of `width`, behind, level, ahead, endgame); `keep` 0
//! every scoring die, 1 the best rate, 2 one single with at least `reroll` dice left; a
//! threshold of -1 never banks. `band` and `endgame` are read for situational cards only.
//!
//! Results are one block of bytes, little-endian, from farkle_wasm_alloc() (`*out_bytes`,
//! `*out_len`; the host frees it), as in `transfer.rs`. Every function returns a
//! FarkleStatus and writes nothing on an error.

use std::ffi::c_void;
use std::sync::Arc;

use crate::dice::MAX_DICE;
use crate::ffi::bots::bot_of;
use crate::ffi::boundary::{arg, out, slice, Handle, Outcome};
use crate::ffi::error::{fail, FarkleStatus};
use crate::ffi::game::{with_game, FarkleGame};
use crate::ffi::progress::{with_progress, FarkleProgressFn};
use crate::ffi::rules::FarkleRules;
use crate::ffi::win_table::FarkleWinTable;
use crate::game::{Action, MAX_PLAYERS};
use crate::rules::Rules;
use crate::strategy::cards::{
    best_card, evaluate_card, Banking, Card, CardValue, CoachNote, Family, Keep, Situational,
};
use crate::strategy::{Advisor, Bot, SimulationError, ValueKind};

use super::transfer::hand_over;

/// The most words a card takes: the header and four rows of [`MAX_DICE`].
const MAX_CARD_WORDS: usize = 6 + 4 * MAX_DICE;

/// A kind number in farkle_wasm_simulate_cards() that seats the next card.
const CARD_SEAT: u32 = u32::MAX;

fn bad(why: impl std::fmt::Display) -> FarkleStatus {
    fail(FarkleStatus::InvalidArgument, why)
}

/// The card of `words` (see the module docs), its numbers checked ([`Card::validate`]).
fn card_of(words: &[i32]) -> Outcome<Card> {
    if words.len() < 7 || words.len() > MAX_CARD_WORDS {
        return Err(bad(format!(
            "a card of {} words; 7 to {MAX_CARD_WORDS}",
            words.len()
        )));
    }
    let points = |what: &str, w: i32| {
        u32::try_from(w).map_err(|_| bad(format!("{what} of {w} points: at least 0")))
    };
    let threshold = |w: i32| -> Outcome<Option<u32>> {
        if w == -1 {
            Ok(None)
        } else {
            points("a threshold", w).map(Some)
        }
    };
    let width = usize::try_from(words[5]).map_err(|_| bad("a negative width"))?;
    let rest = &words[6..];
    let row = |r: &[i32]| r.iter().map(|&w| threshold(w)).collect::<Outcome<Vec<_>>>();
    let bank = match words[0] {
        0 if rest.len() == 1 => Banking::Total(points("the threshold", rest[0])?),
        1 if rest.len() == width => Banking::PerDice(row(rest)?),
        2 if rest.len() == 4 * width && width > 0 => {
            let rows: Vec<Vec<Option<u32>>> =
                rest.chunks(width).map(row).collect::<Outcome<_>>()?;
            let [a, b, c, d]: [Vec<Option<u32>>; 4] =
                rows.try_into().map_err(|_| bad("four rows"))?;
            Banking::Situational(Situational {
                band: points("the band", words[3])?,
                endgame: points("the endgame band", words[4])?,
                rows: [a, b, c, d],
            })
        }
        0..=2 => return Err(bad("a card's thresholds do not match its width")),
        k => return Err(bad(format!("banking {k}; 0 to 2"))),
    };
    let keep = match words[1] {
        0 => Keep::All,
        1 => Keep::Rate,
        2 => Keep::Single {
            reroll: u8::try_from(words[2]).map_err(|_| bad("reroll out of range"))?,
        },
        k => return Err(bad(format!("keep rule {k}; 0 to 2"))),
    };
    let card = Card { bank, keep };
    card.validate()?;
    Ok(card)
}

/// The words of `card` (see the module docs).
fn words_of(card: &Card) -> Vec<i32> {
    let t = |x: &Option<u32>| x.map_or(-1, |v| v as i32);
    let (keep, reroll) = match card.keep {
        Keep::All => (0, 0),
        Keep::Rate => (1, 0),
        Keep::Single { reroll } => (2, i32::from(reroll)),
    };
    let mut w = match &card.bank {
        Banking::Total(x) => vec![0, keep, reroll, 0, 0, 1, *x as i32],
        Banking::PerDice(row) => {
            let mut w = vec![1, keep, reroll, 0, 0, row.len() as i32];
            w.extend(row.iter().map(t));
            w
        }
        Banking::Situational(s) => {
            let mut w = vec![
                2,
                keep,
                reroll,
                s.band as i32,
                s.endgame as i32,
                s.rows[0].len() as i32,
            ];
            for r in &s.rows {
                w.extend(r.iter().map(t));
            }
            w
        }
    };
    w.shrink_to_fit();
    w
}

/// Little-endian bytes for the host.
#[derive(Default)]
struct Bytes(Vec<u8>);

impl Bytes {
    fn i32(&mut self, v: i32) -> &mut Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn f64(&mut self, v: f64) -> &mut Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn u64(&mut self, v: u64) -> &mut Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn card(&mut self, card: &Card) -> &mut Self {
        let w = words_of(card);
        self.i32(w.len() as i32);
        for x in w {
            self.i32(x);
        }
        self
    }
    fn value(&mut self, v: &CardValue) -> &mut Self {
        self.i32(v.seats.len() as i32);
        for &x in v.seats.iter().chain(&v.optimal) {
            self.f64(x);
        }
        self
    }
}

/// Checks the card of `words` (`len` of them); with `rules` not NULL, also that it is made
/// for their dice ([`Card::validate_for`]). FARKLE_STATUS_OUT_OF_RANGE or
/// FARKLE_STATUS_INVALID_ARGUMENT say why not.
///
/// # Safety
/// `words` readable for `len` words; `rules` NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_card_check(
    words: *const i32,
    len: usize,
    rules: *const FarkleRules,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises.
        let (words, rules) = unsafe { (slice(words, len)?, rules.as_ref()) };
        let card = card_of(words)?;
        if let Some(r) = rules {
            card.validate_for(&Rules::try_from(r)?)?;
        }
        Ok(())
    }
}

/// The card as text a person can follow (UTF-8).
///
/// # Safety
/// `words` readable for `len` words; `out_bytes` and `out_len` writable.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_card_text(
    words: *const i32,
    len: usize,
    out_bytes: *mut *mut u8,
    out_len: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises.
        let (words, bytes, n) = unsafe { (slice(words, len)?, out(out_bytes)?, out(out_len)?) };
        let card = card_of(words)?;
        hand_over(card.to_string().as_bytes(), bytes, n)
    }
}

/// The folk cards for `dice` dice (1 to 12): their count, then each one's name (its length
/// in bytes, then UTF-8) and card (its word count, then its words).
///
/// # Safety
/// `out_bytes` and `out_len` writable.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_card_folk(
    dice: u32,
    out_bytes: *mut *mut u8,
    out_len: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises.
        let (bytes, n) = unsafe { (out(out_bytes)?, out(out_len)?) };
        let dice = u8::try_from(dice)
            .ok()
            .filter(|d| (1..=MAX_DICE as u8).contains(d))
            .ok_or_else(|| bad(format!("{dice} dice; 1 to {MAX_DICE}")))?;
        let folk = Card::folk(dice);
        let mut b = Bytes::default();
        b.i32(folk.len() as i32);
        for (name, card) in &folk {
            b.i32(name.len() as i32);
            b.0.extend_from_slice(name.as_bytes());
            b.card(card);
        }
        hand_over(&b.0, bytes, n)
    }
}

/// The card's exact value against `table`'s players ([`evaluate_card`]): the player count
/// p, then p chances of the card by seat and p of optimal play by seat (doubles). Progress
/// as the table's solve reports it.
///
/// # Safety
/// `table` a live table; `words` readable for `len` words; `progress` a valid function or
/// NULL; `out_bytes` and `out_len` writable.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_card_evaluate(
    table: *const FarkleWinTable,
    words: *const i32,
    len: usize,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_bytes: *mut *mut u8,
    out_len: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises.
        let (table, words, bytes, n) = unsafe {
            (FarkleWinTable::from_ptr(table)?, slice(words, len)?, out(out_bytes)?, out(out_len)?)
        };
        let card = card_of(words)?;
        // SAFETY: the caller's promise for the progress function.
        let value = unsafe {
            with_progress(progress, user, |report| Ok(evaluate_card(&table.table, &card, report)?))
        }?;
        let mut b = Bytes::default();
        b.value(&value);
        hand_over(&b.0, bytes, n)
    }
}

/// The best card of `family` (0 one threshold, 1 per dice left, 2 by situation) for
/// `table`'s rules and players ([`best_card`]): the card (its word count, then its words),
/// then its value as farkle_wasm_card_evaluate() writes it.
///
/// # Safety
/// `table` a live table; `progress` a valid function or NULL; `out_bytes` and `out_len`
/// writable.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_card_best(
    table: *const FarkleWinTable,
    family: u32,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_bytes: *mut *mut u8,
    out_len: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises.
        let (table, bytes, n) =
            unsafe { (FarkleWinTable::from_ptr(table)?, out(out_bytes)?, out(out_len)?) };
        let family = match family {
            0 => Family::Total,
            1 => Family::PerDice,
            2 => Family::Situational,
            f => return Err(bad(format!("family {f}; 0 to 2"))),
        };
        // SAFETY: the caller's promise for the progress function.
        let (card, value) = unsafe {
            with_progress(progress, user, |report| Ok(best_card(&table.table, family, report)?))
        }?;
        let mut b = Bytes::default();
        b.card(&card).value(&value);
        hand_over(&b.0, bytes, n)
    }
}

/// An action as the host reads it: its FarkleAction number (-1 for one a card never takes)
/// and its dice mask.
fn action_words(action: Action) -> (i32, i32) {
    match action {
        Action::Roll => (0, 0),
        Action::Select(mask) => (1, i32::from(mask)),
        Action::Bank => (2, 0),
        Action::AcknowledgeFarkle => (3, 0),
        Action::ForfeitTurn => (4, 0),
        Action::Piggyback => (5, 0),
        Action::Undo | Action::Leave(_) => (-1, 0),
    }
}

/// The coach's note ([`CoachNote::of`]) on the decision `game` awaits, the card's action
/// and the advice's valued by the game's advice with `table` added (NULL: the advice
/// alone, expected points): 0 when there is nothing to decide; else 1, the card's action
/// and mask, optimal play's action and mask, the FarkleValueKind, then the card's action's
/// value and the optimal one's (doubles). FARKLE_STATUS_OUT_OF_RANGE for a card not made
/// for the game's dice; the advice's refusals as farkle_game_advise() gives them.
///
/// # Safety
/// `game` a live game; `table` NULL or a live table; `words` readable for `len` words;
/// `out_bytes` and `out_len` writable.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_card_coach(
    game: *mut FarkleGame,
    table: *const FarkleWinTable,
    words: *const i32,
    len: usize,
    out_bytes: *mut *mut u8,
    out_len: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises.
        let (table, words, bytes, n) =
            unsafe { (table.as_ref(), slice(words, len)?, out(out_bytes)?, out(out_len)?) };
        let card = card_of(words)?;
        // SAFETY: the caller's promise for the game.
        unsafe {
            with_game(game, |h| {
                card.validate_for(h.game.rules())?;
                let advisor = advisor_of(h, table)?;
                let mut b = Bytes::default();
                match CoachNote::of(&advisor, &card, &h.game)? {
                    None => {
                        b.i32(0);
                    }
                    Some(note) => {
                        let (ca, cm) = action_words(note.card);
                        let (oa, om) = action_words(note.optimal);
                        let kind = match note.kind {
                            ValueKind::ExpectedPoints => 0,
                            ValueKind::WinProbability => 1,
                            ValueKind::HeadToHeadWinProbability => 2,
                        };
                        b.i32(1).i32(ca).i32(cm).i32(oa).i32(om).i32(kind);
                        b.f64(note.card_value).f64(note.optimal_value);
                    }
                }
                hand_over(&b.0, bytes, n)
            })
        }
    }
}

/// The game's single-turn advisor (solved now when the game has none yet), with `table`
/// added when given.
fn advisor_of(h: &FarkleGame, table: Option<&FarkleWinTable>) -> Outcome<Arc<Advisor>> {
    let single = match h.advisor.get() {
        Some(a) => Arc::clone(a),
        None => {
            let a = Advisor::single_turn(h.game.rules())?;
            Arc::clone(h.advisor.get_or_init(|| Arc::new(a)))
        }
    };
    Ok(match table {
        None => single,
        Some(t) => Arc::new(single.with_added_table(t.table.clone())?),
    })
}

/// The card plays the current player's turn to its end (as farkle_game_bot_play_turn());
/// `seed` is unused by a card but kept for the same shape. FARKLE_STATUS_OUT_OF_RANGE for a
/// card not made for the game's dice.
///
/// # Safety
/// `game` a live game; `words` readable for `len` words.
#[no_mangle]
pub unsafe extern "C" fn farkle_wasm_card_play_turn(
    game: *mut FarkleGame,
    words: *const i32,
    len: usize,
    seed: u64,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promise.
        let words = unsafe { slice(words, len)? };
        let card = card_of(words)?;
        // SAFETY: the caller's promise for the game.
        unsafe {
            with_game(game, |h| {
                card.validate_for(h.game.rules())?;
                use rand::SeedableRng;
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                Bot::Card(card).play_turn(&mut h.game, &mut rng)?;
                Ok(())
            })
        }
    }
}

/// farkle_simulate_with_progress() with cards among the bots: a kind of 0xFFFFFFFF seats
/// the next card of `cards` (`cards_len` words: each card's word count, then its words).
/// Writes games, turns, then per bot wins, ties and the sum of final scores (64-bit).
///
/// # Safety
/// `rules` readable; `kinds` readable for `count`; `cards` for `cards_len`; `table` NULL or
/// a live table; `progress` a valid function or NULL; `out_bytes` and `out_len` writable.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn farkle_wasm_simulate_cards(
    rules: *const FarkleRules,
    kinds: *const u32,
    count: u32,
    cards: *const i32,
    cards_len: usize,
    games: u64,
    seed: u64,
    table: *const FarkleWinTable,
    progress: FarkleProgressFn,
    user: *mut c_void,
    out_bytes: *mut *mut u8,
    out_len: *mut usize,
) -> FarkleStatus {
    ffi_boundary! {
        // SAFETY: the caller's promises.
        let (rules, kinds, mut cards, table, bytes, n) = unsafe {
            (
                Rules::try_from(arg(rules)?)?,
                slice(kinds, count as usize)?,
                slice(cards, cards_len)?,
                table.as_ref(),
                out(out_bytes)?,
                out(out_len)?,
            )
        };
        if kinds.is_empty() || kinds.len() > MAX_PLAYERS {
            return Err(bad(format!("{count} players; a simulation has 1 to {MAX_PLAYERS}")));
        }
        let mut single: Option<Arc<Advisor>> = None;
        let mut bots = Vec::with_capacity(kinds.len());
        for &kind in kinds {
            if kind == CARD_SEAT {
                let len = cards.first().and_then(|&l| usize::try_from(l).ok());
                let len = len.filter(|&l| l < cards.len()).ok_or_else(|| bad("too few cards"))?;
                let card = card_of(&cards[1..=len])?;
                card.validate_for(&rules)?;
                cards = &cards[len + 1..];
                bots.push(Bot::Card(card));
            } else {
                let make = || -> Outcome<Arc<Advisor>> {
                    if let Some(a) = &single {
                        return Ok(Arc::clone(a));
                    }
                    let a = Arc::new(Advisor::single_turn(&rules)?);
                    single = Some(Arc::clone(&a));
                    Ok(a)
                };
                bots.push(bot_of(kind, table, make)?);
            }
        }
        // SAFETY: the caller's promise for the progress function.
        let report = unsafe {
            with_progress(progress, user, |report| {
                crate::strategy::simulate_with_progress(&rules, &bots, games, seed, report)
                    .map_err(|e: SimulationError| e.into())
            })
        }?;
        let mut b = Bytes::default();
        b.u64(report.games).u64(report.turns);
        for bot in &report.bots {
            b.u64(bot.wins).u64(bot.ties);
            b.u64(bot.total_score.clamp(i64::MIN.into(), i64::MAX.into()) as i64 as u64);
        }
        hand_over(&b.0, bytes, n)
    }
}
