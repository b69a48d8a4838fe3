// The living demo: an order generator for the demo venue and platform couriers that act by
// themselves (announce arrival, pick up READY orders, deliver), all on the sandbox clock.
import * as orders from './pos/orders';
import type { SandboxOrder, World } from './world';

const MINUTE = 60_000;

export function startOrderGenerator(
  world: World,
  venueId: string,
  ordersPerMinute: number,
): () => void {
  const intervalMs = 60_000 / ordersPerMinute;
  let cancel: () => void = () => {};
  const tick = (): void => {
    const venue = world.venues.get(venueId);
    // The platform sends no orders to a venue that is offline.
    if (venue?.online) {
      const { prng } = world;
      const roll = prng.next();
      const deliveryType = roll < 0.35 ? 'takeaway' : 'homedelivery';
      const selfDelivery = deliveryType === 'homedelivery' && prng.chance(0.2);
      const preorderTime = prng.chance(0.1) ? world.clock.now() + prng.int(45, 120) * MINUTE : null;
      orders.createOrder(world, venue, { venueId, deliveryType, selfDelivery, preorderTime });
    }
    // Scheduled from "now", so a big clock jump produces one order, not thousands.
    cancel = world.clock.schedule(world.clock.now() + intervalMs, tick);
  };
  cancel = world.clock.schedule(world.clock.now() + Math.min(intervalMs, 5000), tick);
  return () => cancel();
}

/** Couriers of platform-delivered orders play their part once the order is in production. */
export function enableAutoCouriers(world: World): void {
  world.onProduction = (order: SandboxOrder) => {
    if (order.deliveryType !== 'homedelivery' || order.selfDelivery) return;
    const venue = world.venues.get(order.venueId);
    const prepMs = (venue?.prepTimeSeconds ?? 600) * 1000;
    const step = (at: number, run: () => void) => order.timers.push(world.clock.schedule(at, run));
    const safely = (run: () => void) => () => {
      try {
        run();
      } catch {
        // The partner moved the order meanwhile (e.g. a cancel); the courier just goes home.
      }
    };
    // Arrival is announced ahead of the pickup by the venue's preparation time.
    step(
      Math.max(world.clock.now() + 10_000, order.pickupEta - prepMs),
      safely(() => {
        if (!order.courierNotified) orders.courierEvent(world, order, 'arriving');
      }),
    );
    let waited = 0;
    const tryPickup = (): void => {
      // An arrival announced late moved the pickup ETA out; the courier keeps to it.
      if (world.clock.now() < order.pickupEta) step(order.pickupEta, safely(tryPickup));
      else if (order.status === 'READY') {
        orders.courierEvent(world, order, 'picked_up');
        step(
          world.clock.now() + 8 * MINUTE,
          safely(() => orders.courierEvent(world, order, 'delivered')),
        );
      } else if (order.status === 'PRODUCTION' && waited < 5) {
        waited++;
        step(world.clock.now() + MINUTE, safely(tryPickup));
      } else if (order.status === 'PRODUCTION') {
        // Marking ready is optional: after waiting, the courier takes the food and delivers.
        step(
          world.clock.now() + 8 * MINUTE,
          safely(() => orders.courierEvent(world, order, 'delivered')),
        );
      }
    };
    step(Math.max(world.clock.now() + 20_000, order.pickupEta), safely(tryPickup));
  };
}
