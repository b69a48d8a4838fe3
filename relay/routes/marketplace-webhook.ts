// POST /hooks/marketplace: the platform's signed order notifications.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, decodeJson, sendJson } from '../../kit/http';
import { parseMarketplaceNotification, verifyPlatformSignature } from '../ingest/marketplace';
import type { RelayContext } from '../relay-context';
import { trust } from '../relay-context';
import { ingest, readWebhookBody, refuse } from './webhook-intake';

export async function handleMarketplace(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const body = await readWebhookBody(ctx, req, 'marketplace');
  const header = req.headers['platform-signature'];
  const signature = typeof header === 'string' ? header : undefined;
  if (!verifyPlatformSignature(body, signature, ctx.marketplaceSecrets)) {
    refuse(
      ctx,
      'marketplace',
      signature === undefined ? 'missing_signature' : 'bad_signature',
      new HttpError(401, 'PLATFORM-SIGNATURE is missing or does not match the body.'),
    );
  }
  // A valid signature proves the sender: its socket is no longer among the first to be shed.
  trust(ctx, req.socket);
  let decoded: { text: string; json: unknown };
  try {
    decoded = decodeJson(body);
  } catch (error) {
    return refuse(ctx, 'marketplace', 'malformed', error as HttpError);
  }
  const parsed = parseMarketplaceNotification(decoded.json);
  if (!parsed.ok)
    return refuse(ctx, 'marketplace', 'invalid_shape', new HttpError(400, parsed.message));
  const outcome = await ingest(ctx, {
    kind: 'marketplace',
    eventId: parsed.id,
    venueId: parsed.venueId,
    orderRef: null,
    receivedAt: ctx.now(),
    body: decoded.text,
    signature: signature as string,
  });
  sendJson(res, 200, { received: true, duplicate: outcome.status === 'duplicate' });
}
