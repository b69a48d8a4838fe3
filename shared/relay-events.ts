// The kinds of event the relay puts on its terminals' poll stream, declared once for the relay
// that stores and serves them and the terminals that read them. Every event is a hint: a
// terminal reads the truth from where it is kept (an order from the platform, a venue's settings
// from the relay) and never acts on an event's word alone.
// - marketplace: a platform notification, as the platform signed it.
// - delivery: a delivery service event, checked by the terminal against its token.
// - venue-settings: a terminal changed the venue's settings at the relay (the body names the
//   venue and the version written, never the settings): every terminal of the venue reads them.
import { z } from 'zod';
import { isVenueId } from './venue-id';

export const RELAY_EVENT_KINDS = ['marketplace', 'delivery', 'venue-settings'] as const;
export type RelayEventKind = (typeof RELAY_EVENT_KINDS)[number];

/** The body of a `venue-settings` event: which venue's settings changed, to which version. */
export const venueSettingsHintSchema = z
  .object({
    venue_id: z.string().refine(isVenueId, 'not a venue id'),
    version: z.number().int().positive(),
  })
  .strict();
export type VenueSettingsHint = z.infer<typeof venueSettingsHintSchema>;

/**
 * The event's dedupe key: one hint per version written, so a hint stored twice (never, but a
 * retried append) is one event.
 */
export const venueSettingsHintId = (hint: VenueSettingsHint): string =>
  `${hint.venue_id}@${hint.version}`;
