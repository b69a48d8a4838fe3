// The stream guard's rules on a clock the test moves: when it pauses (after the delay, only a
// venue that is online, not when turned off), that a pause the platform never took is dropped on
// the stream's return, and that staff who change the venue take it over. Real database, outbox,
// settings and event hub; the venue slice's port is played over an outbox kind registered here
// the same way the venue slice registers its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VenueState } from '../../shared/domain';
import { createAuditLog } from '../audit/audit-log';
import type { AuditLog } from '../audit/audit-log';
import { createEventHub } from '../host/event-hub';
import type { EventHub } from '../host/event-hub';
import { createOutbox } from '../outbox/outbox';
import type { ActionKind, Outbox } from '../outbox/outbox';
import type { Database } from '../storage/database';
import { openDatabase } from '../storage/database';
import { createSettings } from '../storage/settings';
import type { StreamGuard } from './stream-guard';
import { createStreamGuard } from './stream-guard';

type GuardOptions = Parameters<typeof createStreamGuard>[0];

type OnlinePayload = { online: boolean };

let dir: string;
let db: Database;
let hub: EventHub;
let audit: AuditLog;
let outbox: Outbox;
let onlineKind: ActionKind<OnlinePayload>;
let guard: StreamGuard;
let venue: VenueState | null;
let calls: boolean[];
/** Every online change the guard asked for, with its venue. */
let byVenue: Array<[string, boolean]>;

const makeVenue = (isOnline: boolean, venueId = 'v1'): VenueState => ({
  venueId,
  name: 'Venue',
  isOnline,
  isOpen: true,
  offlineUntil: null,
  openingTimes: [],
  fetchedAt: new Date().toISOString(),
  pending: false,
  changing: null,
  timeZone: 'Europe/Helsinki',
});

let listeners: Array<(change: { actionId: string; venueId: string; online: boolean }) => void>;
/** What the venue slice's online action does: one outbox row, then its listeners are told. */
const setOnline = (online: boolean, venueId = 'v1') => {
  const receipt = outbox.enqueue(onlineKind, {
    subject: `venue:${venueId}`,
    prepare: () => ({ payload: { online } }),
  });
  for (const listener of listeners) listener({ actionId: receipt.actionId, venueId, online });
  return receipt;
};

const outcomes = () =>
  audit
    .list(100)
    .filter((e) => e.action === 'stream-guard')
    .map((e) => e.outcome)
    .reverse();
/** Lets the hub's per-tick events (setImmediate, not faked) reach the guard. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  dir = mkdtempSync(join(tmpdir(), 'stream-guard-'));
  db = openDatabase(join(dir, 'countertop.db'));
  hub = createEventHub();
  const now = () => new Date();
  audit = createAuditLog(db, now);
  outbox = createOutbox({
    db,
    now,
    audit,
    onChange: (ids) => hub.emit('outbox:changed', { entries: outbox.entries(ids) }),
  });
  // Never started: rows stay pending, as while the platform is unreachable.
  onlineKind = outbox.register<OnlinePayload>('venue-online', {
    send: async () => undefined,
    resend: 'safe',
  });
  venue = makeVenue(true);
  calls = [];
  byVenue = [];
  listeners = [];
  guard = makeGuard();
});

/** The guard over this test's database, as the app makes it at each start. */
const makeGuard = (several?: Pick<GuardOptions, 'venueIds' | 'otherTerminals'>): StreamGuard =>
  createStreamGuard(guardDeps(several));
const guardDeps = (several?: Pick<GuardOptions, 'venueIds' | 'otherTerminals'>): GuardOptions => ({
  settings: createSettings(db),
  audit,
  hub,
  now: () => new Date(),
  venueId: () => 'v1',
  ...several,
  // The venue slice's port, played over the same outbox kind it registers.
  venue: {
    state: (venueId) => (venueId === 'v1' ? venue : makeVenue(true, venueId)),
    pause: (venueId) => {
      calls.push(false);
      byVenue.push([venueId, false]);
      return setOnline(false, venueId);
    },
    resume: (venueId) => {
      calls.push(true);
      byVenue.push([venueId, true]);
      return setOnline(true, venueId);
    },
    withdraw: (actionId) => {
      const waiting = outbox
        .open()
        .find((action) => action.id === actionId && action.state !== 'sending');
      return waiting ? outbox.discard(waiting.id) !== null : false;
    },
    onOnlineChange: (listener) => {
      listeners.push(listener);
      return () => (listeners = listeners.filter((l) => l !== listener));
    },
  },
  // Nothing is missing here: missed-orders.test.ts covers that check.
  missedOrders: {
    readVenueStatus: async () => ({ isOnline: true, isOpen: true, latest: [] }),
    latestOrders: () => [],
    ordersPlacedBetween: () => [],
    settle: async () => undefined,
    reportToRelay: async () => null,
  },
});
afterEach(() => {
  guard.close();
  hub.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
  vi.useRealTimers();
});

describe('stream guard rules', () => {
  it('pauses once, after the delay counted from the last answer; drops a pause never sent', async () => {
    // The relay went silent 20 s ago (a poll that ran into its deadline).
    guard.relayState('disconnected', 20_000);
    await vi.advanceTimersByTimeAsync(39_000);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toEqual([false]);
    guard.relayState('disconnected');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toEqual([false]);
    const paused = await guard.handlers['stream:get']({});
    expect(paused.pausedAt).not.toBeNull();

    guard.relayState('connected');
    await vi.advanceTimersByTimeAsync(0);
    // The platform never took the pause: dropping it is the whole return, no ONLINE is sent.
    expect(calls).toEqual([false]);
    expect(outbox.open({ subject: 'venue:v1' })).toEqual([]);
    expect(outcomes()).toEqual(['paused', 'stream-back', 'pause-dropped']);
    const back = await guard.handlers['stream:get']({});
    expect(back.pausedAt).toBeNull();
    expect(back.gaps).toHaveLength(1);
  });

  it('never pauses when turned off, nor a venue already offline', async () => {
    await guard.handlers['stream:configure']({ autoPause: false, pauseAfterSeconds: 10 });
    guard.relayState('disconnected');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toEqual([]);

    venue = makeVenue(false);
    await guard.handlers['stream:configure']({ autoPause: true, pauseAfterSeconds: 10 });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toEqual([]);
    expect(outcomes()).toEqual(['configured', 'configured']);
  });

  it('turned on mid-outage with a delay already over: pauses at once', async () => {
    await guard.handlers['stream:configure']({ autoPause: false, pauseAfterSeconds: 10 });
    guard.relayState('disconnected');
    await vi.advanceTimersByTimeAsync(30_000);
    await guard.handlers['stream:configure']({ autoPause: true, pauseAfterSeconds: 10 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([false]);
  });

  it('a pause kept before venues were paused each on its own is still resumed, once', async () => {
    guard.close();
    // What an earlier version stored: its one pause, mid-outage.
    const downSince = new Date(Date.now() - 120_000).toISOString();
    const receipt = setOnline(false);
    createSettings(db).set('stream-guard.state', {
      downSince,
      pause: { actionId: receipt.actionId, venueId: 'v1', at: new Date().toISOString(), downSince },
      staffTookOver: null,
      gaps: [],
      spans: [],
    });
    guard = makeGuard();
    expect((await guard.handlers['stream:get']({})).venues).toEqual([
      expect.objectContaining({ venueId: 'v1', pausedAt: expect.any(String) }),
    ]);
    expect(guard.pausedAt('v1')).not.toBeNull();
    // Still down past the delay: no second pause of a venue already paused.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toEqual([]);
    guard.relayState('connected');
    await vi.advanceTimersByTimeAsync(0);
    // Never sent (the outbox here never sends): dropped, which is the whole return.
    expect(outbox.open({ subject: 'venue:v1' })).toEqual([]);
    expect(outcomes()).toEqual(['stream-back', 'pause-dropped']);
    expect(guard.pausedAt('v1')).toBeNull();
  });

  it('a terminal of two venues: pauses only the venue no other terminal receives; staff keep the one they change', async () => {
    guard.close();
    // Kitchen serves v1 and receives; nobody else serves v2.
    guard = makeGuard({
      venueIds: () => ['v1', 'v2'],
      otherTerminals: {
        read: async () => ({
          selfId: 't-counter',
          others: [
            {
              id: 't-kitchen',
              name: 'Kitchen',
              receiving: true,
              lastSeenSeconds: 1,
              venueIds: ['v1'],
            },
          ],
        }),
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    guard.relayState('disconnected');
    await vi.advanceTimersByTimeAsync(61_000);
    expect(byVenue).toEqual([['v2', false]]);
    const down = await guard.handlers['stream:get']({});
    expect(down.venues).toEqual([
      expect.objectContaining({
        venueId: 'v1',
        pausedAt: null,
        pauseDeferredSince: expect.any(String),
      }),
      expect.objectContaining({ venueId: 'v2', pauseDeferredSince: null, otherTerminals: [] }),
    ]);
    expect(down.venues[1]?.pausedAt).not.toBeNull();
    expect(down.venues[0]?.otherTerminals).toEqual([
      { name: 'Kitchen', receiving: true, lastSeenSeconds: 1 },
    ]);
    expect(guard.pausedAt('v2')).toBe(down.venues[1]?.pausedAt);
    expect(guard.pausedAt('v1')).toBeNull();
    const subjects = (outcome: string) =>
      audit
        .list(100)
        .filter((e) => e.action === 'stream-guard' && e.outcome === outcome)
        .map((e) => e.subject);
    expect(subjects('deferred')).toEqual(['v1']);
    expect(subjects('paused')).toEqual(['v2']);

    // Staff put v2 back themselves: it is theirs; nothing is paused again in this outage.
    setOnline(true, 'v2');
    await tick();
    expect(subjects('released')).toEqual(['v2']);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(byVenue).toEqual([['v2', false]]);
    guard.relayState('connected');
    await vi.advanceTimersByTimeAsync(0);
    expect(byVenue).toEqual([['v2', false]]);
    expect(subjects('resumed')).toEqual([]);
    expect(subjects('pause-dropped')).toEqual([]);
    expect(
      (await guard.handlers['stream:get']({})).venues.map((v) => v.pauseDeferredSince),
    ).toEqual([null, null]);
  });

  it('a terminal of two venues nobody else serves: both paused, each brought back once', async () => {
    guard.close();
    guard = makeGuard({ venueIds: () => ['v1', 'v2'] });
    guard.relayState('disconnected');
    await vi.advanceTimersByTimeAsync(61_000);
    expect(byVenue).toEqual([
      ['v1', false],
      ['v2', false],
    ]);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(byVenue).toHaveLength(2);
    guard.relayState('connected');
    await vi.advanceTimersByTimeAsync(0);
    // Never sent (this outbox never sends): each dropped, which is the whole return.
    expect(outcomes()).toEqual([
      'paused',
      'paused',
      'stream-back',
      'pause-dropped',
      'pause-dropped',
    ]);
    expect(outbox.open()).toEqual([]);
    expect([guard.pausedAt('v1'), guard.pausedAt('v2')]).toEqual([null, null]);
  });

  it('a terminal of two venues: each paused after its own delay, or never while its own pause is off', async () => {
    guard.close();
    const told: Array<[string, boolean, number]> = [];
    guard = createStreamGuard({
      ...guardDeps({ venueIds: () => ['v1', 'v2'] }),
      onConfigured: (next, venueId) => told.push([venueId, next.autoPause, next.pauseAfterSeconds]),
    });
    await guard.handlers['stream:configure']({ autoPause: true, pauseAfterSeconds: 20 });
    await guard.handlers['stream:configure']({
      venueId: 'v2',
      autoPause: true,
      pauseAfterSeconds: 90,
    });
    // Each venue's own, and each goes to that venue's terminals.
    expect(told).toEqual([
      ['v1', true, 20],
      ['v2', true, 90],
    ]);
    expect(guard.settings()).toEqual({ autoPause: true, pauseAfterSeconds: 20 });
    expect(guard.settings('v2')).toEqual({ autoPause: true, pauseAfterSeconds: 90 });
    expect((await guard.handlers['stream:get']({})).venues.map((v) => v.settings)).toEqual([
      { autoPause: true, pauseAfterSeconds: 20 },
      { autoPause: true, pauseAfterSeconds: 90 },
    ]);
    // A venue this terminal does not serve is refused, and nothing changes.
    await expect(
      guard.handlers['stream:configure']({ venueId: 'v3', autoPause: false, pauseAfterSeconds: 5 }),
    ).rejects.toThrow();
    expect(told).toHaveLength(2);

    guard.relayState('disconnected');
    await vi.advanceTimersByTimeAsync(21_000);
    expect(byVenue).toEqual([['v1', false]]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(byVenue).toEqual([['v1', false]]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(byVenue).toEqual([
      ['v1', false],
      ['v2', false],
    ]);
    guard.relayState('connected');
    await vi.advanceTimersByTimeAsync(0);

    // v1's pause off (read from the relay, as another terminal of v1 set it): v2 alone is paused.
    byVenue.length = 0;
    guard.applyVenueSettings({ autoPause: false, pauseAfterSeconds: 20 }, 'v1');
    guard.applyVenueSettings({ autoPause: true, pauseAfterSeconds: 30 }, 'v2');
    guard.relayState('disconnected');
    await vi.advanceTimersByTimeAsync(31_000);
    expect(byVenue).toEqual([['v2', false]]);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(byVenue).toEqual([['v2', false]]);
    // A restart keeps each venue's own.
    guard.close();
    guard = makeGuard({ venueIds: () => ['v1', 'v2'] });
    expect([guard.settings('v1'), guard.settings('v2')]).toEqual([
      { autoPause: false, pauseAfterSeconds: 20 },
      { autoPause: true, pauseAfterSeconds: 30 },
    ]);
  });

  it('staff who change the venue after the pause take it over: no return online, no second pause', async () => {
    guard.relayState('disconnected');
    await vi.advanceTimersByTimeAsync(61_000);
    expect(calls).toEqual([false]);
    // Staff's own change, through the same action.
    setOnline(true);
    await tick();
    expect(outcomes()).toEqual(['paused', 'released']);
    expect((await guard.handlers['stream:get']({})).pausedAt).toBeNull();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toEqual([false]);

    guard.relayState('connected');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([false]);
    expect((await guard.handlers['stream:get']({})).gaps).toHaveLength(1);
  });
});
