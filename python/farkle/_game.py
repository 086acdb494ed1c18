# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""Game: a whole game of Farkle through the library, with its state, rolls and events."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, IO, Iterator, List, Optional, Sequence, Tuple, Union, overload

from . import _lowlevel as low
from ._enums import Action, BotKind, DiceSource, EventKind, Phase, ValueKind, member, parse
from ._errors import error_for
from ._files import read_regular, write_regular
from ._handles import LockedHandle
from ._native import ffi, lib
from ._progress import Progress, Reporter
from ._rules import Rules
from ._scoring import Combination, Selection, combinations, selections
from ._strategy import WinTable, _finish, _need_table, _rules
from ._cards import Card, CoachNote, _coach_note


def _bits(mask: int) -> Tuple[int, ...]:
    return low.mask_indices(mask)


@dataclass(frozen=True)
class GameState:
    """The whole game at a glance."""

    phase: Phase
    """What the game is waiting for."""
    current_player: int
    """Whose turn it is (once the game is over, whose turn was last)."""
    round: int
    """1 at the start; one more each time play passes the end of the player list."""
    player_count: int
    """Players in the game, those who left included."""
    active_player_count: int
    """Players who have not left."""
    dice_count: int
    """Dice in the set."""
    turn_points: int
    """Points of this turn not yet banked (0 after a farkle)."""
    turn_forfeited_points: int
    """Points this turn lost to a farkle or a forfeit (0 otherwise)."""
    dice_in_hand: int
    """What the next roll rolls (while a selection is awaited: the dice rolled)."""
    turn_hot_dice: int
    """Hot dice so far this turn."""
    turn_roll_count: int
    """Rolls so far this turn (see Game.turn_rolls)."""
    pending_mask: int
    """Dice toggled towards a selection of the current roll."""
    can_roll: bool
    """Whether a roll is allowed now (generated rolls also need has_generator)."""
    has_generator: bool
    """Whether the game has a dice generator (roll() without dice works)."""
    can_bank: bool
    """Whether bank() would succeed now."""
    can_undo: bool
    """Whether undo() would succeed now."""
    can_forfeit: bool
    """Whether forfeit_turn() would succeed now."""
    final_round: bool
    """Whether someone has reached the target and the final round is on."""
    final_round_player: Optional[int]
    """The player who started the final round (None without one)."""
    winners: Tuple[int, ...]
    """Once the game is over, every winner (several on a tie; none when all left)."""
    dice_source: DiceSource
    """Where the game's generated dice come from."""
    turn_multiplier: int
    """What the next selection's points are multiplied by (1 without the hot-dice
    multiplier)."""
    piggyback_points: int = 0
    """The points of the turn the player to move may take over with piggyback(); 0 when
    there is no offer."""
    piggyback_dice: int = 0
    """The dice that turn left in hand (the next roll's after piggyback()); 0 when there is
    no offer."""

    @property
    def phase_name(self) -> str:
        """The library's English name of the phase ("awaiting a roll", ...)."""
        return low.text(lib.farkle_game_phase_name(int(self.phase)))


def _state(s: Any) -> GameState:
    return GameState(
        member(Phase, s.phase), s.current_player, s.round, s.player_count,  # type: ignore[arg-type]
        s.active_player_count, s.dice_count, s.turn_points, s.turn_forfeited_points,
        s.dice_in_hand, s.turn_hot_dice, s.turn_roll_count, s.pending_mask, s.can_roll,
        s.has_generator, s.can_bank, s.can_undo, s.can_forfeit, s.final_round,
        s.final_round_player if s.final_round else None, _bits(s.winners),
        member(DiceSource, s.dice_source),  # type: ignore[arg-type]
        s.turn_multiplier, s.piggyback_points, s.piggyback_dice,
    )


@dataclass(frozen=True)
class PlayerState:
    """One player's record."""

    number: int
    """The player's number, from 0 in seating order."""
    name: Optional[str]
    """The player's name (None for an unnamed player)."""
    score: int
    """Banked score (below 0 after farkle penalties in points)."""
    on_board: bool
    """Whether the player has banked once (met the minimum entry score)."""
    active: bool
    """False once the player has left."""
    consecutive_farkles: int
    """Farkles in a row since the last bank or penalty."""
    farkle_count: int
    """Farkles in the whole game."""
    hot_dice_count: int
    """Hot dice in the whole game."""
    turns_played: int
    """Turns finished (banked, farkled or forfeited)."""
    penalty_count: int
    """Farkle penalties taken."""
    forfeited_points: int
    """Points lost in the whole game (farkles and forfeited turns)."""
    best_turn: int
    """The most points banked in one turn."""
    banked_points: int
    """Sum of every banked turn (score = banked_points - penalty_points)."""
    penalty_points: int
    """Points taken by penalties in all."""


@dataclass(frozen=True)
class TurnRoll:
    """One roll of the current turn and what was made of it."""

    dice: Tuple[int, ...]
    """The faces in roll order."""
    generated: bool
    """Whether the game's generator rolled it (False: the dice were supplied)."""
    is_farkle: bool
    """Whether nothing in it scores."""
    max_points: int
    """The most points any selection of it scores."""
    best_selection_mask: int
    """A selection scoring max_points (bit i = the i-th die)."""
    scoring_dice_mask: int
    """The dice that take part in some scoring selection."""
    selection_mask: Optional[int]
    """The dice selected from it (None while awaited, after an undo, for a farkle)."""
    selection: Tuple[int, ...]
    """The selected faces, ascending."""
    points: int
    """What its selection scored (0 without one)."""
    emptied_hand: bool
    """Whether its selection took the last dice of the hand."""
    combinations: Tuple[Combination, ...]
    """The combinations of its selection."""


def _turn_roll(r: Any) -> TurnRoll:
    n = min(r.dice_count, lib.FARKLE_MAX_DICE)
    return TurnRoll(
        tuple(r.faces[0:n]), r.generated, r.is_farkle, r.max_points, r.best_selection_mask,
        r.scoring_dice_mask, r.selection_mask if r.has_selection else None,
        low.faces_of_counts(r.selection_counts), r.points, r.emptied_hand,
        combinations(r.combinations, r.combination_count),
    )


@dataclass(frozen=True)
class Event:
    """One entry of the game's log; which fields mean something depends on `kind`."""

    kind: EventKind
    """What happened."""
    player: int
    """The player it happened to (for GAME_OVER: 0)."""
    round: int
    """TURN_STARTED."""
    dice: Tuple[int, ...]
    """ROLLED: the faces."""
    generated: bool
    """ROLLED: whether the game's generator rolled them."""
    mask: int
    """SELECTED: the dice selected."""
    points: int
    """SELECTED, UNDONE: roll points; BANKED: banked; FARKLED, TURN_FORFEITED: lost;
    PENALTY: taken; PIGGYBACKED: taken over."""
    score: int
    """BANKED, PENALTY: the player's score after it."""
    winners: Tuple[int, ...]
    """GAME_OVER."""
    dice_count: int = 0
    """ROLLED: the dice rolled; PIGGYBACKED: the dice taken over."""
    automatic: bool = False
    """SELECTED: the game set the dice aside itself as they were rolled (a straight or three
    pairs under auto_take_straight_and_three_pairs)."""

    @property
    def name(self) -> str:
        """The library's English name of the kind ("rolled", "banked", ...)."""
        return low.text(lib.farkle_event_kind_name(int(self.kind)))


def _event(e: Any) -> Event:
    n = min(e.dice_count, lib.FARKLE_MAX_DICE) if e.kind == lib.FARKLE_EVENT_KIND_ROLLED else 0
    return Event(
        member(EventKind, e.kind), e.player, e.round, tuple(e.faces[0:n]), e.generated,  # type: ignore[arg-type]
        e.mask, e.points, e.score, _bits(e.winners), e.dice_count, bool(e.automatic),
    )


@dataclass(frozen=True)
class AdviceChoice:
    """One legal choice and its value (see Advice.value_kind); value is NaN where the
    library cannot value it."""

    action: Action
    """What to do."""
    dice_mask: int
    """SELECT: the dice to keep."""
    points: int
    """SELECT: the selection's points; PIGGYBACK: the points taken over."""
    value: float
    """Its value (see Advice.value_kind), with optimal play afterwards; NaN where it cannot be
    valued."""
    win_probabilities: Tuple[float, ...] = ()
    """Wherever value_kind is WIN_PROBABILITY (a table that covers every active player, or
    the last turn of a final round): every player's P(win) after this choice, by seat (0
    for a departed player; NaN where it cannot be valued); empty otherwise."""

    @property
    def indices(self) -> Tuple[int, ...]:
        """SELECT: the positions of the dice to keep (for Game.select())."""
        return _bits(self.dice_mask)


def _advice_choice(c: Any, win_probabilities: Tuple[float, ...] = ()) -> AdviceChoice:
    return AdviceChoice(
        member(Action, c.action), c.dice_mask, c.points, c.value, win_probabilities,  # type: ignore[arg-type]
    )


@dataclass(frozen=True)
class Advice:
    """Advice for the player to move."""

    recommended: AdviceChoice
    """The choice to make (one of choices)."""
    value_kind: ValueKind
    """What the values mean: expected points this turn, or the probability of winning."""
    next_roll_dice: Optional[int]
    """The dice the roll after the recommended action rolls (None when none follows)."""
    farkle_probability: float
    """The exact probability that that roll farkles (0 when none follows)."""
    choices: Tuple[AdviceChoice, ...]
    """Every legal choice with its value."""
    roll_probability: float = 0.0
    """How often the mover rolls: strictly between 0 and 1 only where the three-player
    equilibrium mixes banking and rolling (a player of the equilibrium draws), else 1 when
    the recommendation is to roll and 0 when it is not."""


class _Log(Sequence[Any]):
    """A read-only view of a list the game keeps (its events, the current turn's rolls)."""

    def __init__(self, game: "Game", count: Any, get: Any, out: str, convert: Any) -> None:
        self._game, self._count, self._get, self._out, self._convert = game, count, get, out, convert

    def __len__(self) -> int:
        n = ffi.new("size_t *")
        with self._game._lock:
            low.check(self._count(self._game._handle(), n))
        return n[0]  # type: ignore[no-any-return]

    def _item(self, i: int) -> Any:
        out = ffi.new(self._out)
        with self._game._lock:
            low.check(self._get(self._game._handle(), i, out))
        return self._convert(out)

    def __getitem__(self, index: Any) -> Any:
        n = len(self)
        if isinstance(index, slice):
            return [self._item(i) for i in range(*index.indices(n))]
        if type(index) is not int:
            raise TypeError(f"indices must be ints or slices, not {type(index).__name__}")
        if not -n <= index < n:
            raise IndexError(f"index {index} is out of range: {n} entries")
        return self._item(index + n if index < 0 else index)

    def __iter__(self) -> Iterator[Any]:
        for i in range(len(self)):
            yield self._item(i)

    def __repr__(self) -> str:
        return f"[{', '.join(repr(x) for x in self)}]"


_PathOrFile = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]


@dataclass(frozen=True)
class PlayerPosition:
    """One player's part of a GamePosition.

    `score` is the banked score: below 0 only under rules with a farkle penalty that takes
    points (not farkle_penalty_loses_all), below the target score when the rules have one.
    `on_board` says whether the player has banked once; None (the default) means "if the
    score is above 0". Under a minimum entry score a player off the board has a score of 0 or
    less. `consecutive_farkles` is the player's farkle streak: below the rules' penalty
    streak, 0 under rules without a penalty."""

    score: int = 0
    on_board: Optional[bool] = None
    consecutive_farkles: int = 0


@dataclass(frozen=True)
class GamePosition:
    """Where a game starts instead of the usual start (Game(..., position=...)): the
    players' entries in seat order (PlayerPosition values, or plain scores for players on the
    board when above 0 and without a farkle streak), whose turn starts the game
    (`player_to_move`, from 0) and its round (from 1, at most the rules' turn limit when
    they have one). The game starts at the start of that turn, awaiting a roll; every player
    has finished round - 1 turns, and those seated before the player to move one more.

    A position where someone has reached the rules' target score is refused, with or without
    a final round: it would be over, or in a final round a position does not describe.

    ::

        position = GamePosition([9500, 9000], player_to_move=0, round=12)
        with Game("classic", ["Ann", "Bob"], seed=7, position=position) as game:
            ...
    """

    players: Sequence[Union[PlayerPosition, int]]
    player_to_move: int = 0
    round: int = 1

    def _c(self) -> Tuple[Any, Any]:
        """The C FarkleGamePosition and FarklePlayerPosition array (checked here for their
        Python types and C ranges; the library checks the position against the rules)."""
        if isinstance(self.players, (str, bytes)) or not isinstance(self.players, Sequence):
            raise TypeError("players must be a sequence of PlayerPosition values or scores")
        if not 1 <= len(self.players) <= lib.FARKLE_MAX_PLAYERS:
            raise ValueError(f"between 1 and {lib.FARKLE_MAX_PLAYERS} players, not {len(self.players)}")
        entries = ffi.new("FarklePlayerPosition[]", len(self.players))
        for i, p in enumerate(self.players):
            if type(p) is int:
                p = PlayerPosition(p)
            if not isinstance(p, PlayerPosition):
                raise TypeError(f"players[{i}] must be a PlayerPosition or an int, not {type(p).__name__}")
            score = low.integer(p.score, f"players[{i}].score", -(1 << 63), (1 << 63) - 1)
            on_board = score > 0 if p.on_board is None else low.flag(p.on_board, f"players[{i}].on_board")
            entries[i].score = score
            entries[i].on_board = int(on_board)
            entries[i].consecutive_farkles = low.u32(p.consecutive_farkles, f"players[{i}].consecutive_farkles")
        position = ffi.new("FarkleGamePosition *")
        position.player_to_move = low.u32(self.player_to_move, "player_to_move")
        position.round = low.u32(self.round, "round")
        return position, entries


class Game(LockedHandle):
    """A game: rules, players, dice, the current turn and the event log.

    ::

        with Game("classic", ["Ann", "Bob"], seed=7) as game:
            roll = game.roll()                      # a TurnRoll: roll.dice == (1, 1, 2, 2, 2, 5)
            game.select([0, 1])                     # keep the two 1s (or select_mask(0b11))
            game.bank()

    `players` is a number of unnamed players or a sequence of names (None for unnamed); by
    default 2, or as many as `position` has. With `position` (a GamePosition) the game starts
    there instead of at the usual start, and saves and loads from there like any game.
    Dice come from a generator seeded with `seed` (the same seed and actions give the same
    game everywhere), from fresh entropy when `seed` is None, or only from roll(dice) when
    `dice_source` is "supplied". Every refused action raises a FarkleError subclass (an
    IllegalActionError for what the rules forbid now) with the library's reason, and leaves
    the game unchanged. Owns a library object: close() or a `with` block frees it at once.
    One thread at a time runs a call on a game (calls from other threads wait)."""

    __slots__ = ()
    _what = "Game"

    def __init__(
        self,
        rules: Union[Rules, str] = "classic",
        players: Union[int, Sequence[Optional[str]], None] = None,
        *,
        seed: Optional[int] = None,
        dice_source: Union[DiceSource, str, None] = None,
        position: Optional[GamePosition] = None,
    ) -> None:
        r = _rules(rules)
        if position is not None and not isinstance(position, GamePosition):
            raise TypeError(f"position must be a GamePosition, not {type(position).__name__}")
        if players is None:
            players = 2 if position is None else len(position.players)
        if type(players) is int:
            names: List[Optional[str]] = [None] * low.integer(players, "players", 1, lib.FARKLE_MAX_PLAYERS)
        elif isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
            raise TypeError("players must be a number of players or a sequence of names")
        else:
            names = list(players)
            if not 1 <= len(names) <= lib.FARKLE_MAX_PLAYERS:
                raise ValueError(f"between 1 and {lib.FARKLE_MAX_PLAYERS} players, not {len(names)}")
        if dice_source is None:
            source = DiceSource.ENTROPY if seed is None else DiceSource.SEEDED
        else:
            source = DiceSource(parse(DiceSource, dice_source, "dice_source"))
        if source == DiceSource.SEEDED and seed is None:
            raise ValueError("a seeded game needs a seed")
        c_seed = 0 if seed is None else low.u64(seed, "seed")
        encoded = [None if n is None else ffi.new("char[]", low.encode_text(n, f"players[{i}]"))
                   for i, n in enumerate(names)]
        c_names = ffi.new("char *[]", [ffi.NULL if e is None else e for e in encoded])
        out = ffi.new("FarkleGame **")
        if position is None:
            low.check(lib.farkle_game_new_with(r._c, c_names, len(names), int(source), c_seed, out))
        else:
            if len(position.players) != len(names):
                raise ValueError(f"{len(names)} players but the position has {len(position.players)}")
            c_position, c_players = position._c()
            low.check(lib.farkle_game_new_at(
                r._c, c_position, c_players, c_names, len(names), int(source), c_seed, out))
        self._own(out[0], lib.farkle_game_free)

    @classmethod
    def _wrap(cls, raw: Any) -> "Game":
        g = object.__new__(cls)
        g._own(raw, lib.farkle_game_free)
        return g

    # Calls --------------------------------------------------------------------------------

    def _act(self, fn: Any, *args: Any) -> None:
        """Runs a mutating call; on failure raises with the game's own explanation."""
        with self._lock:
            h = self._handle()
            status = fn(h, *args)
            if status:
                message = low.text(lib.farkle_game_last_error(h)) or low.last_error()
                raise error_for(status, message)

    def _read(self, fn: Any, out_type: str, *args: Any) -> Any:
        with self._lock:
            return self._read_locked(fn, out_type, *args)

    def _read_locked(self, fn: Any, out_type: str, *args: Any) -> Any:
        """_read() for a caller that holds the lock."""
        out = ffi.new(out_type)
        low.check(fn(self._handle(), *args, out))
        return out

    # Actions ------------------------------------------------------------------------------

    def roll(self, dice: Optional[Sequence[int]] = None) -> TurnRoll:
        """Rolls the dice in hand, with the game's generator or, when `dice` is given, with
        those faces (exactly as many as dice in hand). Returns the roll."""
        if dice is None:
            self._act(lib.farkle_game_roll)
        else:
            data = low.dice(dice, lib.FARKLE_MAX_DICE, "dice")
            self._act(lib.farkle_game_roll_dice, data, len(data))
        return self.last_roll  # type: ignore[return-value]

    def select(self, indices: Sequence[int]) -> None:
        """Keeps the dice at `indices` (0-based positions in the roll) and scores them."""
        if isinstance(indices, (str, bytes)) or not isinstance(indices, Sequence):
            raise TypeError("indices must be a sequence of ints")
        if len(indices) > lib.FARKLE_MAX_DICE:
            raise ValueError(f"at most {lib.FARKLE_MAX_DICE} indices")
        c = ffi.new("size_t[]", [low.integer(i, "index", 0, lib.FARKLE_MAX_DICE - 1) for i in indices] or [0])
        self._act(lib.farkle_game_select, c, len(indices))

    def select_mask(self, mask: int) -> None:
        """Keeps the dice whose bits are set in `mask` (bit i = the i-th die)."""
        self._act(lib.farkle_game_select_mask, low.mask(mask))

    def toggle(self, index: int) -> None:
        """Puts die `index` in or out of the pending selection (see confirm())."""
        self._act(lib.farkle_game_toggle, low.integer(index, "index", 0, lib.FARKLE_MAX_DICE - 1))

    def confirm(self) -> None:
        """Scores the pending selection built with toggle()."""
        self._act(lib.farkle_game_confirm)

    def undo(self) -> None:
        """Takes back the selection of the current roll."""
        self._act(lib.farkle_game_undo)

    def bank(self) -> None:
        """Banks the turn's points; play passes on."""
        self._act(lib.farkle_game_bank)

    def acknowledge_farkle(self) -> None:
        """Ends a farkled turn; play passes on."""
        self._act(lib.farkle_game_acknowledge_farkle)

    def forfeit_turn(self) -> None:
        """Gives up the turn when the player can neither roll nor bank."""
        self._act(lib.farkle_game_forfeit_turn)

    def piggyback(self) -> None:
        """Takes over the turn the previous player banked (rules with piggybacking): this
        turn starts with its points and the dice it left in hand (state.piggyback_points
        and piggyback_dice say when and what)."""
        self._act(lib.farkle_game_piggyback)

    def leave(self, player: int) -> None:
        """Player `player` leaves the game (the score stays; they cannot win)."""
        self._act(lib.farkle_game_leave, low.u32(player, "player"))

    def bot_play_turn(
        self, bot: Union[BotKind, str] = BotKind.SINGLE_TURN_OPTIMAL, *,
        table: Optional[WinTable] = None, seed: int = 0,
    ) -> None:
        """A computer player plays the current player's turn to its end with the game's
        dice. `table` is needed by WIN_OPTIMAL (which plays the equilibrium, drawing where it
        mixes, when the table covers the game) and STRONGEST_OPPONENT (a two-player table);
        `seed` drives RANDOM_LEGAL and the equilibrium's draws."""
        kind = parse(BotKind, bot, "bot")
        low.u64(seed, "seed")
        if table is not None and not isinstance(table, WinTable):
            raise TypeError(f"table must be a WinTable, not {type(table).__name__}")
        _need_table([kind], table)
        if table is None:
            self._act(lib.farkle_game_bot_play_turn, int(kind), ffi.NULL, seed)
        else:
            self._act(lib.farkle_game_bot_play_turn, int(kind), table._handle(), seed)

    def card_play_turn(self, card: Card, *, seed: int = 0) -> None:
        """`card` plays the current player's turn to its end with the game's dice, as
        bot_play_turn() plays a bot. A card for another count of dice raises
        InvalidArgumentError and leaves the game as it was."""
        if not isinstance(card, Card):
            raise TypeError(f"card must be a Card, not {type(card).__name__}")
        low.u64(seed, "seed")
        self._act(lib.farkle_game_card_play_turn, card._handle(), seed)

    def coach(self, card: Card, table: Optional[WinTable] = None) -> CoachNote:
        """The coach's note on the decision the game awaits (a selection, or roll or bank):
        what `card` plays, what optimal play plays (advise(table)), each valued, and what
        following the card costs (CoachNote.cost: a chance to win with a table that covers
        the game, expected points without one). A farkle to acknowledge raises
        WrongPhaseError, a game over GameOverError."""
        if not isinstance(card, Card):
            raise TypeError(f"card must be a Card, not {type(card).__name__}")
        if table is not None and not isinstance(table, WinTable):
            raise TypeError(f"table must be a WinTable, not {type(table).__name__}")
        t = ffi.NULL if table is None else table._handle()
        note = self._read(lib.farkle_game_coach, "FarkleCoachNote *", card._handle(), t)
        return _coach_note(note)

    def prepare_advice(self, *, progress: Progress = None) -> None:
        """Solves the policies behind advise() and the optimal bots now, with progress and
        cancellation (otherwise the first advice solves them)."""
        with self._lock, Reporter(progress, "advice") as rep:
            self._lock.busy = True
            try:
                status = lib.farkle_game_prepare_advice(self._handle(), rep.function, rep.user)
            finally:
                self._lock.busy = False
            if status:
                rep.raise_if_failed()
                message = low.text(lib.farkle_game_last_error(self._handle())) or low.last_error()
                raise error_for(status, message)

    def advise(self, table: Optional[WinTable] = None) -> Advice:
        """The recommended action and every legal choice with its value (Advice.value_kind):
        expected points this turn; with a `table` that covers every active player (two
        players, or three with a three-player table) the mover's probability of winning,
        every seat's in each choice's win_probabilities, and how often the equilibrium
        rolls. A table that does not cover the game advises expected points. In the mover's
        last turn of a final round, with or without a table, every choice maximizes the
        chance to finish above the best other score (a tie counting its share), and the
        values are that chance (WIN_PROBABILITY when nobody plays after this turn,
        HEAD_TO_HEAD_WIN_PROBABILITY when others still do); with a three-player table in a
        three-player game the next player's last turn is the table's endgame (WIN_PROBABILITY)."""
        if table is not None and not isinstance(table, WinTable):
            raise TypeError(f"table must be a WinTable, not {type(table).__name__}")
        advice = ffi.new("FarkleAdvice *")
        choices = ffi.new("FarkleAdviceChoice[]", lib.FARKLE_MAX_SELECTIONS)
        count = ffi.new("size_t *")
        roll_probability = ffi.new("double *")
        seats: List[Tuple[float, ...]] = []
        with self._lock:
            h = self._handle()
            t = ffi.NULL if table is None else table._handle()
            low.check(lib.farkle_game_advise(h, t, advice, choices, len(choices), count))
            n = min(count[0], len(choices))
            players = self._read_locked(lib.farkle_game_state, "FarkleGameState *").player_count
            cells = ffi.new("double[]", max(1, n * players))
            cell_count = ffi.new("size_t *")
            low.check(lib.farkle_game_advise_seats(
                h, t, cells, len(cells), cell_count, roll_probability))
            if cell_count[0] == n * players:
                seats = [tuple(cells[i * players:(i + 1) * players]) for i in range(n)]
        listed = tuple(_advice_choice(choices[i], seats[i] if seats else ()) for i in range(n))
        r = advice.recommended
        same = [c.win_probabilities for c in listed
                if (c.action, c.dice_mask, c.points) == (r.action, r.dice_mask, r.points)]
        return Advice(
            _advice_choice(r, same[0] if same else ()), member(ValueKind, advice.value_kind),  # type: ignore[arg-type]
            advice.next_roll_dice if advice.has_next_roll else None, advice.farkle_probability,
            listed, roll_probability[0],
        )

    # State --------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """Everything about the game now, in one value."""
        return _state(self._read(lib.farkle_game_state, "FarkleGameState *"))

    @property
    def start_position(self) -> GamePosition:
        """The position the game started from: the one it was created (or saved) with, or
        the usual start (every score 0, nobody on the board, player 0 in round 1)."""
        position = ffi.new("FarkleGamePosition *")
        count = ffi.new("size_t *")
        with self._lock:
            players = ffi.new("FarklePlayerPosition[]", lib.FARKLE_MAX_PLAYERS)
            low.check(lib.farkle_game_start_position(
                self._handle(), position, players, lib.FARKLE_MAX_PLAYERS, count))
        entries = tuple(
            PlayerPosition(p.score, bool(p.on_board), p.consecutive_farkles)
            for p in players[0:count[0]]
        )
        return GamePosition(entries, position.player_to_move, position.round)

    @property
    def phase(self) -> Phase:
        """What the game is waiting for."""
        return self.state.phase

    @property
    def current_player(self) -> int:
        """Whose turn it is."""
        return self.state.current_player

    @property
    def turn_points(self) -> int:
        """The current turn's points, not yet banked."""
        return self.state.turn_points

    @property
    def dice_in_hand(self) -> int:
        """The dice the next roll rolls."""
        return self.state.dice_in_hand

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.phase == Phase.GAME_OVER

    @property
    def winners(self) -> Tuple[int, ...]:
        """The winners once the game is over (several on a tie, none when every player
        left); () before."""
        out = ffi.new("uint64_t *")
        with self._lock:
            status = lib.farkle_game_winners(self._handle(), out)
        if status == lib.FARKLE_STATUS_WRONG_PHASE:
            return ()
        low.check(status)
        return _bits(out[0])

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return Rules._from_c(self._read(lib.farkle_game_rules, "FarkleRules *"))

    def player(self, number: int) -> PlayerState:
        """Player `number`'s record."""
        low.u32(number, "number")
        p = self._read(lib.farkle_game_player, "FarklePlayerState *", number)
        name: Optional[str] = None
        if p.has_name:
            out = self._read(lib.farkle_game_player_name, "char **", number)
            name = low.text(out[0])
        return PlayerState(
            number, name, p.score, p.on_board, p.active, p.consecutive_farkles, p.farkle_count,
            p.hot_dice_count, p.turns_played, p.penalty_count, p.forfeited_points, p.best_turn,
            p.banked_points, p.penalty_points,
        )

    @property
    def players(self) -> Tuple[PlayerState, ...]:
        """Every player's record, in seating order."""
        return tuple(self.player(i) for i in range(self.state.player_count))

    @property
    def scores(self) -> Tuple[int, ...]:
        """Every player's banked score."""
        return tuple(p.score for p in self.players)

    @property
    def selections(self) -> List[Selection]:
        """The legal selections of the current roll while one is awaited, best first."""
        out = ffi.new("FarkleSelection[]", lib.FARKLE_MAX_SELECTIONS)
        count = ffi.new("size_t *")
        with self._lock:
            low.check(lib.farkle_game_selections(self._handle(), out, len(out), count))
        return selections(out, min(count[0], len(out)))

    @property
    def last_roll(self) -> Optional[TurnRoll]:
        """The latest roll of the current turn; None before the turn's first roll."""
        out = ffi.new("FarkleTurnRoll *")
        with self._lock:
            status = lib.farkle_game_last_roll(self._handle(), out)
        if status == lib.FARKLE_STATUS_NO_ROLL:
            return None
        low.check(status)
        return _turn_roll(out)

    @property
    def turn_rolls(self) -> Sequence[TurnRoll]:
        """The rolls of the current turn (a live read-only sequence)."""
        return _Log(self, lib.farkle_game_turn_roll_count, lib.farkle_game_turn_roll, "FarkleTurnRoll *", _turn_roll)

    @property
    def events(self) -> Sequence[Event]:
        """The game's event log (a live read-only sequence; it only grows)."""
        return _Log(self, lib.farkle_game_event_count, lib.farkle_game_event, "FarkleEvent *", _event)

    # Saving -------------------------------------------------------------------------------

    def dumps(self) -> str:
        """The whole game as the library's saved-game JSON text; loads() continues it."""
        out = ffi.new("char **")
        with self._lock:
            low.check(lib.farkle_game_save(self._handle(), out))
        try:
            return ffi.string(out[0]).decode("utf-8")  # type: ignore[no-any-return]
        finally:
            lib.farkle_string_free(out[0])

    def dump(self, target: _PathOrFile) -> None:
        """Saves the game to a path or an open file (text or binary). A path must name a
        regular file (created or replaced): a FIFO, a device or a directory raises OSError
        at once (see load())."""
        text = self.dumps()
        if isinstance(target, (str, os.PathLike)):
            write_regular(target, text.encode("utf-8"))
        elif hasattr(target, "write"):
            writer: Any = target
            try:
                writer.write(text)
            except TypeError:  # a binary file
                writer.write(text.encode("utf-8"))
        else:
            raise TypeError(f"dump() needs a path or a file, not {type(target).__name__}")

    @classmethod
    def loads(cls, data: Union[str, bytes, bytearray, memoryview]) -> "Game":
        """A game from its saved text (str or UTF-8 bytes)."""
        if isinstance(data, str):
            raw = data.encode("utf-8", "surrogatepass")
        elif isinstance(data, (bytes, bytearray, memoryview)):
            raw = bytes(data)
        else:
            raise TypeError(f"loads() needs str or bytes, not {type(data).__name__}")
        message = ffi.new("char[]", 512)
        out = ffi.new("FarkleGame **")
        status = lib.farkle_game_load(raw, len(raw), message, len(message), out)
        if status:
            raise error_for(status, low.text(message) or low.last_error())
        return cls._wrap(out[0])

    @classmethod
    def load(cls, source: _PathOrFile) -> "Game":
        """A game from a path or an open file (text or binary). A path must name a regular
        file: what goes wrong opening it is Python's OSError subclass with errno and
        filename (FileNotFoundError, PermissionError, IsADirectoryError), and a FIFO, device
        or socket is refused at once, unread, as OSError with errno EINVAL."""
        if isinstance(source, (str, os.PathLike)):
            return cls.loads(read_regular(source, lib.FARKLE_SAVE_MAX_BYTES))
        if hasattr(source, "read"):
            return cls.loads(source.read(lib.FARKLE_SAVE_MAX_BYTES + 1))  # type: ignore[arg-type]
        raise TypeError(f"load() needs a path or a file, not {type(source).__name__}")

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (Game.loads, (self.dumps(),))

    def __repr__(self) -> str:
        if self.closed:
            return "<Game (closed)>"
        s = self.state
        return (f"<Game {s.phase.name.lower() if isinstance(s.phase, Phase) else s.phase}, "
                f"round {s.round}, player {s.current_player} to play, scores {self.scores}>")
