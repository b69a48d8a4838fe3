import { describe, expect, it } from 'vitest';
import { makeStatus, makeVenue } from '../testing/fake-bridge';
import {
  NO_LINK_DOWN,
  PLATFORM_DOWN_ALARM_MS,
  STREAM_DOWN_ALARM_MS,
  linksDown,
  streamAlarm,
  withMainsView,
} from './stream-alarm';

describe('stream alarm', () => {
  it('keeps the first down time until the link is up again', () => {
    const down = linksDown(NO_LINK_DOWN, makeStatus({ relay: 'disconnected' }), 1_000);
    expect(down).toEqual({ relaySince: 1_000, platformSince: null });
    expect(linksDown(down, makeStatus({ relay: 'connecting' }), 5_000)).toBe(down);
    expect(linksDown(down, makeStatus({ relay: 'connected' }), 6_000)).toEqual(NO_LINK_DOWN);
    // A terminal that is not set up has no stream to lose.
    expect(
      linksDown(NO_LINK_DOWN, makeStatus({ configured: false, relay: 'unconfigured' }), 1),
    ).toBe(NO_LINK_DOWN);
  });

  it('raises the orders alarm after 10 s while the venue takes orders, the actions alarm after 30 s', () => {
    const relay = { relaySince: 0, platformSince: null };
    expect(streamAlarm(relay, makeVenue(), STREAM_DOWN_ALARM_MS - 1)).toBeNull();
    expect(streamAlarm(relay, makeVenue(), STREAM_DOWN_ALARM_MS)).toEqual({
      kind: 'orders',
      since: 0,
    });
    expect(streamAlarm(relay, null, STREAM_DOWN_ALARM_MS)).toEqual({ kind: 'orders', since: 0 });
    // An offline venue takes no orders: none can be lost.
    expect(streamAlarm(relay, makeVenue({ isOnline: false }), 60_000)).toBeNull();
    // Unless Countertop took it offline for this very outage: that is no reason to fall silent.
    expect(streamAlarm(relay, makeVenue({ isOnline: false }), 60_000, true)).toEqual({
      kind: 'orders',
      since: 0,
    });

    const platform = { relaySince: null, platformSince: 0 };
    expect(streamAlarm(platform, makeVenue(), PLATFORM_DOWN_ALARM_MS - 1)).toBeNull();
    expect(streamAlarm(platform, makeVenue({ isOnline: false }), PLATFORM_DOWN_ALARM_MS)).toEqual({
      kind: 'actions',
      since: 0,
    });
  });
});

describe('main’s view of the stream', () => {
  it('the earlier down time counts while this window also sees the stream down', () => {
    const seen = { relaySince: 50_000, platformSince: null };
    expect(withMainsView(seen, new Date(20_000).toISOString())).toEqual({
      relaySince: 20_000,
      platformSince: null,
    });
    expect(withMainsView(seen, new Date(60_000).toISOString())).toBe(seen);
    // Up here (the status said connected): main's older time changes nothing.
    expect(withMainsView(NO_LINK_DOWN, new Date(20_000).toISOString())).toBe(NO_LINK_DOWN);
    expect(withMainsView(seen, null)).toBe(seen);
  });
});
