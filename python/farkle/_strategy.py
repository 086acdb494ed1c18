# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Strategy: the single-turn policy, the win table (two-player optimal play and the
three-player equilibrium), the long-run policy and its average under a penalty, and bot
simulations."""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from typing import Any, Optional, Sequence, Tuple, Union

from . import _lowlevel as low
from ._enums import BotKind, parse
from ._files import check_regular
from ._cards import Card
from ._handles import Handle
from ._native import ffi, lib
from ._progress import Progress, Reporter
from ._rules import Rules


def _rules(rules: object) -> Rules:
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules(rules)
    raise TypeError(f"rules must be a Rules or a preset name, not {type(rules).__name__}")


def _io_check(status: int, path: "Union[str, os.PathLike[str]]") -> None:
    """low.check(), but a file the library could not read or write (after Python could: it
    changed meanwhile) is an OSError with the library's reason."""
    if status == lib.FARKLE_STATUS_IO:
        raise OSError(errno.EIO, low.last_error(), os.fspath(path))
    low.check(status)


def _finish(status: int, reporter: Reporter) -> None:
    """Raises what the progress callback raised, else the status's error."""
    if status:
        reporter.raise_if_failed()
        low.fail(status)


@dataclass(frozen=True)
class Choice:
    """The best play of a roll."""

    farkle: bool
    """True when the roll farkles; then nothing else is meaningful."""
    keep_mask: int
    """Dice to keep: bit i = the i-th die of the roll."""
    keep: Tuple[int, ...]
    """The same dice as faces, ascending."""
    points: int
    """Points of the dice kept."""
    turn_total: int
    """Turn total after keeping them."""
    dice_left: int
    """Dice to roll next if the player goes on (the full set after hot dice)."""
    bank: bool
    """Whether to bank after keeping them (otherwise roll dice_left dice)."""
    value: float
    """Expected points of the rest of the turn (single-turn policy), or the probability of
    winning (win table), after this play."""
    win_probabilities: Tuple[float, ...] = ()
    """WinTable.mover_best_choice() only: every player's probability of winning after this
    play, in turn order from the mover (all 0 for a farkle); empty otherwise."""

    @property
    def keep_indices(self) -> Tuple[int, ...]:
        """The positions in the roll of the dice to keep."""
        return low.mask_indices(self.keep_mask)


def _choice(c: Any, win_probabilities: Tuple[float, ...] = ()) -> Choice:
    return Choice(
        c.farkle, c.keep_mask, low.faces_of_counts(c.keep_counts), c.points, c.turn_total,
        c.dice_left, c.bank, c.value, win_probabilities,
    )


class TurnPolicy(Handle):
    """The optimal single-turn policy (most expected points banked this turn) for one rules
    value, for a player on the board or not. Solve one with `TurnPolicy(rules)`; it owns a
    library object (see close()). Immutable: safe to query from several threads."""

    __slots__ = ("rules", "on_board")
    _what = "TurnPolicy"

    def __init__(self, rules: Union[Rules, str], on_board: bool = True, *, progress: Progress = None) -> None:
        """Solves the policy (milliseconds for six dice, up to seconds for twelve).
        `progress`: None, True (a tqdm bar) or a callback(fraction) that returns False to
        cancel (CancelledError)."""
        self.rules = _rules(rules)
        self.on_board = low.flag(on_board, "on_board")
        out = ffi.new("FarkleTurnPolicy **")
        with Reporter(progress, "turn policy") as r:
            status = lib.farkle_turn_policy_new_with_progress(
                self.rules._c, self.on_board, r.function, r.user, out
            )
            _finish(status, r)
        self._own(out[0], lib.farkle_turn_policy_free)

    @property
    def expected_points(self) -> float:
        """Expected points of one turn from scratch under the policy."""
        out = ffi.new("double *")
        low.check(lib.farkle_turn_policy_expected_points(self._handle(), out))
        return out[0]  # type: ignore[no-any-return]

    def bank_threshold(self, dice: int) -> Optional[int]:
        """The smallest turn total from which the policy always banks before rolling `dice`
        dice; None when that hand never farkles (rolling is then always as good)."""
        low.integer(dice, "dice", 1, self.rules.dice_count)
        out = ffi.new("int32_t *")
        low.check(lib.farkle_turn_policy_bank_threshold(self._handle(), dice, out))
        return None if out[0] < 0 else out[0]

    def value(self, turn_total: int, dice: int, on_board: Optional[bool] = None) -> float:
        """R(t, n): the expected points the policy banks this turn (0 for a farkle) holding
        `turn_total` (a multiple of 50 for the presets, 0 to FARKLE_MAX_TURN_TOTAL) and about
        to roll `dice` dice: the better of banking now, where the rules allow it, and
        rolling. `on_board` defaults to the situation the policy was solved for; the other
        one is refused (InvalidArgumentError), since each needs its own policy."""
        low.integer(turn_total, "turn_total", 0, lib.FARKLE_MAX_TURN_TOTAL)
        low.integer(dice, "dice", 1, self.rules.dice_count)
        board = self.on_board if on_board is None else low.flag(on_board, "on_board")
        out = ffi.new("double *")
        low.check(lib.farkle_turn_policy_value(self._handle(), turn_total, dice, int(board), out))
        return out[0]  # type: ignore[no-any-return]

    def best_choice(self, roll: Sequence[int], turn_total: int = 0) -> Choice:
        """The best play of `roll` with `turn_total` points already made this turn (a
        multiple of 50 for the presets, 0 to FARKLE_MAX_TURN_TOTAL)."""
        data = low.dice(roll, self.rules.dice_count, "roll")
        low.integer(turn_total, "turn_total", 0, lib.FARKLE_MAX_TURN_TOTAL)
        out = ffi.new("FarkleChoice *")
        low.check(lib.farkle_turn_policy_best_choice(self._handle(), data, len(data), turn_total, out))
        return _choice(out)

    def __reduce__(self) -> Tuple[Any, ...]:
        """Pickled as what it was solved from (the rules and the situation): unpickling
        solves it again."""
        self._handle()
        return (TurnPolicy, (self.rules, self.on_board))

    def __repr__(self) -> str:
        if self.closed:
            return "<TurnPolicy (closed)>"
        board = "on the board" if self.on_board else "not yet on the board"
        return f"<TurnPolicy of {self.rules!r}, {board}: {self.expected_points:.1f} points a turn>"


class PenaltyPolicy(Handle):
    """The optimal long-run policy for rules with a consecutive-farkle penalty in points (the
    player on the board): a turn for each count of farkles in a row, from 0 to one less than
    the rules' farkle_penalty_streak. Solve one with `PenaltyPolicy(rules)`; it owns a
    library object (see close()). Immutable: safe to query from several threads."""

    __slots__ = ("rules",)
    _what = "PenaltyPolicy"

    def __init__(self, rules: Union[Rules, str], *, progress: Progress = None) -> None:
        """Solves the policy (milliseconds for the presets, seconds for a long streak).
        UnsupportedError without a penalty or with one that loses the whole score.
        `progress`: None, True (a tqdm bar) or a callback(fraction) that returns False to
        cancel (CancelledError)."""
        self.rules = _rules(rules)
        out = ffi.new("FarklePenaltyPolicy **")
        with Reporter(progress, "penalty policy") as r:
            status = lib.farkle_penalty_policy_new_with_progress(self.rules._c, r.function, r.user, out)
            _finish(status, r)
        self._own(out[0], lib.farkle_penalty_policy_free)

    @property
    def streak(self) -> int:
        """The count of farkles in a row that costs the penalty; the policy's counts are 0 to
        one less."""
        return self.rules.farkle_penalty_streak

    @property
    def average_points(self) -> float:
        """The long-run average points per turn under the policy."""
        out = ffi.new("double *")
        low.check(lib.farkle_penalty_policy_average_points(self._handle(), out))
        return out[0]  # type: ignore[no-any-return]

    def bank_threshold(self, farkles: int, dice: int) -> Optional[int]:
        """The smallest turn total from which the policy always banks before rolling `dice`
        dice, in a turn that began after `farkles` farkles in a row; None when that hand never
        farkles (rolling is then always as good)."""
        low.integer(farkles, "farkles", 0, self.streak - 1)
        low.integer(dice, "dice", 1, self.rules.dice_count)
        out = ffi.new("int32_t *")
        low.check(lib.farkle_penalty_policy_bank_threshold(self._handle(), farkles, dice, out))
        return None if out[0] < 0 else out[0]

    def relative_value(self, farkles: int) -> float:
        """h(k): how many points more (negative: fewer) the player gathers in the long run
        from a turn after `farkles` farkles in a row than from one after none (h(0) = 0)."""
        low.integer(farkles, "farkles", 0, self.streak - 1)
        out = ffi.new("double *")
        low.check(lib.farkle_penalty_policy_relative_value(self._handle(), farkles, out))
        return out[0]  # type: ignore[no-any-return]

    def __reduce__(self) -> Tuple[Any, ...]:
        """Pickled as its rules: unpickling solves it again."""
        self._handle()
        return (PenaltyPolicy, (self.rules,))

    def __repr__(self) -> str:
        if self.closed:
            return "<PenaltyPolicy (closed)>"
        return (f"<PenaltyPolicy of {self.rules!r}: {self.average_points:.1f} points a turn "
                f"in the long run>")


def penalty_average_points(rules: Union[Rules, str], *, progress: Progress = None) -> float:
    """The long-run average points per turn under optimal play, for rules with a
    consecutive-farkle penalty in points (the player on the board)."""
    r = _rules(rules)
    out = ffi.new("double *")
    with Reporter(progress, "penalty average") as rep:
        status = lib.farkle_penalty_average_points_with_progress(r._c, rep.function, rep.user, out)
        _finish(status, rep)
    return out[0]  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Player:
    """A player between turns, for the win table."""

    score: int = 0
    """Banked score (a multiple of the table's unit, below the target)."""
    on_board: bool = True
    """Whether the player has met the minimum entry (ignored without one)."""
    farkles: int = 0
    """Consecutive farkles so far (0 without a penalty)."""


def _player(p: object, name: str) -> Any:
    if not isinstance(p, Player):
        raise TypeError(f"{name} must be a Player, not {type(p).__name__}")
    c = ffi.new("FarklePlayer *")
    c.score = low.i32(p.score, f"{name}.score")
    c.on_board = int(low.flag(p.on_board, f"{name}.on_board"))
    c.farkles = low.u32(p.farkles, f"{name}.farkles")
    return c


def _players(players: object, name: str = "players") -> Any:
    """A turn order of Players (an int stands for Player(score=it)) as a C array."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError(f"{name} must be a sequence of Player values, in turn order from the mover")
    if not 1 <= len(players) <= lib.FARKLE_MAX_PLAYERS:
        raise ValueError(f"between 1 and {lib.FARKLE_MAX_PLAYERS} players, not {len(players)}")
    c = ffi.new("FarklePlayer[]", len(players))
    for i, p in enumerate(players):
        c[i] = _player(Player(p) if type(p) is int else p, f"{name}[{i}]")[0]
    return c


@dataclass(frozen=True)
class TurnState:
    """A moment in a turn, for the win table: `me` to move, holding `turn_total`, about to
    roll `dice` dice."""

    me: Player
    """The player to move."""
    opponent: Player
    """The other player."""
    turn_total: int = 0
    """Points made so far this turn."""
    dice: int = 6
    """Dice about to be rolled."""


def _turn_state(s: object) -> Any:
    if not isinstance(s, TurnState):
        raise TypeError(f"state must be a TurnState, not {type(s).__name__}")
    c = ffi.new("FarkleTurnState *")
    c.me = _player(s.me, "state.me")[0]
    c.opponent = _player(s.opponent, "state.opponent")[0]
    c.turn_total = low.integer(s.turn_total, "state.turn_total", 0, lib.FARKLE_MAX_TURN_TOTAL)
    c.dice = low.integer(s.dice, "state.dice", 1, lib.FARKLE_MAX_DICE)
    return c


@dataclass(frozen=True)
class Decision:
    """The optimal decision before a roll."""

    bank: bool
    """Whether banking is optimal (ties bank)."""
    bank_allowed: bool
    """Whether the rules allow banking here."""
    bank_win_probability: float
    """P(win) when banking now (0 when not allowed)."""
    roll_win_probability: float
    """P(win) when rolling."""


@dataclass(frozen=True)
class MoverDecision:
    """The decision of the player to move before a roll, at a table of any size, with every
    player's chances either way (in turn order from the mover)."""

    bank: bool
    """Whether the mover banks (where the equilibrium mixes, whether it banks more often
    than not)."""
    bank_allowed: bool
    """Whether the rules allow banking here."""
    roll_probability: float
    """How often the mover rolls: 0 or 1, or in between where the three-player equilibrium
    mixes banking and rolling."""
    bank_win_probability: float
    """The mover's P(win) when banking now (0 when not allowed)."""
    roll_win_probability: float
    """The mover's P(win) when rolling."""
    bank_win_probabilities: Tuple[float, ...]
    """Every player's P(win) if the mover banks (all 0 when it may not)."""
    roll_win_probabilities: Tuple[float, ...]
    """Every player's P(win) if the mover rolls."""


class WinTable(Handle):
    """Optimal play at a table of two or three players: every player's P(win) at the start
    of every turn (two players: optimal play by both; three: a subgame-perfect equilibrium
    in which each maximizes its own chance, mixed where no pure one exists; see
    docs/strategy.md). Solve one with WinTable.solve(rules, players=...) (seconds to
    minutes; see docs/limits.md) or load a saved one. Owns a library object (see close());
    immutable: safe to query from several threads.

    The calls for any table take the players in turn order from the one to move (Player
    values; an int is a score on the board): win_probabilities(), mover_decision(),
    mover_best_choice(), start_probabilities, head_starts. The two-player calls
    (win_probability(), decision(), best_choice(), compensation) raise UnsupportedError on
    a three-player table."""

    __slots__ = ()
    _what = "WinTable"

    def __init__(self) -> None:
        raise TypeError("use WinTable.solve(), WinTable.load() or WinTable.from_bytes()")

    @classmethod
    def _wrap(cls, raw: Any) -> "WinTable":
        t = object.__new__(cls)
        t._own(raw, lib.farkle_win_table_free)
        return t

    @classmethod
    def solve(cls, rules: Union[Rules, str], *, players: int = 2, progress: Progress = None) -> "WinTable":
        """Solves play under `rules` (with a target, no turn limit) for `players` players: 2
        (the same table, bit for bit, as the library's two-player solve) or 3 (the
        equilibrium; minutes to 10,000 points, see docs/benchmarks.md). Fewer than 2 raise
        InvalidArgumentError; what is too large, ResourceLimitError (with the size) or
        UnsupportedError. `progress`: None, True (a tqdm bar when tqdm is installed) or a
        callback(fraction) returning False to cancel (CancelledError); Ctrl-C also
        cancels."""
        r = _rules(rules)
        count = low.u32(players, "players")
        out = ffi.new("FarkleWinTable **")
        with Reporter(progress, "win table") as rep:
            status = lib.farkle_win_table_solve_players(r._c, count, rep.function, rep.user, out)
            _finish(status, rep)
        return cls._wrap(out[0])

    @classmethod
    def load(cls, path: "Union[str, os.PathLike[str]]") -> "WinTable":
        """Loads a table saved by save() (or to_bytes()); its values are checked against
        its rules. A file that cannot be read raises Python's OSError subclass with errno
        and filename (FileNotFoundError, PermissionError, IsADirectoryError); a FIFO,
        device or socket, OSError with errno EINVAL, at once."""
        encoded = low.encode_path(path)
        check_regular(path, writing=False)
        out = ffi.new("FarkleWinTable **")
        _io_check(lib.farkle_win_table_load(encoded, out), path)
        return cls._wrap(out[0])

    @classmethod
    def from_bytes(cls, data: bytes) -> "WinTable":
        """A table from its saved form (bytes, bytearray or memoryview)."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"data must be bytes, not {type(data).__name__}")
        raw = bytes(data)
        out = ffi.new("FarkleWinTable **")
        low.check(lib.farkle_win_table_from_buffer(raw, len(raw), out))
        return cls._wrap(out[0])

    def save(self, path: "Union[str, os.PathLike[str]]") -> None:
        """Saves the table to a file, created or replaced; errors as for load()."""
        p = low.encode_path(path)
        h = self._handle()
        check_regular(path, writing=True)
        _io_check(lib.farkle_win_table_save(h, p), path)

    def to_bytes(self) -> bytes:
        """The table's saved form."""
        size = ffi.new("size_t *")
        h = self._handle()
        status = lib.farkle_win_table_to_buffer(h, ffi.NULL, 0, size)
        if status != lib.FARKLE_STATUS_BUFFER_TOO_SMALL:
            low.check(status)
        buf = ffi.new("uint8_t[]", max(1, size[0]))
        low.check(lib.farkle_win_table_to_buffer(h, buf, len(buf), size))
        return bytes(ffi.buffer(buf, size[0]))

    @property
    def rules(self) -> Rules:
        """The rules the table was solved for."""
        out = ffi.new("FarkleRules *")
        low.check(lib.farkle_win_table_rules(self._handle(), out))
        return Rules._from_c(out)

    @property
    def player_count(self) -> int:
        """The number of players the table was solved for: 2 or 3."""
        out = ffi.new("uint32_t *")
        low.check(lib.farkle_win_table_player_count(self._handle(), out))
        return out[0]  # type: ignore[no-any-return]

    @property
    def outdated(self) -> bool:
        """Whether an earlier version of the library solved the table otherwise than this one
        would: a table of rules with a final round saved before the solver weighed every
        scoring selection of a roll (two-player files of format versions 1 to 3, three-player
        ones of version 4). It still answers for the table it is; solve again to play those
        rules as this version does. False for every table this version solves."""
        out = ffi.new("bool *")
        low.check(lib.farkle_win_table_outdated(self._handle(), out))
        return bool(out[0])

    @property
    def mixed_cycles(self) -> int:
        """How many cycles of states (every rotation of the same scores, linked by farkles)
        have no pure equilibrium and were solved as mixed ones, where a mover banks or rolls
        at random (mover_decision().roll_probability between 0 and 1); 0 for two players.
        Minimal rules to 1,500 have 1, to 4,000 have 4."""
        out = ffi.new("uint64_t *")
        low.check(lib.farkle_win_table_mixed_cycles(self._handle(), out))
        return out[0]  # type: ignore[no-any-return]

    def _dice(self, dice: Optional[int]) -> int:
        """The dice in hand, the rules' full set by default."""
        return self.rules.dice_count if dice is None else low.integer(dice, "dice", 1, lib.FARKLE_MAX_DICE)

    def win_probabilities(
        self, players: Sequence[Union[Player, int]], turn_total: int = 0, dice: Optional[int] = None
    ) -> Tuple[float, ...]:
        """Every player's P(win), `players` in turn order from the one to move (exactly the
        table's player count; else InvalidArgumentError), who holds `turn_total` points
        with `dice` dice to roll (by default the full set: with turn total 0, the start of
        its turn) and may bank where the rules allow it. The chances are in the order of
        `players` and sum to 1."""
        c = _players(players)
        low.integer(turn_total, "turn_total", 0, lib.FARKLE_MAX_TURN_TOTAL)
        out = ffi.new("double[]", len(c))
        low.check(lib.farkle_win_table_win_probabilities(
            self._handle(), c, len(c), turn_total, self._dice(dice), out))
        return tuple(out)

    def mover_decision(
        self, players: Sequence[Union[Player, int]], turn_total: int = 0, dice: Optional[int] = None
    ) -> MoverDecision:
        """The decision of the mover (players[0]; arguments as for win_probabilities())
        before rolling: bank or roll, how often it rolls where the equilibrium mixes, and
        every player's chances either way."""
        c = _players(players)
        low.integer(turn_total, "turn_total", 0, lib.FARKLE_MAX_TURN_TOTAL)
        out = ffi.new("FarkleMoverDecision *")
        bank, roll = ffi.new("double[]", len(c)), ffi.new("double[]", len(c))
        low.check(lib.farkle_win_table_mover_decision(
            self._handle(), c, len(c), turn_total, self._dice(dice), out, bank, roll))
        return MoverDecision(
            out.bank, out.bank_allowed, out.roll_probability, out.bank_win_probability,
            out.roll_win_probability, tuple(bank), tuple(roll),
        )

    def mover_best_choice(
        self, players: Sequence[Union[Player, int]], turn_total: int, roll: Sequence[int]
    ) -> Choice:
        """The mover's best play of `roll` (players[0], holding `turn_total` before the roll;
        players as for win_probabilities()): which dice to keep and whether to bank after
        (where the equilibrium mixes after the play, the likelier). Its value is the mover's
        P(win) after the play, and win_probabilities every player's."""
        c = _players(players)
        low.integer(turn_total, "turn_total", 0, lib.FARKLE_MAX_TURN_TOTAL)
        data = low.dice(roll, lib.FARKLE_MAX_DICE, "roll")
        out = ffi.new("FarkleChoice *")
        chances = ffi.new("double[]", len(c))
        low.check(lib.farkle_win_table_mover_best_choice(
            self._handle(), c, len(c), turn_total, data, len(data), out, chances))
        return _choice(out, tuple(chances))

    @property
    def start_probabilities(self) -> Tuple[float, ...]:
        """Every seat's P(win) from the start of the game, seat 0 moving first."""
        out = ffi.new("double[]", lib.FARKLE_MAX_PLAYERS)
        count = ffi.new("size_t *")
        low.check(lib.farkle_win_table_start_probabilities(self._handle(), out, len(out), count))
        return tuple(out[0:count[0]])

    @property
    def head_starts(self) -> Tuple[int, ...]:
        """The fairest head starts: for each seat after the first, in seat order, the
        banked points (on the board) that bring every seat's chance from the start closest
        to equal (two players: as compensation; three: the least sum of squared differences
        from 1/3). About a second for a three-player table to 10,000."""
        out = ffi.new("int32_t[]", lib.FARKLE_MAX_PLAYERS)
        count = ffi.new("size_t *")
        low.check(lib.farkle_win_table_head_starts(self._handle(), out, len(out), count))
        return tuple(out[0:count[0]])

    def win_probability(self, state: TurnState) -> float:
        """P(win) for the player to move in `state` (a two-player table)."""
        c = _turn_state(state)
        out = ffi.new("double *")
        low.check(lib.farkle_win_table_win_probability(self._handle(), c, out))
        return out[0]  # type: ignore[no-any-return]

    def decision(self, state: TurnState) -> Decision:
        """Bank or roll in `state`, with P(win) of each (a two-player table)."""
        c = _turn_state(state)
        out = ffi.new("FarkleDecision *")
        low.check(lib.farkle_win_table_decision(self._handle(), c, out))
        return Decision(out.bank, out.bank_allowed, out.bank_win_probability, out.roll_win_probability)

    def best_choice(self, me: Player, opponent: Player, turn_total: int, roll: Sequence[int]) -> Choice:
        """The best play of `roll` for `me` against `opponent` holding `turn_total`; its
        value is P(win) after the play (a two-player table)."""
        m, o = _player(me, "me"), _player(opponent, "opponent")
        low.integer(turn_total, "turn_total", 0, lib.FARKLE_MAX_TURN_TOTAL)
        data = low.dice(roll, lib.FARKLE_MAX_DICE, "roll")
        out = ffi.new("FarkleChoice *")
        low.check(lib.farkle_win_table_best_choice(self._handle(), m, o, turn_total, data, len(data), out))
        return _choice(out)

    @property
    def first_player_win_probability(self) -> float:
        """P(the first player wins) from the start under optimal play by both (three
        players: the first seat's chance at the equilibrium)."""
        out = ffi.new("double *")
        low.check(lib.farkle_win_table_first_player_win_probability(self._handle(), out))
        return out[0]  # type: ignore[no-any-return]

    @property
    def compensation(self) -> int:
        """The head start (points) for the second player that brings the first player's
        chance closest to 1/2 (a two-player table; head_starts for any)."""
        out = ffi.new("int32_t *")
        low.check(lib.farkle_win_table_compensation(self._handle(), out))
        return out[0]  # type: ignore[no-any-return]

    def __reduce__(self) -> Tuple[Any, ...]:
        """Pickled as its saved form (to_bytes()), checked again when unpickled."""
        return (WinTable.from_bytes, (self.to_bytes(),))

    def __repr__(self) -> str:
        if self.closed:
            return "<WinTable (closed)>"
        return (f"<WinTable of {self.player_count} players under {self.rules!r}: the first "
                f"player wins {100 * self.first_player_win_probability:.2f}%>")


def _need_table(kinds: Sequence[int], table: Optional[WinTable]) -> None:
    """ValueError when a bot among `kinds` plays from a table and none is given."""
    for kind in (BotKind.WIN_OPTIMAL, BotKind.STRONGEST_OPPONENT):
        if kind in kinds and table is None:
            raise ValueError(f"a {kind.name} bot needs a table (WinTable.solve(rules))")


@dataclass(frozen=True)
class SimulationResult:
    """What simulate() found: per bot (in the order given), games won outright, ties shared,
    and the sum of final scores."""

    bots: Tuple[Union[BotKind, Card], ...]
    """The bots (or cards), in the order given."""
    games: int
    """Games played."""
    turns: int
    """Turns played in all the games."""
    wins: Tuple[int, ...]
    """Games each bot won outright."""
    ties: Tuple[int, ...]
    """Tied games each bot shared (a tie is a win for nobody)."""
    points: Tuple[int, ...]
    """The sum of each bot's final scores."""

    def win_rate(self, bot: int) -> float:
        """The share of games bot number `bot` won outright."""
        return self.wins[bot] / self.games if self.games else 0.0

    def mean_points(self, bot: int) -> float:
        """Bot number `bot`'s mean final score."""
        return self.points[bot] / self.games if self.games else 0.0


def simulate(
    rules: Union[Rules, str],
    bots: Sequence[Union[BotKind, str, int, Card]],
    games: int,
    *,
    seed: int = 0,
    table: Optional[WinTable] = None,
    progress: Progress = None,
) -> SimulationResult:
    """Plays `games` seeded games between the computer players `bots` (1 to 64; BotKind
    values or names such as "threshold"), seats rotating, and counts wins. The same
    arguments give the same result on every run. WIN_OPTIMAL and STRONGEST_OPPONENT bots
    need `table` (solved for `rules`: a three-player table lets WIN_OPTIMAL play the
    equilibrium in three-player games; STRONGEST_OPPONENT needs a two-player one). A Card
    among `bots` plays that seat by the card."""
    r = _rules(rules)
    if isinstance(bots, (str, bytes)) or not hasattr(bots, "__len__"):
        raise TypeError("bots must be a sequence of BotKind values or names, or Cards")
    players: Tuple[Union[BotKind, Card], ...] = tuple(
        b if isinstance(b, Card) else BotKind(parse(BotKind, b, "bot")) for b in bots
    )
    kinds = tuple(BotKind.THRESHOLD if isinstance(b, Card) else b for b in players)
    if not 1 <= len(kinds) <= lib.FARKLE_MAX_PLAYERS:
        raise ValueError(f"between 1 and {lib.FARKLE_MAX_PLAYERS} bots, not {len(kinds)}")
    low.u64(games, "games")
    low.u64(seed, "seed")
    if table is not None and not isinstance(table, WinTable):
        raise TypeError(f"table must be a WinTable, not {type(table).__name__}")
    _need_table(kinds, table)
    c_kinds = ffi.new("uint32_t[]", [int(k) for k in kinds])
    cards = [b for b in players if isinstance(b, Card)]
    c_cards = ffi.new("FarkleCard *[]", [
        b._handle() if isinstance(b, Card) else ffi.NULL for b in players
    ])
    out = ffi.new("FarkleSimulation *")
    t = ffi.NULL if table is None else table._handle()
    with Reporter(progress, "simulate") as rep:
        if cards:
            status = lib.farkle_simulate_cards(
                r._c, c_kinds, c_cards, len(kinds), games, seed, t, rep.function, rep.user, out
            )
        else:
            status = lib.farkle_simulate_with_progress(
                r._c, c_kinds, len(kinds), games, seed, t, rep.function, rep.user, out
            )
        _finish(status, rep)
    n = len(kinds)
    return SimulationResult(
        players, out.games, out.turns, tuple(out.wins[0:n]), tuple(out.ties[0:n]), tuple(out.points[0:n])
    )
