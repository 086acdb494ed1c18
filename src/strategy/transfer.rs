// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Solved single-turn policies as bytes, to hand from one instance of this build of the
//! library to another: the npm package solves a turn policy, a penalty policy or a game's
//! advice in a worker (its own instance of the WebAssembly module) and rebuilds it on the
//! calling thread from these bytes, so that the calling thread never waits for the solve.
//!
//! Not a file format: no magic, no version, read only by the build that wrote it. The solved
//! values travel as they are (bit for bit); everything derived from the rules alone (the
//! turn model, the closed form above the cap, the scorer) is derived again by the reader,
//! which checks that the sizes written are the sizes those rules give, so bytes of other
//! rules, or cut short, are refused with [`StrategyError::BadFile`] before anything large is
//! allocated (the rows are bounded by [`crate::limits::MAX_TURN_STATES`] as a solve's are).

// Only the WebAssembly build hands policies over (src/wasm/transfer.rs); the tests here run
// everywhere.
#![cfg_attr(
    not(all(target_arch = "wasm32", target_os = "unknown")),
    allow(dead_code)
)]

use super::StrategyError;

/// Appends values to the bytes being written.
#[derive(Debug, Default)]
pub(crate) struct Writer {
    pub bytes: Vec<u8>,
}

impl Writer {
    pub fn flag(&mut self, value: bool) {
        self.bytes.push(u8::from(value));
    }

    pub fn count(&mut self, value: usize) {
        self.bytes.extend_from_slice(&(value as u64).to_le_bytes());
    }

    pub fn number(&mut self, value: f64) {
        self.bytes.extend_from_slice(&value.to_le_bytes());
    }

    pub fn numbers(&mut self, values: &[f64]) {
        self.bytes.reserve(8 * values.len());
        for v in values {
            self.number(*v);
        }
    }
}

/// Reads values back in the order they were written.
#[derive(Debug)]
pub(crate) struct Reader<'a> {
    rest: &'a [u8],
}

fn cut_short() -> StrategyError {
    StrategyError::BadFile("the solved policy's bytes are cut short".to_owned())
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { rest: bytes }
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], StrategyError> {
        if self.rest.len() < n {
            return Err(cut_short());
        }
        let (head, rest) = self.rest.split_at(n);
        self.rest = rest;
        Ok(head)
    }

    pub fn flag(&mut self) -> Result<bool, StrategyError> {
        match self.take(1)?[0] {
            0 => Ok(false),
            1 => Ok(true),
            other => Err(StrategyError::BadFile(format!(
                "a flag of a solved policy is {other}, not 0 or 1"
            ))),
        }
    }

    pub fn count(&mut self) -> Result<usize, StrategyError> {
        let bytes: [u8; 8] = self.take(8)?.try_into().map_err(|_| cut_short())?;
        usize::try_from(u64::from_le_bytes(bytes)).map_err(|_| cut_short())
    }

    pub fn number(&mut self) -> Result<f64, StrategyError> {
        let bytes: [u8; 8] = self.take(8)?.try_into().map_err(|_| cut_short())?;
        Ok(f64::from_le_bytes(bytes))
    }

    /// `n` numbers; `n` is a size the reader derived from the rules (bounded by the limits),
    /// and the bytes must hold them all before anything is allocated.
    pub fn numbers(&mut self, n: usize) -> Result<Vec<f64>, StrategyError> {
        let bytes = self.take(n.checked_mul(8).ok_or_else(cut_short)?)?;
        Ok(bytes
            .chunks_exact(8)
            .map(|b| f64::from_le_bytes(b.try_into().expect("8 bytes")))
            .collect())
    }

    /// Refuses bytes left over after the last value.
    pub fn finish(self) -> Result<(), StrategyError> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(StrategyError::BadFile(format!(
                "{} bytes follow the solved policy",
                self.rest.len()
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FaceCounts;
    use crate::rules::{Preset, Rules};
    use crate::strategy::{Advisor, Odds, PenaltyPolicy, SingleTurn};

    /// Every value a policy answers, at every turn total up to past its cap and every hand.
    fn values(p: &SingleTurn, unit: i32) -> Vec<u64> {
        let mut all = Vec::new();
        for t in (0..=p.cap() + 4 * unit).step_by(unit as usize) {
            for m in 1..=p.dice_count() {
                all.push(p.value(t, m).unwrap().to_bits());
                all.push(u64::from(p.should_bank(t, m).unwrap()));
            }
        }
        let roll = FaceCounts::from_faces(&[1, 5, 5, 2, 3, 4], 6).unwrap();
        all.push(p.best_choice(roll, 300).unwrap().unwrap().value.to_bits());
        all
    }

    fn saved(p: &SingleTurn) -> Vec<u8> {
        let mut w = Writer::default();
        p.write_values(&mut w);
        w.bytes
    }

    #[test]
    fn a_turn_read_back_answers_as_the_one_solved() {
        let entry = Rules {
            singles_only_before_entry: true,
            ..Preset::Classic.rules()
        };
        for rules in [Preset::Classic.rules(), Preset::Zilch.rules(), entry] {
            let odds = Odds::new(&rules).unwrap();
            for on_board in [true, false] {
                let solved = SingleTurn::solve(&odds, on_board).unwrap();
                let bytes = saved(&solved);
                let mut r = Reader::new(&bytes);
                let read = SingleTurn::read_values(&odds, &mut r).unwrap();
                r.finish().unwrap();
                assert_eq!(read.on_board(), on_board);
                assert_eq!(read.cap(), solved.cap());
                assert_eq!(values(&read, 50), values(&solved, 50), "{rules:?}");
            }
        }
    }

    #[test]
    fn bytes_cut_short_of_other_rules_or_with_more_are_refused() {
        let odds = Odds::new(&Preset::Classic.rules()).unwrap();
        let bytes = saved(&SingleTurn::solve(&odds, true).unwrap());
        let bad = |r: Result<SingleTurn, StrategyError>| {
            assert!(matches!(r, Err(StrategyError::BadFile(_))), "{r:?}");
        };
        for cut in [0, 1, 9, 17, bytes.len() - 1] {
            bad(SingleTurn::read_values(
                &odds,
                &mut Reader::new(&bytes[..cut]),
            ));
        }
        // A flag that is neither 0 nor 1.
        let mut flag = bytes.clone();
        flag[0] = 2;
        bad(SingleTurn::read_values(&odds, &mut Reader::new(&flag)));
        // Zilch's turn has another cap: its bytes do not fit classic's rules.
        let zilch = Odds::new(&Preset::Zilch.rules()).unwrap();
        let other = saved(&SingleTurn::solve(&zilch, true).unwrap());
        bad(SingleTurn::read_values(&odds, &mut Reader::new(&other)));
        // A farkle payoff that is not a number.
        let mut nan = bytes.clone();
        nan[1..9].copy_from_slice(&f64::NAN.to_le_bytes());
        bad(SingleTurn::read_values(&odds, &mut Reader::new(&nan)));
        let mut longer = bytes.clone();
        longer.push(0);
        let mut r = Reader::new(&longer);
        SingleTurn::read_values(&odds, &mut r).unwrap();
        assert!(matches!(r.finish(), Err(StrategyError::BadFile(_))));
    }

    #[test]
    fn a_penalty_policy_and_an_advisor_read_back_write_the_same_bytes() {
        let rules = Preset::Extended.rules();
        let odds = Odds::new(&rules).unwrap();
        let solved = PenaltyPolicy::solve(&odds).unwrap();
        let mut w = Writer::default();
        solved.write_values(&mut w);
        let mut r = Reader::new(&w.bytes);
        let read = PenaltyPolicy::read_values(&odds, &mut r).unwrap();
        r.finish().unwrap();
        assert_eq!(read.streak(), usize::from(rules.farkle_penalty_streak));
        assert_eq!(
            read.average_points_per_turn().to_bits(),
            solved.average_points_per_turn().to_bits()
        );
        for k in 0..read.streak() {
            assert_eq!(read.relative_value(k), solved.relative_value(k));
            assert_eq!(
                values(read.turn(k).unwrap(), 50),
                values(solved.turn(k).unwrap(), 50)
            );
        }
        // Classic has no penalty: the policy is refused as a solve refuses it.
        let classic = Odds::new(&Preset::Classic.rules()).unwrap();
        let refused = PenaltyPolicy::read_values(&classic, &mut Reader::new(&w.bytes));
        assert!(matches!(refused, Err(StrategyError::Unsupported(_))));

        let advisor = Advisor::single_turn(&rules).unwrap();
        let mut w = Writer::default();
        advisor.write_values(&mut w);
        let read = Advisor::read_values(&rules, &w.bytes).unwrap();
        let mut again = Writer::default();
        read.write_values(&mut again);
        assert_eq!(again.bytes, w.bytes);
        // Classic's advice (no penalty) does not fit the extended rules, nor the reverse.
        let classic_rules = Preset::Classic.rules();
        let mut c = Writer::default();
        Advisor::single_turn(&classic_rules)
            .unwrap()
            .write_values(&mut c);
        assert!(Advisor::read_values(&rules, &c.bytes).is_err());
        assert!(Advisor::read_values(&classic_rules, &w.bytes).is_err());
    }
}
