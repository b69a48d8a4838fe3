// "Arrived late" is main's word, kept on the order: against the real sandbox and relay, with the
// terminal's own link to the relay cut (tcp-cut.ts) while the relay keeps receiving. An order
// placed while this terminal's stream was down reaches it when the link returns and is marked
// arrived late in its record; one placed before is not. The mark stays after staff acknowledge
// the gap notice and after a restart.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { Order } from '../../shared/domain';
import { STREAM_DOWN_ALARM_MS } from '../../shared/stream-guard';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';
import type { TcpCut } from './tcp-cut';
import { startTcpCut } from './tcp-cut';

// The relay client's backoff capped at 2 s (production: 30 s): once the link is back, its next
// try may be up to that far away.
const CORE_OPTIONS = { relayWaitSeconds: 2, relayBackoff: { capMs: 2_000 } };

let world: World;
let proxy: TcpCut;
let core: Core;

beforeEach(async () => {
  world = await startWorld();
  proxy = await startTcpCut(world.relay.url);
  core = await world.startCore(CORE_OPTIONS);
  await core.api['setup:connect']({
    authUrl: world.sandbox.authUrl,
    posUrl: world.sandbox.posUrl,
    clientId: world.sandbox.demo.clientId,
    clientSecret: world.sandbox.demo.clientSecret,
    code: await world.mintCode(),
    redirectUri: world.sandbox.demo.redirectUri,
    relayUrl: proxy.url,
    terminalKey: world.terminalKey,
  });
  // The venue stays online through the outage, so customers can order while the link is cut.
  await core.api['stream:configure']({ autoPause: false, pauseAfterSeconds: 60 });
  await waitFor(
    'relay connected',
    async () => (await core.api['status:get']({})).relay === 'connected',
  );
});
afterEach(async () => {
  await world.close();
  await proxy.close();
});

const stored = async (id: string): Promise<Order | undefined> =>
  (await core.api['orders:list']({})).find((o) => o.id === id);

describe('arrived late', () => {
  it('main marks an order placed while the stream was down; the mark survives acknowledging the gap and a restart', async () => {
    const before = await world.placeOrder();
    await waitFor(
      'the first order on the board',
      async () => (await stored(before.id)) !== undefined,
    );

    proxy.cut();
    const down = await waitFor('the stream seen down', async () => {
      const state = await core.api['stream:get']({});
      return state.downSince ?? undefined;
    });
    // The relay keeps the order while this terminal cannot poll it.
    const during = await world.placeOrder();
    // Long enough to lose orders (a shorter blip leaves no gap): a condition on the outage itself.
    await waitFor(
      'an outage past the alarm',
      async () => Date.now() - Date.parse(down) >= STREAM_DOWN_ALARM_MS + 500,
      STREAM_DOWN_ALARM_MS + 10_000,
    );
    expect(await stored(during.id)).toBeUndefined();

    proxy.restore();
    const late = await waitFor(
      'the order placed meanwhile, marked late',
      async () => {
        const order = await stored(during.id);
        return order?.arrivedLate ? order : undefined;
      },
      30_000,
    );
    const gap = await waitFor(
      'the gap notice',
      async () => (await core.api['stream:get']({})).gaps[0],
    );
    expect(Date.parse(late.createdAt)).toBeGreaterThanOrEqual(Date.parse(gap.from));
    expect(Date.parse(late.createdAt)).toBeLessThanOrEqual(Date.parse(gap.to));
    expect((await stored(before.id))?.arrivedLate).toBe(false);

    // Staff acknowledge the notice: the order keeps its mark (it is the order's, not the gap's).
    expect((await core.api['stream:acknowledgeGap']({ gapId: gap.id })).gaps).toEqual([]);
    expect((await stored(during.id))?.arrivedLate).toBe(true);

    // A restart reads it from the order's record.
    await core.close();
    core = await world.startCore(CORE_OPTIONS);
    expect((await core.api['stream:get']({})).gaps).toEqual([]);
    expect((await stored(during.id))?.arrivedLate).toBe(true);
    expect((await stored(before.id))?.arrivedLate).toBe(false);

    // An order placed after the stream came back is on time.
    const after = await world.placeOrder();
    const onTime = await waitFor('the next order', async () => stored(after.id));
    expect(onTime.arrivedLate).toBe(false);
  }, 120_000);
});
