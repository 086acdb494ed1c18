// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

/**
 * One Error subclass per FarkleStatus, all under FarkleError, as the Python package has them.
 *
 * Each carries the library's explanation (farkle_last_error_message(), or for a game
 * farkle_game_last_error()) as its message, and the status as `status` (its name, such as
 * "NOTHING_TO_BANK") and `statusCode` (its number). Actions the rules forbid now derive from
 * IllegalActionError. A status this package has no class for (a library newer than the
 * package) gets FarkleError itself, with its number.
 */

import { enums } from "./generated/abi.js";

/** The name of a FarkleStatus ("OK", "NOTHING_TO_BANK", ...). */
export type StatusName = keyof typeof enums.FarkleStatus;

const STATUS_NAMES = new Map<number, StatusName>(
  Object.entries(enums.FarkleStatus).map(([name, value]) => [value, name as StatusName]),
);

/**
 * The library's statuses by name, as numbers (FarkleError.statusCode):
 * `e.statusCode === Status.NOTHING_TO_BANK`. FarkleError.status holds the name itself.
 */
export const Status: Readonly<Record<StatusName, number>> = Object.freeze({ ...enums.FarkleStatus });

/** Base of every error the library reports. */
export class FarkleError extends Error {
  /** The status this class stands for (undefined on FarkleError itself). */
  static readonly statusName: StatusName | undefined = undefined;
  /** The status's name ("INVALID_RULES", ...), or undefined for a number the package does not know. */
  readonly status: StatusName | undefined;
  /** The status's number. */
  readonly statusCode: number;

  constructor(message: string, options?: { cause?: unknown; statusCode?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    const own = (new.target as typeof FarkleError).statusName;
    const code = options?.statusCode ?? (own === undefined ? -1 : enums.FarkleStatus[own]);
    this.statusCode = code;
    this.status = STATUS_NAMES.get(code);
    this.name = new.target.name;
  }
}

/** A game action the rules do not allow now; the game is unchanged. */
export class IllegalActionError extends FarkleError {}

/** An internal error of the library; nothing was changed. Please report it. */
export class PanicError extends FarkleError {
  static override readonly statusName: StatusName = "PANIC";
}
/** A required pointer was NULL (this package never passes one). */
export class NullPointerError extends FarkleError {
  static override readonly statusName: StatusName = "NULL_POINTER";
}
/** An argument is out of its documented range. */
export class InvalidArgumentError extends FarkleError {
  static override readonly statusName: StatusName = "INVALID_ARGUMENT";
}
/** A die value is outside 1 to 6. */
export class InvalidFaceError extends FarkleError {
  static override readonly statusName: StatusName = "INVALID_FACE";
}
/** More dice than the rules' set holds. */
export class TooManyDiceError extends FarkleError {
  static override readonly statusName: StatusName = "TOO_MANY_DICE";
}
/** No rules preset has this name or number. */
export class UnknownPresetError extends FarkleError {
  static override readonly statusName: StatusName = "UNKNOWN_PRESET";
}
/** The rules value makes no sense; the message says why. */
export class InvalidRulesError extends FarkleError {
  static override readonly statusName: StatusName = "INVALID_RULES";
}
/** An output buffer was too small (this package sizes them; never expected). */
export class BufferTooSmallError extends FarkleError {
  static override readonly statusName: StatusName = "BUFFER_TOO_SMALL";
}
/** The game is not in a phase that allows this action. */
export class WrongPhaseError extends IllegalActionError {
  static override readonly statusName: StatusName = "WRONG_PHASE";
}
/** A die index is not an index into the current roll, or an index is past a list's end. */
export class IndexOutOfRangeError extends FarkleError {
  static override readonly statusName: StatusName = "INDEX_OUT_OF_RANGE";
}
/** The same die index was given twice. */
export class DuplicateIndexError extends FarkleError {
  static override readonly statusName: StatusName = "DUPLICATE_INDEX";
}
/** The selected dice do not score as a whole (the message names those left over). */
export class InvalidSelectionError extends IllegalActionError {
  static override readonly statusName: StatusName = "INVALID_SELECTION";
}
/** The player is not on the board and the turn is below the minimum entry score. */
export class BelowMinimumEntryError extends IllegalActionError {
  static override readonly statusName: StatusName = "BELOW_MINIMUM_ENTRY";
}
/** The turn is below the minimum bank score. */
export class BelowMinimumBankError extends IllegalActionError {
  static override readonly statusName: StatusName = "BELOW_MINIMUM_BANK";
}
/** The game is over: no more actions. */
export class GameOverError extends IllegalActionError {
  static override readonly statusName: StatusName = "GAME_OVER";
}
/** No player has this number. */
export class UnknownPlayerError extends FarkleError {
  static override readonly statusName: StatusName = "UNKNOWN_PLAYER";
}
/** The saved-game text is malformed, truncated, changed or breaks the format. */
export class InvalidSaveError extends FarkleError {
  static override readonly statusName: StatusName = "INVALID_SAVE";
}
/** The saved game is of a format version this library does not read. */
export class UnsupportedSaveVersionError extends FarkleError {
  static override readonly statusName: StatusName = "UNSUPPORTED_SAVE_VERSION";
}
/** No die of the current roll has scored yet. */
export class NothingToBankError extends IllegalActionError {
  static override readonly statusName: StatusName = "NOTHING_TO_BANK";
}
/** No selection since the last roll to take back. */
export class NothingToUndoError extends IllegalActionError {
  static override readonly statusName: StatusName = "NOTHING_TO_UNDO";
}
/** Every die has scored and the rules have no hot dice: bank (or undo). */
export class HandEmptyError extends IllegalActionError {
  static override readonly statusName: StatusName = "HAND_EMPTY";
}
/** The game has no dice generator: roll with supplied dice. */
export class NoDiceGeneratorError extends IllegalActionError {
  static override readonly statusName: StatusName = "NO_DICE_GENERATOR";
}
/** The number of supplied dice differs from the dice in hand. */
export class WrongDiceCountError extends FarkleError {
  static override readonly statusName: StatusName = "WRONG_DICE_COUNT";
}
/** The host's secure random generator failed; nothing changed. */
export class EntropyUnavailableError extends FarkleError {
  static override readonly statusName: StatusName = "ENTROPY_UNAVAILABLE";
}
/** The player has already left the game. */
export class PlayerDepartedError extends IllegalActionError {
  static override readonly statusName: StatusName = "PLAYER_DEPARTED";
}
/** A turn can be forfeited only when the player can neither roll nor bank. */
export class ForfeitNotAllowedError extends IllegalActionError {
  static override readonly statusName: StatusName = "FORFEIT_NOT_ALLOWED";
}
/** The current turn has no roll yet. */
export class NoRollError extends IllegalActionError {
  static override readonly statusName: StatusName = "NO_ROLL";
}
/** No hand of the dice-hands system has this number. */
export class UnknownHandError extends FarkleError {
  static override readonly statusName: StatusName = "UNKNOWN_HAND";
}
/** A hand level is above its cap (or would be after the upgrade). */
export class HandLevelAboveCapError extends FarkleError {
  static override readonly statusName: StatusName = "HAND_LEVEL_ABOVE_CAP";
}
/** The strategy solvers do not handle these (valid) rules. */
export class UnsupportedError extends FarkleError {
  static override readonly statusName: StatusName = "UNSUPPORTED";
}
/** A saved strategy table is malformed, corrupted, of another version, or does not follow from its rules. */
export class BadTableFileError extends FarkleError {
  static override readonly statusName: StatusName = "BAD_TABLE_FILE";
}
/** Reading or writing a file failed (the WebAssembly build has no files). */
export class IoError extends FarkleError {
  static override readonly statusName: StatusName = "IO";
}
/** The call would need more memory or work than the library allows; the message names the quantity and the limit. */
export class ResourceLimitError extends FarkleError {
  static override readonly statusName: StatusName = "RESOURCE_LIMIT";
}
/** A progress callback returned false, or the call's AbortSignal was aborted; nothing changed. */
export class CancelledError extends FarkleError {
  static override readonly statusName: StatusName = "CANCELLED";
}
/**
 * A long call whose AbortSignal was aborted (its `cause` is the signal's reason); named
 * "AbortError" as the platform's aborted calls are, and a CancelledError like every other
 * cancellation.
 */
export class AbortError extends CancelledError {}
/** The rules' exact target refuses a bank that would pass it: roll on. */
export class BankNotAllowedError extends IllegalActionError {
  static override readonly statusName: StatusName = "BANK_NOT_ALLOWED";
}

/** The error class of every status but OK, by status name. */
export const ERROR_CLASSES: Readonly<Record<Exclude<StatusName, "OK">, typeof FarkleError>> =
  Object.freeze({
    PANIC: PanicError,
    NULL_POINTER: NullPointerError,
    INVALID_ARGUMENT: InvalidArgumentError,
    INVALID_FACE: InvalidFaceError,
    TOO_MANY_DICE: TooManyDiceError,
    UNKNOWN_PRESET: UnknownPresetError,
    INVALID_RULES: InvalidRulesError,
    BUFFER_TOO_SMALL: BufferTooSmallError,
    WRONG_PHASE: WrongPhaseError,
    INDEX_OUT_OF_RANGE: IndexOutOfRangeError,
    DUPLICATE_INDEX: DuplicateIndexError,
    INVALID_SELECTION: InvalidSelectionError,
    BELOW_MINIMUM_ENTRY: BelowMinimumEntryError,
    BELOW_MINIMUM_BANK: BelowMinimumBankError,
    GAME_OVER: GameOverError,
    UNKNOWN_PLAYER: UnknownPlayerError,
    INVALID_SAVE: InvalidSaveError,
    UNSUPPORTED_SAVE_VERSION: UnsupportedSaveVersionError,
    NOTHING_TO_BANK: NothingToBankError,
    NOTHING_TO_UNDO: NothingToUndoError,
    HAND_EMPTY: HandEmptyError,
    NO_DICE_GENERATOR: NoDiceGeneratorError,
    WRONG_DICE_COUNT: WrongDiceCountError,
    ENTROPY_UNAVAILABLE: EntropyUnavailableError,
    PLAYER_DEPARTED: PlayerDepartedError,
    FORFEIT_NOT_ALLOWED: ForfeitNotAllowedError,
    NO_ROLL: NoRollError,
    UNKNOWN_HAND: UnknownHandError,
    HAND_LEVEL_ABOVE_CAP: HandLevelAboveCapError,
    UNSUPPORTED: UnsupportedError,
    BAD_TABLE_FILE: BadTableFileError,
    IO: IoError,
    RESOURCE_LIMIT: ResourceLimitError,
    CANCELLED: CancelledError,
    BANK_NOT_ALLOWED: BankNotAllowedError,
  });

/** The error class of a status (its name or number); FarkleError for one without a class. */
export function errorClass(status: StatusName | number): typeof FarkleError {
  const name = typeof status === "number" ? STATUS_NAMES.get(status) : status;
  if (name === undefined || name === "OK") return FarkleError;
  return ERROR_CLASSES[name] ?? FarkleError;
}

/** An error for `status` with `message` (the library's explanation). */
export function errorFor(status: number, message: string): FarkleError {
  const cls = errorClass(status);
  return new cls(message || `status ${status}`, { statusCode: status });
}
