// The order stream's part of the store: since when its links have been down as seen here, main's
// stream guard (the venue it paused, gaps to acknowledge), and the outage alarm's test.
import type { AppStatus } from '../../shared/domain';
import type { BridgeError } from '../../shared/ipc/contract';
import type { StreamGuardSettings, StreamGuardState } from '../../shared/stream-guard';
import { tryCall } from '../ui-kit/bridge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';
import type { LinksDown } from './stream-alarm';
import { linksDown, NO_LINK_DOWN } from './stream-alarm';

/** How long the test alarm sounds and shows. */
export const ALARM_TEST_MS = 5_000;

export type StreamSlice = {
  /** Since when the order stream and the platform have been down, as seen here. */
  linksDown: LinksDown;
  /** Main's stream guard: its view of the stream, the venue it paused, gaps to acknowledge. */
  stream: StreamGuardState | null;
  /** Staff asked to hear the outage alarm; it sounds until then. */
  alarmTestUntil: number | null;
  /** Changes a venue's pause settings (absent: the venue set up first's). */
  configureStream(settings: StreamGuardSettings, venueId?: string): Promise<BridgeError | null>;
  acknowledgeGap(gapId: string): Promise<BridgeError | null>;
  /** Staff saw an order that may not have reached this terminal. */
  acknowledgeMissed(missedId: string): Promise<BridgeError | null>;
  testAlarm(): void;
};

export type StreamParts = SliceParts<StreamSlice> & {
  /** Every way a status arrives (load, event, refresh) passes here: notes when a link went down. */
  statusChanged(status: AppStatus | null): void;
};

export const createStreamSlice = ({
  bridge,
  get,
  set,
  now,
}: SliceContext<StreamSlice>): StreamParts => ({
  initial: {
    linksDown: NO_LINK_DOWN,
    stream: null,
    alarmTestUntil: null,
    configureStream: (settings, venueId) =>
      tryCall(async () =>
        set({
          stream: await bridge['stream:configure'](
            venueId === undefined ? settings : { ...settings, venueId },
          ),
        }),
      ),
    acknowledgeGap: (gapId) =>
      tryCall(async () => set({ stream: await bridge['stream:acknowledgeGap']({ gapId }) })),
    acknowledgeMissed: (missedId) =>
      tryCall(async () => set({ stream: await bridge['stream:acknowledgeMissed']({ missedId }) })),
    testAlarm() {
      set({ alarmTestUntil: now() + ALARM_TEST_MS });
    },
  },
  listen: () => [bridge.on('stream:changed', (stream) => set({ stream }))],
  statusChanged(status) {
    const before = get().linksDown;
    const linksNow = linksDown(before, status, now());
    if (linksNow !== before) set({ linksDown: linksNow });
  },
});
