// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The two-player solver against a brute-force value iteration written separately here:
//! plain Gauss-Seidel over every state (my score, the opponent's, turn total, dice to roll)
//! with every roll enumerated and every scoring way to keep dice tried (the rolls, the
//! banking and farkle rules and the last turn from `tests/reference/solvers.rs`), no option
//! vectors and no ordering of the pairs. Small targets and small dice sets keep it fast in debug builds.
//! Also: the saved table's round trip and the refusal of damaged files.

use std::collections::HashMap;
use std::rc::Rc;

use farkle::strategy::{PlayerState, SolveOptions, StrategyError, TwoPlayerState, TwoPlayerTable};
use farkle::{FaceCounts, Preset, Rules};

use crate::solvers::{
    expected_best, farkled, last_turn_chances, may_bank, next_hand, player_states, rolls_up_to,
    until_settled, Roll, P,
};

type Key = (P, P, i32, usize);

struct Brute {
    rules: Rules,
    /// Distinct rolls of n dice with their probabilities, counted from every ordered roll.
    rolls: Rc<Vec<Vec<Roll>>>,
    lower: i32,
    lead_cap: i32,
    /// The opponent's chance in a last turn (tie 1/2) by (on board, lead).
    last: HashMap<(bool, i32), f64>,
    v: HashMap<Key, f64>,
}

impl Brute {
    fn new(rules: Rules, lower: i32) -> Brute {
        let mut b = Brute {
            rolls: Rc::new(rolls_up_to(&rules)),
            rules,
            lower,
            lead_cap: 0,
            last: HashMap::new(),
            v: HashMap::new(),
        };
        if rules.final_round {
            // Leads the opponent overturns in one turn with probability below 1e-14 count as
            // sure wins.
            let mut d = 50;
            while b.last_turn(true, d) >= 1e-14 {
                d += 50;
            }
            b.lead_cap = d;
        }
        b
    }

    fn n(&self) -> usize {
        usize::from(self.rules.dice_count)
    }

    fn may_bank(&self, board: bool, t: i32) -> bool {
        may_bank(&self.rules, board, t)
    }

    /// The opponent's best chance in its last turn to finish more than `lead` above its score
    /// (a tie worth 1/2).
    fn last_turn(&mut self, board: bool, lead: i32) -> f64 {
        if let Some(&v) = self.last.get(&(board, lead)) {
            return v;
        }
        let (above, level) = last_turn_chances(&self.rules, &self.rolls, board, lead, 0.5);
        let v = above + 0.5 * level;
        self.last.insert((board, lead), v);
        v
    }

    fn farkled(&self, p: P) -> P {
        farkled(&self.rules, self.lower, p)
    }

    /// The last turn total at which the turn still needs solving.
    fn t_end(&self, p: P, q: P) -> i32 {
        let to_target = self.rules.target_score - p.score;
        if self.rules.final_round {
            to_target.max(self.lead_cap + q.score - p.score)
        } else {
            to_target
        }
    }

    fn start(&self, p: P, q: P) -> f64 {
        self.v[&(p, q, 0, self.n())]
    }

    fn bank(&mut self, p: P, q: P, t: i32) -> Option<f64> {
        if !self.may_bank(p.board, t) {
            return None;
        }
        let z = p.score + t;
        if z >= self.rules.target_score {
            if self.rules.final_round {
                let lead = z - q.score;
                if lead > self.lead_cap {
                    return Some(1.0);
                }
                return Some(1.0 - self.last_turn(q.board, lead));
            }
            return Some(1.0);
        }
        let me = P {
            score: z,
            board: true,
            k: 0,
        };
        Some(1.0 - self.start(q, me))
    }

    /// Holding t with n dice to roll (banking allowed).
    fn hold(&mut self, p: P, q: P, t: i32, n: usize) -> f64 {
        if t > self.t_end(p, q) && self.may_bank(p.board, t) {
            return 1.0;
        }
        let roll = self.v[&(p, q, t, n)];
        match self.bank(p, q, t) {
            Some(b) => b.max(roll),
            None => roll,
        }
    }

    fn roll(&mut self, p: P, q: P, t: i32, n: usize) -> f64 {
        let farkle = 1.0 - self.start(q, self.farkled(p));
        let rolls = Rc::clone(&self.rolls);
        let [sum] = expected_best(
            &rolls[n],
            [farkle],
            |pts, kept| {
                [match next_hand(&self.rules, n, kept) {
                    Some(hand) => self.hold(p, q, t + pts, hand),
                    None => self.bank(p, q, t + pts).unwrap_or(farkle),
                }]
            },
            |v| v[0],
        );
        sum
    }

    fn players(&self) -> Vec<P> {
        player_states(&self.rules, self.lower)
    }

    /// Gauss-Seidel until nothing changes by more than 1e-14. `v[(p, q, t, n)]` is the value
    /// of rolling n dice holding t (the state's value before the bank-or-roll choice is
    /// `hold`).
    fn solve(&mut self) {
        let players = self.players();
        let mut keys = Vec::new();
        for &p in &players {
            for &q in &players {
                for t in (0..=self.t_end(p, q)).rev().step_by(50) {
                    for n in 1..=self.n() {
                        keys.push((p, q, t, n));
                    }
                }
            }
        }
        // High turn totals first: they depend on nothing below them in the same turn.
        keys.sort_by_key(|&(_, _, t, _)| std::cmp::Reverse(t));
        for &k in &keys {
            self.v.insert(k, 0.5);
        }
        until_settled(100_000, 1e-14, || {
            let mut change = 0.0f64;
            for &(p, q, t, n) in &keys {
                let v = self.roll(p, q, t, n);
                let old = self.v.insert((p, q, t, n), v).unwrap();
                change = change.max((v - old).abs());
            }
            change
        });
    }
}

fn compare(rules: Rules) {
    compare_with(rules, &[SolveOptions::default()]);
}

/// With a penalty, every way of iterating must agree: plain sweeps (the default), policy
/// iteration (which solves again only the turns whose policy is not certified still
/// optimal), and policy iteration whose linear forms outgrow a small memory budget, from the
/// start or part way through the first sweep (the forms take some 70 bytes a pair and grow
/// with every turn recorded), so that the solve goes on with plain sweeps.
fn compare_both_ways(rules: Rules) {
    let policy = SolveOptions {
        policy_iteration: true,
        ..SolveOptions::default()
    };
    let mut options = vec![SolveOptions::default(), policy];
    for form_memory in [2_000, 20_000, 25_000, 30_000, 40_000] {
        options.push(SolveOptions {
            form_memory,
            ..policy
        });
    }
    compare_with(rules, &options);
}

fn compare_with(rules: Rules, options: &[SolveOptions]) {
    let tables: Vec<TwoPlayerTable> = options
        .iter()
        .map(|&o| TwoPlayerTable::solve(&rules, o, &mut |_| true).unwrap())
        .collect();
    let mut brute = Brute::new(rules, tables[0].lower_bound());
    brute.solve();
    for table in &tables {
        compare_table(&rules, table, &mut brute);
    }
}

fn compare_table(rules: &Rules, table: &TwoPlayerTable, brute: &mut Brute) {
    let n = usize::from(rules.dice_count);
    let players = brute.players();
    let mut compared = 0;
    for &p in &players {
        for &q in &players {
            let ps = P::state;
            let got = table.start_of_turn(&ps(p), &ps(q)).unwrap();
            let want = brute.start(p, q);
            assert!(
                (got - want).abs() < 1e-9,
                "{p:?} {q:?}: solver {got} brute force {want} ({rules:?})"
            );
            // Mid-turn states of a few pairs.
            if (p.score + q.score) % 150 == 0 {
                for t in (50..=300).step_by(50) {
                    for m in 1..=n {
                        let state = TwoPlayerState {
                            me: ps(p),
                            opponent: ps(q),
                            turn_total: t,
                            dice: m as u8,
                        };
                        let got = table.win_probability(&state).unwrap();
                        let want = brute.hold(p, q, t, m);
                        assert!(
                            (got - want).abs() < 1e-9,
                            "{p:?} {q:?} t={t} m={m}: solver {got} brute force {want}"
                        );
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 0);
    let start = P {
        score: 0,
        board: rules.min_entry_score == 0,
        k: 0,
    };
    assert!((table.first_player_win_probability() - brute.start(start, start)).abs() < 1e-9);
}

fn small(dice: u8, target: i32) -> Rules {
    Rules {
        dice_count: dice,
        target_score: target,
        ..Preset::Classic.rules()
    }
}

#[test]
fn plain_game_agrees_with_brute_force() {
    compare(Rules {
        min_entry_score: 0,
        final_round: false,
        ..small(3, 400)
    });
}

#[test]
fn min_entry_agrees_with_brute_force() {
    compare(Rules {
        min_entry_score: 150,
        final_round: false,
        ..small(3, 300)
    });
}

/// Four dice: a solver that keeps only the most points per number of dice kept is 6e-4 off
/// here (from the start), since under a final round fewer points can be worth more.
#[test]
#[ignore = "full tier: make check"]
fn final_round_agrees_with_brute_force() {
    compare(Rules {
        min_entry_score: 0,
        final_round: true,
        ..small(4, 200)
    });
}

#[test]
fn final_round_with_entry_and_bank_minimum_agrees_with_brute_force() {
    compare(Rules {
        min_entry_score: 100,
        min_bank_score: 100,
        final_round: true,
        ..small(2, 250)
    });
}

#[test]
fn penalty_agrees_with_brute_force() {
    compare_both_ways(Rules {
        min_entry_score: 0,
        final_round: false,
        farkle_penalty_streak: 2,
        farkle_penalty_points: 100,
        ..small(2, 250)
    });
}

#[test]
fn penalty_on_every_farkle_agrees_with_brute_force() {
    // Every farkle costs points: the reads of the penalty weigh the most, and the sweeps
    // contract the slowest.
    compare_both_ways(Rules {
        min_entry_score: 0,
        final_round: false,
        farkle_penalty_streak: 1,
        farkle_penalty_points: 50,
        ..small(2, 250)
    });
}

#[test]
fn penalty_losing_everything_without_hot_dice_agrees_with_brute_force() {
    compare_both_ways(Rules {
        min_entry_score: 0,
        final_round: false,
        hot_dice: false,
        farkle_penalty_streak: 2,
        farkle_penalty_points: 0,
        farkle_penalty_loses_all: true,
        ..small(2, 300)
    });
}

#[test]
fn penalty_with_final_round_entry_and_bank_minimum_agrees_with_brute_force() {
    // Everything the zilch preset combines, on two dice: three farkles in a row cost 50.
    // Without hot dice the last turn is short, which keeps the brute force small.
    compare_both_ways(Rules {
        hot_dice: false,
        min_entry_score: 100,
        min_bank_score: 100,
        final_round: true,
        farkle_penalty_streak: 3,
        farkle_penalty_points: 50,
        ..small(2, 200)
    });
}

#[test]
fn a_penalty_solve_reports_progress_and_can_be_cancelled_part_way() {
    let rules = Rules {
        min_entry_score: 0,
        final_round: false,
        farkle_penalty_streak: 2,
        farkle_penalty_points: 100,
        ..small(3, 1000)
    };
    let policy = SolveOptions {
        policy_iteration: true,
        ..SolveOptions::default()
    };
    for options in [SolveOptions::default(), policy] {
        let mut seen = Vec::new();
        TwoPlayerTable::solve(&rules, options, &mut |f| {
            seen.push(f);
            true
        })
        .unwrap();
        assert!(seen.len() > 4, "{options:?}: {} progress calls", seen.len());
        assert!(seen.iter().all(|f| (0.0..=1.0).contains(f)));
        assert_eq!(seen.last(), Some(&1.0));
        // Stopped half way, in the sweeps (the warm start takes the first few calls).
        let mut calls = 0;
        let stopped = TwoPlayerTable::solve(&rules, options, &mut |_| {
            calls += 1;
            calls < seen.len() / 2
        });
        assert!(
            matches!(stopped, Err(StrategyError::Cancelled)),
            "{options:?}"
        );
        assert_eq!(calls, seen.len() / 2);
    }
}

#[test]
fn compensation_and_symmetry() {
    let rules = Rules {
        min_entry_score: 0,
        final_round: false,
        ..small(3, 1000)
    };
    let table = TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true).unwrap();
    let first = table.first_player_win_probability();
    assert!(first > 0.5 && first < 1.0);
    let c = table.compensation();
    assert!(c > 0 && c % 50 == 0);
    // Closest to 1/2 among all head starts, by a direct scan.
    let s = PlayerState::start(&rules);
    let gap = |c: i32| {
        let second = PlayerState {
            score: c,
            on_board: true,
            farkles: 0,
        };
        (table.start_of_turn(&s, &second).unwrap() - 0.5).abs()
    };
    for other in (0..1000).step_by(50) {
        assert!(gap(c) <= gap(other), "{c} vs {other}");
    }
    // Complementary probabilities where the pair swaps: in a game where neither can lose
    // points, S(x, y) + S(y, x) is not 1 in general, but with equal scores the player to move
    // is ahead.
    for x in (0..1000).step_by(50) {
        let p = PlayerState {
            score: x,
            on_board: true,
            farkles: 0,
        };
        assert!(table.start_of_turn(&p, &p).unwrap() > 0.5);
    }
}

#[test]
fn queries_refuse_states_out_of_range() {
    let rules = Rules {
        final_round: false,
        ..small(2, 300)
    };
    let table = TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true).unwrap();
    let ok = PlayerState::start(&rules);
    for bad in [
        PlayerState { score: 300, ..ok },
        PlayerState { score: 25, ..ok },
        PlayerState { score: -50, ..ok },
        PlayerState { farkles: 1, ..ok },
        PlayerState {
            score: 100,
            on_board: false,
            farkles: 0,
        },
    ] {
        assert!(matches!(
            table.start_of_turn(&bad, &ok),
            Err(StrategyError::OutOfRange(_))
        ));
    }
    let state = TwoPlayerState {
        me: ok,
        opponent: ok,
        turn_total: 0,
        dice: 3,
    };
    assert!(table.win_probability(&state).is_err());
    let roll = FaceCounts::from_faces(&[1, 5], 2).unwrap();
    let choice = table.best_choice(&ok, &ok, 0, roll).unwrap().unwrap();
    assert!(choice.keep.is_subset_of(roll) && choice.points > 0);
    let farkle = FaceCounts::from_faces(&[2, 3], 2).unwrap();
    assert_eq!(table.best_choice(&ok, &ok, 0, farkle).unwrap(), None);
    let limited = Preset::Additive.rules();
    assert!(matches!(
        TwoPlayerTable::solve(&limited, SolveOptions::default(), &mut |_| true),
        Err(StrategyError::Unsupported(_))
    ));
}

#[test]
fn saved_tables_round_trip_and_damage_is_refused() {
    let rules = Rules {
        final_round: true,
        ..small(2, 300)
    };
    let table = TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true).unwrap();
    let bytes = table.to_bytes();
    let loaded = TwoPlayerTable::from_bytes(&bytes).unwrap();
    assert_eq!(loaded.rules(), table.rules());
    assert_eq!(loaded.to_bytes(), bytes);
    assert_eq!(
        loaded.first_player_win_probability(),
        table.first_player_win_probability()
    );
    let bad_file = |b: &[u8]| {
        matches!(
            TwoPlayerTable::from_bytes(b),
            Err(StrategyError::BadFile(_))
        )
    };
    // Truncated anywhere.
    for cut in [0, 7, 100, bytes.len() / 2, bytes.len() - 1] {
        assert!(bad_file(&bytes[..cut]), "cut at {cut}");
    }
    // A flipped bit anywhere.
    for at in [0, 9, 20, 130, 200, bytes.len() - 3] {
        let mut b = bytes.clone();
        b[at] ^= 0x10;
        assert!(bad_file(&b), "flip at {at}");
    }
    // Under a final round the table is written as version 5 (solved over every scoring
    // selection of a roll).
    assert_eq!(bytes[8..12], 5u32.to_le_bytes());
    // Another version (with a matching checksum, so only the version is wrong): 4 (a
    // three-player file's) and 6 are not two-player versions.
    for version in [4, 6] {
        let mut b = bytes.clone();
        b[8] = version;
        reseal(&mut b);
        match TwoPlayerTable::from_bytes(&b) {
            Err(StrategyError::BadFile(why)) => assert!(why.contains("version"), "{why}"),
            other => panic!("{other:?}"),
        }
    }
    // Files of the older versions, written with fewer rules words: version 1 before the six
    // house-rule words (12 + 4 x 28 bytes of header), version 2 before the auto-take word
    // (12 + 4 x 34), then the rest as in version 3. Each loads as the same table, with the
    // knobs it lacks off, and saves as version 3 (a table of an older version was solved
    // over the most points per number of dice kept, and stays so: on two dice to 300 both
    // ways give the same values).
    let mut bytes = bytes;
    bytes[8..12].copy_from_slice(&3u32.to_le_bytes());
    reseal(&mut bytes);
    for (version, fields) in [(1u32, 28), (2, 34), (3, 35)] {
        let mut old_file = bytes[..12 + 4 * fields].to_vec();
        old_file.extend_from_slice(&bytes[12 + 4 * 35..bytes.len() - 8]);
        old_file[8..12].copy_from_slice(&version.to_le_bytes());
        let sum = fnv1a(&old_file);
        old_file.extend_from_slice(&sum.to_le_bytes());
        let old = TwoPlayerTable::from_bytes(&old_file).unwrap();
        assert_eq!(old.rules(), table.rules(), "version {version}");
        assert_eq!(old.to_bytes(), bytes, "version {version}");
    }
    // Extra bytes.
    let mut b = bytes.clone();
    b.extend_from_slice(&[0; 8]);
    assert!(bad_file(&b));
    // Files.
    let path = std::env::temp_dir().join(format!("farkle-{}.fwt", std::process::id()));
    table.save(&path).unwrap();
    assert_eq!(
        TwoPlayerTable::load(&path).unwrap().to_bytes(),
        table.to_bytes()
    );
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(
        TwoPlayerTable::load(&path),
        Err(StrategyError::Io(_))
    ));
}

/// Recomputes a table file's checksum after an edit.
fn reseal(bytes: &mut [u8]) {
    let body = bytes.len() - 8;
    let sum = fnv1a(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
}

/// FNV-1a 64, as the file format documents.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

/// A table written before the solver weighed every scoring selection (format version 3, by
/// the library as it was: classic rules to 1,000, entry 500, final round) still loads, as
/// the table it was, and saves as version 3 again. Solved now, the same rules give version
/// 5 and another first-seat chance: under a final round fewer points can be worth more, and
/// each player now may take them.
#[test]
fn a_version_3_table_of_a_final_round_loads_as_it_was() {
    let old_bytes = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/classic-1000-2p-v3.fwt"),
    )
    .unwrap();
    assert_eq!(old_bytes[8..12], 3u32.to_le_bytes());
    let old = TwoPlayerTable::from_bytes(&old_bytes).unwrap();
    let rules = Rules {
        target_score: 1000,
        ..Preset::Classic.rules()
    };
    assert_eq!(old.rules(), &rules);
    assert_eq!(old.to_bytes(), old_bytes);
    // The first seat's chance as the library that wrote the file gave it.
    let stored = 0.5731903392111592;
    assert_eq!(old.first_player_win_probability(), stored);
    let new = TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true).unwrap();
    let new_bytes = new.to_bytes();
    assert_eq!(new_bytes[8..12], 5u32.to_le_bytes());
    let moved = (new.first_player_win_probability() - stored).abs();
    assert!(moved > 1e-6, "{moved:e}");
    // The new values do not follow from the older model: relabelled as version 3 they are
    // refused.
    let mut relabelled = new_bytes.clone();
    relabelled[8..12].copy_from_slice(&3u32.to_le_bytes());
    reseal(&mut relabelled);
    assert!(matches!(
        TwoPlayerTable::from_bytes(&relabelled),
        Err(StrategyError::BadFile(_))
    ));
}

/// A target of 101 makes every value a step of one point: classic rules' lead cap (27,200
/// points) is then 27,200 units, 739,840,000 pairs of leads, far past the limit of 1,448
/// units. Refused as soon as the cap is known to pass 1,448 units (at least 1,449: at least
/// 2,099,601 pairs), not after minutes of last turns: the progress function stops any solve
/// still going after 20 seconds.
#[test]
fn a_final_round_on_a_one_point_unit_is_refused_with_its_size() {
    let rules = Rules {
        target_score: 101,
        ..Preset::Classic.rules()
    };
    let began = std::time::Instant::now();
    let mut in_time = |_: f64| began.elapsed().as_secs() < 20;
    match TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut in_time) {
        Err(StrategyError::ResourceLimit(why)) => {
            assert!(why.contains("at least 1449 units of 1 point"), "{why}");
            assert!(why.contains("at least 2099601 pairs of leads"), "{why}");
            assert!(why.contains("the limit is 2097152 pairs"), "{why}");
        }
        other => panic!("{other:?}"),
    }
}
