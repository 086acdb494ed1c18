// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What `/metrics` reports, in the Prometheus (OpenMetrics) text format: rooms and clients,
//! acknowledged actions and their latency, refusals, database errors, conflicts between
//! processes and presence notes. Counting is an atomic add (a latency, an uncontended lock),
//! so that the game's path pays next to nothing for it.

use std::time::Duration;

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

use crate::protocol::ErrorCode;

/// One label: its name and value.
type Label = [(&'static str, &'static str); 1];

/// The server's counters and gauges.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    /// Rooms held in memory (set when scraped).
    pub rooms: Gauge,
    /// WebSocket connections open, in a room or not.
    pub connections: Gauge,
    /// Connections following a room as one of its seats.
    pub seats: Gauge,
    /// Connections following a room as spectators.
    pub spectators: Gauge,
    /// Requests of clients stored, published and answered.
    pub actions: Counter,
    /// Bot and stand-in moves (and decision timers' moves) stored.
    pub bot_moves: Counter,
    /// From a request frame's arrival to its change stored and published, in seconds.
    pub action_latency: Histogram,
    /// Each code's counter of the family `refusals` (the same atomics).
    refusal_counters: Vec<(ErrorCode, Counter)>,
    /// Database operations that failed (not stored, not read, not loaded).
    pub database_errors: Counter,
    /// Entries another process stored first (the room caught up and judged again).
    pub conflicts: Counter,
    /// Presence notes sent to the other processes.
    pub notes_sent: Counter,
    /// Presence notes heard from the other processes.
    pub notes_received: Counter,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    /// Every metric at zero, registered under the prefix `farkle`.
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("farkle");
        let rooms = Gauge::default();
        let connections = Gauge::default();
        let actions = Counter::default();
        let bot_moves = Counter::default();
        // 0.25 ms to about 4 s, doubling.
        let action_latency = Histogram::new(exponential_buckets(0.000_25, 2.0, 15));
        let refusals = Family::<Label, Counter>::default();
        let database_errors = Counter::default();
        let conflicts = Counter::default();
        let notes = Family::<Label, Counter>::default();
        registry.register("rooms", "Rooms held in memory", rooms.clone());
        registry.register(
            "connections",
            "WebSocket connections open",
            connections.clone(),
        );
        let clients = Family::<Label, Gauge>::default();
        registry.register(
            "clients",
            "Connections following a room, as a seat or a spectator",
            clients.clone(),
        );
        registry.register(
            "actions_acknowledged",
            "Requests of clients stored, published and answered",
            actions.clone(),
        );
        registry.register(
            "bot_moves",
            "Bot, stand-in and timer moves stored",
            bot_moves.clone(),
        );
        registry.register(
            "action_latency_seconds",
            "From a request frame's arrival to its change stored and published",
            action_latency.clone(),
        );
        registry.register("refusals", "Error frames sent, by code", refusals.clone());
        registry.register(
            "database_errors",
            "Database operations that failed",
            database_errors.clone(),
        );
        registry.register(
            "conflicts",
            "Entries another server process stored first",
            conflicts.clone(),
        );
        registry.register(
            "presence_notes",
            "Presence notes sent to or heard from other server processes",
            notes.clone(),
        );
        let refusal_counters = ErrorCode::ALL
            .iter()
            .map(|&code| {
                (
                    code,
                    refusals.get_or_create_owned(&[("code", code.as_str())]),
                )
            })
            .collect();
        Metrics {
            registry,
            rooms,
            connections,
            seats: clients.get_or_create_owned(&[("role", "seat")]),
            spectators: clients.get_or_create_owned(&[("role", "spectator")]),
            actions,
            bot_moves,
            action_latency,
            refusal_counters,
            database_errors,
            conflicts,
            notes_sent: notes.get_or_create_owned(&[("direction", "sent")]),
            notes_received: notes.get_or_create_owned(&[("direction", "received")]),
        }
    }

    /// Counts an error frame of `code`.
    pub fn refused(&self, code: ErrorCode) {
        if let Some((_, counter)) = self.refusal_counters.iter().find(|(c, _)| *c == code) {
            counter.inc();
        }
    }

    /// Counts an acknowledged request that took `latency`.
    pub fn acknowledged(&self, latency: Duration) {
        self.actions.inc();
        self.action_latency.observe(latency.as_secs_f64());
    }

    /// The text of `/metrics`.
    pub fn encode(&self) -> String {
        let mut text = String::new();
        encode(&mut text, &self.registry).expect("a String takes any text");
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_reach_the_text() {
        let metrics = Metrics::new();
        metrics.refused(ErrorCode::Stale);
        metrics.refused(ErrorCode::Stale);
        metrics.seats.inc();
        metrics.acknowledged(Duration::from_millis(3));
        let text = metrics.encode();
        assert!(
            text.contains("farkle_refusals_total{code=\"stale\"} 2\n"),
            "{text}"
        );
        assert!(
            text.contains("farkle_refusals_total{code=\"full\"} 0\n"),
            "{text}"
        );
        assert!(text.contains("farkle_clients{role=\"seat\"} 1\n"), "{text}");
        assert!(
            text.contains("farkle_clients{role=\"spectator\"} 0\n"),
            "{text}"
        );
        assert!(
            text.contains("farkle_actions_acknowledged_total 1\n"),
            "{text}"
        );
        // 3 ms is above the 2 ms bound and within the 4 ms one.
        assert!(
            text.contains("farkle_action_latency_seconds_bucket{le=\"0.002\"} 0\n"),
            "{text}"
        );
        assert!(
            text.contains("farkle_action_latency_seconds_bucket{le=\"0.004\"} 1\n"),
            "{text}"
        );
        assert!(text.ends_with("# EOF\n"));
    }
}
