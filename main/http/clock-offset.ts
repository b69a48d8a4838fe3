// The POS box's clock may be wrong; the platform's is the one pickup times and token lifetimes
// are written in. Every answer's Date header says the platform's time to the second: the offset
// is that time against the middle of the request as this machine's clock saw it.

/** The platform's clock minus this machine's, in ms; null when the header says nothing usable. */
export const clockOffsetFrom = (
  dateHeader: string | null,
  sentAt: number,
  receivedAt: number,
): number | null => {
  if (!dateHeader) return null;
  const server = Date.parse(dateHeader);
  if (!Number.isFinite(server) || receivedAt < sentAt) return null;
  // The header drops the milliseconds: the platform's time lies within that second.
  return Math.round(server + 500 - (sentAt + receivedAt) / 2);
};

/**
 * The offset to report, given the one reported so far and a new observation. A Date header has
 * whole seconds, so answers a moment apart give offsets up to a second apart while neither clock
 * moved: only a move of a second or more is the clock's. Reporting every observation put a new
 * offset in every status, and the board, which counts in the platform's time, worked out every
 * card's clock again on each action (a status follows every action).
 */
export const reportedClockOffset = (reported: number | null, observed: number): number =>
  reported === null || Math.abs(observed - reported) >= 1000 ? observed : reported;
