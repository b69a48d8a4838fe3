// Control endpoints of the delivery service (mounted under /_sandbox/drive): register merchants,
// inspect deliveries and the events sent, move couriers, force a customer no-show.
import { z } from 'zod';
import { HttpError, sendJson } from '../../kit/http';
import { readJson } from '../../kit/http';
import { JSON_BODY } from '../http';
import type { Router } from '../http';
import type { Delivery, Stage } from './courier';
import { courierPosition, STAGE_ALIASES, stageIndex, STAGES } from './courier';
import { parseBody } from './http';
import type { RegisterMerchantRequest } from './schemas';
import { registerMerchantSchema } from './schemas';
import type { DriveState, Merchant } from './state';
import type { WebhookHub } from './webhooks';
import type { CourierDesk } from './courier-desk';

export type ControlDeps = {
  state: DriveState;
  hub: WebhookHub;
  desk: CourierDesk;
  demo: { merchantId: string; merchantKey: string; venueId: string } | null;
  registerMerchant(input: RegisterMerchantRequest): Merchant;
};

const advanceSchema = z.object({
  /** A stage name or an event name without `order.`; omitted: one stage forward. */
  to: z.string().optional(),
  /** 'reversed' sends the events of the last action (e.g. dropoff_completed + delivered) last-first. */
  order: z.enum(['natural', 'reversed']).default('natural'),
});

const deliveryState = (delivery: Delivery) => ({
  platform_order_reference_id: delivery.reference,
  tracking_id: delivery.trackingId,
  tracking_url: delivery.trackingUrl,
  merchant_id: delivery.merchantId,
  venue_id: delivery.venueId,
  status: delivery.status,
  stage: delivery.stage,
  pickup_eta: delivery.pickupEta,
  dropoff_eta: delivery.dropoffEta,
  completed_at: delivery.completedAt,
  rejected_reason: delivery.rejectedReason,
  handshake:
    delivery.handshake === null
      ? null
      : { is_required: delivery.handshake.isRequired, pin_code: delivery.handshake.pinCode },
  courier: delivery.courier,
  courier_position: courierPosition(delivery),
  // What the booking asked for, as the service took it.
  order_number: delivery.orderNumber,
  merchant_order_reference_id: delivery.merchantOrderReferenceId,
  recipient: delivery.recipient,
  parcels: delivery.parcels,
  pickup_comment: delivery.pickup.comment,
  dropoff: {
    comment: delivery.dropoff.comment,
    is_no_contact: delivery.dropoff.isNoContact,
    scheduled_time: delivery.dropoff.scheduledTime,
  },
  tips: delivery.tips,
  sms_notifications: delivery.smsNotifications,
  bag_count: delivery.bagCount,
  cash: delivery.cash,
  timeline: Object.fromEntries(
    STAGES.map((stage) => [stage, new Date(delivery.timeline[stage]).toISOString()]),
  ),
});

export const registerControlRoutes = (router: Router, deps: ControlDeps) => {
  const findDelivery = (reference: string | undefined) => {
    const delivery = reference === undefined ? undefined : deps.state.deliveries.get(reference);
    if (!delivery) throw new HttpError(404, `No delivery '${reference ?? ''}'.`);
    return delivery;
  };

  router.add('POST', '/merchants', async (req, res) => {
    const body = parseBody(registerMerchantSchema, await readJson(req, JSON_BODY));
    let merchant: Merchant;
    try {
      merchant = deps.registerMerchant(body);
    } catch (error) {
      throw new HttpError(409, error instanceof Error ? error.message : String(error));
    }
    sendJson(res, 201, {
      merchant_id: merchant.id,
      late_cancellation_agreed: merchant.lateCancellationAgreed,
      cash_enabled: merchant.cashEnabled,
      key_created_at: merchant.keyCreatedAt,
      venue_ids: merchant.venueIds,
    });
  });

  // The control API is local-only and can register any key, so handing out the demo key here
  // gives nothing away; the demo script reads it from here.
  router.add('GET', '/demo', (_req, res) => {
    if (!deps.demo) throw new HttpError(404, 'The demo merchant is not registered.');
    sendJson(res, 200, {
      merchant_id: deps.demo.merchantId,
      merchant_key: deps.demo.merchantKey,
      venue_id: deps.demo.venueId,
    });
  });

  router.add('GET', '/deliveries', (_req, res) => {
    sendJson(res, 200, [...deps.state.deliveries.values()].map(deliveryState));
  });

  router.add('GET', '/deliveries/:reference', (_req, res, params) => {
    sendJson(res, 200, deliveryState(findDelivery(params.reference)));
  });

  router.add('POST', '/deliveries/:reference/advance', async (req, res, params) => {
    const delivery = findDelivery(params.reference);
    const body = parseBody(advanceSchema, await readJson(req, { ...JSON_BODY, emptyAs: {} }));
    if (!deps.desk.isActive(delivery)) {
      throw new HttpError(
        409,
        `The delivery is finished (${delivery.status}); the courier cannot move.`,
        { extra: { status: delivery.status } },
      );
    }
    let target: Stage | undefined;
    if (body.to === undefined) target = STAGES[stageIndex(delivery.stage) + 1];
    else {
      target = STAGE_ALIASES[body.to.replace(/^order\./, '')];
      if (!target)
        throw new HttpError(400, `Unknown stage '${body.to}'. Stages: ${STAGES.join(', ')}.`);
    }
    if (!target || stageIndex(target) <= stageIndex(delivery.stage)) {
      throw new HttpError(409, `The courier is already at ${delivery.stage}.`, {
        extra: { status: delivery.status },
      });
    }
    deps.desk.advanceTo(delivery, target, body.order === 'reversed');
    sendJson(res, 200, deliveryState(delivery));
  });

  router.add('POST', '/deliveries/:reference/customer-no-show', (_req, res, params) => {
    const delivery = findDelivery(params.reference);
    if (!deps.desk.isActive(delivery)) {
      throw new HttpError(409, `The delivery is finished (${delivery.status}).`, {
        extra: { status: delivery.status },
      });
    }
    deps.desk.customerNoShow(delivery);
    sendJson(res, 200, deliveryState(delivery));
  });

  router.add('GET', '/events', (req, res) => {
    const query = new URL(req.url ?? '/', 'http://sandbox').searchParams;
    const reference = query.get('platform_order_reference_id');
    const sent = deps.hub
      .sent()
      .filter((entry) => reference === null || entry.platform_order_reference_id === reference);
    sendJson(res, 200, sent);
  });
};
