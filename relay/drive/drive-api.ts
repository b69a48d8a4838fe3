// The delivery service as the relay calls it with a merchant's key (docs/platform.md#delivery-service):
// the webhook management the relay alone does, and the one forwarding step of the terminals' proxy.
// The key travels only in the Authorization header; no message here ever quotes it.
import { z } from 'zod';

export type DriveAnswer = { status: number; body: unknown; text: string };

export class DriveUnreachable extends Error {
  constructor(
    message: string,
    /** The request may have reached the service (a timeout, a reset after sending). */
    readonly maybeSent: boolean,
  ) {
    super(message);
  }
}

export class DriveRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_TIMEOUT_MS = 12_000;

/** The service's address as calls join paths to it: a trailing slash names the same service. */
export const driveBase = (driveUrl: string): string => driveUrl.replace(/\/+$/, '');

/** One call to the service; any answer comes back (status and body), a network failure throws. */
export async function callDrive(
  driveUrl: string,
  merchantKey: string,
  request: { method: string; path: string; body?: unknown; timeoutMs?: number },
): Promise<DriveAnswer> {
  let response: Response;
  try {
    response = await fetch(`${driveBase(driveUrl)}${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${merchantKey}`,
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    const code = (error as { cause?: { code?: string } }).cause?.code;
    throw new DriveUnreachable(
      timedOut
        ? 'The delivery service did not answer in time.'
        : `The delivery service could not be reached${code ? ` (${code})` : ''}.`,
      timedOut || code !== 'ECONNREFUSED',
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new DriveUnreachable('The delivery service broke off its answer.', true);
  }
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = null;
    }
  }
  return { status: response.status, body, text };
}

export const webhookSchema = z.looseObject({
  id: z.string().min(1),
  callback_url: z.string(),
  disabled: z.boolean(),
  subscribed_events: z.array(z.string()).default([]),
});
export type DriveWebhook = z.infer<typeof webhookSchema>;

const expect = <S extends z.ZodType>(
  schema: S,
  answer: DriveAnswer,
  ok: number[],
  what: string,
): z.output<S> => {
  if (!ok.includes(answer.status)) {
    throw new DriveRefused(
      answer.status,
      answer.status === 401 || answer.status === 403
        ? `The delivery service refused the merchant key (${answer.status}) while ${what}.`
        : `The delivery service answered ${answer.status} while ${what}.`,
    );
  }
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success)
    throw new DriveRefused(
      answer.status,
      `The delivery service's answer to ${what} is unreadable.`,
    );
  return parsed.data;
};

export type MerchantAccount = { driveUrl: string; merchantId: string; merchantKey: string };

const hooksPath = (account: MerchantAccount): string =>
  `/v1/merchants/${encodeURIComponent(account.merchantId)}/webhooks`;

export const listWebhooks = async (account: MerchantAccount): Promise<DriveWebhook[]> =>
  expect(
    z.array(webhookSchema),
    await callDrive(account.driveUrl, account.merchantKey, {
      method: 'GET',
      path: hooksPath(account),
    }),
    [200],
    'listing webhooks',
  );

export const createWebhook = async (
  account: MerchantAccount,
  body: Record<string, unknown>,
): Promise<DriveWebhook> =>
  expect(
    webhookSchema,
    await callDrive(account.driveUrl, account.merchantKey, {
      method: 'POST',
      path: hooksPath(account),
      body,
    }),
    [200, 201],
    'creating a webhook',
  );

export const updateWebhook = async (
  account: MerchantAccount,
  webhookId: string,
  body: Record<string, unknown>,
): Promise<DriveWebhook> =>
  expect(
    webhookSchema,
    await callDrive(account.driveUrl, account.merchantKey, {
      method: 'PATCH',
      path: `${hooksPath(account)}/${encodeURIComponent(webhookId)}`,
      body,
    }),
    [200],
    'updating a webhook',
  );

export const deleteWebhook = async (account: MerchantAccount, webhookId: string): Promise<void> => {
  const answer = await callDrive(account.driveUrl, account.merchantKey, {
    method: 'DELETE',
    path: `${hooksPath(account)}/${encodeURIComponent(webhookId)}`,
  });
  // Already gone is gone.
  if (answer.status !== 204 && answer.status !== 200 && answer.status !== 404)
    throw new DriveRefused(
      answer.status,
      `The delivery service answered ${answer.status} while deleting a webhook.`,
    );
};
