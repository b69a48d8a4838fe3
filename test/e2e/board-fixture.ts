// A board with something in every column, driven through the real sandbox and core: what the
// layout, contrast and keyboard tests look at. Actions go through the core's API (the same calls
// the buttons make); the tests that are about the buttons press them in the browser.
import type { Demo } from '../../scripts/start';
import type { Order } from '../../shared/domain';
import { controlCall, eventually } from './support';

export type PlacedOrder = { id: string; order_number: string };

export type BoardFixture = {
  place(options?: {
    type?: 'takeaway' | 'homedelivery';
    preorderInMinutes?: number;
  }): Promise<PlacedOrder>;
  /** Waits until the core has the order in the given status (or a pre-order's confirmation). */
  settled(id: string, done: (order: Order) => boolean): Promise<Order>;
  /** One order in each of In preparation, Ready and Done (two), and `fresh` in New. */
  fillColumns(fresh: number): Promise<{ preparation: PlacedOrder; newOrders: PlacedOrder[] }>;
};

export const boardFixture = (demo: Demo): BoardFixture => {
  const api = demo.core.api;
  const place: BoardFixture['place'] = ({ type = 'takeaway', preorderInMinutes } = {}) =>
    controlCall<PlacedOrder>(demo.sandbox.controlUrl, 'POST', '/orders', {
      venue_id: demo.sandbox.demo.venueId,
      type,
      ...(preorderInMinutes
        ? { preorder_time: new Date(Date.now() + preorderInMinutes * 60_000).toISOString() }
        : {}),
    });
  const settled: BoardFixture['settled'] = (id, done) =>
    eventually(
      async () => (await api['orders:list']({})).find((o) => o.id === id) ?? null,
      (order) => order !== null && !order.pending && done(order),
      20_000,
    ).then((order) => order!);

  const known = (id: string) => settled(id, () => true);

  return {
    place,
    settled,
    fillColumns: async (fresh) => {
      // A platform-courier order in preparation (Mark ready), a takeaway one in Ready (Handed over).
      const preparation = await place({ type: 'homedelivery' });
      await known(preparation.id);
      await api['orders:accept']({ orderId: preparation.id, preparationMinutes: 15 });
      await settled(preparation.id, (o) => o.status === 'PRODUCTION');

      const ready = await place();
      await known(ready.id);
      await api['orders:accept']({ orderId: ready.id, preparationMinutes: 10 });
      await settled(ready.id, (o) => o.status === 'PRODUCTION');
      await api['orders:markReady']({ orderId: ready.id });
      await settled(ready.id, (o) => o.status === 'READY');

      const done = await place();
      await known(done.id);
      await api['orders:reject']({
        orderId: done.id,
        reason: 'Closing soon',
        code: 'VENUE_CLOSING_SOON',
      });
      await settled(done.id, (o) => o.status === 'REJECTED');

      const delivered = await place();
      await known(delivered.id);
      await api['orders:accept']({ orderId: delivered.id, preparationMinutes: 5 });
      await settled(delivered.id, (o) => o.status === 'PRODUCTION');
      await api['orders:markReady']({ orderId: delivered.id });
      await settled(delivered.id, (o) => o.status === 'READY');
      await api['orders:handOver']({ orderId: delivered.id });
      await settled(delivered.id, (o) => o.status === 'DELIVERED');

      const newOrders: PlacedOrder[] = [];
      for (let i = 0; i < fresh; i += 1)
        newOrders.push(await place({ type: i % 2 ? 'homedelivery' : 'takeaway' }));
      for (const order of newOrders) await known(order.id);
      return { preparation, newOrders };
    },
  };
};
