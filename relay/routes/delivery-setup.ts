// PUT and GET /v1/delivery/setup: a terminal sets up courier delivery for its own venue. With
// `merchant_key` it hands the merchant's key over once (its setup screen; the terminal keeps no
// copy): the relay checks the key at the service, seals it (relay/drive/credentials.ts) and links
// the venue. Without it the venue must already be linked by the relay's operator
// (`admin delivery-merchant`). Either way the relay keeps the merchant's webhooks and answers
// their state; no key or secret ever comes back.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { HttpError, decodeJson, readBody, sendJson } from '../../kit/http';
import { isVenueId, VENUE_ID_RULE } from '../../shared/venue-id';
import { visibleAscii } from '../../shared/visible-ascii';
import { DriveRefused, DriveUnreachable, driveBase, listWebhooks } from '../drive/drive-api';
import { ensureMerchantWebhooks, type DriveDeps } from '../drive/merchant-webhooks';
import type { RelayContext } from '../relay-context';
import { driveCaller } from './drive-caller';

const BODY_BYTES = 8 * 1024;

// Both are kept, put in paths and printed by the operator's commands (shared/visible-ascii.ts).
const merchantIdSchema = visibleAscii(1, 200);

/** https, or http on this machine (a relay beside the demo sandbox). */
export const driveUrlSchema = visibleAscii(
  1,
  2000,
  'must be an address without spaces or control characters',
).refine((value) => {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    );
  } catch {
    return false;
  }
}, 'must be an https:// address (http:// only on this machine)');

export const merchantKeySchema = visibleAscii(8, 500);

const setupBody = z.strictObject({
  venue_id: z.string().refine(isVenueId, `a venue id is ${VENUE_ID_RULE}`),
  merchant_id: merchantIdSchema,
  drive_url: driveUrlSchema,
  merchant_key: merchantKeySchema.optional(),
});

export type DeliverySetupAnswer = {
  venue_id: string;
  merchant_id: string;
  webhook: { id: string; disabled: boolean; callback_url: string } | null;
  webhook_error: string | null;
};

const problem = (error: unknown): HttpError => {
  if (error instanceof HttpError) return error;
  if (error instanceof DriveRefused)
    return new HttpError(error.status === 401 || error.status === 403 ? 400 : 502, error.message);
  if (error instanceof DriveUnreachable) return new HttpError(504, error.message);
  return new HttpError(500, 'The delivery set-up failed at the relay.');
};

/** The merchant's webhooks made right now; their state, or why not (the set-up stands either way). */
async function webhookState(
  drive: DriveDeps,
  venueId: string,
  merchantId: string,
): Promise<DeliverySetupAnswer> {
  try {
    const kept = await ensureMerchantWebhooks(drive, merchantId);
    const hook = kept?.webhook ?? null;
    return {
      venue_id: venueId,
      merchant_id: merchantId,
      webhook: hook && { id: hook.id, disabled: hook.disabled, callback_url: hook.callback_url },
      webhook_error: null,
    };
  } catch (error) {
    return {
      venue_id: venueId,
      merchant_id: merchantId,
      webhook: null,
      webhook_error: problem(error).message,
    };
  }
}

export async function handleDeliverySetup(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const { terminal, drive } = await driveCaller(ctx, req);
  if (req.method === 'GET') {
    const venueId = url.searchParams.get('venue_id') ?? '';
    if (!isVenueId(venueId)) throw new HttpError(400, `venue_id must be ${VENUE_ID_RULE}.`);
    if (!terminal.venueIds.includes(venueId))
      throw new HttpError(403, 'This terminal key does not belong to that venue.');
    const merchantId = await ctx.store.deliveryVenueMerchant(venueId);
    if (merchantId === null)
      throw new HttpError(404, 'Courier delivery is not set up for this venue at the relay.');
    sendJson(res, 200, await webhookState(drive, venueId, merchantId));
    return;
  }
  const parsed = setupBody.safeParse(decodeJson(await readBody(req, BODY_BYTES)).json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(
      400,
      `The body must be {"venue_id", "merchant_id", "drive_url", optional "merchant_key"}${issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message})` : ''}.`,
    );
  }
  const { venue_id: venueId, merchant_id: merchantId, drive_url: driveUrl } = parsed.data;
  if (!terminal.venueIds.includes(venueId))
    throw new HttpError(403, `This terminal is not for venue ${venueId}.`);
  const key = parsed.data.merchant_key;
  if (key === undefined) {
    // No key: only what the relay's operator linked already.
    if ((await ctx.store.deliveryVenueMerchant(venueId)) !== merchantId)
      throw new HttpError(
        409,
        "The relay holds no merchant key for this venue: enter the merchant key once, or ask the relay's operator to set it.",
      );
  } else {
    // The address is the caller's word, and a key is only proven where it is checked: a terminal
    // naming a server of its own would otherwise move a merchant other venues use (their bookings,
    // the webhook secret) there. A merchant the relay holds stays at its address.
    const held = await ctx.store.deliveryMerchant(merchantId);
    if (held !== null && driveBase(held.driveUrl) !== driveBase(driveUrl))
      throw new HttpError(
        409,
        "The relay holds this merchant at another delivery service address; only the relay's operator changes it (admin delivery-merchant).",
      );
    try {
      // The key must open the merchant's account before it replaces anything.
      await listWebhooks({ driveUrl, merchantId, merchantKey: key });
    } catch (error) {
      throw problem(error);
    }
    const at = ctx.now();
    await ctx.store.putDeliveryMerchant(
      { merchantId, driveUrl, keyBox: drive.box.seal(merchantId, 'merchant-key', key) },
      at,
    );
    await ctx.store.linkDeliveryVenue(venueId, merchantId, at);
  }
  sendJson(res, 200, await webhookState(drive, venueId, merchantId));
}
