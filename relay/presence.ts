// Each terminal's presence at the relay: when it was last heard from (any call of its key) and its
// last health report (shared/terminal-health.ts). Behind a load balancer a terminal's polls and
// reports may reach any instance, so both live in the store (terminal_presence) and every view
// reads them there. A terminal polls every few seconds: this instance notes it at most every
// `noteMs`, and the terminals heard within one short window go to the store in one statement
// (thousands of terminals re-polling at once cost one write, not one each).
import { reportTrouble } from './fleet-venue';
import type { EventStore, TerminalPresenceRow } from './store/event-store';
import type { SlotView } from './terminal-records';

export type PresenceOptions = {
  now: () => number;
  /** How often at most this instance notes one terminal as seen (default 15 s). */
  noteMs?: number;
};

export const PRESENCE_NOTE_MS = 15_000;
/** Terminals heard within this window go to the store in one statement. */
const NOTE_WINDOW_MS = 250;

export type PresenceStore = Pick<
  EventStore,
  'noteTerminalsSeen' | 'noteTerminalReport' | 'noteTerminalTrouble' | 'terminalPresence'
>;

export type Presence = ReturnType<typeof createPresence>;

export function createPresence(
  options: PresenceOptions,
  store: PresenceStore,
  failed: (message: string) => void = () => undefined,
  /**
   * When this instance last noted each terminal: in its record (terminal-records.ts), which goes
   * with the terminal or at the records' cap (a terminal then is simply noted again).
   */
  notedAt: SlotView<number> = new Map(),
) {
  const noteMs = options.noteMs ?? PRESENCE_NOTE_MS;
  /** Terminals heard since the last write, each with its latest time. */
  const pending = new Map<string, number>();
  let flushing: NodeJS.Timeout | null = null;
  /**
   * The writes under way, one after another: a flush waits for the one its window's timer
   * started too, or a view read right after a call could miss the call.
   */
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (flushing) clearTimeout(flushing);
    flushing = null;
    if (pending.size === 0) return writing;
    const seen = [...pending].map(([terminalId, at]) => ({ terminalId, at }));
    pending.clear();
    writing = writing.then(() =>
      store.noteTerminalsSeen(seen).catch((error: unknown) => {
        for (const { terminalId } of seen) notedAt.delete(terminalId);
        failed(`noting terminals failed: ${(error as Error).message}`);
      }),
    );
    return writing;
  };

  return {
    /** The terminal's key made a call now. */
    seen(terminalId: string): void {
      const at = options.now();
      const last = notedAt.get(terminalId);
      if (last !== undefined && at - last < noteMs) return;
      notedAt.set(terminalId, at);
      pending.set(terminalId, Math.max(pending.get(terminalId) ?? at, at));
      if (flushing === null) {
        flushing = setTimeout(() => void flush(), NOTE_WINDOW_MS);
        flushing.unref();
      }
    },
    /** A checked health report (its canonical JSON), committed before the caller answers. */
    async reported(terminalId: string, report: string): Promise<void> {
      const at = options.now();
      notedAt.set(terminalId, at);
      pending.delete(terminalId);
      await store.noteTerminalReport(terminalId, report, at);
      await store.noteTerminalTrouble(terminalId, JSON.stringify(reportTrouble(report, at)), at);
    },
    /** What every instance left in the store. */
    list(terminalIds: string[] | null = null): Promise<TerminalPresenceRow[]> {
      return store.terminalPresence(terminalIds);
    },
    /** Writes the terminals still waiting for their window (before the store closes). */
    flush,
  };
}
