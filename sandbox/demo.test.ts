import { afterEach, expect, it } from 'vitest';
import { startSandbox } from './server';
import type { Sandbox } from './server';
import { advance, control, onboard, pos } from './testing/test-support';

type Internal = {
  id: string;
  status: string;
  type: string;
  delivery_type: string;
  self_delivery: boolean;
  items: unknown[];
  consumer_name: string;
  consumer_comment: string | null;
};
type Sent = { type: string; body: { order: { id: string; status?: string } } };

const started: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});
async function start(seed: number): Promise<Sandbox> {
  const sb = await startSandbox({ ordersPerMinute: 1, seed });
  started.push(sb);
  return sb;
}
const list = async (sb: Sandbox) =>
  (await control(sb, 'GET', '/orders?venue_id=demo-venue')).json as Internal[];
const contents = (orders: Internal[]) =>
  orders.map((o) => [
    o.type,
    o.delivery_type,
    o.self_delivery,
    o.items,
    o.consumer_name,
    o.consumer_comment,
  ]);

it('the generator places varied orders on the sandbox clock, the same ones for the same seed', async () => {
  const [a, b, c] = [await start(42), await start(42), await start(43)];
  for (const sb of [a, b, c]) {
    await advance(sb, 5);
    for (let i = 0; i < 7; i++) await advance(sb, 60);
  }
  const [la, lb, lc] = [await list(a), await list(b), await list(c)];
  expect(la).toHaveLength(8);
  expect(contents(la)).toEqual(contents(lb));
  expect(contents(la)).not.toEqual(contents(lc));
  expect(new Set(la.map((o) => o.delivery_type)).size).toBeGreaterThan(1);
  for (const o of la) expect(o.items.length).toBeGreaterThan(0);
  // A big jump adds one order, not thousands.
  await advance(a, 30 * 24 * 3600);
  expect((await list(a)).length).toBeLessThanOrEqual(10);
});

it('the generator pauses while the venue is offline', async () => {
  const sb = await start(1);
  const token = (await onboard(sb)).access_token;
  await pos(sb, token, 'PATCH', '/venues/demo-venue/online', { status: 'OFFLINE' });
  await advance(sb, 5);
  await advance(sb, 60);
  expect(await list(sb)).toHaveLength(0);
});

it('with the generator on, couriers announce, pick up READY orders and deliver by themselves', async () => {
  const sb = await start(5);
  const order = (
    await control(sb, 'POST', '/orders', { venue_id: 'demo-venue', type: 'homedelivery' })
  ).json as Internal;
  let token = (await onboard(sb)).access_token;
  await pos(sb, token, 'PUT', `/orders/${order.id}/accept`);
  const sent = async () =>
    ((await control(sb, 'GET', '/notifications')).json as Sent[])
      .filter((n) => n.body.order.id === order.id)
      .map((n) => n.type + (n.body.order.status ? `:${n.body.order.status}` : ''));

  // Pickup is 15 min after the order; arrival is announced the venue's prep time (10 min) ahead.
  await advance(sb, 4 * 60);
  expect(await sent()).not.toContain('courier.notification');
  await advance(sb, 60);
  expect(await sent()).toContain('courier.notification');
  await pos(sb, token, 'PUT', `/orders/${order.id}/ready`);
  await advance(sb, 10 * 60);
  token = (await onboard(sb)).access_token;
  expect(await sent()).toContain('pickup_completed.notification');
  await advance(sb, 8 * 60);
  expect(await sent()).toEqual([
    'order.notification:CREATED',
    'order.notification:PRODUCTION',
    'courier.notification',
    'order.notification:READY',
    'pickup_completed.notification',
    'order.notification:DELIVERED',
  ]);
  const takeaway = (
    await control(sb, 'POST', '/orders', { venue_id: 'demo-venue', type: 'takeaway' })
  ).json as Internal;
  await pos(sb, token, 'PUT', `/orders/${takeaway.id}/accept`);
  await advance(sb, 3600);
  expect(((await control(sb, 'GET', `/orders/${takeaway.id}`)).json as Internal).status).toBe(
    'PRODUCTION',
  );
  const takeawayTypes = ((await control(sb, 'GET', '/notifications')).json as Sent[])
    .filter((n) => n.body.order.id === takeaway.id)
    .map((n) => n.type);
  expect(takeawayTypes).toEqual(['order.notification', 'order.notification']);
});

it('a courier announced late (ETA adjusted to the preparation time) picks up at that ETA, not before', async () => {
  const sb = await start(5);
  const order = (
    await control(sb, 'POST', '/orders', { venue_id: 'demo-venue', type: 'homedelivery' })
  ).json as Internal & { pickup_eta: string };
  const sent = async () =>
    ((await control(sb, 'GET', '/notifications')).json as Sent[])
      .filter((n) => n.body.order.id === order.id)
      .map((n) => n.type);
  // Accepted 3 min before the 15-min pickup: the courier is announced at once, with an ETA of
  // the venue's preparation time (10 min) from then.
  await advance(sb, 12 * 60);
  const token = (await onboard(sb)).access_token;
  await pos(sb, token, 'PUT', `/orders/${order.id}/accept`);
  await pos(sb, token, 'PUT', `/orders/${order.id}/ready`);
  await advance(sb, 30);
  expect(await sent()).toContain('courier.notification');
  await advance(sb, 6 * 60);
  expect(await sent()).not.toContain('pickup_completed.notification');
  await advance(sb, 4 * 60);
  expect(await sent()).toContain('pickup_completed.notification');
});
