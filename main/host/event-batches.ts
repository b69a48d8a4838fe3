// The core's events on their way to the window, gathered into batches (EventBatch in the
// contract says why). Both transports use this: Electron's IPC and the web host's event stream.
import type { EventBatch, EventName, ServiceEvents } from '../../shared/ipc/contract';
import { EVENT_BATCH_MS, EVENT_NAMES } from '../../shared/ipc/contract';
import type { ServiceHost } from './dispatch';

/**
 * Sends every service event in batches: the first event opens a window of `windowMs`, and
 * everything told until it closes goes in one `send`, in the order told. Returns a stop that
 * unsubscribes and drops what is still gathered (the receiver reads the lists afresh when it
 * connects again).
 */
export const forwardEventBatches = (
  core: Pick<ServiceHost, 'on'>,
  send: (batch: EventBatch) => void,
  windowMs = EVENT_BATCH_MS,
): (() => void) => {
  let gathered: EventBatch | null = null;
  let timer: NodeJS.Timeout | null = null;
  const flush = (): void => {
    const batch = gathered;
    gathered = null;
    timer = null;
    if (batch) send(batch);
  };
  const add = <E extends EventName>(name: E, payload: ServiceEvents[E]): void => {
    if (!gathered) {
      gathered = [];
      timer = setTimeout(flush, windowMs);
    }
    gathered.push([name, payload] as EventBatch[number]);
  };
  const unsubscribers = EVENT_NAMES.map((name) => core.on(name, (payload) => add(name, payload)));
  return () => {
    unsubscribers.forEach((unsubscribe) => unsubscribe());
    if (timer) clearTimeout(timer);
    gathered = null;
    timer = null;
  };
};
