// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Exact odds against fractions worked out by hand, and the optimal single turn against a
//! direct recursive expectation over every ordered roll and every scoring selection, written
//! here without the solver's option-vector reduction or its cap.

use std::collections::HashMap;

use farkle::strategy::{Fraction, Odds, PenaltyPolicy, SingleTurn, StrategyError};
use farkle::{FaceCounts, Preset, Rules, Scorer};

fn frac(n: u64, d: u64) -> Fraction {
    Fraction::new(n, d)
}

#[test]
fn farkle_fractions_match_hand_counts() {
    // Derived by hand in tests/seed_examples.rs: 4, 16, 60, 204, 600, 1080 farkles.
    let odds = Odds::new(&Preset::Classic.rules()).unwrap();
    let counts = [4u64, 16, 60, 204, 600, 1080];
    for (i, &c) in counts.iter().enumerate() {
        let n = i as u8 + 1;
        let h = odds.hand(n).unwrap();
        assert_eq!(h.farkle(), frac(c, 6u64.pow(u32::from(n))), "n={n}");
    }
    assert_eq!(odds.hand(1).unwrap().farkle(), frac(2, 3));
    assert_eq!(odds.hand(6).unwrap().farkle(), frac(5, 216));
    // Without three pairs (minimal) six dice farkle 1440 times; Zilch never farkles six dice.
    let minimal = Odds::new(&Preset::Minimal.rules()).unwrap();
    assert_eq!(minimal.hand(6).unwrap().farkle(), frac(1440, 46656));
    let zilch = Odds::new(&Preset::Zilch.rules()).unwrap();
    assert_eq!(zilch.hand(6).unwrap().farkle(), frac(0, 1));
    assert!(odds.hand(0).is_none() && odds.hand(7).is_none());
}

#[test]
fn hot_dice_fractions_match_hand_counts() {
    // Hot dice: every die of the roll scores at once.
    // n=1: a 1 or a 5: 2/6.
    // n=2: both dice 1 or 5: 4/36.
    // n=3: all three in {1,5} (8 rolls) or three alike of 2, 3, 4 or 6 (4): 12/216.
    // n=4 (classic): all in {1,5} (16); a triple of 2/3/4/6 plus a 1 or 5 (4 faces x 2 x 4
    //   places = 32); four alike of 2/3/4/6 (4): 52/1296. Minimal does not score four alike
    //   as such (the fourth die is left over), so 48/1296.
    let classic = Odds::new(&Preset::Classic.rules()).unwrap();
    assert_eq!(classic.hand(1).unwrap().hot_dice(), frac(1, 3));
    assert_eq!(classic.hand(2).unwrap().hot_dice(), frac(1, 9));
    assert_eq!(classic.hand(3).unwrap().hot_dice(), frac(1, 18));
    assert_eq!(classic.hand(4).unwrap().hot_dice(), frac(52, 1296));
    let minimal = Odds::new(&Preset::Minimal.rules()).unwrap();
    assert_eq!(minimal.hand(4).unwrap().hot_dice(), frac(48, 1296));
    assert!((classic.hand(3).unwrap().hot_dice().to_f64() - 12.0 / 216.0).abs() < 1e-15);
}

#[test]
fn max_points_distribution_matches_hand_counts() {
    // One die: farkle 4, a 5 (50) 1, a 1 (100) 1.
    // Two dice: 16 farkles; one 5 with a dead die 8 (50); one 1 with a dead die 8 plus 5-5
    // (100) 9; 1-5 in either order (150) 2; 1-1 (200) 1.
    let odds = Odds::new(&Preset::Classic.rules()).unwrap();
    assert_eq!(
        odds.hand(1).unwrap().max_points_distribution(),
        vec![(0, frac(4, 6)), (50, frac(1, 6)), (100, frac(1, 6))]
    );
    assert_eq!(
        odds.hand(2).unwrap().max_points_distribution(),
        vec![
            (0, frac(16, 36)),
            (50, frac(8, 36)),
            (100, frac(9, 36)),
            (150, frac(2, 36)),
            (200, frac(1, 36)),
        ]
    );
}

/// Every ordered roll of n dice as face counts.
fn ordered_rolls(n: u32) -> Vec<FaceCounts> {
    (0..6u32.pow(n))
        .map(|mut code| {
            let mut c = [0u8; 6];
            for _ in 0..n {
                c[(code % 6) as usize] += 1;
                code /= 6;
            }
            FaceCounts(c)
        })
        .collect()
}

/// The direct recursion: expected banked points holding `t` with `n` dice to roll.
struct Direct {
    rules: Rules,
    scorer: Scorer,
    on_board: bool,
    /// Points of a farkle.
    farkle: f64,
    /// Above this turn total the recursion simply banks.
    cap: i32,
    rolls: Vec<Vec<FaceCounts>>,
    memo: HashMap<(i32, usize), f64>,
}

impl Direct {
    fn new(rules: Rules, on_board: bool, farkle: f64, cap: i32) -> Direct {
        Direct {
            scorer: Scorer::new(&rules).unwrap(),
            rolls: (0..=u32::from(rules.dice_count))
                .map(ordered_rolls)
                .collect(),
            rules,
            on_board,
            farkle,
            cap,
            memo: HashMap::new(),
        }
    }

    fn may_bank(&self, t: i32) -> bool {
        t > 0
            && t >= self.rules.min_bank_score
            && (self.on_board || t >= self.rules.min_entry_score)
    }

    /// Holding t with n dice, may bank.
    fn hold(&mut self, t: i32, n: usize) -> f64 {
        if t > self.cap && self.may_bank(t) {
            return f64::from(t);
        }
        let roll = self.roll(t, n);
        if self.may_bank(t) {
            roll.max(f64::from(t))
        } else {
            roll
        }
    }

    fn roll(&mut self, t: i32, n: usize) -> f64 {
        if let Some(&v) = self.memo.get(&(t, n)) {
            return v;
        }
        let rolls = self.rolls[n].clone();
        let mut sum = 0.0;
        for roll in &rolls {
            let mut best: Option<f64> = None;
            for keep in roll.subsets() {
                let Some(p) = self.scorer.points(keep) else {
                    continue;
                };
                let left = n - keep.total();
                let v = if left > 0 {
                    self.hold(t + p, left)
                } else if self.rules.hot_dice {
                    self.hold(t + p, usize::from(self.rules.dice_count))
                } else if self.may_bank(t + p) {
                    f64::from(t + p)
                } else {
                    self.farkle
                };
                best = Some(best.map_or(v, |b: f64| b.max(v)));
            }
            sum += best.unwrap_or(self.farkle);
        }
        let v = sum / rolls.len() as f64;
        self.memo.insert((t, n), v);
        v
    }
}

fn three_dice(mut rules: Rules) -> Rules {
    rules.dice_count = 3;
    rules
}

#[test]
fn single_turn_agrees_with_the_direct_recursion() {
    let classic = Preset::Classic.rules();
    // (rules, on the board, how far above the solver's cap the recursion keeps rolling). Two
    // dice under Zilch never farkle (nothing scoring is worth 500) and chain such rolls with
    // probability 20/36, so the recursion must go much higher there to be exact to 1e-9.
    let cases = [
        (three_dice(classic), true, 5000),
        (three_dice(classic), false, 5000),
        (
            Rules {
                hot_dice: false,
                min_bank_score: 200,
                ..three_dice(Preset::Minimal.rules())
            },
            true,
            5000,
        ),
        (
            Rules {
                dice_count: 2,
                ..Preset::Zilch.rules()
            },
            true,
            40_000,
        ),
        (
            Rules {
                dice_count: 4,
                ..Preset::Doubling.rules()
            },
            true,
            2000,
        ),
    ];
    for (rules, on_board, extra) in cases {
        let odds = Odds::new(&rules).unwrap();
        let turn = SingleTurn::solve(&odds, on_board).unwrap();
        let n = usize::from(rules.dice_count);
        // Well above every threshold, so the recursion's own cut costs nothing.
        let mut direct = Direct::new(rules, on_board, 0.0, turn.cap() + extra);
        let expected = direct.roll(0, n);
        assert!(
            (turn.expected_points() - expected).abs() < 1e-9,
            "{rules:?}: {} vs {expected}",
            turn.expected_points()
        );
        for t in (0..=1500).step_by(50) {
            for m in 1..=n {
                let v = direct.hold(t, m);
                let got = turn.value(t, m as u8).unwrap();
                assert!((got - v).abs() < 1e-9, "t={t} m={m}: {got} vs {v}");
            }
        }
        // Every threshold lies at or below the cap, and the best choices reach the
        // recursion's value.
        for m in 1..=rules.dice_count {
            if let Some(th) = turn.bank_threshold(m).unwrap() {
                assert!(th <= turn.cap() + 50, "{th} > {}", turn.cap());
                assert!(turn.should_bank(th, m).unwrap());
            }
        }
        for roll in ordered_rolls(u32::from(rules.dice_count))
            .into_iter()
            .take(60)
        {
            for t in [0, 300, 1000] {
                let choice = turn.best_choice(roll, t).unwrap();
                let mut best: Option<f64> = None;
                for keep in roll.subsets() {
                    if let Some(p) = direct.scorer.points(keep) {
                        let left = n - keep.total();
                        let v = if left > 0 {
                            direct.hold(t + p, left)
                        } else if rules.hot_dice {
                            direct.hold(t + p, n)
                        } else if direct.may_bank(t + p) {
                            f64::from(t + p)
                        } else {
                            0.0
                        };
                        best = Some(best.map_or(v, |b: f64| b.max(v)));
                    }
                }
                match (choice, best) {
                    (None, None) => {}
                    (Some(c), Some(b)) => {
                        assert!((c.value - b).abs() < 1e-9, "{roll} t={t}: {c:?} vs {b}");
                        assert!(c.keep.is_subset_of(roll));
                        assert_eq!(direct.scorer.points(c.keep), Some(c.points));
                    }
                    other => panic!("{roll}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn keeping_fewer_dice_can_be_better() {
    // Classic, six dice 1-1-5-2-3-4 on a fresh turn: taking only one 1 and rolling five dice
    // beats taking 1-1-5 and rolling three, as a player would guess.
    let odds = Odds::new(&Preset::Classic.rules()).unwrap();
    let turn = SingleTurn::solve(&odds, true).unwrap();
    let roll = FaceCounts::from_faces(&[1, 1, 5, 2, 3, 4], 6).unwrap();
    let c = turn.best_choice(roll, 0).unwrap().unwrap();
    assert_eq!(c.keep.total(), 1, "{c:?}");
    assert_eq!(c.points, 100);
    assert!(!c.bank);
    assert_eq!(c.dice_left, 5);
}

#[test]
fn penalty_policy_agrees_with_relative_value_iteration_by_recursion() {
    // Two dice, zilch scoring, a penalty of 200 on the second farkle in a row.
    let rules = Rules {
        dice_count: 2,
        farkle_penalty_streak: 2,
        farkle_penalty_points: 200,
        ..Preset::Zilch.rules()
    };
    let odds = Odds::new(&rules).unwrap();
    let policy = PenaltyPolicy::solve(&odds).unwrap();
    // Relative value iteration written with the direct recursion: h(0) = 0, a farkle after
    // no farkle is worth h(1), after one farkle -200.
    let mut h1 = 0.0f64;
    let mut rho = 0.0;
    for _ in 0..1000 {
        let u0 = Direct::new(rules, true, h1, 20_000).roll(0, 2);
        let u1 = Direct::new(rules, true, -200.0, 20_000).roll(0, 2);
        let new = u1 - u0;
        rho = u0;
        if (new - h1).abs() < 1e-12 {
            h1 = new;
            break;
        }
        h1 = new;
    }
    assert!((policy.average_points_per_turn() - rho).abs() < 1e-8);
    assert!((policy.relative_value(1).unwrap() - h1).abs() < 1e-8);
    assert_eq!(policy.relative_value(0), Some(0.0));
    assert!(policy.turn(2).is_none());
    // The penalty makes the player more careful after a farkle.
    let t0 = policy.turn(0).unwrap().bank_threshold(1).unwrap().unwrap();
    let t1 = policy.turn(1).unwrap().bank_threshold(1).unwrap().unwrap();
    assert!(t1 <= t0);
    assert!(PenaltyPolicy::solve(&Odds::new(&Preset::Classic.rules()).unwrap()).is_err());
}

#[test]
fn position_value_agrees_with_the_direct_recursion() {
    // R(t, n) for n = 1, 2, 3 dice against the recursion above (every ordered roll with
    // probability 1/6^n, every scoring selection, banking where the rules allow it), on the
    // board and not, with and without hot dice.
    let classic = Preset::Classic.rules();
    let cases = [
        (three_dice(classic), true),
        (three_dice(classic), false),
        (
            Rules {
                hot_dice: false,
                min_bank_score: 200,
                ..three_dice(Preset::Minimal.rules())
            },
            true,
        ),
    ];
    for (rules, on_board) in cases {
        let odds = Odds::new(&rules).unwrap();
        let turn = SingleTurn::solve(&odds, on_board).unwrap();
        let mut direct = Direct::new(rules, on_board, 0.0, turn.cap() + 5000);
        for t in (0..=2000).step_by(50).chain([2450, 5000]) {
            for n in 1..=3u8 {
                let expected = direct.hold(t, usize::from(n));
                let got = turn.position_value(t, n, on_board).unwrap();
                assert!(
                    (got - expected).abs() < 1e-9,
                    "{rules:?} on_board={on_board} t={t} n={n}: {got} vs {expected}"
                );
                // Where banking is allowed, R is at least the turn total.
                if direct.may_bank(t) {
                    assert!(got >= f64::from(t), "t={t} n={n}: {got}");
                }
            }
        }
        // From scratch with the full set it is the turn's expected points.
        assert_eq!(
            turn.position_value(0, 3, on_board).unwrap(),
            turn.expected_points()
        );
    }
}

#[test]
fn position_value_by_hand() {
    // Classic on three dice, on the board. With one die at 1000, rolling gains at most a
    // 1 (100) or a 5 (50) with probability 1/3 and loses everything with 2/3, so it is worth
    // less than (1/3)(1100 + a turn's worth) < 1000: banking is optimal and R = 1000. The
    // same at the largest turn total, which must answer at once (no table up there).
    let rules = three_dice(Preset::Classic.rules());
    let odds = Odds::new(&rules).unwrap();
    let turn = SingleTurn::solve(&odds, true).unwrap();
    assert_eq!(turn.position_value(1000, 1, true).unwrap(), 1000.0);
    let max = farkle::limits::MAX_TURN_TOTAL;
    assert_eq!(turn.position_value(max, 1, true).unwrap(), f64::from(max));
    assert_eq!(turn.position_value(max, 3, true).unwrap(), f64::from(max));

    // One die and no hot dice: a 1 (100) or a 5 (50) ends the turn with it banked, anything
    // else farkles. At 0 the player cannot bank: R = (100 + 50) / 6 = 25. At 50, banking 50
    // beats rolling, (150 + 100) / 6 = 41.67.
    let one = Rules {
        dice_count: 1,
        hot_dice: false,
        ..Preset::Classic.rules()
    };
    let turn = SingleTurn::solve(&Odds::new(&one).unwrap(), true).unwrap();
    assert!((turn.position_value(0, 1, true).unwrap() - 25.0).abs() < 1e-12);
    assert_eq!(turn.position_value(50, 1, true).unwrap(), 50.0);

    // Refusals: off the grid, negative, above the limit, dice outside the set, and a
    // situation the policy was not solved for.
    let turn = SingleTurn::solve(&odds, true).unwrap();
    for (t, n, on) in [
        (25, 1, true),
        (-50, 1, true),
        (max + 50, 1, true),
        (i32::MAX, 1, true),
        (0, 0, true),
        (0, 4, true),
        (0, 3, false),
    ] {
        assert!(
            matches!(
                turn.position_value(t, n, on),
                Err(StrategyError::OutOfRange(_))
            ),
            "t={t} n={n} on_board={on}"
        );
    }
}

/// The penalty policy of one die without hot dice: a 1 (100) or a 5 (50) is banked at once
/// (nothing is left to roll), anything else (4/6) farkles, so every turn is worth
/// 25 + (2/3) phi with phi what its farkle is worth.
fn one_die_penalty(streak: u8, points: i32) -> PenaltyPolicy {
    let rules = Rules {
        dice_count: 1,
        hot_dice: false,
        farkle_penalty_streak: streak,
        farkle_penalty_points: points,
        ..Preset::Classic.rules()
    };
    PenaltyPolicy::solve(&Odds::new(&rules).unwrap()).unwrap()
}

#[test]
fn penalty_relative_values_by_hand() {
    // Streak 2, penalty 500: u0 = 25 + (2/3) h1, u1 = 25 - (2/3) 500, h1 = u1 - u0, so
    // h1 = -(2/3)(500 + h1), h1 = -200 and the average u0 = 25 - 400/3. The same from the
    // chain of farkle counts: it spends 3/5 of the turns at 0 and 2/5 at 1, and pays 500 on
    // 2/3 of the turns at 1: 25 - (2/5)(2/3)500.
    let p = one_die_penalty(2, 500);
    assert_eq!(p.streak(), 2);
    assert_eq!(p.relative_value(0), Some(0.0));
    assert!((p.relative_value(1).unwrap() + 200.0).abs() < 1e-8);
    assert!((p.average_points_per_turn() - (25.0 - 400.0 / 3.0)).abs() < 1e-8);
    // Streak 3, penalty 950: with a = 2/3, h1 = a (h2 - h1) and h2 = a (-950 - h1) give
    // h1 = -a^2 950 / (1 + a + a^2) = -200 and h2 = -500.
    let p = one_die_penalty(3, 950);
    assert!((p.relative_value(1).unwrap() + 200.0).abs() < 1e-8);
    assert!((p.relative_value(2).unwrap() + 500.0).abs() < 1e-8);
    assert!(p.relative_value(3).is_none());
    // Rolling at t is worth t/3 + 25 + (2/3) phi, below t once t > 37.5 + phi; every phi
    // here is negative, so each count banks from the first bankable total, 50.
    for k in 0..3 {
        assert_eq!(p.bank_threshold(k, 1).unwrap(), Some(50), "k={k}");
    }
    assert!(matches!(
        p.bank_threshold(3, 1),
        Err(StrategyError::OutOfRange(_))
    ));
    assert!(matches!(
        p.bank_threshold(0, 2),
        Err(StrategyError::OutOfRange(_))
    ));
}

#[test]
fn penalty_thresholds_by_farkles_in_a_row() {
    // The figures docs/strategy.md lists for the extended preset (from this solver).
    let odds = Odds::new(&Preset::Extended.rules()).unwrap();
    let p = PenaltyPolicy::solve(&odds).unwrap();
    let listed = [
        [300, 250, 400, 1050, 3050, 18150],
        [200, 150, 350, 950, 3000, 18050],
        [50, 50, 50, 50, 2100, 17150],
    ];
    for (k, row) in listed.iter().enumerate() {
        for (d, &th) in row.iter().enumerate() {
            assert_eq!(p.bank_threshold(k, d as u8 + 1).unwrap(), Some(th), "k={k}");
        }
    }
    // A property independent of the solver's figures: a farkle after more farkles in a row
    // is worth less (it is nearer the penalty), and a turn is the more willing to bank the
    // less its farkle is worth, so thresholds never rise with the count, and neither do the
    // relative values. Checked on the extended and zilch presets and a long streak.
    let long = Rules {
        farkle_penalty_streak: 5,
        farkle_penalty_points: 2000,
        ..Preset::Minimal.rules()
    };
    for rules in [Preset::Extended.rules(), Preset::Zilch.rules(), long] {
        let p = PenaltyPolicy::solve(&Odds::new(&rules).unwrap()).unwrap();
        assert_eq!(p.streak(), usize::from(rules.farkle_penalty_streak));
        for k in 1..p.streak() {
            assert!(p.relative_value(k).unwrap() <= p.relative_value(k - 1).unwrap());
            for d in 1..=rules.dice_count {
                let before = p.bank_threshold(k - 1, d).unwrap();
                let after = p.bank_threshold(k, d).unwrap();
                match (before, after) {
                    (Some(b), Some(a)) => assert!(a <= b, "{rules:?} k={k} d={d}: {a} > {b}"),
                    // A hand that never farkles is never banked, whatever the count.
                    (None, None) => {}
                    other => panic!("{rules:?} k={k} d={d}: {other:?}"),
                }
            }
        }
    }
}

/// The expectimax of a player off the board under `singles_only_before_entry`, written
/// without the library's scorer: a kept selection is some of the roll's 1s and some of its
/// 5s (at least one die), worth `single_one` a 1 and `single_five` a 5; any roll without a
/// 1 or a 5 (that scores) is a farkle. Every ordered roll of n dice counts 1/6^n.
struct SinglesOnlyOffBoard {
    rules: Rules,
    /// Above this turn total the recursion banks.
    cap: i32,
    memo: HashMap<(i32, usize), f64>,
}

impl SinglesOnlyOffBoard {
    fn may_bank(&self, t: i32) -> bool {
        t > 0 && t >= self.rules.min_bank_score && t >= self.rules.min_entry_score
    }

    /// R(t, n): the better of banking (where allowed) and rolling.
    fn hold(&mut self, t: i32, n: usize) -> f64 {
        if t > self.cap && self.may_bank(t) {
            return f64::from(t);
        }
        let roll = self.roll(t, n);
        if self.may_bank(t) {
            roll.max(f64::from(t))
        } else {
            roll
        }
    }

    fn roll(&mut self, t: i32, n: usize) -> f64 {
        if let Some(&v) = self.memo.get(&(t, n)) {
            return v;
        }
        let (one, five) = (self.rules.single_one, self.rules.single_five);
        let mut sum = 0.0;
        for code in 0..6u32.pow(n as u32) {
            // Faces 1 to 6 from the base-6 digits; only the 1s and the 5s matter.
            let (mut ones, mut fives, mut c) = (0usize, 0usize, code);
            for _ in 0..n {
                match c % 6 {
                    0 => ones += 1,
                    4 => fives += 1,
                    _ => {}
                }
                c /= 6;
            }
            let mut best: Option<f64> = None;
            for a in 0..=if one > 0 { ones } else { 0 } {
                for b in 0..=if five > 0 { fives } else { 0 } {
                    if a + b == 0 {
                        continue;
                    }
                    let t2 = t + a as i32 * one + b as i32 * five;
                    let left = n - a - b;
                    let v = if left > 0 {
                        self.hold(t2, left)
                    } else if self.rules.hot_dice {
                        self.hold(t2, usize::from(self.rules.dice_count))
                    } else if self.may_bank(t2) {
                        f64::from(t2)
                    } else {
                        0.0
                    };
                    best = Some(best.map_or(v, |x: f64| x.max(v)));
                }
            }
            sum += best.unwrap_or(0.0);
        }
        let v = sum / 6f64.powi(n as i32);
        self.memo.insert((t, n), v);
        v
    }
}

#[test]
fn singles_only_before_entry_off_the_board_agrees_with_a_singles_expectimax() {
    // R(t, n) of a player off the board for n = 1, 2, 3 dice, against the expectimax above
    // (which knows nothing of triples, straights or the library's scorer).
    let classic = Preset::Classic.rules();
    let cases = [
        // Classic on three dice: entry 500, hot dice.
        Rules {
            singles_only_before_entry: true,
            ..three_dice(classic)
        },
        // No hot dice, no single 5, entry 300 and a bank minimum of 200.
        Rules {
            singles_only_before_entry: true,
            hot_dice: false,
            single_five: 0,
            min_entry_score: 300,
            min_bank_score: 200,
            ..three_dice(classic)
        },
        // Two dice and entry 0.
        Rules {
            singles_only_before_entry: true,
            dice_count: 2,
            min_entry_score: 0,
            ..classic
        },
    ];
    for rules in cases {
        let odds = Odds::new(&rules).unwrap();
        let turn = SingleTurn::solve(&odds, false).unwrap();
        let mut brute = SinglesOnlyOffBoard {
            rules,
            cap: turn.cap() + 5000,
            memo: HashMap::new(),
        };
        let step = if rules.single_five > 0 { 50 } else { 100 };
        for t in (0..=2000).step_by(step).chain([2400, 5000]) {
            for n in 1..=rules.dice_count.min(3) {
                let expected = brute.hold(t, usize::from(n));
                let got = turn.position_value(t, n, false).unwrap();
                assert!(
                    (got - expected).abs() < 1e-9,
                    "{rules:?} t={t} n={n}: {got} vs {expected}"
                );
            }
        }
        let n = rules.dice_count;
        assert!((turn.expected_points() - brute.roll(0, usize::from(n))).abs() < 1e-9);
        // On the board the full scoring applies: with three dice, triples score too, so the
        // turn is worth more; with two dice only singles ever score, so it is worth the same
        // (entry 0: the same banks are allowed).
        let on = SingleTurn::solve(&odds, true).unwrap();
        if n >= 3 {
            assert!(on.expected_points() > turn.expected_points());
        } else {
            assert!((on.expected_points() - turn.expected_points()).abs() < 1e-9);
        }
    }
}

#[test]
fn singles_only_before_entry_choices_by_hand() {
    // Classic on three dice, off the board, singles only: 2-2-2 scores nothing (a farkle,
    // where on the board it is 200), and 1-1-1 is three singles, 300 (on the board 1000).
    let rules = Rules {
        singles_only_before_entry: true,
        ..three_dice(Preset::Classic.rules())
    };
    let odds = Odds::new(&rules).unwrap();
    let off = SingleTurn::solve(&odds, false).unwrap();
    let on = SingleTurn::solve(&odds, true).unwrap();
    let twos = FaceCounts::from_faces(&[2, 2, 2], 6).unwrap();
    let ones = FaceCounts::from_faces(&[1, 1, 1], 6).unwrap();
    assert_eq!(off.best_choice(twos, 0).unwrap(), None);
    assert_eq!(on.best_choice(twos, 0).unwrap().unwrap().points, 200);
    let c = off.best_choice(ones, 0).unwrap().unwrap();
    assert_eq!((c.points, c.keep.total()), (300, 3));
    assert_eq!(on.best_choice(ones, 0).unwrap().unwrap().points, 1000);
    // One die off the board with no hot dice and entry 0: a 1 (100) or a 5 (50) banks at
    // once, anything else farkles: R(0, 1) = (100 + 50) / 6 = 25, as without the knob.
    let one = Rules {
        dice_count: 1,
        hot_dice: false,
        min_entry_score: 0,
        singles_only_before_entry: true,
        ..Preset::Classic.rules()
    };
    let turn = SingleTurn::solve(&Odds::new(&one).unwrap(), false).unwrap();
    assert!((turn.position_value(0, 1, false).unwrap() - 25.0).abs() < 1e-12);
}

#[test]
fn the_hot_dice_multiplier_is_refused_by_the_turn_solvers() {
    for step in [1, 10] {
        let rules = Rules {
            hot_dice_multiplier_step: step,
            ..Preset::Extended.rules()
        };
        let odds = Odds::new(&rules).unwrap();
        for on_board in [false, true] {
            match SingleTurn::solve(&odds, on_board) {
                Err(StrategyError::Unsupported(why)) => assert!(why.contains("multiplier")),
                other => panic!("{other:?}"),
            }
        }
        match PenaltyPolicy::solve(&odds) {
            Err(StrategyError::Unsupported(why)) => assert!(why.contains("multiplier")),
            other => panic!("{other:?}"),
        }
        // The odds of one roll do not depend on it.
        let plain = Odds::new(&Preset::Extended.rules()).unwrap();
        assert_eq!(
            odds.hand(6).unwrap().farkle(),
            plain.hand(6).unwrap().farkle()
        );
    }
    // The other game knobs do not change a single turn's expected points, nor the penalty
    // policy's average (which is taken on the board and knows no target).
    let plain = Odds::new(&Preset::Extended.rules()).unwrap();
    let knobs = Rules {
        exact_target: farkle::ExactTarget::Bust,
        piggybacking: true,
        singles_only_before_entry: true,
        ..Preset::Extended.rules()
    };
    let odds = Odds::new(&knobs).unwrap();
    assert_eq!(
        SingleTurn::solve(&odds, true).unwrap().expected_points(),
        SingleTurn::solve(&plain, true).unwrap().expected_points()
    );
    assert_eq!(
        PenaltyPolicy::solve(&odds)
            .unwrap()
            .average_points_per_turn(),
        PenaltyPolicy::solve(&plain)
            .unwrap()
            .average_points_per_turn()
    );
}

/// Classic with one die, singles only before entry, a three-farkle penalty of 1,000 and a
/// bank minimum of 1,950: valid rules whose long-run policy iterates without converging (a
/// turn almost never reaches the bank minimum, so the relative values move by about 1,000
/// points every iteration). The work limit counted only the turns' backward passes, which
/// have almost nothing to do with one die: 16.7 million iterations, 22 to 29 s of CPU and
/// as many progress calls before the refusal. Now the limit is checked against the work
/// still needed at the rate the iteration converges (here: never), before that work is
/// done: refused after a handful of iterations, with no progress call but the first.
#[test]
fn a_long_run_policy_that_never_converges_is_refused_before_the_work() {
    let rules = Rules {
        dice_count: 1,
        singles_only_before_entry: true,
        farkle_penalty_streak: 3,
        farkle_penalty_points: 1000,
        min_bank_score: 1950,
        ..Preset::Classic.rules()
    };
    rules.validate().expect("valid rules");
    let odds = Odds::new(&rules).unwrap();
    let mut calls = 0u64;
    let result = PenaltyPolicy::solve_with_progress(&odds, &mut |_| {
        calls += 1;
        true
    });
    let Err(StrategyError::ResourceLimit(why)) = &result else {
        panic!("{result:?}");
    };
    assert!(
        why.contains("iterated until it converges") && why.contains("4000000000"),
        "{why}"
    );
    assert_eq!(calls, 1, "progress calls");
    // The same rules without the bank minimum converge: the check refuses only what would
    // not.
    let rules = Rules {
        min_bank_score: 0,
        ..rules
    };
    assert!(PenaltyPolicy::solve(&Odds::new(&rules).unwrap()).is_ok());
}
