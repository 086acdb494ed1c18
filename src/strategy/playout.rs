// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Playouts: whole games between the threshold and single-turn optimal bots, played without
//! the bookkeeping of a [`Game`] (no event log, no roll records, no dice masks), for
//! simulations that play millions of turns.
//!
//! A playout is the same game as one played through [`Game`] by [`Bot::play_turn`]: the same
//! rules, the same dice (drawn from the same seeded generator, the same number of dice in the
//! same order), and the same choices, taken by the same functions of [`Advisor`] and the same
//! threshold rule. The tests play both ways over many seeds and rules values and require the
//! same final scores, winners and number of turns from every game.
//!
//! [`Game`]: crate::game::Game
//! [`Bot::play_turn`]: crate::strategy::Bot::play_turn

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use arrayvec::ArrayVec;
use rand_chacha::ChaCha8Rng;

use crate::dice::{FaceCounts, MAX_DICE};
use crate::game::{Action, MAX_PLAYERS};
use crate::limits::{MAX_BOT_ROLLS_PER_TURN, MAX_TURN_TOTAL};
use crate::rules::Rules;
use crate::scoring::{unpack, Scorer, FACE_KEY};
use crate::strategy::advice::{AdviceError, Advisor, LastInPlay, Mover};
use crate::strategy::bots::{Bot, BotError};
use crate::strategy::thresholds::Thresholds;
use crate::strategy::StrategyError;

/// A bot a playout can play: the threshold bot, or the single-turn optimal one (an advisor
/// without a two-player table).
#[derive(Clone, Copy)]
pub(crate) enum Player<'a> {
    Threshold(&'a Thresholds),
    SingleTurn(&'a Advisor),
}

impl<'a> Player<'a> {
    /// The playout form of `bot`, `None` for the bots a playout does not play (the random
    /// one, and the win-optimal one with its table).
    pub(crate) fn of(bot: &'a Bot) -> Option<Player<'a>> {
        match bot {
            Bot::Threshold(t) => Some(Player::Threshold(t)),
            Bot::Advised(a) if a.table().is_none() => Some(Player::SingleTurn(a)),
            _ => None,
        }
    }
}

/// What playouts under one rules value share: the scorer, and for the single-turn bots every
/// multiset's legal selections in the order the game lists them.
pub(crate) struct Tables {
    scorer: Arc<Scorer>,
    rules: Rules,
    /// By multiset index: the range of its selections in `legal`.
    legal_range: Vec<(u32, u32)>,
    /// (points, dice kept) of every legal selection, best first as
    /// [`crate::game::Game::legal_selections`] lists them.
    legal: Vec<(i32, u8)>,
}

impl Tables {
    /// The tables for `rules`; `with_selections` when a single-turn bot will play.
    pub(crate) fn new(rules: &Rules, with_selections: bool) -> Result<Tables, StrategyError> {
        // The scorer the game uses for these rules: keyed by the scoring fields only.
        let scorer = Scorer::shared(rules)?;
        let mut legal_range = Vec::new();
        let mut legal = Vec::new();
        if with_selections {
            legal_range = vec![(0, 0); scorer.multisets()];
            for roll in FaceCounts::all_up_to(usize::from(rules.dice_count)) {
                let start = legal.len() as u32;
                for s in scorer.selections(roll) {
                    legal.push((s.points, s.dice.total() as u8));
                }
                let index = scorer.index(roll).expect("within the set");
                legal_range[index] = (start, legal.len() as u32);
            }
        }
        Ok(Tables {
            scorer,
            rules: *rules,
            legal_range,
            legal,
        })
    }

    fn legal(&self, roll: FaceCounts) -> &[(i32, u8)] {
        let (a, b) = self.legal_range[self.scorer.index(roll).expect("a roll of the set")];
        &self.legal[a as usize..b as usize]
    }
}

/// Rolls values of the single-turn bots, remembered by (policy, turn total, dice): a player
/// makes the same few decisions over and over. One memo serves a whole simulation, on every
/// worker thread: a value depends on its key only, so threads that compute the same one
/// store the same bits, and a value is computed about once per simulation instead of once
/// per batch of games.
pub(crate) struct Memo {
    /// The bits of each value, [`UNKNOWN`] until computed.
    values: OnceLock<Box<[AtomicU64]>>,
}

/// Turn totals (in units) and policies the memo covers; beyond, values are computed each time.
const MEMO_TOTALS: usize = 1024;
const MEMO_POLICIES: usize = 8;

/// The bits of a value not computed yet (a NaN: a NaN value is computed each time).
const UNKNOWN: u64 = 0x7ff8_0000_0000_0000;

impl Memo {
    /// An empty memo (its table is made on first use, by single-turn bots only).
    pub(crate) fn new() -> Memo {
        Memo {
            values: OnceLock::new(),
        }
    }

    fn roll_value(&self, advisor: &Advisor, m: &Mover, hand: u8) -> Result<f64, StrategyError> {
        let unit = advisor.unit();
        let slot = advisor.policy_slot(m);
        let t = usize::try_from(m.turn_points / unit).unwrap_or(usize::MAX);
        if slot >= MEMO_POLICIES || t >= MEMO_TOTALS || m.turn_points % unit != 0 {
            return advisor.roll_value(m, hand);
        }
        let values = self.values.get_or_init(|| {
            (0..MEMO_POLICIES * MEMO_TOTALS * (MAX_DICE + 1))
                .map(|_| AtomicU64::new(UNKNOWN))
                .collect()
        });
        let cell = &values[(slot * MEMO_TOTALS + t) * (MAX_DICE + 1) + usize::from(hand)];
        let known = f64::from_bits(cell.load(Ordering::Relaxed));
        if !known.is_nan() {
            return Ok(known);
        }
        let value = advisor.roll_value(m, hand)?;
        cell.store(value.to_bits(), Ordering::Relaxed);
        Ok(value)
    }
}

/// One seat of a playout.
#[derive(Debug, Clone, Copy, Default)]
struct Seat {
    score: i64,
    on_board: bool,
    farkles_in_a_row: u32,
    turns: u32,
}

/// How a playout ended (each seat's final score is written to the caller's slice).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Outcome {
    /// Bit s set for every winner.
    pub winners: u64,
    /// Turns played.
    pub turns: u64,
}

/// Why a playout stopped.
#[derive(Debug)]
pub(crate) enum Stop {
    /// A bot could not play (the same error the game's bot would give).
    Bot(BotError),
    /// The game did not end within `max_turns`.
    Endless,
}

/// Plays one game with the dice of `dice_seed`: seat s is played by
/// `players[(s + shift) % players.len()]`; each seat's final score goes to `scores[s]`
/// (`scores` is at least as long as `players`). Nothing is allocated or copied in bulk: a
/// simulation plays millions of these.
pub(crate) fn play(
    tables: &Tables,
    players: &[Player],
    shift: usize,
    dice_seed: u64,
    max_turns: u64,
    memo: &Memo,
    scores: &mut [i64],
) -> Result<Outcome, Stop> {
    use rand::SeedableRng;
    let n = players.len();
    let mut playout = Playout {
        tables,
        rules: &tables.rules,
        rng: ChaCha8Rng::seed_from_u64(dice_seed),
        seats: ArrayVec::new(),
        final_round: None,
        final_pending: 0,
    };
    for _ in 0..n {
        playout.seats.push(Seat::default());
    }
    let mut current = 0;
    let mut turns = 0;
    loop {
        if turns >= max_turns {
            return Err(Stop::Endless);
        }
        let over = playout.turn(current, players[(current + shift) % n], memo)?;
        turns += 1;
        match playout.end_turn(current, over) {
            Some(next) => current = next,
            None => break,
        }
    }
    let best = playout.seats.iter().map(|s| s.score).max().unwrap_or(0);
    let mut winners = 0u64;
    for (i, seat) in playout.seats.iter().enumerate() {
        scores[i] = seat.score;
        if seat.score == best {
            winners |= 1 << i;
        }
    }
    Ok(Outcome { winners, turns })
}

/// The key of `hand` dice drawn from `rng` exactly as [`crate::game::dice_source::draw`]
/// draws them.
#[inline(always)]
fn draw_key(rng: &mut ChaCha8Rng, hand: u8) -> u32 {
    use rand::Rng;
    (0..usize::from(hand).min(MAX_DICE)).fold(0, |key, _| {
        key + FACE_KEY[usize::from(rng.random_range(1..=6u8))]
    })
}

struct Playout<'t> {
    tables: &'t Tables,
    rules: &'t Rules,
    rng: ChaCha8Rng,
    seats: ArrayVec<Seat, MAX_PLAYERS>,
    final_round: Option<usize>,
    final_pending: u64,
}

impl Playout<'_> {
    fn all_seats(&self) -> u64 {
        if self.seats.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.seats.len()) - 1
        }
    }

    /// In a player's last turn of a final round, the last turn as the advice plays it
    /// (`None` outside one, or where the advice rolls on until ahead).
    fn last_turn<'a>(
        &self,
        p: usize,
        advisor: &'a Advisor,
        m: &Mover,
    ) -> Result<Option<LastInPlay<'a>>, Stop> {
        let Some(lead) = m.lead else {
            return Ok(None);
        };
        let level = self
            .seats
            .iter()
            .enumerate()
            .filter(|(i, s)| *i != p && s.score == lead)
            .count();
        advisor
            .last_in_play(m, lead, 1.0 / (level + 1) as f64)
            .map_err(|e| Stop::Bot(BotError::Advice(e.into())))
    }

    /// In a player's last turn of a final round, the best score among the others.
    fn lead(&self, p: usize) -> Option<i64> {
        self.final_round?;
        self.seats
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != p)
            .map(|(_, s)| s.score)
            .max()
    }

    fn mover(&self, p: usize, t: i64) -> Result<Mover, BotError> {
        // The advice refuses a turn above the bound before anything else.
        let turn_points = i32::try_from(t)
            .ok()
            .filter(|t| *t <= MAX_TURN_TOTAL)
            .ok_or_else(|| {
                BotError::Advice(AdviceError::Strategy(StrategyError::OutOfRange(format!(
                    "the turn holds {t} points; advice covers turn totals up to {MAX_TURN_TOTAL}"
                ))))
            })?;
        let seat = &self.seats[p];
        Ok(Mover {
            turn_points,
            on_board: seat.on_board,
            farkles_in_a_row: seat.farkles_in_a_row,
            score: seat.score,
            lead: self.lead(p),
        })
    }

    /// Plays seat `p`'s turn; whether it ended the game (a bank at the target without a
    /// final round).
    fn turn(&mut self, p: usize, player: Player, memo: &Memo) -> Result<bool, Stop> {
        let r = self.rules;
        let n = r.dice_count;
        let mut t: i64 = 0;
        let mut hand = n;
        let mut selected = false;
        let mut rolls = 0u32;
        // What `crate::game::check_bank_total` accepts, worked out once a turn: at least
        // the bank minimum, and the entry minimum while off the board.
        let least_bank = if self.seats[p].on_board {
            i64::from(r.min_bank_score)
        } else {
            i64::from(r.min_bank_score).max(i64::from(r.min_entry_score))
        };
        loop {
            let can_bank = selected && t >= least_bank;
            let mut choice = self.before_roll(p, player, t, hand, can_bank, memo)?;
            if choice == Action::Roll {
                if rolls >= MAX_BOT_ROLLS_PER_TURN {
                    if !can_bank {
                        return Err(Stop::Bot(BotError::RollLimit));
                    }
                    choice = Action::Bank;
                }
                rolls += 1;
            }
            match choice {
                Action::Bank => return Ok(self.bank(p, t)),
                Action::Roll => {}
                // A forfeit: the turn ends with nothing.
                _ => return Ok(false),
            }
            // The dice as the game draws them (the same generator calls, in the same order),
            // straight into the roll's key: no dice list, no counting.
            let key = draw_key(&mut self.rng, hand);
            let entry = self.tables.scorer.scoring_table().roll_entry(key);
            if entry.max_points == 0 {
                self.farkle(p);
                return Ok(false);
            }
            let taken_at_once = r
                .auto_take_straight_and_three_pairs
                .then(|| self.tables.scorer.straight_or_three_pairs(unpack(key)))
                .flatten();
            let (points, kept) = match (taken_at_once, player) {
                // The game sets such a roll aside itself, and no bot takes it back.
                (Some(points), _) => (points, hand),
                (None, Player::Threshold(_)) => (entry.max_points, entry.best_dice),
                (None, Player::SingleTurn(advisor)) => {
                    self.single_turn_keep(p, advisor, t, unpack(key))?
                }
            };
            t = t.saturating_add(i64::from(points));
            hand -= kept;
            if hand == 0 && r.hot_dice {
                hand = n;
            }
            selected = true;
        }
    }

    /// What seat `p` does before rolling `hand` dice with `t` points in the turn: roll, bank
    /// or forfeit, as [`Bot::decide`] would.
    fn before_roll(
        &self,
        p: usize,
        player: Player,
        t: i64,
        hand: u8,
        can_bank: bool,
        memo: &Memo,
    ) -> Result<Action, Stop> {
        let can_roll = hand > 0;
        Ok(match player {
            Player::Threshold(thresholds) => {
                let score = self.seats[p].score.saturating_add(t);
                let bank = thresholds.banks(hand, t, score, self.rules, self.lead(p));
                if (bank || !can_roll) && can_bank {
                    Action::Bank
                } else if can_roll {
                    Action::Roll
                } else {
                    Action::ForfeitTurn
                }
            }
            Player::SingleTurn(advisor) => {
                let m = self.mover(p, t).map_err(Stop::Bot)?;
                if let Some(last) = self.last_turn(p, advisor, &m)? {
                    // As the advice decides a last turn: bank where worth at least rolling.
                    return Ok(if can_bank && last.banks(m.turn_points, hand) {
                        Action::Bank
                    } else if hand > 0 {
                        Action::Roll
                    } else {
                        Action::ForfeitTurn
                    });
                }
                let roll_value = if hand > 0 {
                    memo.roll_value(advisor, &m, hand)
                        .map_err(|e| Stop::Bot(BotError::Advice(e.into())))?
                } else {
                    f64::NAN
                };
                if Advisor::banks(&m, hand, can_bank, roll_value) {
                    Action::Bank
                } else if hand > 0 {
                    Action::Roll
                } else {
                    Action::ForfeitTurn
                }
            }
        })
    }

    /// The (points, dice kept) of the selection the single-turn bot keeps from `roll`, with
    /// `t` points in seat `p`'s turn.
    fn single_turn_keep(
        &self,
        p: usize,
        advisor: &Advisor,
        t: i64,
        roll: FaceCounts,
    ) -> Result<(i32, u8), Stop> {
        let m = self.mover(p, t).map_err(Stop::Bot)?;
        let legal = self.tables.legal(roll);
        if let Some(last) = self.last_turn(p, advisor, &m)? {
            let values = legal.iter().map(|&(points, kept)| {
                let left = roll.total() - usize::from(kept);
                last.value(m.turn_points + points, Advisor::next_hand(self.rules, left))
            });
            return Ok(legal[Advisor::first_best(values)]);
        }
        let mut values: ArrayVec<f64, 1024> = ArrayVec::new();
        for &(points, kept) in legal {
            let left = roll.total() - usize::from(kept);
            let v = advisor
                .selection_value(&m, points, left)
                .map_err(|e| Stop::Bot(BotError::Advice(e.into())))?;
            values.push(v);
        }
        Ok(legal[Advisor::best_selection(&m, values.iter().copied())])
    }

    fn bank(&mut self, p: usize, t: i64) -> bool {
        let r = self.rules;
        let all = self.all_seats();
        let seat = &mut self.seats[p];
        seat.score = seat.score.saturating_add(t);
        seat.on_board = true;
        seat.farkles_in_a_row = 0;
        let target = i64::from(r.target_score);
        if target > 0 && seat.score >= target && self.final_round.is_none() {
            if r.final_round {
                self.final_round = Some(p);
                self.final_pending = all & !(1 << p);
            } else {
                return true;
            }
        }
        false
    }

    fn farkle(&mut self, p: usize) {
        let r = self.rules;
        let seat = &mut self.seats[p];
        seat.farkles_in_a_row = seat.farkles_in_a_row.saturating_add(1);
        let streak = u32::from(r.farkle_penalty_streak);
        if streak > 0 && seat.farkles_in_a_row >= streak {
            let points = if r.farkle_penalty_loses_all {
                seat.score.max(0)
            } else {
                i64::from(r.farkle_penalty_points)
            };
            seat.score = seat.score.saturating_sub(points);
            seat.farkles_in_a_row = 0;
        }
    }

    /// After seat `p`'s turn: the next seat, or `None` when the game is over.
    fn end_turn(&mut self, p: usize, over: bool) -> Option<usize> {
        let limit = self.rules.turn_limit;
        self.seats[p].turns = self.seats[p].turns.saturating_add(1);
        self.final_pending &= !(1 << p);
        let final_round_done = self.final_round.is_some() && self.final_pending == 0;
        let n = self.seats.len();
        let next = (1..=n)
            .map(|step| (p + step) % n)
            .find(|&i| limit == 0 || self.seats[i].turns < limit);
        match next {
            Some(next) if !over && !final_round_done => Some(next),
            _ => None,
        }
    }
}
