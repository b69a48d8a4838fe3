// What staff did and what went wrong: the outbox of actions (retry, discard), the log's recent
// problems and the diagnostics bundle.
import type { LogEntry, OutboxEntry } from '../../shared/domain';
import { RECENT_DONE_ACTIONS } from '../../shared/domain';
import type { BridgeError } from '../../shared/ipc/contract';
import type { Result } from '../ui-kit/bridge';
import { tryCall, tryRead } from '../ui-kit/bridge';
import { mergeById } from '../ui-kit/merge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';

export type DiagnosticsSlice = {
  outbox: OutboxEntry[];
  retry(actionId: string): Promise<BridgeError | null>;
  discard(actionId: string): Promise<BridgeError | null>;
  /** Writes the diagnostics bundle; the button that asked shows a refusal. */
  exportDiagnostics(): Promise<Result<{ file: string; bytes: number }>>;
  /** The newest warnings and errors of the terminal's log (read on demand, not kept). */
  recentProblems(limit: number): Promise<Result<LogEntry[]>>;
};

/** What the slice needs of the others: a retried or discarded action changes orders. */
export type DiagnosticsPorts = { reloadOrders(): Promise<void> };

/**
 * The activity list as main lists it: every action not done, and the newest RECENT_DONE_ACTIONS
 * done ones (by when staff made them), in the order they came.
 */
export const recentActions = (entries: OutboxEntry[]): OutboxEntry[] => {
  const done = entries.filter((entry) => entry.state === 'done');
  if (done.length <= RECENT_DONE_ACTIONS) return entries;
  // A stable sort: actions made in the same millisecond keep their order in the list.
  const kept = new Set(
    [...done]
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      .slice(0, RECENT_DONE_ACTIONS),
  );
  return entries.filter((entry) => entry.state !== 'done' || kept.has(entry));
};

export const createDiagnosticsSlice = (
  { bridge, set }: SliceContext<DiagnosticsSlice>,
  ports: DiagnosticsPorts,
): SliceParts<DiagnosticsSlice> => ({
  initial: {
    outbox: [],
    async retry(actionId) {
      const failure = await tryCall(() => bridge['outbox:retry']({ actionId }));
      // A failed reload is not the action's failure: the status bar says the platform is down.
      await ports.reloadOrders().catch(() => undefined);
      return failure;
    },
    async discard(actionId) {
      const failure = await tryCall(() => bridge['outbox:discard']({ actionId }));
      await ports.reloadOrders().catch(() => undefined);
      return failure;
    },
    exportDiagnostics: () => tryRead(() => bridge['diagnostics:export']({})),
    recentProblems: (limit) => tryRead(() => bridge['log:recent']({ limit, minLevel: 'warn' })),
  },
  listen: () => [
    bridge.on('outbox:changed', ({ entries }) =>
      set((s) => ({ outbox: recentActions(mergeById(s.outbox, entries)) })),
    ),
  ],
});
