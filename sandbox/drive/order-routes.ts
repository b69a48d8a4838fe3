// Live order endpoints: cancel (docs/platform.md#delivery-cancellation), handshake details, and
// the public tracking page behind the tracking URL.
import type { Router } from '../http';
import { sendJson, sendText } from '../../kit/http';
import type { DriveContext } from './context';
import type { CourierDesk } from './courier-desk';
import { stageIndex } from './courier';
import { apiError, parseBody, readJsonBody } from './http';
import { cancelSchema } from './schemas';

export const registerOrderRoutes = (router: Router, ctx: DriveContext, desk: CourierDesk) => {
  router.add('PATCH', '/order/:reference/status/cancel', async (req, res, params) => {
    const merchant = ctx.authenticate(req);
    const delivery = ctx.ownDelivery(merchant, params.reference);
    const body = parseBody(cancelSchema, await readJsonBody(req));
    const stage = stageIndex(delivery.stage);
    const notCancellable = (reason: string, details: string) =>
      apiError(400, 'INVALID_ORDER_STATE_TRANSITION', reason, details);
    if (delivery.status === 'REJECTED') {
      throw notCancellable(
        'The order is already cancelled.',
        `Order ${delivery.reference} has status REJECTED.`,
      );
    }
    if (!desk.isActive(delivery)) {
      throw notCancellable(
        'The order is finished and can no longer be cancelled.',
        `Order ${delivery.reference} has status ${delivery.status}.`,
      );
    }
    if (stage >= stageIndex('picked_up')) {
      throw notCancellable(
        'The order has been picked up and can no longer be cancelled.',
        'Contact support to cancel the order.',
      );
    }
    if (stage >= stageIndex('pickup_started') && !merchant.lateCancellationAgreed) {
      throw notCancellable(
        'The courier has started the pickup task; the order can no longer be cancelled automatically.',
        'Late cancellation is not agreed for this merchant. Contact support to cancel the order.',
      );
    }
    desk.reject(delivery, body.reason);
    sendJson(res, 200, {
      platform_order_reference_id: delivery.reference,
      status: 'REJECTED',
      late_cancellation: stage >= stageIndex('pickup_started'),
    });
  });

  router.add('GET', '/order/:reference/handshake-delivery', (req, res, params) => {
    const merchant = ctx.authenticate(req);
    const delivery = ctx.ownDelivery(merchant, params.reference);
    if (!delivery.handshake) {
      throw apiError(
        404,
        'HANDSHAKE_DELIVERY_NOT_ENABLED',
        `Handshake delivery is not enabled for order ${delivery.reference}.`,
      );
    }
    sendJson(res, 200, {
      is_required: delivery.handshake.isRequired,
      pin_code: delivery.handshake.pinCode,
    });
  });

  router.add('GET', '/tracking/:trackingId', (_req, res, params) => {
    const reference =
      params.trackingId === undefined ? undefined : ctx.state.trackingIndex.get(params.trackingId);
    const delivery = reference === undefined ? undefined : ctx.state.deliveries.get(reference);
    if (!delivery)
      throw apiError(404, 'TRACKING_NOT_FOUND', 'No delivery has this tracking reference.');
    const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const html = `<!doctype html><meta charset="utf-8"><title>Delivery ${escape(delivery.trackingId)}</title>
<h1>${escape(delivery.pickup.name)}</h1><p id="status">${escape(delivery.status)}</p>
<p>Estimated delivery: <time>${escape(delivery.dropoffEta)}</time></p>`;
    sendText(res, 200, html, { 'Content-Type': 'text/html; charset=utf-8' });
  });
};
