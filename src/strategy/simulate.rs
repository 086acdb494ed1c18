// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Bots against bots: N seeded games, win rates with 95% Wilson intervals.
//!
//! Definitions:
//! - **Seats rotate.** In game i (from 0), seat s is played by bot `(s + i) mod n`: over n
//!   consecutive games every bot starts once, so with an even number of games and two bots
//!   the first-move advantage cancels exactly.
//! - **Seeds.** Game i's dice and the random bot's choices (and a win-optimal bot's draws
//!   where the three-player equilibrium mixes) come from two `u64` seeds mixed
//!   from `(seed, i)` (SplitMix64). Games run in parallel but each is fully determined by its
//!   seeds, so the same arguments give the same report on every run and build.
//! - **Wins and ties.** A game with a single winner counts one win for that bot. A tie (a
//!   shared highest score, possible under a turn limit or a final round) counts as a tie for
//!   every bot sharing it and as a win for none. The win rate is wins / games.
//! - A game still running after `MAX_TURNS` turns is an error (bots that cannot finish).

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::game::dice_source::DiceSource;
use crate::game::{Game, GameError, Phase, MAX_PLAYERS};
use crate::rules::Rules;
use crate::strategy::bots::{Bot, BotError};
use crate::strategy::playout::{self, Memo, Player, Stop, Tables};

/// Most turns one simulated game may take ([`crate::limits::MAX_SIMULATED_TURNS_PER_GAME`]).
pub const MAX_TURNS: u64 = crate::limits::MAX_SIMULATED_TURNS_PER_GAME;

/// One bot's results.
#[derive(Debug, Clone, PartialEq)]
pub struct BotResult {
    /// Games won outright.
    pub wins: u64,
    /// Games that ended in a tie this bot shared.
    pub ties: u64,
    /// Games played (every bot plays every game).
    pub games: u64,
    /// wins / games.
    pub win_rate: f64,
    /// 95% Wilson score interval of the win rate.
    pub interval: (f64, f64),
    /// Mean final score.
    pub mean_score: f64,
    /// Sum of the final scores.
    pub total_score: i128,
}

/// What a simulation found.
#[derive(Debug, Clone, PartialEq)]
pub struct SimulationReport {
    /// One entry per bot, in the order given.
    pub bots: Vec<BotResult>,
    /// Games played.
    pub games: u64,
    /// Turns played in all games (each bank, farkle or forfeit ends one).
    pub turns: u64,
}

/// Why a simulation failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimulationError {
    /// No bots, or more than a game holds.
    #[error("{0} bots; a simulation needs 1 to 64")]
    BotCount(usize),
    /// The game could not be created (invalid rules).
    #[error(transparent)]
    Game(#[from] GameError),
    /// A bot could not play.
    #[error("game {game}: {error}")]
    Bot {
        /// Which game of the simulation, from 0.
        game: u64,
        /// Why the bot could not play.
        error: BotError,
    },
    /// A game did not end.
    #[error("game {0} did not end within {MAX_TURNS} turns")]
    Endless(u64),
    /// The worker threads could not be started.
    #[error("{0}")]
    Threads(String),
    /// The progress function asked to stop.
    #[error("cancelled by the progress function")]
    Cancelled,
    /// The single-turn policy of an optimal bot could not be solved.
    #[error(transparent)]
    Strategy(#[from] crate::strategy::StrategyError),
}

/// The 95% Wilson score interval for `successes` out of `n`.
pub fn wilson_interval(successes: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = successes as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// SplitMix64: game i of a simulation with seed `s` rolls its dice from the seed
/// `splitmix64(s ^ splitmix64(i))`, and the random bot chooses from `splitmix64` of that
/// (documented in the C header, so that any game of a simulation can be replayed).
pub(crate) fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Sums over games.
#[derive(Debug, PartialEq)]
struct Totals {
    wins: Vec<u64>,
    ties: Vec<u64>,
    scores: Vec<i128>,
    turns: u64,
}

impl Totals {
    fn new(n: usize) -> Totals {
        Totals {
            wins: vec![0; n],
            ties: vec![0; n],
            scores: vec![0; n],
            turns: 0,
        }
    }

    /// Adds one game: the winners (bit s for seat s), each seat's score, the bot of each
    /// seat, and its turns.
    fn add(&mut self, winners: u64, scores: &[i64], bot_of: impl Fn(usize) -> usize, turns: u64) {
        self.turns = self.turns.saturating_add(turns);
        let tie = winners.count_ones() > 1;
        for (s, &score) in scores.iter().enumerate() {
            let b = bot_of(s);
            let won = winners & (1 << s) != 0;
            self.wins[b] += u64::from(won && !tie);
            self.ties[b] += u64::from(won && tie);
            self.scores[b] += i128::from(score);
        }
    }

    fn merge(mut self, other: Totals) -> Totals {
        self.turns = self.turns.saturating_add(other.turns);
        for b in 0..self.wins.len() {
            self.wins[b] += other.wins[b];
            self.ties[b] += other.ties[b];
            self.scores[b] += other.scores[b];
        }
        self
    }
}

/// Plays one game: seat s is played by `bots[seats[s]]`. Returns the finished game and the
/// number of turns.
pub fn play_game(
    rules: &Rules,
    bots: &[&Bot],
    dice_seed: u64,
    bot_seed: u64,
) -> Result<(Game, u64), SimulationError> {
    let mut game = Game::new(*rules, bots.len(), DiceSource::Seeded { seed: dice_seed })?;
    // Never saved, so not bound by the save's limit (MAX_TURNS bounds it).
    game.set_save_unbounded(true);
    let mut turns = 0;
    while game.phase() != Phase::GameOver {
        if turns >= MAX_TURNS {
            return Err(SimulationError::Endless(0));
        }
        // Turn k's random choices come from the seed bot_seed + k, as a C caller replaying the
        // game turn by turn with farkle_game_bot_play_turn() would give them.
        let mut rng = ChaCha8Rng::seed_from_u64(bot_seed.wrapping_add(turns));
        bots[game.current_player()]
            .play_turn(&mut game, &mut rng)
            .map_err(|error| SimulationError::Bot { game: 0, error })?;
        turns += 1;
    }
    Ok((game, turns))
}

/// How the games of a simulation are played.
enum Engine<'a> {
    /// As playouts (threshold and single-turn optimal bots only): the same games, fast.
    Playout(Tables, Vec<Player<'a>>),
    /// Through [`Game`] and [`Bot::play_turn`].
    Game,
}

impl<'a> Engine<'a> {
    /// Playouts when every bot can be played that way, the game otherwise (and always under
    /// the game's house-rule knobs: singles only before entry, the hot-dice multiplier, an
    /// exact target and piggybacking, which playouts do not play).
    fn for_bots(rules: &Rules, bots: &'a [Bot]) -> Result<Engine<'a>, SimulationError> {
        // Playouts know the game rules from before the house-rule knobs; the same-face
        // scoring knobs are the scorer's and play the same either way.
        let house_game_rules = rules.singles_only_before_entry
            || rules.hot_dice_multiplier_step > 0
            || rules.exact_target != crate::rules::ExactTarget::Off
            || rules.piggybacking;
        if house_game_rules {
            return Ok(Engine::Game);
        }
        let players: Option<Vec<Player>> = bots.iter().map(Player::of).collect();
        let Some(players) = players else {
            return Ok(Engine::Game);
        };
        let single = players.iter().any(|p| matches!(p, Player::SingleTurn(_)));
        let tables = Tables::new(rules, single)?;
        Ok(Engine::Playout(tables, players))
    }
}

/// Plays game `i` of a simulation with seed `seed` and adds it to `totals`: seat s is played
/// by bot (s + i) mod n, so that every bot takes every seat in turn.
fn one_game(
    rules: &Rules,
    bots: &[Bot],
    engine: &Engine,
    memo: &Memo,
    i: u64,
    seed: u64,
    totals: &mut Totals,
) -> Result<(), SimulationError> {
    let n = bots.len();
    let shift = (i % n as u64) as usize;
    let bot_of = |s: usize| (s + shift) % n;
    let base = splitmix64(seed ^ splitmix64(i));
    let mut scores = [0i64; MAX_PLAYERS];
    let scores = &mut scores[..n];
    let (winners, turns) = match engine {
        Engine::Playout(tables, players) => {
            let o = playout::play(tables, players, shift, base, MAX_TURNS, memo, scores).map_err(
                |e| match e {
                    Stop::Endless => SimulationError::Endless(i),
                    Stop::Bot(error) => SimulationError::Bot { game: i, error },
                },
            )?;
            (o.winners, o.turns)
        }
        Engine::Game => {
            let seated: Vec<&Bot> = (0..n).map(|s| &bots[bot_of(s)]).collect();
            let (game, turns) =
                play_game(rules, &seated, base, splitmix64(base)).map_err(|e| match e {
                    SimulationError::Endless(_) => SimulationError::Endless(i),
                    SimulationError::Bot { error, .. } => SimulationError::Bot { game: i, error },
                    e => e,
                })?;
            for (score, p) in scores.iter_mut().zip(game.players()) {
                *score = p.score;
            }
            (game.winners().unwrap_or(0), turns)
        }
    };
    totals.add(winners, scores, bot_of, turns);
    Ok(())
}

/// Plays `games` games of `rules` between `bots` (one seat each, rotating; see the module
/// docs) and reports each bot's wins, ties, win rate with its 95% Wilson interval, and the
/// turns played. Reproducible: the same arguments give the same report, on any number of
/// threads. Games between threshold and single-turn optimal bots are played as playouts
/// (the same games, without the game's bookkeeping: millions of turns a second); any other
/// bot plays them through [`Game`].
pub fn simulate(
    rules: &Rules,
    bots: &[Bot],
    games: u64,
    seed: u64,
) -> Result<SimulationReport, SimulationError> {
    simulate_with_progress(rules, bots, games, seed, &mut |_| true)
}

/// How long a batch of games should take: the progress function is called between batches,
/// so this is how long a cancellation may wait (besides the longest game of the batch).
const BATCH_TIME: Duration = Duration::from_millis(4);

/// The most games in one batch.
const MAX_BATCH_GAMES: u64 = 1 << 16;

/// Games per batch where there is no clock to size batches by (WebAssembly).
const CLOCKLESS_BATCH_GAMES: u64 = 64;

/// The time now, where the platform has a clock: `std::time::Instant` panics in WebAssembly
/// without a host clock (src/wasm/).
fn clock() -> Option<Instant> {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    return None;
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    return Some(Instant::now());
}

/// The games of the batch after one of `games` games that took `took`: twice as many when it
/// was well under [`BATCH_TIME`], half as many when well over it (at least one game, at most
/// [`MAX_BATCH_GAMES`]).
fn next_batch(games: u64, took: Duration) -> u64 {
    if took < BATCH_TIME / 2 {
        (games * 2).min(MAX_BATCH_GAMES)
    } else if took > BATCH_TIME * 2 {
        (games / 2).max(1)
    } else {
        games
    }
}

/// As [`simulate`], calling `progress` from the calling thread after every batch of games
/// (a few milliseconds of play: batches grow or shrink to take about 4 ms) with the
/// fraction played; when it returns false the simulation stops with
/// [`SimulationError::Cancelled`]. How the games are batched changes nothing in the report.
pub fn simulate_with_progress(
    rules: &Rules,
    bots: &[Bot],
    games: u64,
    seed: u64,
    progress: crate::strategy::Progress,
) -> Result<SimulationReport, SimulationError> {
    simulate_on(0, rules, bots, games, seed, progress)
}

/// [`simulate_with_progress`] on `threads` worker threads (0: the default).
fn simulate_on(
    threads: usize,
    rules: &Rules,
    bots: &[Bot],
    games: u64,
    seed: u64,
    progress: crate::strategy::Progress,
) -> Result<SimulationReport, SimulationError> {
    if bots.is_empty() || bots.len() > crate::game::MAX_PLAYERS {
        return Err(SimulationError::BotCount(bots.len()));
    }
    rules.validate().map_err(GameError::from)?;
    let n = bots.len();
    let pool = crate::strategy::worker_pool_of(threads)
        .map_err(|e| SimulationError::Threads(e.to_string()))?;
    // Integer totals, summed in any order: the same report on any number of threads, in
    // memory that does not grow with the number of games.
    let engine = Engine::for_bots(rules, bots)?;
    let memo = Memo::new();
    let mut totals = Totals::new(n);
    let mut start = 0;
    let mut size = pool.current_num_threads() as u64;
    while start < games {
        let end = games.min(start.saturating_add(size));
        let began = clock();
        let batch = pool.install(|| {
            (start..end)
                .into_par_iter()
                .try_fold(
                    || Totals::new(n),
                    |mut acc, i| {
                        one_game(rules, bots, &engine, &memo, i, seed, &mut acc)?;
                        Ok::<Totals, SimulationError>(acc)
                    },
                )
                .try_reduce(|| Totals::new(n), |a, b| Ok(a.merge(b)))
        })?;
        totals = totals.merge(batch);
        size = match began {
            Some(began) => next_batch(end - start, began.elapsed()),
            None => CLOCKLESS_BATCH_GAMES,
        };
        start = end;
        if !progress(start as f64 / games as f64) {
            return Err(SimulationError::Cancelled);
        }
    }
    let Totals {
        wins,
        ties,
        scores,
        turns,
    } = totals;
    let bots = (0..n)
        .map(|b| BotResult {
            wins: wins[b],
            ties: ties[b],
            games,
            win_rate: if games == 0 {
                0.0
            } else {
                wins[b] as f64 / games as f64
            },
            interval: wilson_interval(wins[b], games),
            mean_score: if games == 0 {
                0.0
            } else {
                scores[b] as f64 / games as f64
            },
            total_score: scores[b],
        })
        .collect();
    Ok(SimulationReport { bots, games, turns })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{KindScaling, Preset};
    use crate::strategy::Thresholds;

    /// Every game played as a playout is the game played through `Game` and the bots'
    /// `play_turn`: same final scores, winners and turns, under rules that exercise every
    /// branch (entry and bank minimums, penalties in points and losing everything, no hot
    /// dice, six dice with no score, final rounds, turn limits, one player).
    /// The report depends on the arguments only: one thread or two, playouts or games.
    #[test]
    fn the_same_report_on_any_number_of_threads() {
        let rules = Preset::Classic.rules();
        let bots = [
            Bot::single_turn_optimal(&rules).unwrap(),
            Bot::Threshold(Thresholds::default()),
            Bot::RandomLegal,
        ];
        for bots in [&bots[..2], &bots[..]] {
            let one = simulate_on(1, &rules, bots, 300, 11, &mut |_| true).unwrap();
            let two = simulate_on(2, &rules, bots, 300, 11, &mut |_| true).unwrap();
            assert_eq!(one, two);
            assert_eq!(
                one.bots.iter().map(|b| b.games).sum::<u64>(),
                300 * bots.len() as u64
            );
        }
    }

    /// The first batch is one game per worker thread, then batches grow while they take
    /// under a few milliseconds: the progress function hears from a simulation after its
    /// first games, not after 16,384 (seconds of play with bots that play through the game),
    /// and stopping it there ends the simulation.
    #[test]
    fn progress_comes_after_the_first_games() {
        let rules = Preset::Classic.rules();
        let bots = [Bot::RandomLegal, Bot::RandomLegal];
        let games = 100_000;
        let mut fractions = Vec::new();
        let result = simulate_on(2, &rules, &bots, games, 3, &mut |f| {
            fractions.push(f);
            fractions.len() < 3
        });
        assert_eq!(result, Err(SimulationError::Cancelled));
        let played: Vec<u64> = fractions
            .iter()
            .map(|f| (f * games as f64).round() as u64)
            .collect();
        // Then each batch is at most twice the one before.
        assert_eq!(played[0], 2);
        assert!(played[1] <= 2 + 4 && played[2] <= 2 + 4 + 8, "{played:?}");
    }

    #[test]
    fn playouts_are_the_games_the_bots_play() {
        let classic = Preset::Classic.rules();
        let mut no_hot_dice = classic;
        no_hot_dice.hot_dice = false;
        no_hot_dice.min_bank_score = 350;
        let mut loses_all = Preset::Extended.rules();
        loses_all.farkle_penalty_loses_all = true;
        loses_all.farkle_penalty_streak = 2;
        let mut short = Preset::Minimal.rules();
        short.target_score = 1000;
        let mut doubling_limit = Preset::Doubling.rules();
        doubling_limit.turn_limit = 5;
        doubling_limit.kind_scaling = KindScaling::Double;
        let mut solo = classic;
        solo.target_score = 2000;
        let threshold = || Bot::Threshold(Thresholds::default());
        let cautious = || Bot::Threshold(Thresholds(vec![Some(50); 6]));
        let optimal = |r: &Rules| Bot::single_turn_optimal(r).unwrap();
        let configs: Vec<(Rules, Vec<Bot>)> = vec![
            (classic, vec![threshold(), threshold()]),
            (classic, vec![optimal(&classic), cautious(), threshold()]),
            (
                Preset::Extended.rules(),
                vec![optimal(&Preset::Extended.rules()), threshold()],
            ),
            (
                Preset::Zilch.rules(),
                vec![threshold(), optimal(&Preset::Zilch.rules())],
            ),
            (
                Preset::Additive.rules(),
                vec![optimal(&Preset::Additive.rules()), threshold()],
            ),
            (
                Preset::Original.rules(),
                vec![threshold(), optimal(&Preset::Original.rules()), cautious()],
            ),
            (no_hot_dice, vec![optimal(&no_hot_dice), cautious()]),
            (loses_all, vec![optimal(&loses_all), threshold()]),
            (short, vec![optimal(&short), optimal(&short)]),
            (doubling_limit, vec![threshold(), optimal(&doubling_limit)]),
            (solo, vec![optimal(&solo)]),
        ];
        for (rules, bots) in &configs {
            let fast = Engine::for_bots(rules, bots).unwrap();
            assert!(matches!(fast, Engine::Playout(..)));
            let (m1, m2) = (Memo::new(), Memo::new());
            for i in 0..60 {
                let (mut a, mut b) = (Totals::new(bots.len()), Totals::new(bots.len()));
                one_game(rules, bots, &fast, &m1, i, 7, &mut a).unwrap();
                one_game(rules, bots, &Engine::Game, &m2, i, 7, &mut b).unwrap();
                assert_eq!(a, b, "game {i} under {rules:?}");
            }
        }
    }
}
