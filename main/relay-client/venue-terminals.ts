// Reads the terminals of this terminal's venue from the relay (GET /v1/terminal/venue): their
// names and whether each still polls. The stream guard keeps the last answer: when this terminal's
// own stream breaks, it says whether another terminal of the venue was receiving
// (docs/architecture.md#several-terminals-of-one-venue).
import { z } from 'zod';
import type { OtherTerminal } from '../../shared/stream-guard';
import { relayCall } from './relay-call';

const answerSchema = z.object({
  receiving_within_seconds: z.number().nonnegative(),
  terminals: z
    .array(
      z.object({
        terminal_id: z.string(),
        name: z.string().max(60).nullable(),
        venue_ids: z.array(z.string()),
        self: z.boolean(),
        last_seen_seconds: z.number().int().nonnegative().nullable(),
        receiving: z.boolean(),
      }),
    )
    .max(500),
});

export type VenueTerminals = {
  /** This terminal's id at the relay (the venue's terminals are ranked by it). */
  selfId: string | null;
  /** The others: `id` only ranks who pauses first, it is never shown. */
  others: Array<OtherTerminal & { id: string }>;
};

export const readVenueTerminals = async (options: {
  relayUrl: string;
  terminalKey: string;
  venueId: string;
}): Promise<VenueTerminals> => {
  const answer = await relayCall(
    options,
    { method: 'GET', path: '/v1/terminal/venue' },
    answerSchema,
  );
  const ofVenue = answer.terminals.filter((t) => t.venue_ids.includes(options.venueId));
  return {
    selfId: ofVenue.find((t) => t.self)?.terminal_id ?? null,
    others: ofVenue
      .filter((t) => !t.self)
      .map((t) => ({
        id: t.terminal_id,
        name: t.name,
        receiving: t.receiving,
        lastSeenSeconds: t.last_seen_seconds,
      })),
  };
};
