// A board with something in every column, driven through the real sandbox and core: what the
// layout, contrast and keyboard tests look at. Actions go through the core's API (the same calls
// the buttons make); the tests that are about the buttons press them in the browser.
import type { Demo } from '../../scripts/start';
import type { Order, OrderStatus } from '../../shared/domain';
import { controlCall, eventually } from './support';

export type PlacedOrder = { id: string; order_number: string };

export type BoardFixture = {
  place(options?: {
    type?: 'takeaway' | 'homedelivery';
    preorderInMinutes?: number;
    /** A big order: this many lines (the sandbox's default is 1 to 4). */
    lines?: number;
  }): Promise<PlacedOrder>;
  /** Waits until the core has the order in the given status (or a pre-order's confirmation). */
  settled(id: string, done: (order: Order) => boolean): Promise<Order>;
  /** One order in each of In preparation, Ready and Done (two), and `fresh` in New. */
  fillColumns(fresh: number): Promise<{ preparation: PlacedOrder; newOrders: PlacedOrder[] }>;
};

export const boardFixture = (demo: Demo): BoardFixture => {
  const api = demo.core.api;
  const place: BoardFixture['place'] = ({ type = 'takeaway', preorderInMinutes, lines } = {}) =>
    controlCall<PlacedOrder>(demo.sandbox.controlUrl, 'POST', '/orders', {
      venue_id: demo.sandbox.demo.venueId,
      type,
      ...(lines ? { line_count: lines } : {}),
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

  const steps: Record<
    'accept' | 'ready' | 'handOver' | 'reject',
    { to: OrderStatus; send: (orderId: string) => Promise<unknown> }
  > = {
    accept: {
      to: 'PRODUCTION',
      send: (orderId) => api['orders:accept']({ orderId, preparationMinutes: 15 }),
    },
    ready: { to: 'READY', send: (orderId) => api['orders:ready']({ orderId }) },
    handOver: { to: 'DELIVERED', send: (orderId) => api['orders:delivered']({ orderId }) },
    reject: {
      to: 'REJECTED',
      send: (orderId) =>
        api['orders:reject']({ orderId, reason: 'Closing soon', code: 'VENUE_CLOSING_SOON' }),
    },
  };
  /** Places an order and takes it through `path`, each step confirmed by the platform. */
  const placeThrough = async (
    path: Array<keyof typeof steps>,
    type: 'takeaway' | 'homedelivery' = 'takeaway',
  ): Promise<PlacedOrder> => {
    const order = await place({ type });
    await settled(order.id, () => true);
    for (const step of path) {
      await steps[step].send(order.id);
      await settled(order.id, (o) => o.status === steps[step].to);
    }
    return order;
  };

  return {
    place,
    settled,
    fillColumns: async (fresh) => {
      // A platform-courier order in preparation (Mark ready), a takeaway one in Ready (Handed over).
      const preparation = await placeThrough(['accept'], 'homedelivery');
      await placeThrough(['accept', 'ready']);
      await placeThrough(['reject']);
      await placeThrough(['accept', 'ready', 'handOver']);

      const newOrders: PlacedOrder[] = [];
      for (let i = 0; i < fresh; i += 1)
        newOrders.push(await place({ type: i % 2 ? 'homedelivery' : 'takeaway' }));
      for (const order of newOrders) await settled(order.id, () => true);
      return { preparation, newOrders };
    },
  };
};
