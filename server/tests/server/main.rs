// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The server's tests against real `farkle-server` processes on loopback ports, one module a
//! file. They are one test binary so that the WebSocket client they share, and the async code
//! it instantiates, is compiled and linked once rather than once a file. Run one module with
//! `cargo test -p farkle-server --test server protocol::`.

#[path = "../support/mod.rs"]
mod support;

mod faults;
mod install;
mod operations;
mod processes;
mod protocol;
mod seats;
