// Tells the relay the venue's state as the platform shows it (PUT /v1/venue-state) and reads back
// the relay's word on the venue's webhooks: whether none arrived for far longer than the venue's
// own order rate makes likely (relay/intake-watch.ts). The relay cannot read the venue status
// itself (it holds no platform token), and without this it could not tell a broken webhook path
// from a venue that is closed.
import { z } from 'zod';
import { relayCall } from './relay-call';

const answerSchema = z.object({
  venue_id: z.string(),
  no_orders_arriving: z.boolean(),
  last_webhook_at: z.string().nullable(),
  quiet_seconds: z.number().nonnegative(),
  threshold_seconds: z.number().nonnegative(),
});

export type VenueIntake = {
  noOrdersArriving: boolean;
  lastWebhookAt: string | null;
  quietSeconds: number;
  thresholdSeconds: number;
};

export const reportVenueState = async (options: {
  relayUrl: string;
  terminalKey: string;
  venueId: string;
  online: boolean;
  open: boolean;
}): Promise<VenueIntake> => {
  const answer = await relayCall(
    options,
    {
      method: 'PUT',
      path: '/v1/venue-state',
      body: { venue_id: options.venueId, online: options.online, open: options.open },
    },
    answerSchema,
  );
  return {
    noOrdersArriving: answer.no_orders_arriving,
    lastWebhookAt: answer.last_webhook_at,
    quietSeconds: answer.quiet_seconds,
    thresholdSeconds: answer.threshold_seconds,
  };
};
