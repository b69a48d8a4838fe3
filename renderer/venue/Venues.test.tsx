// The venue screen of a terminal of two venues: a block per venue (its name and mark, its state as
// the platform confirmed it, "changing…" while its change waits, its opening times), every venue
// taken offline at once after choosing for how long (one action per venue), and the top bar's
// count of venues offline on the Venue tab, in one fixed place.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { VenueState } from '../../shared/domain';
import { BOWLS, BURGERS, createFakeBridge, makeVenue } from '../testing/fake-bridge';
import type { FakeBridge } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';

afterEach(cleanup);

const burgers = (patch: Partial<VenueState> = {}): VenueState =>
  makeVenue({ venueId: BURGERS.venueId, name: BURGERS.name, ...patch });
const bowls = (patch: Partial<VenueState> = {}): VenueState =>
  makeVenue({
    venueId: BOWLS.venueId,
    name: BOWLS.name,
    openingTimes: [
      {
        opening_day: 'TUESDAY',
        opening_time: '11:00',
        closing_day: 'TUESDAY',
        closing_time: '15:00',
      },
    ],
    ...patch,
  });

/** What main sends when any venue changed: the first venue's event and every venue's. */
const emitVenues = (bridge: FakeBridge, first: VenueState, second: VenueState): void =>
  act(() => {
    bridge.emit('venue:changed', first);
    bridge.emit('venues:changed', { venues: [first, second] });
  });

const twoVenues = (first = burgers(), second = bowls()) =>
  createFakeBridge({
    setup: { venueId: BURGERS.venueId, venues: [BURGERS, BOWLS] },
    venue: first,
    venues: [first, second],
  });

const openVenue = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Venue' }));
  return screen.findByRole('region', { name: 'All venues' });
};
const block = (name: string) => screen.getByRole('region', { name });
const badge = () => screen.getByTestId('venues-badge');
/** The Venue tab's badge: what it shows, whether its room is hidden, and its words. */
const badgeShows = () => ({
  text: badge().textContent,
  hidden: badge().classList.contains('slot-idle'),
  words: badge().title,
});

describe('venue screen of two venues', () => {
  it("shows each venue's block by its name, its confirmed state and its own opening times", async () => {
    const bridge = twoVenues(burgers(), bowls({ isOnline: false, offlineUntil: null }));
    renderApp(bridge);
    const all = await openVenue();
    expect(screen.getAllByTestId('venue-block')).toHaveLength(2);
    const first = block(BURGERS.name);
    const second = block(BOWLS.name);
    expect(within(first).getByTestId('venue-mark').textContent).toBe(BURGERS.name);
    expect(within(second).getByTestId('venue-mark').textContent).toBe(BOWLS.name);
    expect(within(first).getByTestId('venue-mark').getAttribute('data-venue-colour')).not.toBe(
      within(second).getByTestId('venue-mark').getAttribute('data-venue-colour'),
    );
    expect(within(first).getByTestId('venue-online').textContent).toBe('Online');
    expect(within(second).getByTestId('venue-online').textContent).toBe('Offline');
    expect(second.textContent).toContain('Offline until switched back');
    expect(
      (within(first).getByRole('textbox', { name: 'Closing time 1' }) as HTMLInputElement).value,
    ).toBe('22:00');
    expect(
      (within(second).getByRole('textbox', { name: 'Closing time 1' }) as HTMLInputElement).value,
    ).toBe('15:00');
    // Every venue at once: the count, and both ways since one is offline and one online.
    expect(within(all).getByTestId('venues-offline').textContent).toBe('1 of 2 venues offline');
    expect(within(all).getByRole('button', { name: 'Put all venues online' })).toBeTruthy();
    expect(within(all).getByRole('button', { name: 'Take all venues offline' })).toBeTruthy();
    expect(badgeShows()).toEqual({ text: '1/2', hidden: false, words: '1 of 2 venues offline' });
    // Staff words: never a venue's id.
    expect(document.body.textContent).not.toContain(BOWLS.venueId);
    expect(document.body.textContent).not.toContain(BURGERS.venueId);
  });

  it('takes all venues offline after choosing for how long: one action per venue, each changing… until confirmed', async () => {
    const bridge = twoVenues();
    renderApp(bridge);
    const all = await openVenue();
    expect(badgeShows()).toMatchObject({ hidden: true, words: 'All venues online' });
    fireEvent.click(within(all).getByRole('button', { name: 'Take all venues offline' }));
    // The confirmation names the venues it takes offline; nothing is sent before a choice.
    const picker = within(all).getByRole('group', {
      name: 'Take Kamppi Burgers and Kamppi Bowls offline for',
    });
    expect(bridge.callsTo('venue:setOnline')).toEqual([]);
    fireEvent.click(within(picker).getByRole('button', { name: 'Until switched back' }));
    await waitFor(() => expect(bridge.callsTo('venue:setOnline')).toHaveLength(2));
    expect(bridge.callsTo('venue:setOnline')).toEqual(
      expect.arrayContaining([
        { venueId: BURGERS.venueId, online: false, until: null },
        { venueId: BOWLS.venueId, online: false, until: null },
      ]),
    );

    // Both asked, neither confirmed: each block says changing…, none says Offline.
    const offline = { online: { online: false, until: null }, openingTimes: null };
    emitVenues(
      bridge,
      burgers({ pending: true, changing: offline }),
      bowls({ pending: true, changing: offline }),
    );
    for (const name of [BURGERS.name, BOWLS.name]) {
      expect(within(block(name)).getByTestId('venue-online').textContent).toBe(
        'changing… (waiting for the platform)',
      );
      expect(within(block(name)).getByTestId('venue-toggle').tagName).not.toBe('BUTTON');
    }
    expect(within(all).getByTestId('venues-offline').textContent).toBe('All venues online');
    expect(within(all).getByTestId('all-venues-changing').textContent).toContain(
      '2 venues changing…',
    );
    expect(within(all).queryByRole('button', { name: /all venues/ })).toBeNull();
    expect(badgeShows()).toEqual({
      text: '…',
      hidden: false,
      words: 'All venues online · changing…',
    });

    // The platform confirms one: that block says Offline, the other still changing….
    emitVenues(bridge, burgers({ isOnline: false }), bowls({ pending: true, changing: offline }));
    expect(within(block(BURGERS.name)).getByTestId('venue-online').textContent).toBe('Offline');
    expect(within(block(BOWLS.name)).getByTestId('venue-online').textContent).toBe(
      'changing… (waiting for the platform)',
    );
    expect(badgeShows()).toEqual({
      text: '1/2',
      hidden: false,
      words: '1 of 2 venues offline · changing…',
    });
    expect(within(all).getByTestId('all-venues-changing').textContent).toContain(
      '1 venue changing…',
    );

    // Both confirmed: all offline, and the way back puts each online with its own action.
    emitVenues(bridge, burgers({ isOnline: false }), bowls({ isOnline: false }));
    expect(within(block(BOWLS.name)).getByTestId('venue-online').textContent).toBe('Offline');
    expect(badgeShows()).toEqual({ text: '2/2', hidden: false, words: 'All venues offline' });
    expect(within(all).queryByRole('button', { name: 'Take all venues offline' })).toBeNull();
    fireEvent.click(within(all).getByRole('button', { name: 'Put all venues online' }));
    await waitFor(() => expect(bridge.callsTo('venue:setOnline')).toHaveLength(4));
    expect(bridge.callsTo('venue:setOnline').slice(2)).toEqual(
      expect.arrayContaining([
        { venueId: BURGERS.venueId, online: true },
        { venueId: BOWLS.venueId, online: true },
      ]),
    );
  });

  it('takes offline only the venues still online, and cancels without sending anything', async () => {
    const bridge = twoVenues(burgers(), bowls({ isOnline: false }));
    renderApp(bridge);
    const all = await openVenue();
    fireEvent.click(within(all).getByRole('button', { name: 'Take all venues offline' }));
    fireEvent.click(within(all).getByRole('button', { name: 'Cancel' }));
    expect(within(all).queryByRole('group')).toBeNull();
    fireEvent.click(within(all).getByRole('button', { name: 'Take all venues offline' }));
    const picker = within(all).getByRole('group', { name: 'Take Kamppi Burgers offline for' });
    fireEvent.click(within(picker).getByRole('button', { name: '30 min' }));
    await waitFor(() => expect(bridge.callsTo('venue:setOnline')).toHaveLength(1));
    const [request] = bridge.callsTo('venue:setOnline');
    expect(request).toMatchObject({ venueId: BURGERS.venueId, online: false });
    expect(Date.parse(request!.until!)).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it('switches one venue and saves its opening times from its own block, naming that venue', async () => {
    const bridge = twoVenues();
    renderApp(bridge);
    await openVenue();
    const second = block(BOWLS.name);
    fireEvent.click(within(second).getByRole('button', { name: 'Go offline' }));
    fireEvent.click(
      within(within(second).getByRole('group', { name: 'Go offline for' })).getByRole('button', {
        name: 'Until switched back',
      }),
    );
    await waitFor(() =>
      expect(bridge.callsTo('venue:setOnline')).toEqual([
        { venueId: BOWLS.venueId, online: false, until: null },
      ]),
    );
    fireEvent.change(within(second).getByRole('textbox', { name: 'Closing time 1' }), {
      target: { value: '16:00' },
    });
    fireEvent.click(within(second).getByRole('button', { name: 'Save opening times' }));
    await waitFor(() =>
      expect(bridge.callsTo('venue:setOpeningTimes')).toEqual([
        {
          venueId: BOWLS.venueId,
          availability: [
            {
              opening_day: 'TUESDAY',
              opening_time: '11:00',
              closing_day: 'TUESDAY',
              closing_time: '16:00',
            },
          ],
        },
      ]),
    );
    // The other venue's block is untouched: its own state and times.
    expect(
      (
        within(block(BURGERS.name)).getByRole('textbox', {
          name: 'Closing time 1',
        }) as HTMLInputElement
      ).value,
    ).toBe('22:00');
    expect(within(block(BURGERS.name)).getByRole('button', { name: 'Go offline' })).toBeTruthy();
  });

  it('a terminal of one venue shows its venue as before: no venues count, no block per venue', async () => {
    renderApp(createFakeBridge());
    fireEvent.click(await screen.findByRole('button', { name: 'Venue' }));
    await screen.findByTestId('venue-toggle');
    expect(screen.queryByRole('region', { name: 'All venues' })).toBeNull();
    expect(screen.queryByTestId('venue-block')).toBeNull();
    expect(screen.queryByTestId('venues-badge')).toBeNull();
    expect(within(screen.getByRole('banner')).getByText('Online')).toBeTruthy();
  });
});
