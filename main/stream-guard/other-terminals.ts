// The other terminals of this terminal's venues, as the relay last told (GET /v1/terminal/venue,
// each terminal's last poll, with the venues it serves), and the rule that keeps one terminal's broken stream from pausing the whole venue
// (docs/architecture.md#several-terminals-of-one-venue). While this terminal's stream is up it
// reads them every OTHER_TERMINALS_READ_MS; when the stream breaks it cannot reach the relay, so
// the last answer says who was still receiving at that moment. A terminal cut off alone then
// leaves the venue online: the other one takes its orders. The one shared fact every terminal can
// still read is the platform's venue status: an order it lacks that stays unanswered there for
// UNANSWERED_PAUSE_MS means nobody received it, and the venue is paused after all: by the first
// terminal (by relay id) of those that were receiving, by the others only a pause delay later and
// only if the venue is still online then, so it is paused once. Each venue of a terminal of several
// is judged on its own: the terminals serving it, its own missed orders.
import type { MissedOrder, OtherTerminal } from '../../shared/stream-guard';
import { OTHER_TERMINALS_READ_MS, UNANSWERED_PAUSE_MS } from '../../shared/stream-guard';
import type { TerminalsOfVenues } from '../relay-client/venue-terminals';
import { terminalsOfVenue } from '../relay-client/venue-terminals';

export type OtherTerminalsOptions = {
  /** The relay's answer (null: not connected to a relay). Throws when the relay cannot answer. */
  read(): Promise<TerminalsOfVenues | null>;
  intervalMs?: number;
  unansweredMs?: number;
};

type Known = TerminalsOfVenues & { readAt: number };

export type OtherTerminalsWatch = ReturnType<typeof createOtherTerminals>;

export type PauseVerdict =
  /** No other terminal was receiving: the delay alone decides, as for a single terminal. */
  | { kind: 'alone' }
  /** Another terminal receives: leave the venue online. */
  | { kind: 'defer' }
  /** Nobody answers at the platform: pause now (`follower`: only if still online, a delay later). */
  | { kind: 'pause'; follower: boolean; evidenceAt: number };

export const createOtherTerminals = (
  options: OtherTerminalsOptions & { now: () => number; changed: () => void },
) => {
  const intervalMs = options.intervalMs ?? OTHER_TERMINALS_READ_MS;
  const unansweredMs = options.unansweredMs ?? UNANSWERED_PAUSE_MS;
  let known: Known | null = null;
  let reading: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const readNow = (): Promise<void> => {
    if (reading) return reading;
    reading = options
      .read()
      .then((answer) => {
        const before = JSON.stringify(known?.others ?? null);
        known = answer === null ? null : { ...answer, readAt: options.now() };
        if (JSON.stringify(known?.others ?? null) !== before) options.changed();
      })
      // The relay's answer is only a hint kept from the last good read: a failed read keeps it.
      .catch(() => undefined)
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  return {
    /** Reads every interval while `streamUp()` says the stream is up. */
    start(streamUp: () => boolean): void {
      const tick = (): void => {
        if (closed) return;
        if (streamUp()) void readNow();
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      };
      tick();
    },
    readNow,
    /** Every other terminal of this terminal's venues, or those of one venue. */
    view(venueId?: string): { terminals: OtherTerminal[]; readAt: string } | null {
      if (!known) return null;
      const others = venueId === undefined ? known.others : terminalsOfVenue(known, venueId).others;
      return {
        terminals: others.map(({ name, receiving, lastSeenSeconds }) => ({
          name,
          receiving,
          lastSeenSeconds,
        })),
        readAt: new Date(known.readAt).toISOString(),
      };
    },
    /**
     * What the guard does for one venue once its pause delay is over for a stream down since
     * `downSince`, given the orders of that venue the platform lists that this terminal lacks.
     */
    verdict(venueId: string, downSince: string, missed: MissedOrder[]): PauseVerdict {
      const down = Date.parse(downSince);
      // Only an answer read just before the stream broke tells who was receiving then.
      if (!known || known.readAt < down - 3 * intervalMs) return { kind: 'alone' };
      const receiving = terminalsOfVenue(known, venueId).others.filter((t) => t.receiving);
      if (receiving.length === 0) return { kind: 'alone' };
      const at = options.now();
      const unanswered = missed
        .filter(
          (m) =>
            m.order === null &&
            m.platformStatus === 'CREATED' &&
            Date.parse(m.raisedAt) >= down &&
            at - Date.parse(m.raisedAt) >= unansweredMs,
        )
        .map((m) => Date.parse(m.raisedAt));
      if (unanswered.length === 0) return { kind: 'defer' };
      const first = [known.selfId ?? '', ...receiving.map((t) => t.id)].sort()[0];
      return {
        kind: 'pause',
        follower: first !== (known.selfId ?? ''),
        evidenceAt: Math.min(...unanswered) + unansweredMs,
      };
    },
    close(): void {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
};
