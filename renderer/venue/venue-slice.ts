// The venue's part of the store: online or paused, and its opening times, as the platform said.
import type { OpeningTime, VenueState } from '../../shared/domain';
import type { BridgeError } from '../../shared/ipc/contract';
import { tryCall } from '../ui-kit/bridge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';

export type VenueSlice = {
  venue: VenueState | null;
  setOnline(online: boolean, until: string | null): Promise<BridgeError | null>;
  setOpeningTimes(availability: OpeningTime[]): Promise<BridgeError | null>;
  refreshVenue(): Promise<BridgeError | null>;
};

export const createVenueSlice = ({
  bridge,
  set,
}: SliceContext<VenueSlice>): SliceParts<VenueSlice> => ({
  initial: {
    venue: null,
    setOnline: (online, until) =>
      tryCall(() => bridge['venue:setOnline'](online ? { online } : { online, until })),
    setOpeningTimes: (availability) =>
      tryCall(() => bridge['venue:setOpeningTimes']({ availability })),
    refreshVenue: () => tryCall(async () => set({ venue: await bridge['venue:refresh']({}) })),
  },
  listen: () => [bridge.on('venue:changed', (venue) => set({ venue }))],
});
