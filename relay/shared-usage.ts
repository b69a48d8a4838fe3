// Rate and open-poll limits across relay instances on a shared store. Each instance decides
// locally (no round trip per poll) and, every usageSyncMs, reports the keys whose counts changed
// and learns what the other live instances let through: their new polls are charged to the local
// token bucket, their open polls count against the open-poll cap. A key can exceed its limits by
// what the instances let through within one sync interval, no more.
import type { EventStore } from './store/event-store';
import type { createRateLimiter } from './rate-limit';
import type { Elsewhere, SlotView } from './terminal-records';

export function createSharedUsage(
  store: EventStore,
  limiter: ReturnType<typeof createRateLimiter>,
  openHere: (terminalId: string) => number,
  log: (kind: string, message: string) => void,
  /** Each terminal's polls let through here, and (terminal → instance) what the others reported: in its record. */
  kept: { taken: SlotView<number>; others: SlotView<Elsewhere> } = {
    taken: new Map(),
    others: new Map(),
  },
) {
  const instanceId = crypto.randomUUID();
  const { taken, others } = kept;
  const dirty = new Set<string>();
  let syncing = false;
  // The first exchange only learns where every other instance stands: totals from before this
  // instance started are not charged to anyone.
  let baseline = true;
  /** The other instances live at the last exchange. */
  let wasLive = new Set<string>();

  return {
    took(terminalId: string): void {
      if (!store.shareUsage) return;
      taken.set(terminalId, (taken.get(terminalId) ?? 0) + 1);
      dirty.add(terminalId);
    },
    changed(terminalId: string): void {
      if (store.shareUsage) dirty.add(terminalId);
    },
    openElsewhere(terminalId: string): number {
      let open = 0;
      for (const state of others.get(terminalId)?.values() ?? []) open += state.open;
      return open;
    },
    sync: (): void => {
      if (!store.shareUsage || syncing) return;
      syncing = true;
      const changes = [...dirty].map((terminalId) => ({
        terminalId,
        polls: taken.get(terminalId) ?? 0,
        open: openHere(terminalId),
      }));
      dirty.clear();
      store
        .shareUsage(instanceId, changes)
        .then(({ others: rows, live }) => {
          const alive = new Set(live);
          // Only once an instance has gone: a walk over every terminal's record on each sync
          // (5 a second) held this instance's event loop for milliseconds at 20,000 terminals.
          // What others report comes only from live instances, so none other can be kept.
          if ([...wasLive].some((instance) => !alive.has(instance))) {
            for (const [terminalId, byInstance] of others.entries()) {
              for (const instance of byInstance.keys()) {
                if (!alive.has(instance)) byInstance.delete(instance);
              }
              if (byInstance.size === 0) others.delete(terminalId);
            }
          }
          wasLive = alive;
          for (const row of rows) {
            let byInstance = others.get(row.terminalId);
            if (!byInstance) others.set(row.terminalId, (byInstance = new Map()));
            const before = byInstance.get(row.instanceId);
            if (!baseline) limiter.debit(row.terminalId, row.polls - (before?.polls ?? 0));
            byInstance.set(row.instanceId, { polls: row.polls, open: row.open });
          }
          baseline = false;
        })
        .catch((error: unknown) => {
          for (const change of changes) dirty.add(change.terminalId);
          log('usage', `sharing poll counts failed: ${(error as Error).message}`);
        })
        .finally(() => {
          syncing = false;
        });
    },
  };
}
