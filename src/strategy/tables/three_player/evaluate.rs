// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Three-player policy evaluation (see [`crate::strategy::evaluate`]): a contender's chance
//! to win from every state with it in each position from the mover, the other two seats
//! playing the equilibrium.
//!
//! A state's turn is solved once with the equilibrium mover (its choices by the table, the
//! contender's chances as next and as last player riding along), and once per contender
//! as the mover. Without a penalty, a cycle's states (p, q, r) -> (q, r, p) -> (r, p, q)
//! link the contender's positions in three chains (mover at one state, last at the next,
//! next at the one after), each closed by farkles: `X = c + f (c' + f' (c'' + f'' X))`,
//! solved exactly; the best response by Newton's method on its farkle payoff (its value is
//! convex and piecewise linear in it), which ends when the policy repeats.
//!
//! The final round: the contender reaching the target faces the equilibrium's last turns
//! (its chance is the endgame's); as the next player it takes its last turn against the
//! equilibrium's last player, and as the last player after the equilibrium's next one,
//! whose choices are solved again as the endgame solves them, the contender's chance riding
//! along.

use rayon::prelude::*;

use crate::strategy::evaluate::bot_lanes::{bot_lanes_pass, BotLanes};
use crate::strategy::evaluate::lanes::{rider_lanes_pass, RiderLanes, LANES};
use crate::strategy::evaluate::last_turn::{last_turn_values, LastPlay};
use crate::strategy::evaluate::passes::{
    bot_ends, bot_pass, known_from, rider_pass, Above, BotEnds, BotTurn, RiderTurn, Ties, Worth,
};
use crate::strategy::evaluate::policy::Rolls;
use crate::strategy::evaluate::policy::TurnPolicy;
use crate::strategy::evaluate::{check_rules, Last, PlayerModel, Turns};
use crate::strategy::tables::newton::settle_cycle;
use crate::strategy::{
    try_filled, worker_pool, PlayerState, Progress, StrategyError, TwoPlayerTable,
};

use super::context::Ctx;
use super::endgame::{Endgame, FinalRound};
use super::mover_banks::{Ends, MoverBanks};
use super::pass::{Scratch, Seats, Summary};
use super::solve::CHUNK_WORK;
use super::sweeps::{estimate, SWEEP_TOLERANCE};
use super::table::{check_pass_work, ThreePlayerTable};

/// Sweeps under a penalty before giving up.
const MAX_SWEEPS: usize = 500;

/// A two-way tie at the end: half a win each; three ways, a third.
const TWO_WAY: f64 = 0.5;
const THREE_WAY: f64 = 1.0 / 3.0;

/// A player as the endgame sees it: score (units), on the board, farkles.
type Player = (i64, bool, usize);

/// Each contender's chances in the final round (empty without one).
struct FinalTables {
    cap: usize,
    /// `last[j][flag][ways - 2][e]`: contender j's last turn needing e units to draw level
    /// with `ways - 1` players.
    last: Vec<[[Vec<f64>; 2]; 2]>,
    /// `next[j][2 * flag_b + flag_c][(dB - 1) * cap + dC - 1]`: j as the next player after
    /// the mover reached the target, then the equilibrium's last player.
    next: Vec<[Vec<f64>; 4]>,
    /// The same, j as the last player after the equilibrium's next one.
    after: Vec<[Vec<f64>; 4]>,
}

impl FinalTables {
    /// Contender j's chances as the next and as the last player when the mover banks to
    /// `z` (at or over the target) with `b` next and `c` last.
    #[inline]
    fn reached(&self, j: usize, z: i64, b: Player, c: Player) -> (f64, f64) {
        if self.last.is_empty() {
            return (0.0, 0.0);
        }
        let cap = self.cap as i64;
        let (db, dc) = (z - b.0, z - c.0);
        let (fb, fc) = (usize::from(b.1), usize::from(c.1));
        match (db <= cap, dc <= cap) {
            (true, true) => {
                let at = (db - 1) as usize * self.cap + (dc - 1) as usize;
                (
                    self.next[j][2 * fb + fc][at],
                    self.after[j][2 * fb + fc][at],
                )
            }
            // The next player cannot catch up: the last one plays against the mover alone.
            (false, true) => (0.0, self.last[j][fc][0][dc as usize]),
            (true, false) => (self.last[j][fb][0][db as usize], 0.0),
            (false, false) => (0.0, 0.0),
        }
    }
}

/// Per contender, per state of a batch: its own turn where solved ahead by a lane pass.
type BotWorths = Vec<Vec<Option<Worth>>>;

/// A cycle's states and, per contender, their values.
type CycleValues = (Vec<Seats>, Vec<Vec<[f64; 3]>>);

/// Per-thread buffers.
#[derive(Default)]
struct Buffers {
    riders: RiderTurn,
    bot: BotTurn,
    scratch: Scratch,
    advised: Vec<[f64; 3]>,
    lanes: RiderLanes,
    bots: BotLanes,
}

/// One equilibrium mover's turn of a lane pass: its place in the caller's list, its state,
/// what a farkle is worth to its mover, its first known row.
struct LaneJob {
    at: usize,
    seats: Seats,
    phi: f64,
    t_hi: usize,
}

/// What the equilibrium mover's turn gives the contenders: per contender, its chance as the
/// next player and as the last apart from the mover's farkles, and the chance `f` of one.
struct EqTurn {
    f: f64,
    next: Vec<f64>,
    last: Vec<f64>,
}

/// The evaluation's shared state.
struct Eval<'a> {
    table: &'a ThreePlayerTable,
    ctx: Ctx<'a>,
    models: &'a [PlayerModel],
    fin: FinalTables,
    /// Per contender with a fixed policy, per policy slot: its worth where banking wins
    /// outright (see [`PlayerModel::winning_worths`]).
    winning: Vec<Vec<Vec<Worth>>>,
    /// Solve the equilibrium movers' turns and the bots' own turns one at a time by the
    /// scalar passes (the reference the lane passes are tested against), not eight a lane
    /// pass.
    scalar: bool,
    /// The equilibrium's turns as distributions, where kept and not `scalar`.
    banks: Option<&'a MoverBanks>,
    /// The fixed policies' turns as distributions, kept across the evaluation's batches
    /// (the same policy, top and target recur at every level) up to `bot_ends_bytes`.
    bot_ends_kept: std::sync::Mutex<BotEndsKept>,
    bot_ends_bytes: usize,
}

/// (contender, policy slot, top, first total reaching the target, lowest bank, banks above
/// the top): what a fixed policy's turn as a distribution depends on.
type BotEndsKey = (usize, usize, usize, usize, usize, bool);

/// How many bytes of fixed policies' turn distributions one evaluation keeps, at least:
/// over a hundred thousand turns of a target of 10,000 (where four cards have 800 in a
/// race), beyond which the rest are solved again where they recur. More when the
/// preparation of the equilibrium's turns was allowed more than it took
/// ([`ThreePlayerTable::prepare_evaluations`]).
const BOT_ENDS_KEPT_BYTES: usize = 256 << 20;

#[derive(Default)]
struct BotEndsKept {
    ends: std::collections::HashMap<BotEndsKey, std::sync::Arc<BotEnds>>,
    bytes: usize,
}

impl ThreePlayerTable {
    /// The place of a state in the table, `players` in turn order from the mover.
    pub(crate) fn state_index(&self, players: &[PlayerState; 3]) -> Result<usize, StrategyError> {
        let seats = self.seats_of(players)?;
        Ok(self.ctx().index(seats))
    }

    /// The values of each contender per state (mover, next, last).
    pub(crate) fn evaluate_models(
        &self,
        models: &[PlayerModel],
        progress: Progress,
    ) -> Result<Vec<Vec<[f64; 3]>>, StrategyError> {
        self.evaluate_models_by(models, progress, false, self.bot_ends_budget())
    }

    /// How many bytes of the bots' turn distributions an evaluation keeps: what the
    /// preparation's bound left beyond the equilibrium's turns, at least
    /// [`BOT_ENDS_KEPT_BYTES`].
    fn bot_ends_budget(&self) -> usize {
        self.mover_banks
            .get()
            .map_or(BOT_ENDS_KEPT_BYTES, |b| b.spare().max(BOT_ENDS_KEPT_BYTES))
    }

    /// [`ThreePlayerTable::evaluate_models`], the equilibrium movers' turns and the bots' own
    /// turns by the scalar passes one at a time where `scalar`, eight a lane pass otherwise
    /// (the same bits).
    fn evaluate_models_by(
        &self,
        models: &[PlayerModel],
        progress: Progress,
        scalar: bool,
        bot_ends_bytes: usize,
    ) -> Result<Vec<Vec<[f64; 3]>>, StrategyError> {
        check_rules(&self.rules, self.bank_min, &self.model.farkle)?;
        let ctx = self.ctx();
        let banks = if scalar { None } else { self.mover_banks.get() };
        self.check_work(&ctx, models, banks.is_some(), bot_ends_bytes)?;
        let pool = worker_pool()?;
        let states = self.values.len();
        let mut own = Vec::with_capacity(models.len());
        for _ in models {
            // The table's values: exact for the best response where it does not gain, a
            // start for the sweeps.
            let mut v = try_filled(states, [0.0; 3])?;
            v.copy_from_slice(&self.values);
            own.push(v);
        }
        let fin = pool.install(|| FinalTables::new(self, models))?;
        let winning = PlayerModel::winning_worths(models, &self.model)?;
        let eval = Eval {
            table: self,
            ctx,
            models,
            fin,
            winning,
            scalar,
            banks,
            bot_ends_kept: Default::default(),
            bot_ends_bytes,
        };
        if self.rules.farkle_penalty_streak == 0 {
            eval.ordered(&pool, &mut own, progress)?;
        } else {
            eval.sweeps(&pool, &mut own, progress)?;
        }
        Ok(own)
    }

    /// The passes of one evaluation, bounded by [`crate::limits::MAX_WIN_TABLE_PASS_WORK`]
    /// in units of about the time of one scalar option evaluation: a bot's turn counts its steps (a way
    /// a roll goes, by its policy) per turn total, as the scalar bot pass costs (its turns
    /// run eight states a lane pass, padded to the group's highest known row: counted still
    /// as eight scalar passes, an upper bound), a best response's or a two-player table's
    /// turn one scalar pass of every option; the equilibrium movers' turns run eight states a
    /// lane pass, whose option evaluation for the eight counts one per value of its node (the
    /// mover's chance, its farkles, two riders a contender, padded to an even width of at
    /// least four): measured, it takes about as long as that many bot steps. With the
    /// equilibrium's turns kept (`banks`), each is a sum over its rows instead, two values a
    /// contender, and so is a bot's turn, after a pass forward of its policy per
    /// [`BotEndsKey`].
    fn check_work(
        &self,
        ctx: &Ctx,
        models: &[PlayerModel],
        banks: bool,
        bot_ends_bytes: usize,
    ) -> Result<(), StrategyError> {
        let l = &self.layout;
        let n = l.players() as u128;
        // Rows of every state's turn.
        let turns = self.turn_rows();
        let options = u128::from(ctx.model.row_work());
        let k = models.len() as u128;
        // The lane pass's node: the mover's chance and farkles, two riders a contender,
        // padded to an even width of at least four.
        let width = (2 + 2 * k).max(4).next_multiple_of(2);
        let mut work = if banks {
            turns * 2 * k
        } else {
            turns * options * width / LANES as u128
        };
        for m in models {
            work += match &m.turns {
                Turns::Fixed(p) if banks => {
                    // Each state's turn a sum over its ends (at most its rows), and a pass
                    // forward per distinct BotEndsKey while they all fit in what is kept,
                    // else at most one per state. A key is one per mover and slot, and in a
                    // final round per total from which on banking wins outright: at most
                    // `cap` past the one reaching the target (the leader is below it).
                    let extra = p.iter().map(|p| p.settled() as u128).max().unwrap_or(0);
                    let steps = p.iter().map(|p| p.row_work() as u128).max().unwrap_or(0);
                    let (rows, bytes) = self.bot_ends_size(extra);
                    let wins = match &*self.endgame {
                        Endgame::Race => 1,
                        Endgame::FinalRound(f) => (f.cap as u128 + 1).min(n),
                    };
                    let keys = p.len() as u128 * n * wins;
                    let passes = if keys * bytes <= bot_ends_bytes as u128 {
                        keys.min(n * n * n)
                    } else {
                        n * n * n
                    };
                    // A state's ends reach past its own rows by what its pass adds.
                    let past = rows - (l.target - l.lower).max(1) as u128;
                    turns + n * n * n * past + passes * rows * steps
                }
                Turns::Fixed(p) => {
                    let extra = p.iter().map(|p| p.settled() as u128).max().unwrap_or(0);
                    let steps = p.iter().map(|p| p.row_work() as u128).max().unwrap_or(0);
                    (turns + extra * n * n * n) * steps
                }
                _ => turns * options,
            };
        }
        check_pass_work("the passes of a three-player evaluation", work)
    }

    /// The most rows a fixed policy's pass forward ([`bot_ends`]) runs, with `extra` rows
    /// past its own settled decisions, and what keeping its ends costs in bytes (a bound: the
    /// ends, the key and the map's share).
    fn bot_ends_size(&self, extra: u128) -> (u128, u128) {
        let l = &self.layout;
        let cap = match &*self.endgame {
            Endgame::Race => 0,
            Endgame::FinalRound(f) => f.cap as u128,
        };
        let rows =
            (l.target - l.lower).max(1) as u128 + cap + extra + self.model.max_gain as u128 + 1;
        let fixed =
            (std::mem::size_of::<BotEnds>() + std::mem::size_of::<BotEndsKey>() + 64) as u128;
        (rows, fixed + 8 * rows)
    }
}

impl FinalTables {
    fn new(table: &ThreePlayerTable, models: &[PlayerModel]) -> Result<FinalTables, StrategyError> {
        let round = match &*table.endgame {
            Endgame::Race => {
                return Ok(FinalTables {
                    cap: 0,
                    last: Vec::new(),
                    next: Vec::new(),
                    after: Vec::new(),
                })
            }
            Endgame::FinalRound(f) => &**f,
        };
        let model = &*table.model;
        let cap = round.cap;
        let flags: &[usize] = if table.layout.board { &[0, 1] } else { &[1] };
        let mut fin = FinalTables {
            cap,
            last: Vec::new(),
            next: Vec::new(),
            after: Vec::new(),
        };
        for m in models {
            let play = play_of(m);
            // The last to play: the advice sees every player there, so plays its best.
            let last_play = match play {
                LastPlay::Myopic => LastPlay::Best,
                p => p,
            };
            let mut last: [[Vec<f64>; 2]; 2] = Default::default();
            for &flag in flags {
                for (w, share) in [TWO_WAY, THREE_WAY].into_iter().enumerate() {
                    last[flag][w] = last_turn_values(
                        last_play,
                        model,
                        table.bank_min[flag],
                        cap,
                        1,
                        |d| match d {
                            d if d > 0 => 1.0,
                            0 => share,
                            _ => 0.0,
                        },
                    )?;
                }
            }
            fin.last.push(last);
            let mut next: [Vec<f64>; 4] = Default::default();
            for &fb in flags {
                for &fc in flags {
                    next[2 * fb + fc] = next_player(round, model, play, table.bank_min[fb], fc)?;
                }
            }
            fin.next.push(next);
        }
        for _ in models {
            fin.after.push(Default::default());
        }
        for &fb in flags {
            for &fc in flags {
                let tables = fin.last_player(round, model, table.bank_min[fb], fc)?;
                for (j, t) in tables.into_iter().enumerate() {
                    fin.after[j][2 * fb + fc] = t;
                }
            }
        }
        Ok(fin)
    }

    /// Per contender, its chance as the last player (flag `fc`) when the equilibrium's next
    /// player (lowest bank `bank_min_b`) takes its last turn first: the endgame's solve of
    /// that turn (`FinalRound::b_turns`), the contenders' chances riding along.
    fn last_player(
        &self,
        round: &FinalRound,
        model: &crate::strategy::turn::TurnModel,
        bank_min_b: usize,
        fc: usize,
    ) -> Result<Vec<Vec<f64>>, StrategyError> {
        let cap = self.cap;
        let width = model.width();
        let n = model.dice;
        let k = self.last.len();
        let offsets = model.option_offsets();
        let mut table = vec![try_filled(cap * cap, 0.0)?; k];
        // Above the mark by u: what the last player then needs is e = dC + u.
        let mut above = RiderTurn::default();
        above.reset(model, k, cap + 1);
        let mut riders = vec![0.0; k];
        for e in 1..=cap {
            let (w, _) = round.failure(fc, e as i64);
            for (j, r) in riders.iter_mut().enumerate() {
                *r = self.last[j][fc][0][e];
            }
            above.set_bank(e, w, &riders);
        }
        rider_pass(model, &offsets, &mut above, 0.0, Ties::First, None);
        let won = {
            let mut v = vec![0.0; 2 + k];
            v[0] = 1.0;
            v
        };
        let above_at = |e: usize, hand: usize| -> &[f64] {
            if e > cap {
                &won
            } else {
                above.node(e, hand)
            }
        };
        let columns: Vec<Vec<(usize, usize, Vec<f64>)>> = (1..=cap)
            .into_par_iter()
            .map_init(RiderTurn::default, |s, dc| {
                let mut out = Vec::with_capacity(cap);
                let fail: Vec<f64> = (0..k).map(|j| self.last[j][fc][0][dc]).collect();
                // Level with the mark.
                let (pa, pe) = round.c_turn(fc, 3, dc as i64);
                let ab = (1.0 - pa - pe) * TWO_WAY + pe * THREE_WAY;
                let level_riders: Vec<f64> = (0..k).map(|j| self.last[j][fc][1][dc]).collect();
                s.reset(model, k, 1);
                s.set_bank(0, ab, &level_riders);
                for u in 1..=model.max_gain + 1 {
                    for hand in 0..width {
                        s.node_mut(u, hand).copy_from_slice(above_at(dc + u, hand));
                    }
                }
                rider_pass(model, &offsets, s, 0.0, Ties::First, None);
                let level: Vec<Vec<f64>> = (0..width).map(|h| s.node(0, h).to_vec()).collect();
                // Below the mark: rows by cap - r, no bank.
                s.reset(model, k, cap);
                for (hand, node) in level.iter().enumerate() {
                    s.node_mut(cap, hand).copy_from_slice(node);
                }
                for u in 1..=model.max_gain {
                    for hand in 0..width {
                        s.node_mut(cap + u, hand)
                            .copy_from_slice(above_at(dc + u, hand));
                    }
                }
                rider_pass(model, &offsets, s, 0.0, Ties::First, None);
                for db in bank_min_b.max(1)..=cap {
                    out.push((db, dc, chances(s.node(cap - db, n), &fail)));
                }
                // Below its lowest bank, from the rows above it.
                for db in 1..bank_min_b.min(cap + 1) {
                    s.reset(model, k, bank_min_b);
                    for t in bank_min_b..bank_min_b + model.max_gain + 1 {
                        for hand in 0..width {
                            s.node_mut(t, hand)
                                .copy_from_slice(above_at(dc + t - db, hand));
                        }
                    }
                    rider_pass(model, &offsets, s, 0.0, Ties::First, None);
                    out.push((db, dc, chances(s.node(0, n), &fail)));
                }
                out
            })
            .collect();
        for (db, dc, v) in columns.into_iter().flatten() {
            for (j, x) in v.into_iter().enumerate() {
                table[j][(db - 1) * cap + dc - 1] = x;
            }
        }
        Ok(table)
    }
}

/// The contenders' chances from a rider node whose farkles leave the last player against
/// the mover alone (`fail[j]`).
fn chances(node: &[f64], fail: &[f64]) -> Vec<f64> {
    fail.iter()
        .enumerate()
        .map(|(j, x)| node[2 + j] + node[1] * x)
        .collect()
}

/// The last-turn play of a contender.
fn play_of(m: &PlayerModel) -> LastPlay<'_> {
    match &m.last {
        Last::Fixed(p) => LastPlay::Fixed(p),
        Last::Best => LastPlay::Best,
        Last::Myopic => LastPlay::Myopic,
    }
}

/// The contender as the next player (lowest bank `bank_min`) after the mover reached the
/// mark: for every dB and dC up to the cap, at `(dB - 1) * cap + dC - 1`. Finishing u
/// above the mark leaves the equilibrium's last player (flag `fc`) needing dC + u against
/// it alone; level, needing dC against two.
fn next_player(
    round: &FinalRound,
    model: &crate::strategy::turn::TurnModel,
    play: LastPlay,
    bank_min: usize,
    fc: usize,
) -> Result<Vec<f64>, StrategyError> {
    let cap = round.cap;
    let columns: Vec<Result<Vec<f64>, StrategyError>> = (1..=cap)
        .into_par_iter()
        .map(|dc| {
            let (pa, pe) = round.c_turn(fc, 3, dc as i64);
            let level = (1.0 - pa - pe) * TWO_WAY + pe * THREE_WAY;
            last_turn_values(play, model, bank_min, cap, cap - dc + 1, |d| match d {
                d if d > 0 => round.failure(fc, dc as i64 + d).0,
                0 => level,
                _ => 0.0,
            })
        })
        .collect();
    let mut out = try_filled(cap * cap, 0.0)?;
    for (i, column) in columns.into_iter().enumerate() {
        let column = column?;
        let dc = i + 1;
        for db in 1..=cap {
            out[(db - 1) * cap + dc - 1] = column[db];
        }
    }
    Ok(out)
}

impl Eval<'_> {
    fn values(&self) -> &[[f64; 3]] {
        &self.table.values
    }

    /// The mixing of the equilibrium's mover at `seats`, if it mixes there.
    fn mix_at(&self, seats: Seats) -> Option<&crate::strategy::three_player::Mix> {
        let t = self.table;
        t.mixed
            .binary_search_by_key(&self.ctx.index(seats), |m| m.0)
            .ok()
            .map(|i| &t.mixed[i].1)
    }

    /// [`Eval::eq_turn`] of every state of `states` (in a rayon pool): eight a lane pass, by
    /// their first known rows so that a pass's lanes share most of their rows; a state whose
    /// mover mixes by the scalar pass.
    fn eq_turns(&self, own: &[Vec<[f64; 3]>], states: &[Seats]) -> Vec<EqTurn> {
        if let Some(banks) = self.banks {
            return states
                .par_iter()
                .map_init(Buffers::default, |b, &s| {
                    match banks.ends(self.ctx.index(s)) {
                        Some(ends) => self.eq_ends(own, s, &ends),
                        None => self.eq_turn(own, s, b),
                    }
                })
                .collect();
        }
        if self.scalar {
            return states
                .par_iter()
                .map_init(Buffers::default, |b, &s| self.eq_turn(own, s, b))
                .collect();
        }
        let ctx = &self.ctx;
        let values = self.values();
        let mut jobs: Vec<LaneJob> = Vec::with_capacity(states.len());
        let mut mixed = Vec::new();
        for (i, &seats) in states.iter().enumerate() {
            if self.mix_at(seats).is_some() {
                mixed.push(i);
                continue;
            }
            let phi = values[ctx.index(ctx.after_farkle(seats))][2];
            jobs.push(LaneJob {
                at: i,
                seats,
                phi,
                t_hi: ctx.t_hi(seats, phi),
            });
        }
        jobs.sort_by_key(|j| j.t_hi);
        let lanes: Vec<(usize, EqTurn)> = jobs
            .par_chunks(LANES)
            .map_init(Buffers::default, |b, group| self.eq_lanes(own, group, b))
            .flatten_iter()
            .collect();
        let scalar: Vec<(usize, EqTurn)> = mixed
            .par_iter()
            .map_init(Buffers::default, |b, &i| {
                (i, self.eq_turn(own, states[i], b))
            })
            .collect();
        let mut out: Vec<Option<EqTurn>> = (0..states.len()).map(|_| None).collect();
        for (i, eq) in lanes.into_iter().chain(scalar) {
            out[i] = Some(eq);
        }
        out.into_iter()
            .map(|eq| eq.expect("every state's turn solved"))
            .collect()
    }

    /// The equilibrium mover's turns of up to [`LANES`] states (none mixing) in one lane pass
    /// (unused lanes repeat the first): [`Eval::eq_turn`] of each. The lanes share the rows up
    /// to the highest first known row; between its own and that, a lane's rows come out as
    /// the known values there (the mover banks every hand, as its `t_hi` proves optimal;
    /// the riders follow the bank), as in the solver's lane pass.
    fn eq_lanes(
        &self,
        own: &[Vec<[f64; 3]>],
        group: &[LaneJob],
        b: &mut Buffers,
    ) -> Vec<(usize, EqTurn)> {
        let ctx = &self.ctx;
        let values = self.values();
        let k = own.len();
        let model = ctx.model;
        let top = group.iter().map(|j| j.t_hi).max().unwrap_or(0);
        let s = &mut b.lanes;
        s.reset(model, 2 * k, top);
        let mut riders = vec![0.0; 2 * k];
        let lane = |j: usize| &group[if j < group.len() { j } else { 0 }];
        for j in 0..LANES {
            set_lane(
                ctx,
                values,
                lane(j).seats,
                j,
                top,
                s,
                &mut riders,
                |z, q, r, out| self.bank_riders(own, z, q, r, out),
            );
        }
        rider_lanes_pass(model, ctx.offsets, s, std::array::from_fn(|j| lane(j).phi));
        let n = model.dice;
        group
            .iter()
            .enumerate()
            .map(|(j, job)| {
                let eq = EqTurn {
                    f: s.value(0, n, j, 1),
                    next: (0..k).map(|i| s.value(0, n, j, 2 + 2 * i)).collect(),
                    last: (0..k).map(|i| s.value(0, n, j, 3 + 2 * i)).collect(),
                };
                (job.at, eq)
            })
            .collect()
    }

    /// The equilibrium mover's turn at `seats`, the contenders riding along.
    fn eq_turn(&self, own: &[Vec<[f64; 3]>], seats: Seats, b: &mut Buffers) -> EqTurn {
        let ctx = &self.ctx;
        let values = self.values();
        let k = own.len();
        let l = &ctx.layout;
        let (p, q, r) = seats;
        let (x, _, _) = l.player(p);
        let (qp, rp) = (l.player(q), l.player(r));
        let after = ctx.after_farkle(seats);
        let phi = values[ctx.index(after)][2];
        let t_hi = ctx.t_hi(seats, phi);
        let s = &mut b.riders;
        s.reset(ctx.model, 2 * k, t_hi);
        let mut riders = vec![0.0; 2 * k];
        for tt in 0..t_hi {
            let Some((w, _)) = ctx.bank_at(values, seats, tt) else {
                continue;
            };
            let z = x + tt as i64;
            self.bank_riders(own, z, q, r, &mut riders);
            s.set_bank(tt, w, &riders);
        }
        for tt in t_hi..s.rows() {
            let z = x + tt as i64;
            self.bank_riders(own, z, q, r, &mut riders);
            for hand in 0..ctx.model.width() {
                let node = ctx.endgame.beyond(ctx.model, z, qp, rp, hand);
                let out = s.node_mut(tt, hand);
                out[0] = node.w;
                out[1] = node.f;
                out[2..].copy_from_slice(&riders);
            }
        }
        let mix = self.mix_at(seats);
        rider_pass(ctx.model, ctx.offsets, s, phi, Ties::First, mix);
        let node = s.node(0, ctx.model.dice);
        EqTurn {
            f: node[1],
            next: (0..k).map(|j| node[2 + 2 * j]).collect(),
            last: (0..k).map(|j| node[3 + 2 * j]).collect(),
        }
    }

    /// [`Eval::eq_turn`] from the turn's ends as kept: what each bank gives the contenders,
    /// weighed by its chance.
    fn eq_ends(&self, own: &[Vec<[f64; 3]>], (p, q, r): Seats, ends: &Ends) -> EqTurn {
        let k = own.len();
        let (x, _, _) = self.ctx.layout.player(p);
        let mut riders = vec![0.0; 2 * k];
        let mut next = vec![0.0; k];
        let mut last = vec![0.0; k];
        // The banks below the target, read as runs of each contender's values (the same
        // terms in the same order as bank_riders gives them).
        let (at, below) = self.banks_below(x, ends.first, ends.chances.len(), (q, r));
        let stride = self.ctx.layout.streak;
        for (j, v) in own.iter().enumerate() {
            let rows = v[at..].iter().step_by(stride);
            for (&chance, w) in ends.chances[..below].iter().zip(rows) {
                if chance != 0.0 {
                    next[j] += chance * w[0];
                    last[j] += chance * w[1];
                }
            }
        }
        for (i, &chance) in ends.chances.iter().enumerate().skip(below) {
            if chance == 0.0 {
                continue;
            }
            self.bank_riders(own, x + (ends.first + i) as i64, q, r, &mut riders);
            for j in 0..k {
                next[j] += chance * riders[2 * j];
                last[j] += chance * riders[2 * j + 1];
            }
        }
        EqTurn {
            f: ends.farkle,
            next,
            last,
        }
    }

    /// The contenders' chances (as the next player, as the last, per contender) when the
    /// mover of (p, q, r) banks to `z` units.
    /// Where a mover at `x` (units) banking `len` totals from `first` on lands while below
    /// the target, the others at `(q, r)`: the state after banking `first` and how many of
    /// the totals stay below the target (consecutive states, the layout's streak apart).
    fn banks_below(
        &self,
        x: i64,
        first: usize,
        len: usize,
        (q, r): (usize, usize),
    ) -> (usize, usize) {
        let l = &self.ctx.layout;
        let z = x + first as i64;
        let below = usize::try_from(l.target - z).unwrap_or(0).min(len);
        if below == 0 {
            return (0, 0);
        }
        (self.ctx.index((q, r, l.index(z, true, 0))), below)
    }

    fn bank_riders(&self, own: &[Vec<[f64; 3]>], z: i64, q: usize, r: usize, out: &mut [f64]) {
        let l = &self.ctx.layout;
        if z >= l.target {
            for j in 0..own.len() {
                let (a, b) = self.fin.reached(j, z, l.player(q), l.player(r));
                out[2 * j] = a;
                out[2 * j + 1] = b;
            }
        } else {
            let after = self.ctx.index((q, r, l.index(z, true, 0)));
            for (j, v) in own.iter().enumerate() {
                // The next player moves after the bank, the last becomes next.
                out[2 * j] = v[after][0];
                out[2 * j + 1] = v[after][1];
            }
        }
    }

    /// Contender j's own turn at `seats` by a bot's policy or a two-player table: its worth
    /// apart from farkles.
    fn fixed_turn(
        &self,
        own: &[[f64; 3]],
        j: usize,
        seats: Seats,
        b: &mut Buffers,
    ) -> Result<Worth, StrategyError> {
        match &self.models[j].turns {
            Turns::Table(table, rolls) => self.head_to_head_turn(own, table, rolls, seats, b),
            _ => Ok(self.bot_turn(own, j, seats, b)),
        }
    }

    /// A bot's turn at `seats` from its ends: the banks below the target read as a run of
    /// its values, the rest by [`Eval::own_bank`] (the same terms in the same order).
    fn bot_worth(&self, ends: &BotEnds, own: &[[f64; 3]], seats: Seats) -> Worth {
        let (p, q, r) = seats;
        let (x, board, _) = self.ctx.layout.player(p);
        // Below the lowest bank, own_bank refuses: those are left to it.
        let (at, below) = if ends.first >= self.ctx.bank_min[usize::from(board)] {
            self.banks_below(x, ends.first, ends.chances.len(), (q, r))
        } else {
            (0, 0)
        };
        let rows = own[at..]
            .iter()
            .step_by(self.ctx.layout.streak)
            .take(below)
            .map(|w| w[2]);
        ends.worth_from(rows, |t| self.own_bank(own, seats, t))
    }

    /// What banking turn total `t` is worth to the contender moving at `seats` (`None`
    /// where not allowed).
    fn own_bank(&self, own: &[[f64; 3]], seats: Seats, t: usize) -> Option<f64> {
        let ctx = &self.ctx;
        let l = &ctx.layout;
        let (p, q, r) = seats;
        let (x, board, _) = l.player(p);
        if t < ctx.bank_min[usize::from(board)] {
            return None;
        }
        let z = x + t as i64;
        Some(if z >= l.target {
            ctx.endgame.reached(z, l.player(q), l.player(r))[0]
        } else {
            // After the bank the next player moves and the banker is last.
            own[ctx.index((q, r, l.index(z, true, 0)))][2]
        })
    }

    /// The contender's turn at `seats` by a two-player table against the opponent most
    /// likely to beat it head to head (the next player on a tie).
    fn head_to_head_turn(
        &self,
        own: &[[f64; 3]],
        table: &TwoPlayerTable,
        rolls: &Rolls,
        seats: Seats,
        b: &mut Buffers,
    ) -> Result<Worth, StrategyError> {
        let l = &self.ctx.layout;
        let (p, q, r) = seats;
        let state = |i: usize| {
            let (x, on_board, farkles) = l.player(i);
            PlayerState {
                score: (x * i64::from(l.unit)) as i32,
                on_board,
                farkles: farkles as u8,
            }
        };
        let me = table.player_index(&state(p))?;
        let (nq, nr) = (
            table.player_index(&state(q))?,
            table.player_index(&state(r))?,
        );
        let n = table.player_states();
        // The mover's own chance against each: the lower, the stronger the opponent.
        let opponent = if table.start[me * n + nr] < table.start[me * n + nq] {
            nr
        } else {
            nq
        };
        Ok(table.advised_turn(
            rolls,
            me,
            opponent,
            |t| self.own_bank(own, seats, t),
            &mut b.advised,
        ))
    }

    /// Contender j's own turn at `seats` with a fixed policy: its worth apart from farkles.
    fn bot_turn(&self, own: &[[f64; 3]], j: usize, seats: Seats, b: &mut Buffers) -> Worth {
        let (policy, top, at_target, above) = self.bot_setup(j, seats);
        let bank = |t: usize| self.own_bank(own, seats, t);
        bot_pass(
            policy,
            self.ctx.model,
            top,
            at_target,
            bank,
            above,
            &mut b.bot,
        )
    }

    /// Contender j's bot at `seats`: its policy there, the first row its turn is known from,
    /// the first turn total whose bank reaches the target, how the turn is known above.
    fn bot_setup(&self, j: usize, seats: Seats) -> (&TurnPolicy, usize, usize, Above<'_>) {
        let Turns::Fixed(policies) = &self.models[j].turns else {
            unreachable!("a fixed policy")
        };
        let ctx = &self.ctx;
        let l = &ctx.layout;
        let (p, q, r) = seats;
        let (x, board, _) = l.player(p);
        let (qp, rp) = (l.player(q), l.player(r));
        let slot = self.models[j].slot(l, p, &[q, r]);
        let policy = &policies[slot];
        let bank_min = ctx.bank_min[usize::from(board)];
        let at_target = (l.target - x) as usize;
        let wins = match ctx.endgame {
            Endgame::Race => at_target,
            // Past both others' leads out of reach.
            Endgame::FinalRound(f) => {
                ((qp.0.max(rp.0) + f.cap as i64 + 1 - x).max(at_target as i64)) as usize
            }
        };
        let winning = &self.winning[j][slot];
        let (top, above) = known_from(policy, winning, at_target, wins, bank_min);
        (policy, top, at_target, above)
    }

    /// The own turns of every contender with a fixed policy at every state of `states` (in
    /// a rayon pool), eight a lane pass: those of one bot with the same policy, by their
    /// first known rows so that a pass's lanes share most of their rows. None where not
    /// solved ahead (other contenders, or all of them where `scalar`).
    fn bot_turns(&self, own: &[Vec<[f64; 3]>], states: &[Seats]) -> BotWorths {
        let mut out: BotWorths = vec![vec![None; states.len()]; own.len()];
        if self.scalar {
            return out;
        }
        if self.banks.is_some() {
            return self.bot_turns_by_ends(own, states);
        }
        let l = &self.ctx.layout;
        // (contender, policy slot, first known row, state).
        let mut jobs: Vec<(usize, usize, usize, usize)> = Vec::new();
        for j in 0..own.len() {
            if !matches!(self.models[j].turns, Turns::Fixed(_)) {
                continue;
            }
            for (i, &(p, q, r)) in states.iter().enumerate() {
                let slot = self.models[j].slot(l, p, &[q, r]);
                let (_, top, _, _) = self.bot_setup(j, (p, q, r));
                jobs.push((j, slot, top, i));
            }
        }
        jobs.sort_unstable();
        // Groups of at most LANES with one contender and one policy.
        let mut groups: Vec<&[(usize, usize, usize, usize)]> = Vec::new();
        for same in jobs.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
            groups.extend(same.chunks(LANES));
        }
        let solved: Vec<Vec<(usize, usize, Worth)>> = groups
            .par_iter()
            .map_init(Buffers::default, |b, group| {
                self.bot_lanes(own, states, group, b)
            })
            .collect();
        for (j, i, w) in solved.into_iter().flatten() {
            out[j][i] = Some(w);
        }
        out
    }

    /// [`Eval::bot_turns`] from the ends of each bot's turns ([`bot_ends`]): solved once
    /// per policy, top, target and lowest bank (a few per mover's score), then each
    /// state's worth as a sum over its banks.
    fn bot_turns_by_ends(&self, own: &[Vec<[f64; 3]>], states: &[Seats]) -> BotWorths {
        use std::sync::Arc;
        let ctx = &self.ctx;
        let l = &ctx.layout;
        let mut keys: std::collections::HashMap<BotEndsKey, usize> =
            std::collections::HashMap::new();
        let mut list: Vec<BotEndsKey> = Vec::new();
        let mut of_state: Vec<Vec<usize>> = vec![Vec::new(); own.len()];
        for (j, of_state) in of_state.iter_mut().enumerate() {
            if !matches!(self.models[j].turns, Turns::Fixed(_)) {
                continue;
            }
            for &(p, q, r) in states {
                let slot = self.models[j].slot(l, p, &[q, r]);
                let (_, top, at_target, above) = self.bot_setup(j, (p, q, r));
                let bank_min = ctx.bank_min[usize::from(l.player(p).1)];
                let key = (
                    j,
                    slot,
                    top,
                    at_target,
                    bank_min,
                    matches!(above, Above::Banks),
                );
                let next = list.len();
                let at = *keys.entry(key).or_insert(next);
                if at == next {
                    list.push(key);
                }
                of_state.push(at);
            }
        }
        let kept: Vec<Option<Arc<BotEnds>>> = {
            let kept = self
                .bot_ends_kept
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            list.iter().map(|k| kept.ends.get(k).cloned()).collect()
        };
        let ends: Vec<Arc<BotEnds>> = list
            .par_iter()
            .zip(kept)
            .map(|(&(j, slot, top, at_target, bank_min, banks), kept)| {
                if let Some(ends) = kept {
                    return ends;
                }
                let Turns::Fixed(policies) = &self.models[j].turns else {
                    unreachable!("a fixed policy")
                };
                let above = if banks {
                    Above::Banks
                } else {
                    Above::Wins(&self.winning[j][slot])
                };
                Arc::new(bot_ends(
                    &policies[slot],
                    ctx.model,
                    top,
                    at_target,
                    bank_min,
                    &above,
                ))
            })
            .collect();
        {
            let mut kept = self
                .bot_ends_kept
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            for (k, e) in list.iter().zip(&ends) {
                let bytes = std::mem::size_of::<BotEnds>() + 8 * e.chances.len();
                if kept.bytes + bytes > self.bot_ends_bytes {
                    break;
                }
                if !kept.ends.contains_key(k) {
                    kept.bytes += bytes;
                    kept.ends.insert(*k, Arc::clone(e));
                }
            }
        }
        of_state
            .iter()
            .enumerate()
            .map(|(j, at)| {
                if at.is_empty() {
                    return vec![None; states.len()];
                }
                states
                    .par_iter()
                    .zip(at)
                    .map(|(&seats, &at)| Some(self.bot_worth(&ends[at], &own[j], seats)))
                    .collect()
            })
            .collect()
    }

    /// [`Eval::bot_turn`] of up to [`LANES`] states for one contender with one policy, in
    /// one lane pass: (contender, state, worth) of each.
    fn bot_lanes(
        &self,
        own: &[Vec<[f64; 3]>],
        states: &[Seats],
        group: &[(usize, usize, usize, usize)],
        b: &mut Buffers,
    ) -> Vec<(usize, usize, Worth)> {
        let j = group[0].0;
        let top = group.iter().map(|g| g.2).max().unwrap_or(0);
        let model = self.ctx.model;
        let s = &mut b.bots;
        s.reset(model, top);
        let mut policy = None;
        for (lane, &(_, _, _, i)) in group.iter().enumerate() {
            let seats = states[i];
            let (p, t, at_target, above) = self.bot_setup(j, seats);
            policy = Some(p);
            s.set_lane(
                lane,
                t,
                at_target,
                |t| self.own_bank(&own[j], seats, t),
                &above,
            );
        }
        let policy = policy.expect("a group has a state");
        bot_lanes_pass(policy, model, s);
        group
            .iter()
            .enumerate()
            .map(|(lane, g)| (j, g.3, s.value(0, model.dice, lane)))
            .collect()
    }

    /// The best response's turn at `seats` with a farkle worth `phi` to it.
    fn best_turn(&self, own: &[[f64; 3]], seats: Seats, phi: f64, b: &mut Buffers) -> Summary {
        self.ctx.prepare(own, seats, phi, &mut b.scratch);
        Summary::of(self.ctx.pass(&mut b.scratch, phi), phi)
    }

    /// Solves one cycle (its states as `states`): per contender, the values of each state.
    fn cycle(
        &self,
        own: &[Vec<[f64; 3]>],
        states: &[Seats],
        eq: &[EqTurn],
        bots: (&BotWorths, usize),
        b: &mut Buffers,
    ) -> Result<Vec<Vec<[f64; 3]>>, StrategyError> {
        let k = states.len();
        let mut out = Vec::with_capacity(own.len());
        for (j, v) in own.iter().enumerate() {
            let mut vals = vec![[0.0; 3]; k];
            for i in 0..k {
                let (e1, e2) = (&eq[(i + 1) % k], &eq[(i + 2) % k]);
                // j moves at state i, is last at i + 1, next at i + 2 (then moves again).
                let a = e1.last[j] + e1.f * e2.next[j];
                let slope = e1.f * e2.f;
                let x = match &self.models[j].turns {
                    Turns::Fixed(_) | Turns::Table(..) => {
                        let w = match bots.0[j][bots.1 + i] {
                            Some(w) => w,
                            None => self.fixed_turn(v, j, states[i], b)?,
                        };
                        (w.c + w.f * a) / (1.0 - w.f * slope)
                    }
                    _ => self.best_chain(v, states[i], a, slope, b)?,
                };
                vals[i][0] = x;
                vals[(i + 2) % k][1] = e2.next[j] + e2.f * x;
                vals[(i + 1) % k][2] = e1.last[j] + e1.f * vals[(i + 2) % k][1];
            }
            out.push(vals);
        }
        Ok(out)
    }

    /// The best response moving at `seats` when a farkle is worth `a + slope X` to it, X
    /// its value there: Newton's method on the farkle payoff from the equilibrium's.
    fn best_chain(
        &self,
        own: &[[f64; 3]],
        seats: Seats,
        a: f64,
        slope: f64,
        b: &mut Buffers,
    ) -> Result<f64, StrategyError> {
        let ctx = &self.ctx;
        let phi = self.values()[ctx.index(ctx.after_farkle(seats))][2];
        settle_cycle(phi, a, slope, |phi| {
            let s = self.best_turn(own, seats, phi, b);
            Ok((s, s.cw, s.f))
        })
    }

    /// Without a penalty: the levels from the highest down, each level's cycles in parallel.
    fn ordered(
        &self,
        pool: &rayon::ThreadPool,
        own: &mut [Vec<[f64; 3]>],
        progress: Progress,
    ) -> Result<(), StrategyError> {
        let ctx = &self.ctx;
        let l = ctx.layout;
        let by_score = ctx.by_score();
        let levels: Vec<i64> = (3 * l.lower..=3 * (l.target - 1)).rev().collect();
        let work_of = |s: &Seats| (l.target - l.player(s.0).0).max(1) as u64;
        let total: u64 = levels
            .iter()
            .flat_map(|&level| cycle_starts(ctx, &by_score, level))
            .map(|s| 3 * work_of(&s))
            .sum::<u64>()
            .max(1);
        let chunk = (CHUNK_WORK / ctx.model.row_work().max(1) / (1 + own.len() as u64)).max(1);
        let mut done = 0u64;
        for &level in &levels {
            let starts = cycle_starts(ctx, &by_score, level);
            let mut begin = 0;
            while begin < starts.len() {
                let mut end = begin;
                let mut work = 0;
                while end < starts.len() && work < chunk {
                    work += 3 * work_of(&starts[end]);
                    end += 1;
                }
                let shared: &[Vec<[f64; 3]>] = own;
                let cycles: Vec<Vec<Seats>> = starts[begin..end]
                    .iter()
                    .map(|&s| ctx.cycle_states(s))
                    .collect();
                let all: Vec<Seats> = cycles.iter().flatten().copied().collect();
                let results: Vec<Result<CycleValues, StrategyError>> = pool.install(|| {
                    let eq = self.eq_turns(shared, &all);
                    let bots = self.bot_turns(shared, &all);
                    let mut firsts = Vec::with_capacity(cycles.len());
                    let mut first = 0;
                    for c in &cycles {
                        firsts.push(first);
                        first += c.len();
                    }
                    cycles
                        .into_par_iter()
                        .zip(firsts)
                        .map_init(Buffers::default, |b, (states, first)| {
                            let eq = &eq[first..first + states.len()];
                            let v = self.cycle(shared, &states, eq, (&bots, first), b)?;
                            Ok((states, v))
                        })
                        .collect()
                });
                for result in results {
                    let (states, v) = result?;
                    for (j, vals) in v.into_iter().enumerate() {
                        for (i, &seats) in states.iter().enumerate() {
                            own[j][ctx.index(seats)] = vals[i];
                        }
                    }
                }
                done += work;
                if !progress(done as f64 / total as f64) {
                    return Err(StrategyError::Cancelled);
                }
                begin = end;
            }
        }
        Ok(())
    }

    /// With a penalty: Gauss-Seidel sweeps in the solver's order until no value changes by
    /// more than [`SWEEP_TOLERANCE`].
    fn sweeps(
        &self,
        pool: &rayon::ThreadPool,
        own: &mut [Vec<[f64; 3]>],
        progress: Progress,
    ) -> Result<(), StrategyError> {
        let ctx = &self.ctx;
        let l = ctx.layout;
        let by_score = ctx.by_score();
        let levels: Vec<i64> = (3 * l.lower..=3 * (l.target - 1)).rev().collect();
        let chunk = (CHUNK_WORK
            / ((l.target - l.lower).max(1) as u64 * ctx.model.row_work().max(1))
            / (1 + own.len() as u64))
            .max(64) as usize;
        let mut changes: Vec<f64> = Vec::new();
        for sweep in 0..MAX_SWEEPS {
            let mut change = 0.0f64;
            for (li, &level) in levels.iter().enumerate() {
                for bucket in buckets_of_level(ctx, &by_score, level) {
                    for part in bucket.chunks(chunk) {
                        let shared: &[Vec<[f64; 3]>] = own;
                        let results: Vec<Result<Vec<[f64; 3]>, StrategyError>> =
                            pool.install(|| {
                                let eq = self.eq_turns(shared, part);
                                let bots = self.bot_turns(shared, part);
                                part.par_iter()
                                    .zip(eq)
                                    .enumerate()
                                    .map_init(Buffers::default, |b, (i, (&s, eq))| {
                                        self.state(shared, s, &eq, (&bots, i), b)
                                    })
                                    .collect()
                            });
                        for (&seats, result) in part.iter().zip(results) {
                            let index = ctx.index(seats);
                            for (j, v) in result?.into_iter().enumerate() {
                                for i in 0..3 {
                                    change = change.max((own[j][index][i] - v[i]).abs());
                                }
                                own[j][index] = v;
                            }
                        }
                        let within = li as f64 / levels.len() as f64;
                        if !progress(estimate(&changes, sweep, within)) {
                            return Err(StrategyError::Cancelled);
                        }
                    }
                }
            }
            changes.push(change);
            if change <= SWEEP_TOLERANCE {
                return Ok(());
            }
        }
        Err(StrategyError::ResourceLimit(format!(
            "the three-player evaluation's sweeps did not converge in {MAX_SWEEPS} passes"
        )))
    }

    /// One state's values for every contender from the values it reads (a sweep's step).
    fn state(
        &self,
        own: &[Vec<[f64; 3]>],
        seats: Seats,
        eq: &EqTurn,
        bots: (&BotWorths, usize),
        b: &mut Buffers,
    ) -> Result<Vec<[f64; 3]>, StrategyError> {
        let ctx = &self.ctx;
        let after = ctx.index(ctx.after_farkle(seats));
        let mut out = Vec::with_capacity(own.len());
        for (j, v) in own.iter().enumerate() {
            let farkled = v[after];
            let mover = match &self.models[j].turns {
                Turns::Fixed(_) | Turns::Table(..) => {
                    let w = match bots.0[j][bots.1] {
                        Some(w) => w,
                        None => self.fixed_turn(v, j, seats, b)?,
                    };
                    w.c + w.f * farkled[2]
                }
                _ => self.best_turn(v, seats, farkled[2], b).own(farkled[2]),
            };
            out.push([
                mover,
                eq.next[j] + eq.f * farkled[0],
                eq.last[j] + eq.f * farkled[1],
            ]);
        }
        Ok(out)
    }
}

/// Lane `j`'s banks and known rows (from `top` up) of the equilibrium mover's turn at
/// `seats`, the riders of a bank to `z` units by `bank_riders(z, q, r, riders)`.
#[allow(clippy::too_many_arguments)]
pub(super) fn set_lane(
    ctx: &Ctx,
    values: &[[f64; 3]],
    seats: Seats,
    j: usize,
    top: usize,
    s: &mut RiderLanes,
    riders: &mut [f64],
    mut bank_riders: impl FnMut(i64, usize, usize, &mut [f64]),
) {
    let l = &ctx.layout;
    let model = ctx.model;
    let (p, q, r) = seats;
    let (x, _, _) = l.player(p);
    let (qp, rp) = (l.player(q), l.player(r));
    for tt in 0..top {
        let Some((w, _)) = ctx.bank_at(values, seats, tt) else {
            continue;
        };
        bank_riders(x + tt as i64, q, r, riders);
        s.set_bank(tt, j, w, riders);
    }
    for tt in top..s.rows() {
        let z = x + tt as i64;
        bank_riders(z, q, r, riders);
        for hand in 0..model.width() {
            let node = ctx.endgame.beyond(model, z, qp, rp, hand);
            s.set_known(tt, hand, j, node.w, node.f, riders);
        }
    }
}

/// The first rotation of every cycle of one level (as the solver lists them).
fn cycle_starts(ctx: &Ctx, by_score: &[Vec<usize>], level: i64) -> Vec<Seats> {
    level_states(ctx, by_score, level)
        .into_iter()
        .filter(|&(p, q, r)| (p, q, r) <= (q, r, p) && (p, q, r) <= (r, p, q))
        .collect()
}

/// Every state of one level (the sum of the three scores).
fn level_states(ctx: &Ctx, by_score: &[Vec<usize>], level: i64) -> Vec<Seats> {
    let l = &ctx.layout;
    let (lo, hi) = (l.lower, l.target - 1);
    let mut out = Vec::new();
    for x in lo..=hi {
        for y in lo..=hi {
            let z = level - x - y;
            if z < lo || z > hi {
                continue;
            }
            for &p in &by_score[(x - lo) as usize] {
                for &q in &by_score[(y - lo) as usize] {
                    for &r in &by_score[(z - lo) as usize] {
                        out.push((p, q, r));
                    }
                }
            }
        }
    }
    out
}

/// The states of one level in the sweeps' order: more farkles in a row in all first.
fn buckets_of_level(ctx: &Ctx, by_score: &[Vec<usize>], level: i64) -> Vec<Vec<Seats>> {
    let l = &ctx.layout;
    let streaks = 3 * (l.streak - 1) + 1;
    let mut buckets = vec![Vec::new(); streaks];
    for s in level_states(ctx, by_score, level) {
        let k = l.player(s.0).2 + l.player(s.1).2 + l.player(s.2).2;
        buckets[streaks - 1 - k].push(s);
    }
    buckets.retain(|b| !b.is_empty());
    buckets
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::cards::{Banking, Card, Keep};
    use crate::strategy::evaluate::models;
    use crate::strategy::{Bot, Contender};
    use crate::{Preset, Rules};

    /// The evaluation with the equilibrium's turns and the bots' own turns in lane passes
    /// against the same with the scalar passes one state at a time: every contender, every
    /// state, every position, to 1e-12 (they make the same operations, so they agree to the
    /// bit). The contenders include two cards and the random bot (bots' lane passes, with
    /// policies by situation) and the best response (scalar either way).
    fn lanes_agree_with_the_scalar_pass(rules: Rules) {
        let table = ThreePlayerTable::solve(&rules, &mut |_| true).unwrap();
        let contenders = [
            Contender::Bot(Bot::Card(Card::bank_at(250))),
            Contender::Bot(Bot::Card(Card {
                bank: Banking::PerDice(vec![Some(150), Some(250), None]),
                keep: Keep::Single { reroll: 2 },
            })),
            Contender::BestResponse,
            Contender::Bot(Bot::RandomLegal),
        ];
        // One contender (two riders) and four (eight riders): the narrowest and the
        // widest nodes.
        let mut lanes = Vec::new();
        let mut scalar = Vec::new();
        for contenders in [&contenders[..1], &contenders[..]] {
            let models = models(contenders, &table.rules, &table.layout, 3).unwrap();
            lanes.push(
                table
                    .evaluate_models_by(&models, &mut |_| true, false, BOT_ENDS_KEPT_BYTES)
                    .unwrap(),
            );
            scalar.push(
                table
                    .evaluate_models_by(&models, &mut |_| true, true, BOT_ENDS_KEPT_BYTES)
                    .unwrap(),
            );
        }
        for (lanes, scalar) in lanes.iter().zip(&scalar) {
            agree(lanes, scalar, 1e-12, "lanes");
        }
        // The equilibrium's turns kept as distributions: the same chances.
        assert_eq!(table.prepared_bytes(), None);
        assert!(table
            .prepare_evaluations(usize::MAX, &mut |_| true)
            .unwrap());
        assert!(table.prepared_bytes().unwrap() > 0);
        // The cards' turns from their ends, kept across the levels or (nothing kept) solved
        // again at each.
        for (n, scalar) in [1, contenders.len()].into_iter().zip(&scalar) {
            let models = models(&contenders[..n], &table.rules, &table.layout, 3).unwrap();
            for bot_ends_bytes in [BOT_ENDS_KEPT_BYTES, 0] {
                let kept = table
                    .evaluate_models_by(&models, &mut |_| true, false, bot_ends_bytes)
                    .unwrap();
                agree(&kept, scalar, 1e-12, "kept turns");
            }
        }
    }

    /// Every contender's values at every state and position within `tolerance`.
    fn agree(a: &[Vec<[f64; 3]>], b: &[Vec<[f64; 3]>], tolerance: f64, what: &str) {
        assert_eq!(a.len(), b.len());
        for (j, (a, b)) in a.iter().zip(b).enumerate() {
            assert_eq!(a.len(), b.len());
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                for k in 0..3 {
                    assert!(
                        (x[k] - y[k]).abs() <= tolerance,
                        "{what}: contender {j}, state {i}, position {k}: {} against {}",
                        x[k],
                        y[k]
                    );
                }
            }
        }
    }

    #[test]
    fn lanes_agree_with_the_scalar_pass_in_a_short_race() {
        lanes_agree_with_the_scalar_pass(Rules {
            dice_count: 3,
            target_score: 200,
            min_entry_score: 0,
            final_round: false,
            ..Preset::Classic.rules()
        });
    }

    /// Short, but long enough that a bank short of the target leaves the others a chance
    /// (the kept turns' sums are tested in the quick tier too).
    #[test]
    fn lanes_agree_with_the_scalar_pass_in_a_short_race_of_minimal_scoring() {
        lanes_agree_with_the_scalar_pass(Rules {
            dice_count: 3,
            target_score: 300,
            final_round: false,
            ..Preset::Minimal.rules()
        });
    }

    #[test]
    #[ignore = "full tier: about 10 s in a debug build"]
    fn lanes_agree_with_the_scalar_pass_in_a_race() {
        lanes_agree_with_the_scalar_pass(Rules {
            dice_count: 3,
            target_score: 400,
            min_entry_score: 0,
            final_round: false,
            ..Preset::Classic.rules()
        });
    }

    #[test]
    #[ignore = "full tier: about 10 s in a debug build"]
    fn lanes_agree_with_the_scalar_pass_in_a_final_round_with_an_entry_minimum() {
        lanes_agree_with_the_scalar_pass(Rules {
            dice_count: 3,
            target_score: 400,
            min_entry_score: 150,
            final_round: true,
            ..Preset::Classic.rules()
        });
    }

    #[test]
    #[ignore = "full tier: about 10 s in a debug build"]
    fn lanes_agree_with_the_scalar_pass_under_a_penalty() {
        lanes_agree_with_the_scalar_pass(Rules {
            dice_count: 3,
            target_score: 300,
            farkle_penalty_streak: 3,
            farkle_penalty_points: 100,
            ..Preset::Minimal.rules()
        });
    }

    /// An evaluation keeps the bots' turn distributions in what the preparation's bound
    /// left beyond the equilibrium's turns, and in no less than the floor: before any
    /// preparation, with a bound that the turns fill, and with room to spare.
    #[test]
    fn the_bots_ends_are_kept_in_what_the_preparation_left() {
        let rules = Rules {
            dice_count: 3,
            target_score: 300,
            ..Preset::Minimal.rules()
        };
        let solve = || ThreePlayerTable::solve(&rules, &mut |_| true).unwrap();
        let unbounded = solve();
        assert_eq!(unbounded.bot_ends_budget(), BOT_ENDS_KEPT_BYTES);
        assert!(unbounded
            .prepare_evaluations(usize::MAX, &mut |_| true)
            .unwrap());
        let bytes = unbounded.prepared_bytes().unwrap();
        assert_eq!(unbounded.bot_ends_budget(), usize::MAX - bytes);
        let filled = solve();
        assert!(filled.prepare_evaluations(bytes, &mut |_| true).unwrap());
        assert_eq!(filled.bot_ends_budget(), BOT_ENDS_KEPT_BYTES);
        let roomy = solve();
        let room = 3 * BOT_ENDS_KEPT_BYTES;
        assert!(roomy
            .prepare_evaluations(bytes + room, &mut |_| true)
            .unwrap());
        assert_eq!(roomy.bot_ends_budget(), room);
    }
}
