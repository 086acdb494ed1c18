// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A token bucket: the rate limit of a connection's frames and of an address's guesses.

use std::time::Instant;

/// `rate` tokens per second, up to `burst`.
#[derive(Debug, Clone)]
pub struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            rate,
            burst,
            at: Instant::now(),
        }
    }

    fn refill(&mut self) {
        let now = Instant::now();
        let earned = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + earned).min(self.burst);
        self.at = now;
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        self.refill();
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether a token is there to take.
    pub fn has_token(&mut self) -> bool {
        self.refill();
        self.tokens >= 1.0
    }

    /// Whether the bucket has refilled completely.
    pub fn is_full(&mut self) -> bool {
        self.refill();
        self.tokens >= self.burst
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_the_rate() {
        let mut bucket = Bucket::new(0.0, 3.0);
        assert!(bucket.is_full());
        assert!(bucket.take() && bucket.take() && bucket.take());
        assert!(!bucket.has_token());
        assert!(!bucket.take());
        let mut fast = Bucket::new(1000.0, 1.0);
        assert!(fast.take());
        std::thread::sleep(std::time::Duration::from_millis(5));
        assert!(fast.take());
    }
}
