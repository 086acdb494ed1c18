# SPDX-License-Identifier: GPL-3.0-only
# Copyright (C) 2026 The farkle authors
"""A user's script, written as a user with a strict type checker writes it: every public
name of the package, used with the types its hints promise. test_typing.py runs
`mypy --strict` over it (and checks that it names everything farkle exports), and runs it."""

from __future__ import annotations

from fractions import Fraction
from typing import List, Optional, Tuple

import farkle
from farkle import (
    MAX_CARD_POINTS,
    MAX_DICE,
    MAX_PLAYERS,
    Action,
    Advice,
    AdviceChoice,
    BotKind,
    Card,
    CardFamily,
    CardKeep,
    CardSituation,
    CardValue,
    Choice,
    CoachNote,
    Combination,
    CombinationKind,
    Decision,
    DiceSource,
    Event,
    EventKind,
    ExactTarget,
    FarkleError,
    Game,
    GamePosition,
    GameState,
    Hand,
    HandBonuses,
    HandKind,
    HandLevels,
    HandsResult,
    IllegalActionError,
    InvalidReason,
    KindScaling,
    MoverDecision,
    Odds,
    PenaltyPolicy,
    Phase,
    Player,
    PlayerPosition,
    PlayerState,
    PointCalculation,
    Preset,
    Progress,
    ProgressCallback,
    RollAnalysis,
    Rules,
    Score,
    Scorer,
    Selection,
    SimulationResult,
    Status,
    TurnPolicy,
    TurnRoll,
    TurnState,
    ValueKind,
    WinTable,
    error_class,
    ERROR_CLASSES,
    hand_base_mult,
    hand_name,
    hand_upgrade_cost,
    penalty_average_points,
    point_calculation,
    preset_names,
    score_hands,
    simulate,
    status_message,
)
from farkle import (
    BadTableFileError,
    BankNotAllowedError,
    BelowMinimumBankError,
    BelowMinimumEntryError,
    BufferTooSmallError,
    CancelledError,
    DuplicateIndexError,
    EntropyUnavailableError,
    ForfeitNotAllowedError,
    GameOverError,
    HandEmptyError,
    HandLevelAboveCapError,
    IndexOutOfRangeError,
    InvalidArgumentError,
    InvalidFaceError,
    InvalidRulesError,
    InvalidSaveError,
    InvalidSelectionError,
    IoError,
    NoDiceGeneratorError,
    NoRollError,
    NothingToBankError,
    NothingToUndoError,
    NullPointerError,
    PanicError,
    PlayerDepartedError,
    ResourceLimitError,
    TooManyDiceError,
    UnknownHandError,
    UnknownPlayerError,
    UnknownPresetError,
    UnsupportedError,
    UnsupportedSaveVersionError,
    WrongDiceCountError,
    WrongPhaseError,
)

STATUS_ERRORS: Tuple[type, ...] = (
    BadTableFileError, BankNotAllowedError, BelowMinimumBankError, BelowMinimumEntryError,
    BufferTooSmallError, CancelledError, DuplicateIndexError, EntropyUnavailableError,
    ForfeitNotAllowedError, GameOverError, HandEmptyError, HandLevelAboveCapError,
    IndexOutOfRangeError, InvalidArgumentError, InvalidFaceError, InvalidRulesError,
    InvalidSaveError, InvalidSelectionError, IoError, NoDiceGeneratorError, NoRollError,
    NothingToBankError, NothingToUndoError, NullPointerError, PanicError, PlayerDepartedError,
    ResourceLimitError, TooManyDiceError, UnknownHandError, UnknownPlayerError,
    UnknownPresetError, UnsupportedError, UnsupportedSaveVersionError, WrongDiceCountError,
    WrongPhaseError,
)


def scoring(rules: Rules) -> int:
    score: Score = rules.score([1, 1, 1, 5])
    combos: Tuple[Combination, ...] = score.combinations
    kinds: List[CombinationKind] = [c.kind for c in combos]
    reason: InvalidReason = score.reason
    analysis: RollAnalysis = rules.analyze([1, 2, 3, 4, 6, 6])
    best: List[Selection] = rules.selections([1, 5, 2, 3, 4, 6])
    odds: Odds = rules.odds(6)
    farkle_chance: Fraction = odds.farkle
    calculation: PointCalculation = point_calculation([1, 0, 0, 0, 1, 0], [1, 0, 0, 0, 0, 0], False)
    with rules.scorer() as scorer:
        prepared: Scorer = scorer
        points: int = prepared.points([5])
    assert reason == InvalidReason.NONE and kinds and analysis.max_points > 0 and best
    assert farkle_chance > 0 and calculation.points == 100
    return score.points + points


def playing() -> str:
    rules = Rules(Preset.CLASSIC, min_entry_score=0, exact_target=ExactTarget.OFF,
                  kind_scaling=KindScaling.MULTIPLY)
    with Game(rules, ["Ann", None], dice_source=DiceSource.SUPPLIED) as game:
        roll: Optional[TurnRoll] = game.roll([1, 1, 1, 2, 3, 4])
        state: GameState = game.state
        assert roll is not None and state.phase == Phase.AWAITING_SELECTION
        advice: Advice = game.advise()
        choice: AdviceChoice = advice.recommended
        assert choice.action == Action.SELECT and advice.value_kind == ValueKind.EXPECTED_POINTS
        game.select(list(choice.indices))
        game.bank()
        first: Event = game.events[0]
        ann: PlayerState = game.player(0)
        assert first.kind == EventKind.TURN_STARTED and ann.score == 1000
        try:
            game.undo()
        except IllegalActionError as refused:
            assert refused.status == Status.NOTHING_TO_UNDO
        return game.dumps()


def positions() -> GamePosition:
    position = GamePosition([PlayerPosition(9500), 9000], player_to_move=1, round=12)
    with Game("classic", seed=7, position=position) as game:
        game.bot_play_turn(BotKind.THRESHOLD)
        return game.start_position


def strategy(progress: Progress) -> float:
    tiny = Rules("minimal", dice_count=3, target_score=500)
    with TurnPolicy(tiny, progress=progress) as policy:
        best: Choice = policy.best_choice([1, 5, 2])
        expected: float = policy.expected_points
    with WinTable.solve(tiny, progress=progress) as table:
        me, opponent = Player(100), Player(300)
        decision: Decision = table.decision(TurnState(me, opponent, 50, 2))
        p: float = table.win_probability(TurnState(me, opponent, 0, 3))
        result: SimulationResult = simulate(tiny, [BotKind.THRESHOLD, "win_optimal"], 20,
                                            table=table)
    extended = Rules("extended")
    with PenaltyPolicy(extended) as long_run:
        threshold: Optional[int] = long_run.bank_threshold(0, 6)
    average: float = penalty_average_points(extended)
    assert best.points == 150 and 0 <= p <= 1 and decision.roll_win_probability >= 0
    assert result.games == 20 and threshold is not None and average > 500
    return expected


def hands() -> int:
    levels = HandLevels()
    result: HandsResult = score_hands([1, 1, 1, 2, 2], levels, HandBonuses())
    first: Hand = result.hands[0]
    kind: HandKind = first.kind
    cost: int = hand_upgrade_cost(levels, kind)
    base, mult = hand_base_mult(kind, 1)
    return result.total + cost + base + mult + len(hand_name(kind))


def errors() -> str:
    try:
        Rules("classic", dice_count=13)
    except InvalidRulesError as e:
        assert isinstance(e, FarkleError) and e.status == Status.INVALID_RULES
    cls: type = error_class(int(Status.GAME_OVER))
    assert cls is GameOverError and len(ERROR_CLASSES) == len(STATUS_ERRORS)
    return status_message(Status.INVALID_FACE)


def cards() -> float:
    one = Rules("minimal", dice_count=1, target_score=100, min_entry_score=0)
    card = Card.total(50, CardKeep.ALL)
    rows: List[List[Optional[int]]] = [[None], [50], [100], [0]]
    other: Card = Card.situational(rows, band=50, endgame=MAX_CARD_POINTS, keep="all")
    assert other.family == CardFamily.SITUATIONAL and other.threshold(1, CardSituation.BEHIND) is None
    with WinTable.solve(one) as table:
        value: CardValue = card.evaluate(table)
        best, _ = Card.best(table, CardFamily.PER_DICE)
        game = Game(one, 2, seed=1)
        note: CoachNote = game.coach(best, table)
        game.card_play_turn(card)
    return value.price + note.cost


def main() -> None:
    calls: List[float] = []

    def note(fraction: float) -> bool:
        calls.append(fraction)
        return True

    callback: ProgressCallback = note
    total = scoring(Rules("classic")) + hands()
    save = playing()
    start = positions()
    expected = strategy(callback)
    message = errors()
    price = cards()
    assert MAX_DICE == 12 and MAX_PLAYERS == 64 and "classic" in preset_names()
    assert farkle.__version__ and save and start.round == 12 and calls and calls[-1] == 1.0
    print(total, round(expected, 3), message, round(price, 3))


if __name__ == "__main__":
    main()
