// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What an operator can set: where the server listens and keeps its data, and its limits.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::protocol::{ErrorCode, Refusal, SEATS};

/// The server's settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// The address to listen on (loopback unless the operator says otherwise).
    pub listen: SocketAddr,
    /// The database.
    pub database: Database,
    /// The web game's static files, if served.
    pub site: Option<PathBuf>,
    /// Where solved win tables are kept (beside the database by default).
    pub tables: Option<PathBuf>,
    /// Origins allowed to open a WebSocket besides the server's own (`http://host:port`).
    pub allowed_origins: Vec<String>,
    /// The pause before each bot action, so that people can follow it.
    pub bot_delay: Duration,
    /// How long a room nobody follows, with nothing to do, stays in memory.
    pub idle_room: Duration,
    /// How long the server, told to stop, keeps serving while `/readyz` says it is shutting
    /// down (so that a load balancer sends new clients elsewhere first).
    pub drain: Duration,
    /// Whether `/metrics` is served (on the same port as the game).
    pub metrics: bool,
    /// Limits.
    pub limits: Limits,
}

/// Where the rooms are kept.
#[derive(Clone, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file, for one server process.
    Sqlite(PathBuf),
    /// A PostgreSQL database (a `postgres://` URL), which several server processes share.
    Postgres(String),
}

impl Database {
    /// `postgres://…` or `postgresql://…` is PostgreSQL; anything else is a SQLite file.
    pub fn parse(text: &str) -> Database {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Database::Postgres(text.to_owned())
        } else {
            Database::Sqlite(PathBuf::from(text))
        }
    }
}

/// Shown in logs: a PostgreSQL URL without its password.
impl std::fmt::Display for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => {
                let (scheme, rest) = url.split_once("://").unwrap_or(("postgres", url));
                match rest.rsplit_once('@') {
                    Some((user, host)) => match user.split_once(':') {
                        Some((name, _password)) => write!(f, "{scheme}://{name}:…@{host}"),
                        None => write!(f, "{scheme}://{user}@{host}"),
                    },
                    None => write!(f, "{url}"),
                }
            }
        }
    }
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Database({self})")
    }
}

/// The limits of one server process; each refusal names the limit.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Rooms held in memory at once (lobbies and games in play).
    pub rooms: usize,
    /// Spectators of one room.
    pub spectators_per_room: usize,
    /// WebSocket connections from one address at once.
    pub connections_per_address: usize,
    /// Frames per second one connection may send (bursts of twice that).
    pub frames_per_second: u32,
    /// Wrong room codes or tokens one address may try per minute.
    pub wrong_codes_per_minute: u32,
    /// Rooms one address may create per minute.
    pub rooms_per_minute: u32,
    /// Seats of one room (2 to 8, the game's own bounds).
    pub seats_per_room: usize,
    /// How long a send to a client may wait before the client counts as gone: a client that
    /// stops reading is dropped once the socket's buffers are full for this long.
    pub slow_client: Duration,
    /// The database's size, in bytes, past which writes fail as on a full disk (SQLite's
    /// `max_page_count`); no limit but the disk's when `None`.
    pub database_bytes: Option<u64>,
}

impl Limits {
    /// Refuses a room of `seats` seats beyond the configured limit (a count beyond the
    /// game's own bounds is the room's to refuse, as `bad_seat`).
    pub fn check_seats(&self, seats: usize) -> Result<(), Refusal> {
        if seats > self.seats_per_room && SEATS.contains(&seats) {
            return Err(Refusal::new(
                ErrorCode::Full,
                format!(
                    "rooms on this server have at most {} seats",
                    self.seats_per_room
                ),
            ));
        }
        Ok(())
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            rooms: 1000,
            spectators_per_room: 50,
            connections_per_address: 32,
            frames_per_second: 20,
            wrong_codes_per_minute: 10,
            rooms_per_minute: 10,
            seats_per_room: *SEATS.end(),
            slow_client: Duration::from_secs(10),
            database_bytes: None,
        }
    }
}
