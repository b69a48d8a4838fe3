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
