// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Per-address limits: connections at once, rooms created per minute, and wrong room codes
//! or tokens per minute (so that codes cannot be enumerated).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use crate::bucket::Bucket;
use crate::config::Limits;

/// The number of addresses known at which the idle ones are forgotten.
const FORGET_ABOVE: usize = 10_000;

#[derive(Debug)]
struct Address {
    connections: usize,
    wrong: Bucket,
    created: Bucket,
}

/// The state of every address with a connection or a recent wrong guess.
#[derive(Debug)]
pub struct Addresses {
    limits: Limits,
    by_address: Mutex<HashMap<IpAddr, Address>>,
}

impl Addresses {
    /// No address known yet.
    pub fn new(limits: Limits) -> Addresses {
        Addresses {
            limits,
            by_address: Mutex::new(HashMap::new()),
        }
    }

    fn with<T>(&self, address: IpAddr, f: impl FnOnce(&mut Address) -> T) -> T {
        let mut map = self.by_address.lock().expect("no panic holds the lock");
        // Addresses that only asked for a record, or whose sockets all closed before their
        // buckets refilled, would stay: past a bound, forget every address with nothing to
        // remember (no socket open, both buckets full again, which takes at most a minute).
        if map.len() >= FORGET_ABOVE && !map.contains_key(&address) {
            map.retain(|_, a| a.connections > 0 || !a.wrong.is_full() || !a.created.is_full());
        }
        let per_minute = f64::from(self.limits.wrong_codes_per_minute);
        let rooms = f64::from(self.limits.rooms_per_minute);
        let entry = map.entry(address).or_insert_with(|| Address {
            connections: 0,
            wrong: Bucket::new(per_minute / 60.0, per_minute),
            created: Bucket::new(rooms / 60.0, rooms),
        });
        f(entry)
    }

    /// Counts a new connection; `false` (and nothing counted) at the limit.
    pub fn connect(&self, address: IpAddr) -> bool {
        let limit = self.limits.connections_per_address;
        self.with(address, |a| {
            if a.connections >= limit {
                false
            } else {
                a.connections += 1;
                true
            }
        })
    }

    /// A connection closed.
    pub fn disconnect(&self, address: IpAddr) {
        let mut map = self.by_address.lock().expect("no panic holds the lock");
        if let Some(a) = map.get_mut(&address) {
            a.connections = a.connections.saturating_sub(1);
            // Forget an idle address once its guesses have refilled, so the map stays small.
            if a.connections == 0 && a.wrong.is_full() && a.created.is_full() {
                map.remove(&address);
            }
        }
    }

    /// Whether the address may try a room code or token now.
    pub fn may_try(&self, address: IpAddr) -> bool {
        self.with(address, |a| a.wrong.has_token())
    }

    /// Whether the address may create a room now.
    pub fn may_create(&self, address: IpAddr) -> bool {
        self.with(address, |a| a.created.has_token())
    }

    /// The address created a room (a refused creation does not count).
    pub fn created(&self, address: IpAddr) {
        self.with(address, |a| {
            a.created.take();
        });
    }

    /// The address tried a wrong code or token.
    pub fn wrong(&self, address: IpAddr) {
        self.with(address, |a| {
            a.wrong.take();
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_addresses_are_forgotten_past_the_bound() {
        let addresses = Addresses::new(Limits::default());
        let nth = |i: u32| IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + i));
        // Lookups only (a record asked for): nothing to remember about any of them.
        for i in 0..3 * FORGET_ABOVE as u32 {
            assert!(addresses.may_try(nth(i)));
        }
        let known = addresses.by_address.lock().unwrap().len();
        assert!(known <= FORGET_ABOVE, "{known} addresses kept");
        // An address with a wrong guess, or a socket open, is kept.
        addresses.wrong(nth(1));
        assert!(addresses.connect(nth(2)));
        for i in 3 * FORGET_ABOVE as u32..5 * FORGET_ABOVE as u32 {
            addresses.may_try(nth(i));
        }
        let map = addresses.by_address.lock().unwrap();
        assert!(map.contains_key(&nth(1)) && map.contains_key(&nth(2)));
        assert!(map.len() <= FORGET_ABOVE + 2);
    }
}
