// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The rooms of a running server: one task per room owns it, so the requests of a room are
//! applied one at a time, each logged in the database before anyone hears of it.
//!
//! A connection talks to its room's task through [`RoomHandle`] and follows the room through
//! a watch channel of its [`Published`] view: a slow client skips to the newest view instead
//! of queueing every one.
//!
//! With PostgreSQL, other server processes may hold the same room: each room task catches
//! up from the log when another process changes the room, and an append that loses the race
//! for an entry number catches up and judges the request again (`bus.rs`).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use farkle::strategy::{Advisor, Bot};
use rand::Rng;
use sha2::{Digest, Sha256};
use tokio::sync::{mpsc, oneshot, watch, Mutex, Notify};
use tokio::time::Instant;
use tracing::Instrument;

use crate::bots::{self, TableSlot, Tables};
use crate::bus::{self, PresenceNote, HEARTBEAT, PRESENCE_EXPIRY};
use crate::config::Config;
use crate::fairness::Seed;
use crate::metrics::Metrics;
use crate::protocol::{ActionRequest, BotKind, ErrorCode, OnDisconnect, Refusal, SettingsRequest};
use crate::room::{Entry, GameRecord, Room, Seat, Stage};
use crate::store::{Store, StoreError};
use crate::view::{self, Presence};

/// The pause before a bot move that failed (a database error) is tried again.
const RETRY_PAUSE: Duration = Duration::from_secs(1);

/// Waits until `flag` is true (or its sender is gone).
pub async fn raised(flag: &mut watch::Receiver<bool>) {
    let _ = flag.wait_for(|&raised| raised).await.map(drop);
}

/// SHA-256 of a token, in hexadecimal: what the database keeps of it.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A new seat token: 128 random bits as 32 hexadecimal digits.
fn new_token() -> String {
    let bytes: [u8; 16] = rand::TryRngCore::unwrap_err(rand::rngs::OsRng).random();
    hex::encode(bytes)
}

/// A new room code: 80 random bits as 16 characters of base32 (a to z, 2 to 7).
fn new_code() -> String {
    const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";
    let mut bits: u128 = rand::TryRngCore::unwrap_err(rand::rngs::OsRng).random();
    (0..16)
        .map(|_| {
            let c = ALPHABET[(bits & 31) as usize] as char;
            bits >>= 5;
            c
        })
        .collect()
}

/// A room's view as its task last published it.
#[derive(Debug, Default, PartialEq)]
pub struct Published {
    /// The `room` object of a `state` frame, as JSON text.
    pub json: String,
    /// The seat of each token hash (never sent: each connection finds its own).
    pub seat_of: HashMap<String, usize>,
    /// Whether the room's task has work of its own to do (a bot or timer move due, a
    /// table being solved): such a room stays in memory with nobody connected.
    pub busy: bool,
}

/// A request of a connection to its room.
#[derive(Debug, Clone)]
pub enum Request {
    /// Take an open seat.
    TakeSeat {
        /// The seat.
        seat: usize,
        /// The name.
        name: String,
    },
    /// Seat a bot (host).
    AddBot {
        /// The seat.
        seat: usize,
        /// The bot.
        bot: BotKind,
    },
    /// Remove a seat (host).
    RemoveSeat {
        /// The seat.
        seat: usize,
    },
    /// Add an open seat (host).
    AddSeat,
    /// Open a seat again (the host, or the seat's holder).
    OpenSeat {
        /// The seat.
        seat: usize,
    },
    /// Start the game (host).
    Start,
    /// An action of the game.
    Act {
        /// The action.
        action: ActionRequest,
        /// The version the client saw.
        version: Option<u64>,
    },
}

enum Command {
    /// Who holds the token with this hash.
    Identify {
        token_hash: String,
        reply: oneshot::Sender<Option<usize>>,
    },
    /// A connection follows the room, for a seat's token or as a spectator.
    Attach {
        token_hash: Option<String>,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// A connection stopped following the room.
    Detach { token_hash: Option<String> },
    /// A request; a seat taken answers with its token.
    Request {
        token_hash: Option<String>,
        request: Request,
        reply: oneshot::Sender<Result<Option<(usize, String)>, Refusal>>,
    },
    /// The game's record, once the game is over.
    Record {
        reply: oneshot::Sender<Result<Option<GameRecord>, Refusal>>,
    },
}

/// What the other server processes said about a room since its task last looked.
#[derive(Debug, Default)]
struct Inbox {
    /// The room changed up to this version (0 for "maybe"): catch up from the log.
    changed: Option<u64>,
    /// The entries the notifications carried, by number: applied without reading the log
    /// when they follow on from the room's version.
    entries: Vec<(u64, Entry)>,
    /// Announce this process's presence now.
    announce: bool,
    /// Presence notes of other processes, oldest first.
    notes: Vec<PresenceNote>,
}

/// The way into a room's task for news from other processes: it never blocks the sender.
#[derive(Debug, Default)]
struct Mailbox {
    wake: Notify,
    inbox: std::sync::Mutex<Inbox>,
}

impl Mailbox {
    fn post(&self, post: impl FnOnce(&mut Inbox)) {
        post(
            &mut self
                .inbox
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        self.wake.notify_one();
    }

    fn take(&self) -> Inbox {
        std::mem::take(
            &mut self
                .inbox
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }
}

/// A connection's way to a room's task.
#[derive(Debug, Clone)]
pub struct RoomHandle {
    /// The room's code.
    pub code: String,
    commands: mpsc::Sender<Command>,
    mailbox: Arc<Mailbox>,
    /// The room's latest view.
    pub view: watch::Receiver<Arc<Published>>,
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Command")
    }
}

fn gone() -> Refusal {
    Refusal::new(ErrorCode::Unavailable, "the room is closing; try again")
}

impl RoomHandle {
    async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Command) -> Option<T> {
        let (reply, answer) = oneshot::channel();
        self.commands.send(make(reply)).await.ok()?;
        answer.await.ok()
    }

    /// The seat whose token hashes to `token_hash`.
    pub async fn identify(&self, token_hash: &str) -> Option<usize> {
        let token_hash = token_hash.to_owned();
        self.ask(|reply| Command::Identify { token_hash, reply })
            .await
            .flatten()
    }

    /// Follows the room (a spectator when `token_hash` is `None`).
    pub async fn attach(&self, token_hash: Option<String>) -> Result<(), Refusal> {
        self.ask(|reply| Command::Attach { token_hash, reply })
            .await
            .unwrap_or_else(|| Err(gone()))
    }

    /// Stops following the room.
    pub async fn detach(&self, token_hash: Option<String>) {
        let _ = self.commands.send(Command::Detach { token_hash }).await;
    }

    /// A request by the holder of `token_hash` (or a spectator).
    pub async fn request(
        &self,
        token_hash: Option<String>,
        request: Request,
    ) -> Result<Option<(usize, String)>, Refusal> {
        self.ask(|reply| Command::Request {
            token_hash,
            request,
            reply,
        })
        .await
        .unwrap_or_else(|| Err(gone()))
    }

    /// The record of a finished game (`None` while it is not over).
    pub async fn record(&self) -> Result<Option<GameRecord>, Refusal> {
        self.ask(|reply| Command::Record { reply })
            .await
            .unwrap_or_else(|| Err(gone()))
    }
}

/// Everything the room tasks share.
#[derive(Debug)]
pub struct Hub {
    /// The server's settings.
    pub config: Config,
    store: Store,
    tables: Tables,
    rooms: Mutex<HashMap<String, RoomHandle>>,
    /// This process among those sharing the database.
    server_id: String,
    /// Presence notes to send, in order, by one task.
    notes: mpsc::Sender<String>,
    /// What `/metrics` reports.
    pub metrics: Arc<Metrics>,
    /// True once the server closes: each connection holds a receiver, tells its client to
    /// reconnect, and ends.
    closing: watch::Sender<bool>,
    /// True once the rooms stop: each room task holds a receiver and ends after the
    /// command it is in.
    stopping: watch::Sender<bool>,
}

impl Hub {
    /// A hub over `store`, with every room whose game is not over loaded and running.
    pub async fn start(config: Config, store: Store) -> Result<Arc<Hub>, crate::store::StoreError> {
        let tables = Tables::new(config.tables.clone());
        let (notes, mut outbox) = mpsc::channel::<String>(4096);
        let hub = Arc::new(Hub {
            config,
            store,
            tables,
            rooms: Mutex::new(HashMap::new()),
            server_id: bus::new_server_id(),
            notes,
            metrics: Arc::new(Metrics::new()),
            closing: watch::Sender::new(false),
            stopping: watch::Sender::new(false),
        });
        if let Some(pool) = hub.store.postgres() {
            tokio::spawn(bus::listen(Arc::downgrade(&hub), pool.clone()));
            let store = hub.store.clone();
            let metrics = hub.metrics.clone();
            tokio::spawn(async move {
                while let Some(note) = outbox.recv().await {
                    match store.notify(bus::PRESENCE_CHANNEL, &note).await {
                        Ok(()) => {
                            metrics.notes_sent.inc();
                        }
                        // The server is stopping.
                        Err(StoreError::Database(sqlx::Error::PoolClosed)) => break,
                        Err(e) => {
                            metrics.database_errors.inc();
                            tracing::warn!(error = %e, "a presence note was not sent");
                        }
                    }
                }
            });
        }
        let codes = hub.store.open_rooms().await?;
        let mut rooms = hub.rooms.lock().await;
        for code in codes {
            match hub.load(&code).await {
                Ok(Some(handle)) => {
                    rooms.insert(code, handle);
                }
                Ok(None) => {}
                Err(e) => {
                    hub.metrics.database_errors.inc();
                    tracing::error!(room = %code, error = %e, "room not resumed");
                }
            }
        }
        tracing::info!(rooms = rooms.len(), "rooms resumed");
        drop(rooms);
        let sweeper = Arc::downgrade(&hub);
        let every = (hub.config.idle_room / 2).max(Duration::from_millis(100));
        tokio::spawn(async move {
            let mut idle_since = HashMap::new();
            loop {
                tokio::time::sleep(every).await;
                let Some(hub) = sweeper.upgrade() else { break };
                hub.sweep(&mut idle_since).await;
            }
        });
        Ok(hub)
    }

    /// Lets go of the rooms nobody has followed, and that had nothing to do, for the idle
    /// time: they stay in the database and are loaded again when someone joins. A handle
    /// only the map holds cannot gain a follower while the map is locked, so no room ever
    /// runs twice.
    async fn sweep(&self, idle_since: &mut HashMap<String, Instant>) {
        let now = Instant::now();
        let mut rooms = self.rooms.lock().await;
        rooms.retain(|code, handle| {
            let idle = handle.commands.strong_count() == 1 && !handle.view.borrow().busy;
            if !idle {
                idle_since.remove(code);
                return true;
            }
            let since = *idle_since.entry(code.clone()).or_insert(now);
            let keep = now.duration_since(since) < self.config.idle_room;
            if !keep {
                idle_since.remove(code);
            }
            keep
        });
        idle_since.retain(|code, _| rooms.contains_key(code));
    }

    /// Whether the database answers.
    pub async fn healthy(&self) -> bool {
        self.store.ping().await
    }

    /// The rooms held in memory.
    pub async fn room_count(&self) -> usize {
        self.rooms.lock().await.len()
    }

    /// What a connection watches to know the server is closing.
    pub fn closing(&self) -> watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// Tells every connection to tell its client to reconnect, and to end (a request in
    /// flight is answered first).
    pub fn begin_close(&self) {
        self.closing.send_replace(true);
    }

    /// Closes the server within `bound`: every connection tells its client to reconnect
    /// and ends (see [`Hub::begin_close`]); then every room task ends after the command it
    /// is in, so that no write is cut off; then the database is closed. False if something
    /// was still running when the time was up.
    pub async fn close(&self, bound: Duration) -> bool {
        let deadline = Instant::now() + bound;
        self.begin_close();
        let connections = tokio::time::timeout_at(deadline, self.closing.closed())
            .await
            .is_ok();
        tracing::info!(
            connections_closed = connections,
            "connections told to reconnect"
        );
        self.stopping.send_replace(true);
        let rooms = tokio::time::timeout_at(deadline, self.stopping.closed())
            .await
            .is_ok();
        // The rooms' last presence notes (their seats gone from here) reach the other
        // processes before the database closes.
        while self.notes.capacity() < self.notes.max_capacity() && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let database = tokio::time::timeout_at(deadline, self.store.close())
            .await
            .is_ok();
        tracing::info!(
            rooms_stopped = rooms,
            database_closed = database,
            "rooms stopped"
        );
        connections && rooms && database
    }

    /// A process (maybe this one) stored entry `seq` of room `code`, `entry` when the
    /// notification carried it: if the room is held here and lacks it, it catches up.
    pub async fn room_changed(&self, code: &str, seq: u64, entry: Option<Entry>) {
        if let Some(handle) = self.rooms.lock().await.get(code) {
            handle.mailbox.post(|inbox| {
                inbox.changed = Some(inbox.changed.unwrap_or(0).max(seq));
                inbox.entries.extend(entry.map(|e| (seq, e)));
            });
        }
    }

    /// Another process's presence note.
    pub async fn presence(&self, note: PresenceNote) {
        if note.server == self.server_id {
            return;
        }
        self.metrics.notes_received.inc();
        if let Some(handle) = self.rooms.lock().await.get(&note.code) {
            handle.mailbox.post(|inbox| {
                if note.ask {
                    inbox.announce = true;
                } else {
                    inbox.notes.push(note);
                }
            });
        }
    }

    /// After notifications may have been lost: every room catches up and announces.
    pub async fn resync(&self) {
        for handle in self.rooms.lock().await.values() {
            handle.mailbox.post(|inbox| {
                inbox.changed = Some(u64::MAX);
                inbox.announce = true;
            });
        }
    }

    /// Queues a presence note for the other processes; one lost (a full queue) is repaired
    /// by the next heartbeat.
    fn send_note(&self, note: &PresenceNote) {
        if self.store.shared() {
            let _ = self
                .notes
                .try_send(serde_json::to_string(note).expect("notes serialise"));
        }
    }

    async fn load(self: &Arc<Hub>, code: &str) -> Result<Option<RoomHandle>, String> {
        let Some(entries) = self.store.room_log(code).await.map_err(|e| e.to_string())? else {
            return Ok(None);
        };
        let mut room = Room::create(code, &entries[0]).map_err(|e| e.message)?;
        for (i, entry) in entries.iter().enumerate().skip(1) {
            room.apply(entry)
                .map_err(|e| format!("entry {}: {}", i + 1, e.message))?;
        }
        Ok(Some(self.spawn(room)))
    }

    fn spawn(self: &Arc<Hub>, room: Room) -> RoomHandle {
        let (commands, receiver) = mpsc::channel(64);
        let (publish, view) = watch::channel(Arc::new(Published::default()));
        let code = room.code.clone();
        let mailbox = Arc::new(Mailbox::default());
        let mut actor = RoomTask::new(self.clone(), room, publish, mailbox.clone());
        actor.publish();
        tracing::debug!(room = %code, version = actor.room.version, "room in memory");
        // Whoever else holds the room says who is connected there.
        self.send_note(&PresenceNote {
            server: self.server_id.clone(),
            code: code.clone(),
            seats: HashMap::new(),
            ask: true,
        });
        let stop = self.stopping.subscribe();
        // Every line the room's task logs names the room.
        let span = tracing::info_span!("room", room = %code);
        tokio::spawn(actor.run(receiver, stop).instrument(span));
        RoomHandle {
            code,
            commands,
            mailbox,
            view,
        }
    }

    /// The room with this code, loaded from the database if it is not in memory.
    pub async fn room(self: &Arc<Hub>, code: &str) -> Result<Option<RoomHandle>, Refusal> {
        let mut rooms = self.rooms.lock().await;
        if let Some(handle) = rooms.get(code) {
            return Ok(Some(handle.clone()));
        }
        // Codes are 16 base32 characters: anything else is not looked up.
        if code.len() != 16 || !code.bytes().all(|b| matches!(b, b'a'..=b'z' | b'2'..=b'7')) {
            return Ok(None);
        }
        if rooms.len() >= self.config.limits.rooms {
            return Err(Refusal::new(
                ErrorCode::Full,
                "the server holds as many rooms as it may",
            ));
        }
        match self.load(code).await {
            Ok(Some(handle)) => {
                rooms.insert(code.to_owned(), handle.clone());
                Ok(Some(handle))
            }
            Ok(None) => Ok(None),
            Err(e) => {
                self.metrics.database_errors.inc();
                tracing::error!(room = %code, error = %e, "room not loaded");
                Err(Refusal::new(
                    ErrorCode::Unavailable,
                    "the room could not be loaded",
                ))
            }
        }
    }

    /// Creates a room; returns it with the host's token.
    pub async fn create(
        self: &Arc<Hub>,
        name: &str,
        rules: farkle::Rules,
        seats: usize,
        settings: &SettingsRequest,
    ) -> Result<(RoomHandle, String), Refusal> {
        let token = new_token();
        let entry = Entry::created(name, rules, seats, settings, hash_token(&token))?;
        let code = new_code();
        let room = Room::create(&code, &entry)?;
        let mut rooms = self.rooms.lock().await;
        if rooms.len() >= self.config.limits.rooms {
            return Err(Refusal::new(
                ErrorCode::Full,
                "the server holds as many rooms as it may",
            ));
        }
        self.store
            .create_room(&code, &entry)
            .await
            .map_err(|e| self.unavailable(e))?;
        tracing::debug!(room = %code, seats, "room created");
        let handle = self.spawn(room);
        rooms.insert(code, handle.clone());
        Ok((handle, token))
    }
}

impl Hub {
    /// The refusal of a change the database did not take, counted and logged.
    fn unavailable(&self, e: StoreError) -> Refusal {
        self.metrics.database_errors.inc();
        tracing::error!(error = %e, "not stored");
        unavailable(&e)
    }
}

fn unavailable(e: &StoreError) -> Refusal {
    if e.is_full() {
        return Refusal::new(
            ErrorCode::Unavailable,
            "the server's database is full: this was not stored, so it did not happen",
        );
    }
    Refusal::new(
        ErrorCode::Unavailable,
        "the server could not store this, so it did not happen; try again",
    )
}

/// Where a seat's person is.
#[derive(Debug, Clone, Copy)]
struct Away {
    connections: usize,
    since: Option<Instant>,
}

/// Another process's connections for one seat, and when it said so.
#[derive(Debug, Clone, Copy)]
struct Heard {
    connections: usize,
    at: Instant,
}

struct RoomTask {
    hub: Arc<Hub>,
    room: Room,
    publish: watch::Sender<Arc<Published>>,
    mailbox: Arc<Mailbox>,
    /// Per token hash: this process's connections and since when it holds none.
    presence: HashMap<String, Away>,
    /// Per token hash, per other process: what it last said.
    remote: HashMap<String, HashMap<String, Heard>>,
    /// When this process next repeats its presence.
    heartbeat_at: Option<Instant>,
    /// After a catch-up that failed (the database), the next try.
    catch_up_at: Option<Instant>,
    spectators: usize,
    /// When the decision under way began (the last change of the game).
    decision_since: Instant,
    /// The bots built so far, by kind; `None` for the stand-in.
    bots: HashMap<Option<BotKind>, Arc<Bot>>,
    /// The win table the win-optimal bots need, once asked for.
    table: Option<Arc<TableSlot>>,
    bot_note: Option<String>,
    advisor: Option<Arc<Advisor>>,
    advisor_has_table: bool,
    /// Whether the last state published said a table was being solved: the room keeps
    /// waking until it has published the solve's end, which may come between two looks.
    published_solving: bool,
    /// After a bot move that failed, no other before this.
    retry_at: Option<Instant>,
}

impl RoomTask {
    fn new(
        hub: Arc<Hub>,
        room: Room,
        publish: watch::Sender<Arc<Published>>,
        mailbox: Arc<Mailbox>,
    ) -> RoomTask {
        let now = Instant::now();
        let presence = room
            .seats
            .iter()
            .filter_map(|s| match s {
                Seat::Human { token_hash, .. } => Some((
                    token_hash.clone(),
                    Away {
                        connections: 0,
                        since: Some(now),
                    },
                )),
                _ => None,
            })
            .collect();
        let mut task = RoomTask {
            hub,
            room,
            publish,
            mailbox,
            presence,
            remote: HashMap::new(),
            heartbeat_at: None,
            catch_up_at: None,
            spectators: 0,
            decision_since: now,
            bots: HashMap::new(),
            table: None,
            bot_note: None,
            advisor: None,
            advisor_has_table: false,
            published_solving: false,
            retry_at: None,
        };
        task.want_table();
        task
    }

    /// Asks for the win table as soon as a win-optimal bot is seated.
    fn want_table(&mut self) {
        if self.table.is_none()
            && self.room.stage != Stage::Over
            && self.room.seats.contains(&Seat::Bot {
                kind: BotKind::WinOptimal,
            })
        {
            let players = bots::table_players(self.room.seats.len());
            self.table = Some(self.hub.tables.get(&self.room.rules, players));
        }
    }

    fn solving(&self) -> Option<f64> {
        let slot = self.table.as_ref()?;
        slot.result().is_none().then(|| slot.progress())
    }

    /// Where a seat's person is, over every process: connected to any, or away since the
    /// last of them lost them (a process gone silent, from when its word expired).
    fn away(&self, seat: usize) -> Option<Away> {
        let Seat::Human { token_hash, .. } = &self.room.seats[seat] else {
            return None;
        };
        let mut away = self.presence.get(token_hash).copied().unwrap_or(Away {
            connections: 0,
            since: Some(self.decision_since),
        });
        let now = Instant::now();
        for heard in self
            .remote
            .get(token_hash)
            .into_iter()
            .flat_map(|m| m.values())
        {
            let expires = heard.at + PRESENCE_EXPIRY;
            if heard.connections > 0 && now < expires {
                away.connections += heard.connections;
            } else {
                let left = if heard.connections > 0 {
                    expires
                } else {
                    heard.at
                };
                away.since = Some(away.since.map_or(left, |s| s.max(left)));
            }
        }
        if away.connections > 0 {
            away.since = None;
        }
        Some(away)
    }

    /// When another process's word on a connected seat runs out.
    fn next_expiry(&self, now: Instant) -> Option<Instant> {
        self.remote
            .values()
            .flat_map(|m| m.values())
            .filter(|h| h.connections > 0)
            .map(|h| h.at + PRESENCE_EXPIRY)
            .filter(|&at| at > now)
            .min()
    }

    /// Tells the other processes this one's connections in the room.
    fn announce(&mut self) {
        let seats: HashMap<String, usize> = self
            .presence
            .iter()
            .map(|(hash, away)| (hash.clone(), away.connections))
            .collect();
        let held = seats.values().any(|&n| n > 0);
        self.hub.send_note(&PresenceNote {
            server: self.hub.server_id.clone(),
            code: self.room.code.clone(),
            seats,
            ask: false,
        });
        self.heartbeat_at = (held && self.hub.store.shared()).then(|| Instant::now() + HEARTBEAT);
    }

    /// Reads what other processes said about the room.
    async fn read_mailbox(&mut self) {
        let inbox = self.mailbox.take();
        let now = Instant::now();
        for note in inbox.notes {
            for heard in self.remote.values_mut() {
                heard.remove(&note.server);
            }
            for (hash, connections) in note.seats {
                self.remote.entry(hash).or_default().insert(
                    note.server.clone(),
                    Heard {
                        connections,
                        at: now,
                    },
                );
            }
        }
        // The entries that follow on from this room's version, as the notifications carried
        // them; the log for the rest.
        let mut entries = inbox.entries;
        entries.sort_by_key(|(seq, _)| *seq);
        let next: Vec<Entry> = entries
            .into_iter()
            .skip_while(|(seq, _)| *seq <= self.room.version)
            .enumerate()
            .take_while(|(i, (seq, _))| *seq == self.room.version + 1 + *i as u64)
            .map(|(_, (_, entry))| entry)
            .collect();
        self.apply_caught_up(&next);
        if inbox.changed.is_some_and(|seq| seq > self.room.version) {
            self.catch_up().await;
        }
        if inbox.announce {
            self.announce();
        }
    }

    /// Applies the entries other processes stored since this room's version.
    async fn catch_up(&mut self) {
        let entries = match self
            .hub
            .store
            .entries_after(&self.room.code, self.room.version)
            .await
        {
            Ok(entries) => entries,
            Err(e) => {
                self.hub.metrics.database_errors.inc();
                tracing::warn!(error = %e, "could not catch up");
                self.catch_up_at = Some(Instant::now() + RETRY_PAUSE);
                return;
            }
        };
        self.catch_up_at = None;
        self.apply_caught_up(&entries);
    }

    /// Applies entries other processes stored, the first being the one after this room's
    /// version.
    fn apply_caught_up(&mut self, entries: &[Entry]) {
        if entries.is_empty() {
            return;
        }
        for entry in entries {
            let mut next = self.room.clone();
            if let Err(e) = next.apply(entry) {
                tracing::error!(
                    entry = self.room.version + 1,
                    error = %e.message,
                    "an entry from another server does not apply"
                );
                break;
            }
            self.room = next;
        }
        self.decision_since = Instant::now();
        self.retry_at = None;
        self.want_table();
    }

    /// Whether a bot stands in for this absent person now.
    fn stand_in(&self, seat: usize, now: Instant) -> bool {
        self.room.settings.on_disconnect == OnDisconnect::Bot
            && self.away(seat).and_then(|a| a.since).is_some_and(|since| {
                now >= since + Duration::from_secs(u64::from(self.room.settings.grace_seconds))
            })
    }

    /// When the next bot move, stand-in or timer is due, if one is.
    fn next_move_at(&self, now: Instant) -> Option<Instant> {
        let at = self.next_move_unpaused(now)?;
        Some(self.retry_at.map_or(at, |retry| at.max(retry)))
    }

    fn next_move_unpaused(&self, now: Instant) -> Option<Instant> {
        let seat = self.room.seat_to_move()?;
        match &self.room.seats[seat] {
            Seat::Bot { .. } => Some(self.decision_since + self.hub.config.bot_delay),
            Seat::Human { .. } => {
                let grace = Duration::from_secs(u64::from(self.room.settings.grace_seconds));
                let stand_in = (self.room.settings.on_disconnect == OnDisconnect::Bot)
                    .then(|| self.away(seat).and_then(|a| a.since))
                    .flatten()
                    .map(|since| {
                        let at = since + grace;
                        if at <= now {
                            // Standing in: at a bot's pace.
                            (self.decision_since + self.hub.config.bot_delay).max(at)
                        } else {
                            at
                        }
                    });
                let timer = self
                    .room
                    .settings
                    .decision_seconds
                    .map(|s| self.decision_since + Duration::from_secs(u64::from(s)));
                match (stand_in, timer) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                }
            }
            Seat::Open => None,
        }
    }

    async fn run(mut self, mut commands: mpsc::Receiver<Command>, mut stop: watch::Receiver<bool>) {
        let mailbox = self.mailbox.clone();
        loop {
            let now = Instant::now();
            let solving = (self.solving().is_some() || self.published_solving)
                .then_some(now + Duration::from_millis(500));
            let wake = [
                self.next_move_at(now),
                solving,
                self.heartbeat_at,
                self.catch_up_at,
                self.next_expiry(now),
            ]
            .into_iter()
            .flatten()
            .min();
            let sleep = tokio::time::sleep_until(wake.unwrap_or(now + Duration::from_secs(3600)));
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                () = mailbox.wake.notified() => {
                    self.read_mailbox().await;
                    self.publish();
                }
                () = sleep => self.wake().await,
                () = raised(&mut stop) => {
                    tracing::debug!(version = self.room.version, "room stopped");
                    break;
                }
            }
        }
    }

    async fn wake(&mut self) {
        let now = Instant::now();
        if self.heartbeat_at.is_some_and(|at| at <= now) {
            self.announce();
        }
        if self.catch_up_at.is_some_and(|at| at <= now) {
            self.catch_up().await;
        }
        if self.next_move_at(now).is_some_and(|at| at <= now) {
            let seat = self.room.seat_to_move().expect("a move is due");
            self.bot_move(seat).await;
        }
        self.publish();
    }

    /// The bot for a seat (its own for a bot seat, the stand-in for a person), once it can
    /// play: `None` while its win table is being solved.
    fn bot(&mut self, seat: usize) -> Option<Arc<Bot>> {
        let kind = match &self.room.seats[seat] {
            Seat::Bot { kind } => Some(*kind),
            _ => None,
        };
        if let Some(bot) = self.bots.get(&kind) {
            return Some(bot.clone());
        }
        let rules = self.room.rules;
        let seats = self.room.seats.len();
        let built = match kind {
            None => bots::stand_in(&rules),
            Some(BotKind::WinOptimal) => {
                self.want_table();
                let result = self.table.as_ref()?.result()?;
                let built = match result {
                    Ok(table) => tokio::task::block_in_place(|| {
                        bots::build(BotKind::WinOptimal, &rules, seats, Some(table))
                    }),
                    Err(e) => Err(e.clone()),
                };
                built.unwrap_or_else(|e| {
                    self.bot_note = Some(format!(
                        "the win-optimal bots play single-turn optimal: {e}"
                    ));
                    bots::stand_in(&rules)
                })
            }
            Some(kind) => tokio::task::block_in_place(|| bots::build(kind, &rules, seats, None))
                .unwrap_or_else(|e| {
                    self.bot_note = Some(format!("the {kind:?} bots play by thresholds: {e}"));
                    bots::build(BotKind::Threshold, &rules, seats, None).expect("always built")
                }),
        };
        let bot = Arc::new(built);
        self.bots.insert(kind, bot.clone());
        Some(bot)
    }

    async fn bot_move(&mut self, seat: usize) {
        let Some(bot) = self.bot(seat) else {
            return;
        };
        let game = self.room.game.as_ref().expect("a seat to move has a game");
        let rules = self.room.rules;
        let decided = tokio::task::block_in_place(|| {
            // A position the bot's advice cannot value (a turn total beyond its tables, say)
            // is played by the threshold bot, so that a game never stalls on a bot.
            bot.decide(game, &mut rand::rng()).or_else(|_| {
                bots::build(BotKind::Threshold, &rules, 0, None)
                    .expect("always built")
                    .decide(game, &mut rand::rng())
            })
        });
        let entry = decided
            .map_err(|e| Refusal::new(ErrorCode::Refused, e.to_string()))
            .and_then(|action| self.room.entry_for_bot(seat, action));
        let version = self.room.version;
        let result = match entry {
            Ok(entry) => self.commit(entry).await,
            Err(e) => Err(e),
        };
        if result.is_ok() {
            self.hub.metrics.bot_moves.inc();
        }
        if self.room.version != version {
            // Another process moved first; the room has caught up and decides afresh.
            return;
        }
        if let Err(e) = result {
            // Not stored (the database), or a move the game refused: retried after a pause
            // rather than at once, whatever the bot delay.
            tracing::warn!(seat, error = %e.message, "a bot move failed");
            self.retry_at = Some(Instant::now() + RETRY_PAUSE);
        }
    }

    /// Applies `entry` to a copy of the room, logs it, and only then makes it the room.
    /// When another process stored an entry first, the room catches up and the answer is
    /// `stale` (the request is judged again, see [`RoomTask::request`]).
    async fn commit(&mut self, entry: Entry) -> Result<(), Refusal> {
        let mut next = self.room.clone();
        next.apply(&entry)?;
        let stored = self
            .hub
            .store
            .append(&next.code, next.version, &entry, next.stage == Stage::Over)
            .await;
        match stored {
            Ok(()) => {}
            Err(StoreError::Conflict { seq, .. }) => {
                self.hub.metrics.conflicts.inc();
                tracing::debug!(entry = seq, "another server stored this entry first");
                self.catch_up().await;
                return Err(Refusal::new(
                    ErrorCode::Stale,
                    format!(
                        "the room changed meanwhile; it is at version {}",
                        self.room.version
                    ),
                ));
            }
            Err(e) => {
                // With PostgreSQL a commit cut off by a lost connection may still have been
                // stored: the room looks again once the database answers.
                self.catch_up_at = Some(Instant::now() + RETRY_PAUSE);
                return Err(self.hub.unavailable(e));
            }
        }
        self.room = next;
        tracing::debug!(version = self.room.version, stage = ?self.room.stage, "stored");
        self.decision_since = Instant::now();
        self.retry_at = None;
        self.want_table();
        Ok(())
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Identify { token_hash, reply } => {
                let _ = reply.send(self.room.seat_of(&token_hash));
            }
            Command::Attach { token_hash, reply } => {
                // With other processes, what they stored may not have reached this one
                // yet: a client (maybe one of theirs, reconnecting here) is shown no
                // older a room than the database holds.
                if self.hub.store.shared() {
                    self.catch_up().await;
                }
                let result = match token_hash {
                    Some(hash) => {
                        self.hub.metrics.seats.inc();
                        let away = self.presence.entry(hash).or_insert(Away {
                            connections: 0,
                            since: None,
                        });
                        away.connections += 1;
                        away.since = None;
                        self.announce();
                        Ok(())
                    }
                    None if self.spectators >= self.hub.config.limits.spectators_per_room => Err(
                        Refusal::new(ErrorCode::Full, "the room has as many spectators as it may"),
                    ),
                    None => {
                        self.spectators += 1;
                        self.hub.metrics.spectators.inc();
                        Ok(())
                    }
                };
                self.publish();
                let _ = reply.send(result);
            }
            Command::Detach { token_hash } => {
                match token_hash {
                    Some(hash) => {
                        self.hub.metrics.seats.dec();
                        if let Some(away) = self.presence.get_mut(&hash) {
                            away.connections = away.connections.saturating_sub(1);
                            if away.connections == 0 {
                                away.since = Some(Instant::now());
                            }
                            self.announce();
                        }
                    }
                    None => {
                        self.hub.metrics.spectators.dec();
                        self.spectators = self.spectators.saturating_sub(1);
                    }
                }
                self.publish();
            }
            Command::Request {
                token_hash,
                request,
                reply,
            } => {
                // Judged again (a few times at most) when another process changed the room
                // meanwhile: while this one was storing the change (a conflict, answered
                // `stale` after catching up), or before this one heard of it (a refusal
                // judged on an older room: the seats the host starts with were taken through
                // another process a moment ago, say).
                let mut tries = 0;
                let result = loop {
                    let version = self.room.version;
                    let result = self.request(token_hash.clone(), request.clone()).await;
                    if let Err(r) = &result {
                        if self.hub.store.shared()
                            && !matches!(r.code, ErrorCode::Stale | ErrorCode::Unavailable)
                        {
                            self.catch_up().await;
                        }
                    }
                    let raced = result.is_err() && self.room.version != version;
                    tries += 1;
                    if !raced || tries == 3 {
                        break result;
                    }
                };
                // Published first, so that the answer's connection sends the new view with it.
                self.publish();
                let _ = reply.send(result);
            }
            Command::Record { reply } => {
                if self.room.stage != Stage::Over && self.hub.store.shared() {
                    // Another process may have ended the game a moment ago.
                    self.catch_up().await;
                }
                let record = if self.room.stage == Stage::Over {
                    match self.hub.store.room_log(&self.room.code).await {
                        Ok(entries) => Ok(self.room.game_record(&entries.unwrap_or_default())),
                        Err(e) => {
                            self.hub.metrics.database_errors.inc();
                            tracing::error!(error = %e, "record not read");
                            Err(unavailable(&e))
                        }
                    }
                } else {
                    Ok(None)
                };
                let _ = reply.send(record);
            }
        }
    }

    async fn request(
        &mut self,
        token_hash: Option<String>,
        request: Request,
    ) -> Result<Option<(usize, String)>, Refusal> {
        let seat = token_hash.as_deref().and_then(|h| self.room.seat_of(h));
        let host = || {
            if seat == Some(0) {
                Ok(())
            } else {
                Err(Refusal::new(
                    ErrorCode::NotHost,
                    "only the host may do this",
                ))
            }
        };
        match request {
            Request::TakeSeat { seat: wanted, name } => {
                if seat.is_some() {
                    return Err(Refusal::new(
                        ErrorCode::BadSeat,
                        "this connection holds a seat already",
                    ));
                }
                let token = new_token();
                let hash = hash_token(&token);
                self.commit(Entry::SeatTaken {
                    seat: wanted,
                    name,
                    token_hash: hash.clone(),
                })
                .await?;
                Ok(Some((wanted, token)))
            }
            Request::AddBot { seat: wanted, bot } => {
                host()?;
                self.commit(Entry::BotAdded { seat: wanted, bot }).await?;
                Ok(None)
            }
            Request::RemoveSeat { seat: wanted } => {
                host()?;
                self.commit(Entry::SeatRemoved { seat: wanted }).await?;
                Ok(None)
            }
            Request::AddSeat => {
                host()?;
                self.hub
                    .config
                    .limits
                    .check_seats(self.room.seats.len() + 1)?;
                self.commit(Entry::SeatAdded).await?;
                Ok(None)
            }
            Request::OpenSeat { seat: wanted } => {
                if seat != Some(wanted) {
                    host()?;
                }
                self.commit(Entry::SeatOpened { seat: wanted }).await?;
                Ok(None)
            }
            Request::Start => {
                host()?;
                self.commit(Entry::Started {
                    seed: Seed::generate().to_hex(),
                })
                .await?;
                Ok(None)
            }
            Request::Act { action, version } => {
                let Some(seat) = seat else {
                    return Err(Refusal::new(ErrorCode::NotSeated, "spectators cannot act"));
                };
                if version.is_some_and(|v| v != self.room.version) {
                    return Err(Refusal::new(
                        ErrorCode::Stale,
                        format!("the room is at version {}", self.room.version),
                    ));
                }
                let entry = self.room.entry_for(seat, &action)?;
                self.commit(entry).await?;
                Ok(None)
            }
        }
    }

    /// Publishes the room's view to every connection following it.
    fn publish(&mut self) {
        let now = Instant::now();
        let seats = (0..self.room.seats.len())
            .map(|i| {
                let connected = self.away(i).is_none_or(|a| a.connections > 0);
                (connected, self.away(i).is_some() && self.stand_in(i, now))
            })
            .collect();
        let to_move = self.room.seat_to_move();
        let human_to_move = to_move.filter(|&s| matches!(self.room.seats[s], Seat::Human { .. }));
        let deadline_ms = human_to_move
            .and(self.room.settings.decision_seconds)
            .map(|s| {
                let at = self.decision_since + Duration::from_secs(u64::from(s));
                u64::try_from(at.saturating_duration_since(now).as_millis()).unwrap_or(u64::MAX)
            });
        let waiting_for = human_to_move.filter(|&s| {
            self.away(s).is_some_and(|a| a.connections == 0) && !self.stand_in(s, now)
        });
        let advice = match (to_move, self.room.advice_on()) {
            (Some(_), true) => self.advice(),
            _ => None,
        };
        let presence = Presence {
            seats,
            solving: self.solving(),
            bot_note: self.bot_note.clone(),
            deadline_ms,
            waiting_for,
            advice,
        };
        let seat_of = self
            .room
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match s {
                Seat::Human { token_hash, .. } => Some((token_hash.clone(), i)),
                _ => None,
            })
            .collect();
        let json = view::room_json(&self.room, &presence).to_string();
        self.published_solving = presence.solving.is_some();
        let busy = self.next_move_at(now).is_some() || presence.solving.is_some();
        let published = Published {
            json,
            seat_of,
            busy,
        };
        // Only a change reaches the connections: a wake with nothing new sends no frame.
        self.publish.send_if_modified(|current| {
            let changed = **current != published;
            if changed {
                *current = Arc::new(published);
            }
            changed
        });
    }

    /// The advice for the decision under way: the win table's where there is one, else the
    /// single-turn optimum's.
    fn advice(&mut self) -> Option<farkle::strategy::Advice> {
        let table = self
            .table
            .as_ref()
            .and_then(|t| t.result())
            .and_then(|r| r.as_ref().ok())
            .filter(|_| self.room.seats.len() <= 3);
        // Single-turn advice until the table is solved, the table's from then on.
        if self.advisor.is_none() || (table.is_some() && !self.advisor_has_table) {
            self.advisor_has_table = table.is_some();
            let advisor = tokio::task::block_in_place(|| match table {
                Some(t) => Advisor::with_table(t.clone()).ok(),
                None => Advisor::single_turn(&self.room.rules).ok(),
            });
            self.advisor = advisor.map(Arc::new);
        }
        let game = self.room.game.as_ref()?;
        let advisor = self.advisor.clone()?;
        tokio::task::block_in_place(|| advisor.advise(game).ok())
    }
}
