// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! One client's WebSocket: frames in, parsed and rate-limited; the room's views and the
//! answers out.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use rand::Rng;
use serde_json::json;
use tokio::time::Instant;

use crate::addresses::Addresses;
use crate::bucket::Bucket;
use crate::hub::{hash_token, Hub, Request, RoomHandle};
use crate::protocol::{decode, ClientMessage, ErrorCode, Refusal};

/// How often the server pings an idle connection.
const PING_EVERY: Duration = Duration::from_secs(25);

/// Frames over the rate in a row after which the connection is closed: a client that
/// ignores the refusals is not a game client.
const FLOODED_BEFORE_CLOSE: u32 = 200;

/// The WebSocket close code of a server going away to come back ("service restart").
pub const CLOSE_RESTART: u16 = 1012;

/// The range of the pause a closing server asks its clients to wait before they reconnect:
/// spread, so that they do not all come back in the same instant.
const RECONNECT_MS: std::ops::RangeInclusive<u64> = 250..=1000;

struct Connection {
    hub: Arc<Hub>,
    addresses: Arc<Addresses>,
    address: IpAddr,
    room: Option<RoomHandle>,
    token_hash: Option<String>,
    seen: Option<Arc<crate::hub::Published>>,
}

fn error_frame(refusal: &Refusal) -> String {
    json!({"type": "error", "code": refusal.code, "message": refusal.message}).to_string()
}

/// Sends a message; false when the client is gone, or stopped reading for `timeout` (the
/// socket's buffers full all that time).
async fn send_message(socket: &mut WebSocket, message: Message, timeout: Duration) -> bool {
    matches!(
        tokio::time::timeout(timeout, socket.send(message)).await,
        Ok(Ok(()))
    )
}

async fn send(socket: &mut WebSocket, text: String, timeout: Duration) -> bool {
    send_message(socket, Message::Text(text.into()), timeout).await
}

/// Refuses a socket before it serves: the error frame, then the close.
pub async fn refuse(mut socket: WebSocket, refusal: &Refusal, timeout: Duration) {
    if send_message(
        &mut socket,
        Message::Text(error_frame(refusal).into()),
        timeout,
    )
    .await
    {
        let _ = tokio::time::timeout(timeout, socket.send(Message::Close(None))).await;
    }
}

/// How long a closing server waits for a client to answer its close.
const CLOSE_REPLY_WAIT: Duration = Duration::from_secs(2);

/// Tells the client the server is closing and when to reconnect: a `closing` frame, then a
/// close of code 1012 (service restart).
async fn say_closing(socket: &mut WebSocket, timeout: Duration) {
    let reconnect_ms = rand::rng().random_range(RECONNECT_MS);
    let frame = json!({"type": "closing", "reconnect_ms": reconnect_ms}).to_string();
    if send(socket, frame, timeout).await {
        let close = CloseFrame {
            code: CLOSE_RESTART,
            reason: "service restart".into(),
        };
        if send_message(socket, Message::Close(Some(close)), timeout).await {
            await_close_reply(socket).await;
        }
    }
}

/// Reads (and drops) what the client still sends until its answering close, for a bounded
/// time. A socket closed with unread frames in it is reset, and a reset throws away what
/// was still queued to go out: the client would miss the close just sent.
async fn await_close_reply(socket: &mut WebSocket) {
    let _ = tokio::time::timeout(CLOSE_REPLY_WAIT, async {
        while let Some(Ok(frame)) = socket.recv().await {
            if matches!(frame, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// Serves one WebSocket until it closes, or the server does.
pub async fn serve(
    mut socket: WebSocket,
    hub: Arc<Hub>,
    addresses: Arc<Addresses>,
    address: IpAddr,
) {
    let mut closing = hub.closing();
    hub.metrics.connections.inc();
    serve_until_closed(&mut socket, &hub, addresses, address, &mut closing).await;
    hub.metrics.connections.dec();
}

async fn serve_until_closed(
    socket: &mut WebSocket,
    hub: &Arc<Hub>,
    addresses: Arc<Addresses>,
    address: IpAddr,
    closing: &mut tokio::sync::watch::Receiver<bool>,
) {
    let limits = &hub.config.limits;
    let timeout = limits.slow_client;
    let rate = f64::from(limits.frames_per_second);
    let mut bucket = Bucket::new(rate, rate * 2.0);
    let mut connection = Connection {
        hub: hub.clone(),
        addresses,
        address,
        room: None,
        token_hash: None,
        seen: None,
    };
    let mut flooded = 0u32;
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    'serve: loop {
        let mut view = connection.room.as_ref().map(|r| r.view.clone());
        let changed = async {
            match view.as_mut() {
                Some(v) => v.changed().await.is_ok(),
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            frame = socket.recv() => {
                let Some(Ok(frame)) = frame else { break };
                let received = Instant::now();
                let bytes = match frame {
                    Message::Text(text) => text.as_bytes().to_vec(),
                    Message::Binary(bytes) => bytes.to_vec(),
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => continue,
                };
                let outcome = if bucket.take() {
                    flooded = 0;
                    match decode(&bytes) {
                        Ok(message) => connection.handle(message, received).await,
                        Err(refusal) => Err(refusal),
                    }
                } else {
                    flooded += 1;
                    Err(Refusal::new(ErrorCode::RateLimited, "too many frames; slow down"))
                };
                match outcome {
                    Ok(replies) => {
                        for reply in replies {
                            if !send(socket, reply, timeout).await {
                                break 'serve;
                            }
                        }
                    }
                    Err(refusal) => {
                        hub.metrics.refused(refusal.code);
                        if flooded >= FLOODED_BEFORE_CLOSE || !send(socket, error_frame(&refusal), timeout).await {
                            break;
                        }
                    }
                }
                // The answer to a request comes before the view it caused.
                if let Some(text) = connection.state_if_new() {
                    if !send(socket, text, timeout).await { break; }
                }
            }
            alive = changed => {
                if !alive { break; }
                if let Some(text) = connection.state_if_new() {
                    if !send(socket, text, timeout).await { break; }
                }
            }
            _ = ping.tick() => {
                if !send_message(socket, Message::Ping(Vec::new().into()), timeout).await { break; }
            }
            () = crate::hub::raised(closing) => {
                say_closing(socket, timeout).await;
                tracing::debug!("told to reconnect");
                break;
            }
        }
    }
    if let Some(room) = &connection.room {
        room.detach(connection.token_hash.clone()).await;
    }
    tracing::debug!("connection closed");
}

impl Connection {
    /// The `state` frame of the room's newest view, if this connection has not had it.
    fn state_if_new(&mut self) -> Option<String> {
        let room = self.room.as_mut()?;
        let published = room.view.borrow_and_update().clone();
        if self
            .seen
            .as_ref()
            .is_some_and(|seen| Arc::ptr_eq(seen, &published))
        {
            return None;
        }
        self.seen = Some(published.clone());
        let you = self
            .token_hash
            .as_ref()
            .and_then(|h| published.seat_of.get(h).copied());
        Some(format!(
            r#"{{"type":"state","you":{},"room":{}}}"#,
            you.map_or("null".to_owned(), |s| s.to_string()),
            published.json
        ))
    }

    fn welcome(&self, seat: Option<usize>, token: Option<&str>) -> String {
        let room = self.room.as_ref().map(|r| r.code.as_str());
        json!({"type": "welcome", "room": room, "seat": seat, "token": token}).to_string()
    }

    /// Marks the connection's log lines with its room.
    fn entered(&self, seat: Option<usize>) {
        if let Some(room) = &self.room {
            tracing::Span::current().record("room", room.code.as_str());
            tracing::debug!(seat, "following the room");
        }
    }

    async fn handle(
        &mut self,
        message: ClientMessage,
        received: Instant,
    ) -> Result<Vec<String>, Refusal> {
        let in_room = |room: &Option<RoomHandle>| {
            room.clone()
                .ok_or_else(|| Refusal::new(ErrorCode::NotInRoom, "join or create a room first"))
        };
        let request = match message {
            ClientMessage::Ping {} => return Ok(vec![json!({"type": "pong"}).to_string()]),
            ClientMessage::Create {
                name,
                rules,
                seats,
                settings,
            } => {
                self.not_in_room()?;
                if !self.addresses.may_create(self.address) {
                    return Err(Refusal::new(
                        ErrorCode::RateLimited,
                        "too many rooms created from this address; wait a minute",
                    ));
                }
                self.hub.config.limits.check_seats(seats)?;
                let rules = rules.resolve()?;
                let (room, token) = self.hub.create(&name, rules, seats, &settings).await?;
                self.addresses.created(self.address);
                let hash = hash_token(&token);
                room.attach(Some(hash.clone())).await?;
                self.room = Some(room);
                self.token_hash = Some(hash);
                self.entered(Some(0));
                return Ok(vec![self.welcome(Some(0), Some(&token))]);
            }
            ClientMessage::Join { room, token } => {
                self.not_in_room()?;
                if !self.addresses.may_try(self.address) {
                    return Err(Refusal::new(
                        ErrorCode::RateLimited,
                        "too many wrong room codes or tokens from this address; wait a minute",
                    ));
                }
                let code = room.trim().to_ascii_lowercase();
                let Some(handle) = self.hub.room(&code).await? else {
                    self.addresses.wrong(self.address);
                    return Err(Refusal::new(ErrorCode::NoSuchRoom, "no room has this code"));
                };
                let (seat, hash) = match token {
                    None => (None, None),
                    Some(token) => {
                        let hash = hash_token(&token);
                        let Some(seat) = handle.identify(&hash).await else {
                            self.addresses.wrong(self.address);
                            return Err(Refusal::new(
                                ErrorCode::BadToken,
                                "the token holds no seat of this room",
                            ));
                        };
                        (Some(seat), Some(hash))
                    }
                };
                handle.attach(hash.clone()).await?;
                self.room = Some(handle);
                self.token_hash = hash;
                self.entered(seat);
                return Ok(vec![self.welcome(seat, None)]);
            }
            ClientMessage::TakeSeat { seat, name } => Request::TakeSeat { seat, name },
            ClientMessage::AddBot { seat, bot } => Request::AddBot { seat, bot },
            ClientMessage::RemoveSeat { seat } => Request::RemoveSeat { seat },
            ClientMessage::AddSeat {} => Request::AddSeat,
            ClientMessage::OpenSeat { seat } => Request::OpenSeat { seat },
            ClientMessage::Start {} => Request::Start,
            ClientMessage::Act { action, version } => Request::Act { action, version },
        };
        let room = in_room(&self.room)?;
        let taken = room.request(self.token_hash.clone(), request).await?;
        // Stored and published: the room's task publishes before it answers.
        self.hub.metrics.acknowledged(received.elapsed());
        if let Some((seat, token)) = taken {
            let hash = hash_token(&token);
            // The connection now holds the seat instead of watching.
            room.detach(None).await;
            room.attach(Some(hash.clone())).await?;
            self.token_hash = Some(hash);
            tracing::debug!(seat, "took a seat");
            return Ok(vec![self.welcome(Some(seat), Some(&token))]);
        }
        Ok(Vec::new())
    }

    fn not_in_room(&self) -> Result<(), Refusal> {
        if self.room.is_some() {
            Err(Refusal::new(
                ErrorCode::NotInRoom,
                "this connection is in a room already",
            ))
        } else {
            Ok(())
        }
    }
}
