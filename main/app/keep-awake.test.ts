import { describe, expect, it, vi } from 'vitest';
import type { VenueState } from '../../shared/domain';
import { keepAwakeWhileOnline } from './keep-awake';

const venue = (isOnline: boolean): VenueState => ({
  venueId: 'v1',
  name: null,
  isOnline,
  isOpen: true,
  offlineUntil: null,
  openingTimes: [],
  fetchedAt: null,
  pending: false,
  changing: null,
  timeZone: 'Europe/Helsinki',
});

const setUp = (initial: VenueState | null) => {
  let listener: ((v: VenueState | null) => void) | null = null;
  const started = new Set<number>();
  let next = 1;
  const blocker = {
    start: vi.fn(() => {
      started.add(next);
      return next++;
    }),
    stop: vi.fn((id: number) => started.delete(id)),
    isStarted: (id: number) => started.has(id),
  };
  const core = {
    api: { 'venue:get': async () => initial } as never,
    on: (_event: string, l: (v: VenueState | null) => void) => {
      listener = l;
      return () => (listener = null);
    },
  };
  const stop = keepAwakeWhileOnline(core as never, blocker);
  return { blocker, started, emit: (v: VenueState | null) => listener?.(v), stop };
};

describe('keeping the machine awake', () => {
  it('holds the display awake while the platform says the venue is online, once', async () => {
    const app = setUp(venue(true));
    await vi.waitFor(() => expect(app.started.size).toBe(1));
    expect(app.blocker.start).toHaveBeenCalledWith('prevent-display-sleep');
    app.emit(venue(true));
    expect(app.blocker.start).toHaveBeenCalledTimes(1);
    app.emit(venue(false));
    expect(app.started.size).toBe(0);
    app.emit(venue(true));
    expect(app.started.size).toBe(1);
    app.stop();
    expect(app.started.size).toBe(0);
    app.emit(venue(true));
    expect(app.started.size).toBe(0);
  });

  it('lets the machine sleep when the venue is offline or unknown', async () => {
    const app = setUp(null);
    await Promise.resolve();
    app.emit(venue(false));
    expect(app.blocker.start).not.toHaveBeenCalled();
  });
});
