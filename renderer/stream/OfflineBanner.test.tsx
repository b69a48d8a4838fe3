// The offline banner on a terminal of two venues: it names the venue(s) the platform confirmed
// offline and why (staff's choice, until when, or Countertop's pause), "All venues…" when one
// reason covers both, and its button brings back only the venues that are offline.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { VenueState } from '../../shared/domain';
import { DEFAULT_STREAM_GUARD_SETTINGS } from '../../shared/stream-guard';
import type { StreamGuardState, StreamGuardVenue } from '../../shared/stream-guard';
import { formatClock } from '../ui-kit/format';
import { BOWLS, BURGERS, createFakeBridge, makeVenue } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';

afterEach(cleanup);

const burgers = (patch: Partial<VenueState> = {}): VenueState =>
  makeVenue({ venueId: BURGERS.venueId, name: BURGERS.name, ...patch });
const bowls = (patch: Partial<VenueState> = {}): VenueState =>
  makeVenue({ venueId: BOWLS.venueId, name: BOWLS.name, ...patch });

const guardVenue = (
  venue: { venueId: string; name: string },
  pausedAt: string | null = null,
): StreamGuardVenue => ({
  venueId: venue.venueId,
  name: venue.name,
  settings: DEFAULT_STREAM_GUARD_SETTINGS,
  pausedAt,
  pauseDeferredSince: null,
  otherTerminals: [],
});

const guard = (venues: StreamGuardVenue[], pausedAt: string | null = null): StreamGuardState => ({
  settings: DEFAULT_STREAM_GUARD_SETTINGS,
  downSince: null,
  pausedAt,
  gaps: [],
  missed: [],
  missedCheckedAt: null,
  otherTerminals: null,
  pauseDeferredSince: null,
  venues,
  noOrdersArriving: null,
});

const twoVenues = (first: VenueState, second: VenueState, stream?: StreamGuardState) =>
  createFakeBridge({
    setup: { venueId: BURGERS.venueId, venues: [BURGERS, BOWLS] },
    venue: first,
    venues: [first, second],
    stream: stream ?? guard([guardVenue(BURGERS), guardVenue(BOWLS)]),
  });

/** The banner's words, without its button's. */
const words = (banner: HTMLElement) => banner.querySelector('span')!.textContent;

describe('offline banner of a terminal of two venues', () => {
  it('names the one venue offline (not the first by default) and brings only it back online', async () => {
    const bridge = twoVenues(burgers(), bowls({ isOnline: false, offlineUntil: null }));
    renderApp(bridge);
    const banner = await screen.findByTestId('offline-banner');
    expect(words(banner)).toBe('Kamppi Bowls is offline until switched back.');
    expect(banner.textContent).not.toContain('Kamppi Burgers');
    fireEvent.click(within(banner).getByRole('button', { name: 'Go online' }));
    await waitFor(() =>
      expect(bridge.callsTo('venue:setOnline')).toEqual([{ venueId: BOWLS.venueId, online: true }]),
    );
    act(() => bridge.emit('venues:changed', { venues: [burgers(), bowls()] }));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('says "All venues offline" in one line when both are, and names each when their times differ', async () => {
    const bridge = twoVenues(
      burgers({ isOnline: false, offlineUntil: null }),
      bowls({ isOnline: false, offlineUntil: null }),
    );
    renderApp(bridge);
    const banner = await screen.findByTestId('offline-banner');
    expect(words(banner)).toBe('All venues offline until switched back.');
    fireEvent.click(within(banner).getByRole('button', { name: 'Go online' }));
    await waitFor(() =>
      expect(bridge.callsTo('venue:setOnline')).toEqual([
        { venueId: BURGERS.venueId, online: true },
        { venueId: BOWLS.venueId, online: true },
      ]),
    );
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const first = burgers({ isOnline: false, offlineUntil: until });
    const second = bowls({ isOnline: false, offlineUntil: null });
    act(() => {
      bridge.emit('venue:changed', first);
      bridge.emit('venues:changed', { venues: [first, second] });
    });
    expect(words(screen.getByTestId('offline-banner'))).toBe(
      `Kamppi Burgers is offline until ${formatClock(until)}. Kamppi Bowls is offline until switched back.`,
    );
  });

  it('says which venue Countertop paused, and that it comes back by itself', async () => {
    const pausedAt = new Date().toISOString();
    const bridge = twoVenues(
      burgers(),
      bowls({ isOnline: false, offlineUntil: null }),
      guard([guardVenue(BURGERS), guardVenue(BOWLS, pausedAt)]),
    );
    renderApp(bridge);
    const banner = await screen.findByTestId('offline-banner');
    expect(words(banner)).toBe(
      'Kamppi Bowls is paused by Countertop because orders could not arrive. It goes back online by itself when the order stream returns.',
    );
    expect(banner.textContent).not.toContain('Kamppi Burgers');
    // Both paused: one line for all.
    const first = burgers({ isOnline: false, offlineUntil: null });
    const second = bowls({ isOnline: false, offlineUntil: null });
    act(() => {
      bridge.emit(
        'stream:changed',
        guard([guardVenue(BURGERS, pausedAt), guardVenue(BOWLS, pausedAt)], pausedAt),
      );
      bridge.emit('venue:changed', first);
      bridge.emit('venues:changed', { venues: [first, second] });
    });
    expect(words(screen.getByTestId('offline-banner'))).toBe(
      'All venues paused by Countertop because orders could not arrive. They go back online by themselves when the order stream returns.',
    );
  });
});
