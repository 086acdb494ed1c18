-- SPDX-License-Identifier: GPL-3.0-only
-- Copyright (C) 2026 The farkle authors
--
-- The PostgreSQL twin of sqlite/0001_rooms.sql: the same tables, with PostgreSQL's 64-bit
-- integers where SQLite's INTEGER is 64-bit already. A room is its log; the row of rooms
-- says when it was made and whether its game is over. The primary key of room_log is what
-- serialises the servers sharing this database: of two servers appending the same entry
-- number to a room, one insert fails and that server catches up instead.
CREATE TABLE rooms (
    code TEXT PRIMARY KEY NOT NULL,
    created_at BIGINT NOT NULL,
    finished_at BIGINT
);

CREATE TABLE room_log (
    code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
    seq BIGINT NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (code, seq)
);
