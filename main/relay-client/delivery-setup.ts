// The venue's courier-delivery set-up at the relay (PUT/GET /v1/delivery/setup), with the
// terminal's own key: the relay holds the merchant's delivery key and keeps the merchant's
// webhooks; a terminal hands the key over at most once and keeps none (docs/security.md).
import { z } from 'zod';
import { relayCall } from './relay-call';

const answerSchema = z.looseObject({
  venue_id: z.string(),
  merchant_id: z.string(),
  webhook: z
    .looseObject({ id: z.string(), disabled: z.boolean(), callback_url: z.string() })
    .nullable(),
  webhook_error: z.string().nullable(),
});
export type RelayDeliverySetup = z.infer<typeof answerSchema>;

const PATH = '/v1/delivery/setup';

export const putDeliverySetup = async (options: {
  relayUrl: string;
  terminalKey: string;
  venueId: string;
  merchantId: string;
  driveUrl: string;
  /** Handed over once; the relay seals it and the terminal keeps no copy. */
  merchantKey?: string;
}): Promise<RelayDeliverySetup> => {
  // The relay checks the key at the delivery service and makes the merchant's webhooks first.
  return relayCall(
    options,
    {
      method: 'PUT',
      path: PATH,
      timeoutMs: 30_000,
      body: {
        venue_id: options.venueId,
        merchant_id: options.merchantId,
        drive_url: options.driveUrl,
        ...(options.merchantKey === undefined ? {} : { merchant_key: options.merchantKey }),
      },
    },
    answerSchema,
  );
};

export const getDeliverySetup = async (options: {
  relayUrl: string;
  terminalKey: string;
  venueId: string;
}): Promise<RelayDeliverySetup> => {
  return relayCall(
    options,
    { method: 'GET', path: PATH, query: { venue_id: options.venueId }, timeoutMs: 30_000 },
    answerSchema,
  );
};
