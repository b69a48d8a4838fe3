import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../shared/domain';
import type { PlatformOrder } from '../marketplace/order-mapping';
import { openDatabase } from '../storage/database';
import { createOrderStore } from './order-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const NOW = Date.parse('2026-11-23T20:00:00.000Z');

const platformOrder = (i: number, createdAt: number): PlatformOrder => ({
  id: `o-${i}`,
  orderNumber: String(i),
  venueId: 'v',
  platformStatus: 'CREATED',
  type: 'instant',
  preorderTime: null,
  preorderStatus: null,
  deliveryType: 'takeaway',
  selfDelivery: false,
  items: [],
  total: { amount: 100, currency: 'EUR' },
  consumerName: null,
  consumerPhone: null,
  consumerComment: null,
  deliveryAddress: null,
  pickupEta: null,
  deliveryTime: null,
  noContactDelivery: false,
  venuePreparationSeconds: null,
  createdAt: new Date(createdAt).toISOString(),
});

describe('order store list', () => {
  it('keeps every open order on a day busier than its 500 finished ones, newest first', () => {
    const dir = mkdtempSync(join(tmpdir(), 'countertop-orders-'));
    dirs.push(dir);
    const db = openDatabase(join(dir, 'core.db'));
    const store = createOrderStore(
      db,
      () => new Date(NOW),
      () => [],
    );
    // 5 open orders from the morning, then 600 finished since, and one finished two days ago.
    for (let i = 0; i < 5; i += 1) store.upsert(platformOrder(i, NOW - 10 * 3_600_000 + i));
    for (let i = 5; i < 605; i += 1) {
      store.upsert(platformOrder(i, NOW - 9 * 3_600_000 + i * 1000));
      store.advance(`o-${i}`, 'DELIVERED' satisfies OrderStatus);
    }
    db.prepare("UPDATE orders SET updated_at = created_at WHERE id = 'o-5'").run();
    store.upsert(platformOrder(999, NOW - 48 * 3_600_000));
    store.advance('o-999', 'DELIVERED');
    db.prepare("UPDATE orders SET updated_at = created_at WHERE id = 'o-999'").run();

    const list = store.list();
    expect(list.filter((o) => o.platformStatus === 'CREATED').map((o) => o.id)).toEqual([
      'o-4',
      'o-3',
      'o-2',
      'o-1',
      'o-0',
    ]);
    expect(list.filter((o) => o.platformStatus === 'DELIVERED')).toHaveLength(500);
    expect(list[0]!.id).toBe('o-604');
    expect(list.some((o) => o.id === 'o-999')).toBe(false);
    const created = list.map((o) => o.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    db.close();
  });
});

describe('order store upsert', () => {
  it('takes the platform repeating a status an action already moved to as no change', () => {
    const dir = mkdtempSync(join(tmpdir(), 'countertop-orders-'));
    dirs.push(dir);
    const db = openDatabase(join(dir, 'core.db'));
    let clock = NOW;
    const store = createOrderStore(
      db,
      () => new Date(clock),
      () => [],
    );
    const order = platformOrder(1, NOW - 60_000);
    expect(store.upsert(order)).toEqual({ isNew: true, changed: true });
    clock += 1_000;
    // The platform's answer to an action: the status column moves on.
    expect(store.advance(order.id, 'PRODUCTION')).toBe(true);
    const advanced = store.get(order.id)!;
    clock += 1_000;
    // Its notification a moment later reads the same order.
    expect(store.upsert({ ...order, platformStatus: 'PRODUCTION' })).toEqual({
      isNew: false,
      changed: false,
    });
    expect(store.get(order.id)).toEqual(advanced);
    // Anything else the platform says is still a change.
    clock += 1_000;
    expect(
      store.upsert({ ...order, platformStatus: 'PRODUCTION', consumerComment: 'No onions' }),
    ).toEqual({ isNew: false, changed: true });
    expect(store.get(order.id)).toMatchObject({
      consumerComment: 'No onions',
      platformStatus: 'PRODUCTION',
      updatedAt: new Date(clock).toISOString(),
    });
    db.close();
  });
});
