// The cues that ring until staff acknowledge them (shared/cues.ts), decided here from the
// orders main stores, so they ring with no window open and ring again in a window opened or
// reloaded later. Kept in the settings table: a restart mid-alarm does not silence one either.
// A cue rings on a change main saw happen (from what it stored before), so the same news again
// (a second "cancelled", a reconcile reading the pre-order in preparation) is no new cue, and an
// acknowledged cue is gone for good.
import { z } from 'zod';
import type { CueBefore } from '../../shared/cues';
import { CUE_KINDS, nextCues } from '../../shared/cues';
import type { Order } from '../../shared/domain';
import { isFinalStatus } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { AuditLog } from '../audit/audit-log';
import type { EventHub } from '../host/event-hub';
import type { Settings } from '../storage/settings';

const STATE_KEY = 'cues.state';
/** Cues no one acknowledged are kept at most this many (the oldest go first). */
const MAX_CUES = 200;

const storedSchema = z.object({
  cues: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(CUE_KINDS),
      orderId: z.string(),
      orderNumber: z.string(),
      since: z.string(),
    }),
  ),
});
type Stored = z.infer<typeof storedSchema>;

export type CuesSlice = {
  handlers: Pick<ServiceApi, 'cues:list' | 'cues:acknowledge'>;
  close(): void;
};

export const createCuesSlice = (deps: {
  settings: Settings;
  hub: EventHub;
  audit: AuditLog;
  now: () => Date;
  /** The open orders main stores now: what each was before its next change. */
  openOrders: () => Order[];
}): CuesSlice => {
  const { settings, hub, audit, now } = deps;
  const parsed = storedSchema.safeParse(settings.get(STATE_KEY));
  let state: Stored = parsed.success ? parsed.data : { cues: [] };
  const seen = new Map<string, CueBefore>(
    deps.openOrders().map((o) => [o.id, { status: o.status, platformStatus: o.platformStatus }]),
  );
  const save = (next: Stored): void => {
    state = next;
    settings.set(STATE_KEY, next);
    hub.emit('cues:changed', { cues: next.cues });
  };

  const unsubscribe = hub.on('orders:changed', ({ orders }) => {
    const cues = nextCues(state.cues, orders, (id) => seen.get(id), now().toISOString());
    for (const order of orders)
      if (isFinalStatus(order.status)) seen.delete(order.id);
      else seen.set(order.id, { status: order.status, platformStatus: order.platformStatus });
    if (cues !== state.cues) save({ cues: cues.slice(-MAX_CUES) });
  });

  return {
    handlers: {
      'cues:list': async () => state.cues,
      'cues:acknowledge': async ({ cueId }) => {
        const cue = state.cues.find((c) => c.id === cueId);
        // Acknowledged already (in another window, a double tap): nothing to do, no error.
        if (!cue) return state.cues;
        save({ cues: state.cues.filter((c) => c.id !== cueId) });
        audit.record({ action: 'cue/acknowledge', subject: cue.orderId, outcome: cue.kind });
        return state.cues;
      },
    },
    close: unsubscribe,
  };
};
