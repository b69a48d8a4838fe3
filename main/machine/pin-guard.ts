// The staff PIN's guard against guessing, on the machine slice's own table (migration 011).
// A try is reserved (counted as wrong, in the database) before its hash is computed and cleared
// only when the PIN proves right: parallel guesses cannot all pass a check made before the hash,
// a crash mid-check counts the try, and a restart keeps the count and the lockout.
import type { Database } from '../storage/database';

/** Wrong PINs in a row before the PIN is refused for a while: 4-digit PINs are guessable. */
export const MAX_WRONG_PINS = 5;
/** The first lockout; each further wrong try after it doubles the wait, up to the ceiling. */
export const LOCKOUT_MS = 60_000;
export const LOCKOUT_CEILING_MS = 30 * 60_000;

export type PinGuard = {
  /**
   * Reserves one try at `nowMs`: null when the try may be checked, else how long the PIN stays
   * locked. A reserved try counts as wrong until `right()` is called.
   */
  reserve(nowMs: number): { lockedForMs: number } | null;
  /** The reserved try was the right PIN: the run of wrong tries and any lockout end. */
  right(): void;
};

/** How long the PIN locks after the `wrongTries`-th wrong try in a row (0: not locked). */
export const lockoutAfter = (wrongTries: number): number =>
  wrongTries < MAX_WRONG_PINS
    ? 0
    : Math.min(LOCKOUT_CEILING_MS, LOCKOUT_MS * 2 ** (wrongTries - MAX_WRONG_PINS));

export const createPinGuard = (db: Database): PinGuard => {
  const select = db.prepare<[], { wrong_tries: number; locked_until_ms: number }>(
    'SELECT wrong_tries, locked_until_ms FROM machine_pin_guard WHERE id = 1',
  );
  const update = db.prepare(
    'UPDATE machine_pin_guard SET wrong_tries = ?, locked_until_ms = ? WHERE id = 1',
  );
  const reserve = db.transaction((nowMs: number): { lockedForMs: number } | null => {
    const row = select.get() ?? { wrong_tries: 0, locked_until_ms: 0 };
    if (nowMs < row.locked_until_ms) return { lockedForMs: row.locked_until_ms - nowMs };
    const wrongTries = row.wrong_tries + 1;
    const lockout = lockoutAfter(wrongTries);
    update.run(wrongTries, lockout > 0 ? nowMs + lockout : row.locked_until_ms);
    return null;
  });
  return {
    // IMMEDIATE: two processes on one database (the app and a second start) serialise here too.
    reserve: (nowMs) => reserve.immediate(nowMs),
    right: () => {
      update.run(0, 0);
    },
  };
};
