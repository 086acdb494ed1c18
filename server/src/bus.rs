// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! What the server processes sharing one PostgreSQL database tell each other, through the
//! database itself (LISTEN/NOTIFY, no broker): which room changed, and who is connected to
//! whom.
//!
//! - A room's change is announced by [`crate::store::Store::append`] on
//!   [`crate::store::ROOM_CHANNEL`], in the transaction that stores it, with the entry itself
//!   when it is short enough; a process holding that room applies it when it follows on from
//!   its version, and reads the entries it lacks from the log otherwise. Notifications carry no state, so a
//!   lost one costs only time: when the listening connection comes back every room catches
//!   up from the log.
//! - Presence: each process announces, per room, how many connections it holds for each
//!   seat ([`PresenceNote`]), when that changes and every [`HEARTBEAT`] while it holds any.
//!   A process that stops announcing (killed) is counted as gone after [`PRESENCE_EXPIRY`],
//!   so that its players' grace time runs as if they had disconnected then.
//!
//! With SQLite there is one process and nothing here runs.

use std::collections::HashMap;
use std::sync::Weak;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sqlx::postgres::PgListener;
use sqlx::PgPool;

use crate::hub::Hub;
use crate::store::ROOM_CHANNEL;

/// The channel of presence notes.
pub const PRESENCE_CHANNEL: &str = "farkle_presence";

/// How often a process repeats its presence in a room while it holds connections there.
pub const HEARTBEAT: Duration = Duration::from_secs(5);

/// How long another process's presence counts without being repeated.
pub const PRESENCE_EXPIRY: Duration = Duration::from_secs(15);

/// The pause before the listening connection is opened again after it failed.
const RECONNECT_PAUSE: Duration = Duration::from_millis(500);

/// One process's connections in one room, or its question for everyone else's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PresenceNote {
    /// The process that sends it (random per start).
    pub server: String,
    /// The room.
    pub code: String,
    /// Per seat token hash, that process's connections (zero included: a player who left).
    #[serde(default)]
    pub seats: HashMap<String, usize>,
    /// A process that just loaded the room asks the others to announce at once.
    #[serde(default)]
    pub ask: bool,
}

/// A new process identity: 64 random bits in hexadecimal.
pub fn new_server_id() -> String {
    let bytes: [u8; 8] = rand::random();
    hex::encode(bytes)
}

/// Listens to the other processes for as long as the hub lives, passing what they say to
/// its rooms; after any loss of the connection, every room catches up.
pub async fn listen(hub: Weak<Hub>, pool: PgPool) {
    loop {
        let mut listener = match PgListener::connect_with(&pool).await {
            Ok(listener) => listener,
            Err(_) if pool.is_closed() => return,
            Err(e) => {
                tracing::warn!(error = %e, "not listening to the other servers yet");
                tokio::time::sleep(RECONNECT_PAUSE).await;
                continue;
            }
        };
        if let Err(e) = listener.listen_all([ROOM_CHANNEL, PRESENCE_CHANNEL]).await {
            tracing::warn!(error = %e, "not listening to the other servers yet");
            tokio::time::sleep(RECONNECT_PAUSE).await;
            continue;
        }
        // Listening from here on: what changed before is in the log.
        let Some(strong) = hub.upgrade() else { return };
        strong.resync().await;
        drop(strong);
        loop {
            let received = listener.try_recv().await;
            if pool.is_closed() {
                // The server is stopping.
                return;
            }
            let notification = match received {
                Ok(Some(notification)) => notification,
                Ok(None) => {
                    tracing::warn!("the connection listening to the other servers was lost");
                    break;
                }
                Err(e) => {
                    tracing::warn!(error = %e, "listening to the other servers");
                    break;
                }
            };
            let Some(hub) = hub.upgrade() else { return };
            match notification.channel() {
                ROOM_CHANNEL => {
                    let payload = notification.payload();
                    let mut parts = payload.splitn(3, ' ');
                    let (code, seq) = (parts.next(), parts.next().map(str::parse::<u64>));
                    // The entry itself when it fitted in the notification.
                    let entry = parts
                        .next()
                        .and_then(|json| serde_json::from_str(json).ok());
                    match (code, seq) {
                        (Some(code), Some(Ok(seq))) => hub.room_changed(code, seq, entry).await,
                        _ => tracing::warn!(payload, "an unreadable room note"),
                    }
                }
                PRESENCE_CHANNEL => match serde_json::from_str(notification.payload()) {
                    Ok(note) => hub.presence(note).await,
                    // Never the note itself: it holds token hashes.
                    Err(e) => tracing::warn!(error = %e, "an unreadable presence note"),
                },
                _ => {}
            }
        }
        tokio::time::sleep(RECONNECT_PAUSE).await;
    }
}
