// What both webhooks share: reading the body within its limit, refusing with a counted reason,
// and committing the event (a failure is the relay's, so the sender retries).
import type { IncomingMessage } from 'node:http';
import { HttpError, decodeJson, readBody } from '../../kit/http';
import { deliveryBody } from '../ingest/delivery';
import type { RelayContext } from '../relay-context';
import type { AppendOutcome, EventKind, IncomingEvent } from '../store/event-store';

export async function ingest(ctx: RelayContext, event: IncomingEvent): Promise<AppendOutcome> {
  try {
    const outcome = await ctx.commits.append(event);
    ctx.metrics.received.inc({ kind: event.kind, outcome: outcome.status });
    return outcome;
  } catch (error) {
    ctx.metrics.refused.inc({ kind: event.kind, reason: 'storage_error' });
    ctx.log('storage', `could not store a ${event.kind} event: ${(error as Error).message}`);
    throw new HttpError(503, 'The event could not be stored; retry later.', {
      headers: {
        'Retry-After': '1',
      },
    });
  }
}

export function refuse(
  ctx: RelayContext,
  kind: EventKind,
  reason: string,
  error: HttpError,
): never {
  ctx.metrics.refused.inc({ kind, reason });
  throw error;
}

export async function readWebhookBody(
  ctx: RelayContext,
  req: IncomingMessage,
  kind: EventKind,
): Promise<Buffer> {
  try {
    return await readBody(req, ctx.maxBodyBytes);
  } catch (error) {
    if (error instanceof HttpError) {
      refuse(ctx, kind, error.status === 413 ? 'too_large' : 'malformed', error);
    }
    throw error;
  }
}

/**
 * A storage read on the way to a delivery event's verdict: a failure is the relay's, so the
 * service is told to retry (503), never that the event is bad.
 */
export async function readDeliveryStore<T>(ctx: RelayContext, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    ctx.metrics.refused.inc({ kind: 'delivery', reason: 'storage_error' });
    ctx.log('storage', `could not read for a delivery event: ${(error as Error).message}`);
    throw new HttpError(503, 'The event could not be checked; retry later.', {
      headers: { 'Retry-After': '1' },
    });
  }
}

/** A delivery webhook's body as sent and its token; a body that is not that envelope is refused. */
export async function readDeliveryEnvelope(
  ctx: RelayContext,
  req: IncomingMessage,
): Promise<{ text: string; token: string }> {
  const body = await readWebhookBody(ctx, req, 'delivery');
  let decoded: { text: string; json: unknown };
  try {
    decoded = decodeJson(body);
  } catch (error) {
    return refuse(ctx, 'delivery', 'malformed', error as HttpError);
  }
  const envelope = deliveryBody.safeParse(decoded.json);
  if (!envelope.success)
    return refuse(
      ctx,
      'delivery',
      'malformed',
      new HttpError(400, 'The body must be a JSON object with a string field "token".'),
    );
  return { text: decoded.text, token: envelope.data.token };
}
