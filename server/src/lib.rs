// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! farkle-server: online Farkle with friends, with the farkle library as the authority.
//!
//! The server rolls every die (from a seed it commits to before the first roll and reveals
//! after the last, [`fairness`]), applies every action through the library's game
//! ([`room`]), logs each change in the database before anyone hears of it ([`store`]), and
//! talks JSON over one WebSocket per client ([`protocol`], [`connection`]). Rooms run one
//! task each ([`hub`]); bots and their win tables are in [`bots`]. Several processes may share
//! one PostgreSQL database ([`bus`]); [`metrics`] counts what `/metrics` reports.
//! docs/server.md describes
//! the protocol and the security model.

pub mod bucket;
pub mod fairness;
pub mod protocol;
pub mod room;
pub mod view;

#[cfg(feature = "server")]
pub mod addresses;
#[cfg(feature = "server")]
pub mod bots;
#[cfg(feature = "server")]
pub mod bus;
#[cfg(feature = "server")]
pub mod config;
#[cfg(feature = "server")]
pub mod connection;
#[cfg(feature = "server")]
pub mod http;
#[cfg(feature = "server")]
pub mod hub;
#[cfg(feature = "server")]
pub mod metrics;
#[cfg(feature = "server")]
pub mod store;

#[cfg(feature = "server")]
use std::sync::Arc;

#[cfg(feature = "server")]
use tokio::net::TcpListener;

#[cfg(feature = "server")]
/// The server's routes over its database: the schema brought up to date and every room
/// still in play resumed. An error says why the server cannot start.
pub async fn open(config: config::Config) -> Result<axum::Router, String> {
    Ok(open_server(config).await?.router)
}

#[cfg(feature = "server")]
/// An opened server: its routes, and its rooms to close when it stops.
#[derive(Debug)]
pub struct Opened {
    /// The routes.
    pub router: axum::Router,
    /// The rooms ([`hub::Hub::close`] on shutdown).
    pub hub: Arc<hub::Hub>,
}

#[cfg(feature = "server")]
/// As [`open`], keeping hold of the rooms.
pub async fn open_server(config: config::Config) -> Result<Opened, String> {
    let store = store::Store::open(&config.database, config.limits.database_bytes)
        .await
        .map_err(|e| e.to_string())?;
    let addresses = Arc::new(addresses::Addresses::new(config.limits.clone()));
    let hub = hub::Hub::start(config, store)
        .await
        .map_err(|e| e.to_string())?;
    let router = http::router(http::App {
        hub: hub.clone(),
        addresses,
    });
    Ok(Opened { router, hub })
}

#[cfg(feature = "server")]
/// Serves `router` on `listener` until `shutdown` completes.
pub async fn serve(
    router: axum::Router,
    listener: TcpListener,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    use axum::serve::ListenerExt;
    // A game's frames are small and each is awaited: none waits for the one before it to
    // be acknowledged.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
    .map_err(|e| e.to_string())
}
