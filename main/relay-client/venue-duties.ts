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
import { RequestError } from '../http/http';
import type { RelayAccess } from './relay-call';
import { relayCall } from './relay-call';

export type { RelayAccess } from './relay-call';

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
  const answer = await relayCall(
    access,
    {
      method: 'GET',
      path: '/v1/terminal/duties',
      query: { venue_id: access.venueId, order_id: orderId },
      timeoutMs,
    },
    claimsAnswerSchema,
  );
  return answer.claims;
};

export const readVenueSettings = async (access: RelayAccess): Promise<VenueSettingsAnswer> => {
  return relayCall(
    access,
    { method: 'GET', path: '/v1/terminal/venue-settings', query: { venue_id: access.venueId } },
    settingsAnswerSchema,
  );
};

export const changeVenueSettings = async (
  access: RelayAccess,
  changes: VenueSettingsPatch,
): Promise<VenueSettingsAnswer> => {
  return relayCall(
    access,
    {
      method: 'PUT',
      path: '/v1/terminal/venue-settings',
      body: { venue_id: access.venueId, changes },
    },
    settingsAnswerSchema,
  );
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
      return await relayCall(
        access,
        {
          method: 'PUT',
          path: '/v1/terminal/duties',
          body: { venue_id: access.venueId, order_id: orderId, duty },
        },
        claimAnswerSchema,
      );
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
