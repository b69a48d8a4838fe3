// The venue's courier-delivery set-up at the relay (PUT/GET /v1/delivery/setup), with the
// terminal's own key: the relay holds the merchant's delivery key and keeps the merchant's
// webhooks; a terminal hands the key over at most once and keeps none (docs/security.md).
import { z } from 'zod';
import { RequestError, sendRequest } from '../http/http';

const answerSchema = z.looseObject({
  venue_id: z.string(),
  merchant_id: z.string(),
  webhook: z
    .looseObject({ id: z.string(), disabled: z.boolean(), callback_url: z.string() })
    .nullable(),
  webhook_error: z.string().nullable(),
});
export type RelayDeliverySetup = z.infer<typeof answerSchema>;

const read = (body: unknown): RelayDeliverySetup => {
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success)
    throw new RequestError({
      kind: 'permanent',
      status: null,
      message: "The relay's answer about courier delivery is unreadable.",
    });
  return parsed.data;
};

const base = (relayUrl: string): string => `${relayUrl.replace(/\/+$/, '')}/v1/delivery/setup`;

export const putDeliverySetup = async (options: {
  relayUrl: string;
  terminalKey: string;
  venueId: string;
  merchantId: string;
  driveUrl: string;
  /** Handed over once; the relay seals it and the terminal keeps no copy. */
  merchantKey?: string;
}): Promise<RelayDeliverySetup> => {
  const response = await sendRequest({
    method: 'PUT',
    url: base(options.relayUrl),
    headers: { authorization: `Bearer ${options.terminalKey}` },
    // The relay checks the key at the delivery service and makes the merchant's webhooks first.
    timeoutMs: 30_000,
    body: {
      venue_id: options.venueId,
      merchant_id: options.merchantId,
      drive_url: options.driveUrl,
      ...(options.merchantKey === undefined ? {} : { merchant_key: options.merchantKey }),
    },
  });
  return read(response.body);
};

export const getDeliverySetup = async (options: {
  relayUrl: string;
  terminalKey: string;
  venueId: string;
}): Promise<RelayDeliverySetup> => {
  const response = await sendRequest({
    method: 'GET',
    url: `${base(options.relayUrl)}?venue_id=${encodeURIComponent(options.venueId)}`,
    headers: { authorization: `Bearer ${options.terminalKey}` },
    timeoutMs: 30_000,
  });
  return read(response.body);
};
