-- SPDX-License-Identifier: GPL-3.0-only
-- Copyright (C) 2026 The farkle authors
--
-- A room is its log: the entries that made it, in order (server/src/room.rs). The row of
-- rooms says when it was made and whether its game is over, so that a restart replays
-- only the rooms still in play.
CREATE TABLE rooms (
    code TEXT PRIMARY KEY NOT NULL,
    created_at INTEGER NOT NULL,
    finished_at INTEGER
);

CREATE TABLE room_log (
    code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (code, seq)
);
