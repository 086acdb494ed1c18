// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The HTTP side: the WebSocket endpoint with its Origin and per-address checks, a finished
//! game's fairness record, health and readiness checks, the metrics, and the web game's
//! static files.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use tracing::Instrument;

use crate::addresses::Addresses;
use crate::hub::Hub;
use crate::protocol::{ErrorCode, Refusal, MAX_FRAME_BYTES};

/// The most a connection's outgoing frames may hold in memory beyond the socket's own
/// buffers: a room's view is a few kilobytes, so only a client that stopped reading
/// comes near it, and is dropped.
const MAX_WRITE_BUFFER: usize = 1 << 20;

/// The read buffer of a game socket: a few frames' worth; a larger frame grows it.
const READ_BUFFER_BYTES: usize = 4 * 1024;

/// What the handlers share.
#[derive(Debug, Clone)]
pub struct App {
    /// The rooms.
    pub hub: Arc<Hub>,
    /// Per-address limits.
    pub addresses: Arc<Addresses>,
}

/// The server's routes.
pub fn router(app: App) -> Router {
    let site = app.hub.config.site.clone();
    let mut router = Router::new()
        .route("/ws", get(websocket))
        .route("/api/rooms/{code}/record", get(record))
        .route("/healthz", get(health))
        .route("/readyz", get(ready));
    if app.hub.config.metrics {
        router = router.route("/metrics", get(metrics));
    }
    let mut router = router.with_state(app);
    if let Some(site) = site {
        router = router.fallback_service(ServeDir::new(site));
    }
    router
        .layer(CompressionLayer::new())
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
}

/// Whether a browser page from `origin` may open a socket: the server's own origin (as the
/// Host header names it, which a reverse proxy must pass on) or one the operator allowed.
/// Programs that send no Origin are not browsers and are let through.
fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if allowed.iter().any(|a| a == origin) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((host, origin_host), (Some(h), Some(o)) if h.eq_ignore_ascii_case(o))
}

async fn websocket(
    upgrade: WebSocketUpgrade,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    State(app): State<App>,
) -> Response {
    if !origin_allowed(&headers, &app.hub.config.allowed_origins) {
        return (
            StatusCode::FORBIDDEN,
            "this origin may not open a game socket\n",
        )
            .into_response();
    }
    let address = peer.ip();
    // Frames beyond this close the socket; frames beyond MAX_FRAME_BYTES get an error frame.
    // What waits to be sent is one frame at a time (a room's newest view, not a queue), and
    // never more than MAX_WRITE_BUFFER.
    let upgrade = upgrade
        .max_message_size(8 * MAX_FRAME_BYTES)
        .max_frame_size(8 * MAX_FRAME_BYTES)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        // The frames clients send are small: the default buffer (128 KiB, zeroed before each
        // read) made each connection cost that much memory (docs/benchmarks.md).
        .read_buffer_size(READ_BUFFER_BYTES);
    if !app.addresses.connect(address) {
        // Refused with an error frame, which a browser's page can show (an HTTP status on
        // the upgrade reaches no script).
        let timeout = app.hub.config.limits.slow_client;
        app.hub.metrics.refused(ErrorCode::RateLimited);
        return upgrade.on_upgrade(move |socket| async move {
            let refusal = Refusal::new(
                ErrorCode::RateLimited,
                "too many connections from this address; close one first",
            );
            crate::connection::refuse(socket, &refusal, timeout).await;
        });
    }
    upgrade.on_upgrade(move |socket| async move {
        // The connection's log lines name its room once it has one.
        let span = tracing::info_span!("connection", room = tracing::field::Empty);
        crate::connection::serve(socket, app.hub.clone(), app.addresses.clone(), address)
            .instrument(span)
            .await;
        app.addresses.disconnect(address);
    })
}

async fn record(
    Path(code): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    State(app): State<App>,
) -> Response {
    let address = peer.ip();
    if !app.addresses.may_try(address) {
        return (StatusCode::TOO_MANY_REQUESTS, "too many wrong room codes\n").into_response();
    }
    let room = match app.hub.room(&code.to_ascii_lowercase()).await {
        Ok(Some(room)) => room,
        Ok(None) => {
            app.addresses.wrong(address);
            return (StatusCode::NOT_FOUND, "no room has this code\n").into_response();
        }
        Err(e) => return (StatusCode::SERVICE_UNAVAILABLE, e.message).into_response(),
    };
    match room.record().await {
        Ok(Some(record)) => Json(record).into_response(),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, e.message).into_response(),
        Ok(None) => (
            StatusCode::CONFLICT,
            "the game is not over: the seed is revealed at its end\n",
        )
            .into_response(),
    }
}

/// Whether the process is shutting down: one server per process, told once.
static SHUTTING_DOWN: AtomicBool = AtomicBool::new(false);

/// Marks the server as shutting down: `/readyz` answers 503 from now on.
pub fn shutting_down() {
    SHUTTING_DOWN.store(true, Ordering::Relaxed);
}

/// Ready for new clients: the database answers and the server is not shutting down.
async fn ready(State(app): State<App>) -> Response {
    if SHUTTING_DOWN.load(Ordering::Relaxed) {
        (StatusCode::SERVICE_UNAVAILABLE, "shutting down\n").into_response()
    } else if app.hub.healthy().await {
        "ready\n".into_response()
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "the database does not answer\n",
        )
            .into_response()
    }
}

/// The metrics, in the OpenMetrics text format Prometheus reads.
async fn metrics(State(app): State<App>) -> Response {
    let metrics = &app.hub.metrics;
    let rooms = i64::try_from(app.hub.room_count().await).unwrap_or(i64::MAX);
    metrics.rooms.set(rooms);
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        metrics.encode(),
    )
        .into_response()
}

async fn health(State(app): State<App>) -> Response {
    if app.hub.healthy().await {
        "ok\n".into_response()
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "the database does not answer\n",
        )
            .into_response()
    }
}
