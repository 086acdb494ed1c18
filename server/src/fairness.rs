// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Provably fair dice: every face of a game follows from a secret seed the server commits to
//! before the first roll and reveals after the last.
//!
//! - The seed is 32 bytes from the operating system's generator.
//! - The commitment is SHA-256 of the seed, in lowercase hexadecimal.
//! - Roll `n` of the game (from 0, in the order the rolls were made) takes its faces from the
//!   blocks HMAC-SHA-256(key = seed, message = "farkle-roll" ‖ n as 8 bytes big-endian ‖ b as
//!   4 bytes big-endian) for b = 0, 1, …: each byte below 252 gives the face `byte % 6 + 1`,
//!   bytes from 252 up are skipped (252 is the largest multiple of 6 that fits a byte, so
//!   every face has probability exactly 1/6), until the roll has its dice.
//!
//! [`verify`] checks a finished game's record against these rules; docs/server.md repeats
//! them for anyone who wants to check a game with their own code.

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The size of a seed in bytes (256 bits).
pub const SEED_BYTES: usize = 32;

/// The message prefix of every roll's HMAC blocks.
const ROLL_LABEL: &[u8] = b"farkle-roll";

/// The largest multiple of 6 that fits in a byte: bytes from it up are skipped.
const UNBIASED_BELOW: u8 = 252;

/// A game's secret seed.
#[derive(Clone, PartialEq, Eq)]
pub struct Seed(pub [u8; SEED_BYTES]);

impl std::fmt::Debug for Seed {
    // A seed is a secret until the game ends: never in a log line by accident.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Seed(..)")
    }
}

impl Seed {
    /// A fresh seed from the operating system's generator.
    pub fn generate() -> Seed {
        let mut bytes = [0u8; SEED_BYTES];
        rand::Rng::fill(
            &mut rand::TryRngCore::unwrap_err(rand::rngs::OsRng),
            &mut bytes[..],
        );
        Seed(bytes)
    }

    /// The seed as lowercase hexadecimal (64 characters).
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// A seed from 64 hexadecimal digits.
    pub fn from_hex(text: &str) -> Option<Seed> {
        let mut bytes = [0u8; SEED_BYTES];
        hex::decode_to_slice(text, &mut bytes).ok()?;
        Some(Seed(bytes))
    }

    /// The commitment published before the first roll: SHA-256 of the seed, in hexadecimal.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0))
    }

    /// The faces of roll `index` of the game: `count` dice, each 1 to 6.
    pub fn faces(&self, index: u64, count: usize) -> Vec<u8> {
        let mut faces = Vec::with_capacity(count);
        let mut block: u32 = 0;
        while faces.len() < count {
            let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes any key");
            mac.update(ROLL_LABEL);
            mac.update(&index.to_be_bytes());
            mac.update(&block.to_be_bytes());
            for byte in mac.finalize().into_bytes() {
                if byte < UNBIASED_BELOW && faces.len() < count {
                    faces.push(byte % 6 + 1);
                }
            }
            block += 1;
        }
        faces
    }
}

/// What a finished game publishes so that anyone can check its dice: the commitment shown
/// at the start, the seed revealed at the end, and every roll in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FairnessRecord {
    /// SHA-256 of the seed, as published when the game started.
    pub commitment: String,
    /// The seed, revealed when the game ended (absent while it is being played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The faces of every roll of the game, in order.
    pub rolls: Vec<Vec<u8>>,
}

/// Why a record fails the check.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FairnessError {
    /// The seed has not been revealed (the game is not over).
    #[error("the seed has not been revealed yet")]
    NoSeed,
    /// The seed is not 64 hexadecimal digits.
    #[error("the seed is not 64 hexadecimal digits")]
    MalformedSeed,
    /// SHA-256 of the revealed seed is not the published commitment.
    #[error("the revealed seed does not match the commitment")]
    CommitmentMismatch,
    /// A roll's faces are not the ones the seed gives.
    #[error("roll {index} was {recorded:?}, the seed gives {derived:?}")]
    RollMismatch {
        /// The roll's index, from 0.
        index: usize,
        /// The faces the record holds.
        recorded: Vec<u8>,
        /// The faces the seed gives.
        derived: Vec<u8>,
    },
}

/// Checks a finished game's record: the seed matches the commitment and gives every roll.
/// Returns the number of rolls checked.
pub fn verify(record: &FairnessRecord) -> Result<usize, FairnessError> {
    let seed = record.seed.as_deref().ok_or(FairnessError::NoSeed)?;
    let seed = Seed::from_hex(seed).ok_or(FairnessError::MalformedSeed)?;
    if !seed.commitment().eq_ignore_ascii_case(&record.commitment) {
        return Err(FairnessError::CommitmentMismatch);
    }
    for (index, recorded) in record.rolls.iter().enumerate() {
        let derived = seed.faces(index as u64, recorded.len());
        if *recorded != derived {
            return Err(FairnessError::RollMismatch {
                index,
                recorded: recorded.clone(),
                derived,
            });
        }
    }
    Ok(record.rolls.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The derivation computed by hand from its definition with the hashing primitives
    /// alone, for a seed whose first block has a skipped byte.
    fn by_definition(seed: &[u8; 32], index: u64, count: usize) -> Vec<u8> {
        let mut faces = Vec::new();
        for block in 0u32.. {
            let mut message = b"farkle-roll".to_vec();
            message.extend_from_slice(&index.to_be_bytes());
            message.extend_from_slice(&block.to_be_bytes());
            let mut mac = Hmac::<Sha256>::new_from_slice(seed).unwrap();
            mac.update(&message);
            for b in mac.finalize().into_bytes() {
                if b < 252 {
                    faces.push(b % 6 + 1);
                }
                if faces.len() == count {
                    return faces;
                }
            }
        }
        unreachable!()
    }

    #[test]
    fn faces_follow_the_documented_derivation() {
        for s in 0..20u8 {
            let seed = Seed([s; 32]);
            for index in [0u64, 1, 7, 1 << 40] {
                for count in 1..=8 {
                    assert_eq!(
                        seed.faces(index, count),
                        by_definition(&seed.0, index, count)
                    );
                }
            }
        }
        // More dice than one block holds: the derivation continues in the next block.
        let seed = Seed([9; 32]);
        assert_eq!(seed.faces(3, 100), by_definition(&seed.0, 3, 100));
    }

    #[test]
    fn commitment_is_sha256_of_the_seed() {
        // SHA-256 of 32 zero bytes, a published test value.
        assert_eq!(
            Seed([0; 32]).commitment(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }

    #[test]
    fn faces_are_uniform() {
        // 600,000 dice: each face within 1% of 1/6 (about 6 standard deviations).
        let seed = Seed::generate();
        let mut counts = [0u32; 6];
        for index in 0..100_000 {
            for f in seed.faces(index, 6) {
                counts[usize::from(f - 1)] += 1;
            }
        }
        for c in counts {
            assert!(
                (f64::from(c) / 600_000.0 - 1.0 / 6.0).abs() < 0.01,
                "{counts:?}"
            );
        }
    }

    #[test]
    fn verify_accepts_the_truth_and_refuses_tampering() {
        let seed = Seed::generate();
        let rolls: Vec<Vec<u8>> = (0..30)
            .map(|i| seed.faces(i, 6 - (i as usize % 6)))
            .collect();
        let record = FairnessRecord {
            commitment: seed.commitment(),
            seed: Some(seed.to_hex()),
            rolls,
        };
        assert_eq!(verify(&record), Ok(30));

        let mut tampered = record.clone();
        tampered.rolls[17][0] = tampered.rolls[17][0] % 6 + 1;
        assert!(matches!(
            verify(&tampered),
            Err(FairnessError::RollMismatch { index: 17, .. })
        ));

        let mut other_seed = record.clone();
        other_seed.seed = Some(Seed::generate().to_hex());
        assert_eq!(verify(&other_seed), Err(FairnessError::CommitmentMismatch));

        let mut hidden = record.clone();
        hidden.seed = None;
        assert_eq!(verify(&hidden), Err(FairnessError::NoSeed));

        let mut short = record;
        short.seed = Some("abc".into());
        assert_eq!(verify(&short), Err(FairnessError::MalformedSeed));
    }
}
