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

/** The terminals of every venue this terminal serves, each with the venues it serves. */
export type TerminalsOfVenues = {
  selfId: string | null;
  others: Array<OtherTerminal & { id: string; venueIds: string[] }>;
};

/** One read answers for every venue of the key: the relay names each terminal's venues. */
export const readTerminalsOfVenues = async (options: {
  relayUrl: string;
  terminalKey: string;
}): Promise<TerminalsOfVenues> => {
  const answer = await relayCall(
    options,
    { method: 'GET', path: '/v1/terminal/venue' },
    answerSchema,
  );
  return {
    selfId: answer.terminals.find((t) => t.self)?.terminal_id ?? null,
    others: answer.terminals
      .filter((t) => !t.self)
      .map((t) => ({
        id: t.terminal_id,
        name: t.name,
        receiving: t.receiving,
        lastSeenSeconds: t.last_seen_seconds,
        venueIds: t.venue_ids,
      })),
  };
};

/** The terminals of one venue out of a read of every venue's. */
export const terminalsOfVenue = (all: TerminalsOfVenues, venueId: string): VenueTerminals => ({
  selfId: all.selfId,
  others: all.others
    .filter((t) => t.venueIds.includes(venueId))
    .map(({ venueIds: _venueIds, ...t }) => t),
});

export const readVenueTerminals = async (options: {
  relayUrl: string;
  terminalKey: string;
  venueId: string;
}): Promise<VenueTerminals> =>
  terminalsOfVenue(await readTerminalsOfVenues(options), options.venueId);
