// The venue's shared settings and per-order duties at the relay (shared/venue-settings.ts,
// docs/architecture.md#venue-settings-kept-at-the-relay): read the settings, send a change, claim
// a duty. Each answer is checked before main believes it.
import { z } from 'zod';
import type {
  OrderClaim,
  VenueSettingsAnswer,
  VenueSettingsPatch,
} from '../../shared/venue-settings';
import { venueSettingsSchema } from '../../shared/venue-settings';
import { RequestError, sendRequest } from '../http/http';

export type RelayAccess = { relayUrl: string; terminalKey: string; venueId: string };

const settingsAnswerSchema = z.object({
  venue_id: z.string(),
  version: z.number().int().nonnegative(),
  settings: venueSettingsSchema,
  updated_at: z.number().nullable(),
  updated_by: z.string().nullable(),
});

const claimAnswerSchema = z.object({ holder: z.string(), mine: z.boolean() });
const claimsAnswerSchema = z.object({
  order_id: z.string(),
  claims: z
    .array(
      z.object({
        duty: z.string(),
        terminal_id: z.string(),
        claimed_at: z.number().int().nonnegative(),
      }),
    )
    .max(100),
});

/** Every claim of an order at the relay: its duties, and which terminal took which action. */
export const readOrderClaims = async (
  access: RelayAccess,
  orderId: string,
  timeoutMs = 10_000,
): Promise<z.infer<typeof claimsAnswerSchema>['claims']> => {
  const query = new URLSearchParams({ venue_id: access.venueId, order_id: orderId });
  const response = await sendRequest({
    method: 'GET',
    url: `${base(access)}/v1/terminal/duties?${query.toString()}`,
    headers: auth(access),
    timeoutMs,
  });
  return claimsAnswerSchema.parse(response.body).claims;
};

const base = (access: RelayAccess): string => access.relayUrl.replace(/\/+$/, '');
const auth = (access: RelayAccess) => ({ authorization: `Bearer ${access.terminalKey}` });

export const readVenueSettings = async (access: RelayAccess): Promise<VenueSettingsAnswer> => {
  const response = await sendRequest({
    method: 'GET',
    url: `${base(access)}/v1/terminal/venue-settings?venue_id=${encodeURIComponent(access.venueId)}`,
    headers: auth(access),
    timeoutMs: 10_000,
  });
  return settingsAnswerSchema.parse(response.body);
};

export const changeVenueSettings = async (
  access: RelayAccess,
  changes: VenueSettingsPatch,
): Promise<VenueSettingsAnswer> => {
  const response = await sendRequest({
    method: 'PUT',
    url: `${base(access)}/v1/terminal/venue-settings`,
    headers: auth(access),
    body: { venue_id: access.venueId, changes },
    timeoutMs: 10_000,
  });
  return settingsAnswerSchema.parse(response.body);
};

/** How long a claim keeps asking while the relay answers 429 (it is there, only busy). */
const CLAIM_BUSY_FOR_MS = 60_000;
const CLAIM_WAIT_MS = { min: 250, max: 10_000 };

/**
 * Whether this terminal holds the duty for the order (the first terminal to claim it does).
 * A 429 is the relay's "ask again in N s", not "I cannot say": the claim waits and asks again
 * (a claim repeated answers the same holder), so a burst of claims never makes a terminal act
 * as if no terminal held the duty (a ticket printed twice). Throws when the relay cannot answer.
 */
export const claimOrderDuty = async (
  access: RelayAccess,
  orderId: string,
  duty: OrderClaim,
  busyForMs = CLAIM_BUSY_FOR_MS,
): Promise<{ holder: string; mine: boolean }> => {
  const until = Date.now() + busyForMs;
  for (;;) {
    try {
      const response = await sendRequest({
        method: 'PUT',
        url: `${base(access)}/v1/terminal/duties`,
        headers: auth(access),
        body: { venue_id: access.venueId, order_id: orderId, duty },
        timeoutMs: 10_000,
      });
      return claimAnswerSchema.parse(response.body);
    } catch (error) {
      if (!(error instanceof RequestError) || error.status !== 429) throw error;
      const waitMs = Math.min(
        CLAIM_WAIT_MS.max,
        Math.max(CLAIM_WAIT_MS.min, error.retryAfterMs ?? CLAIM_WAIT_MS.min),
      );
      if (Date.now() + waitMs > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
};
