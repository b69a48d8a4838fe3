// The venue's part of the store: each venue's online or paused state and opening times, as the
// platform said, with what staff asked for and the platform has not confirmed yet.
import type { OpeningTime, VenueState } from '../../shared/domain';
import type { BridgeError } from '../../shared/ipc/contract';
import { tryCall } from '../ui-kit/bridge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';

export type VenueSlice = {
  /** The venue set up first (a terminal of one venue shows only it). */
  venue: VenueState | null;
  /** Every venue of the terminal whose status was read, the one set up first first. */
  venues: VenueState[];
  /** Switches one venue (the one set up first when none is named). */
  setOnline(online: boolean, until: string | null, venueId?: string): Promise<BridgeError | null>;
  /**
   * Switches each of `venueIds`, one action per venue (each shown "changing…" until its own
   * status confirms it); the first refusal, if any, once every venue was asked.
   */
  setVenuesOnline(
    venueIds: readonly string[],
    online: boolean,
    until: string | null,
  ): Promise<BridgeError | null>;
  setOpeningTimes(availability: OpeningTime[], venueId?: string): Promise<BridgeError | null>;
  refreshVenue(): Promise<BridgeError | null>;
};

export type VenueParts = SliceParts<VenueSlice> & {
  /** Reads every venue's state (the shell's load of a configured terminal). */
  load(): Promise<void>;
};

export const createVenueSlice = ({ bridge, set }: SliceContext<VenueSlice>): VenueParts => {
  const setOnline: VenueSlice['setOnline'] = (online, until, venueId) =>
    tryCall(() =>
      bridge['venue:setOnline']({
        ...(venueId ? { venueId } : {}),
        online,
        ...(online ? {} : { until }),
      }),
    );
  return {
    load: async () => set({ venues: await bridge['venue:list']({}) }),
    initial: {
      venue: null,
      venues: [],
      setOnline,
      setVenuesOnline: async (venueIds, online, until) => {
        const failures = await Promise.all(venueIds.map((id) => setOnline(online, until, id)));
        return failures.find((failure) => failure !== null) ?? null;
      },
      setOpeningTimes: (availability, venueId) =>
        tryCall(() =>
          bridge['venue:setOpeningTimes']({ ...(venueId ? { venueId } : {}), availability }),
        ),
      refreshVenue: () =>
        tryCall(async () => {
          set({ venue: await bridge['venue:refresh']({}) });
          set({ venues: await bridge['venue:list']({}) });
        }),
    },
    listen: () => [
      bridge.on('venue:changed', (venue) => set({ venue })),
      bridge.on('venues:changed', ({ venues }) => set({ venues })),
    ],
  };
};
