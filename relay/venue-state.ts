// PUT /v1/venue-state: a terminal tells the relay its venue's state as the platform shows it
// (online, open) and reads back the relay's word on that venue's notifications
// (intake-watch.ts). The relay holds no platform token, so it cannot read the venue status
// itself; the terminal key says which venues a terminal may speak for.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { HttpError, decodeJson, readBody, sendJson } from '../kit/http';
import { isVenueId, VENUE_ID_RULE } from '../shared/venue-id';
import type { IntakeWatch } from './intake-watch';
import type { Terminal } from './store/event-store';

const MAX_BODY_BYTES = 1024;
const bodySchema = z
  .object({ venue_id: z.string().refine(isVenueId), online: z.boolean(), open: z.boolean() })
  .strict();

export const venueStateHandler =
  (deps: {
    authenticate: (req: IncomingMessage) => Promise<Terminal>;
    /** 0 when the terminal may call now, else seconds to wait. */
    take: (terminalId: string) => number;
    intake: IntakeWatch;
  }) =>
  async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const terminal = await deps.authenticate(req);
    const retryAfter = deps.take(terminal.id);
    if (retryAfter > 0) {
      throw new HttpError(429, `This terminal key calls too often; retry in ${retryAfter} s.`, {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    const parsed = bodySchema.safeParse(decodeJson(await readBody(req, MAX_BODY_BYTES)).json);
    if (!parsed.success) {
      throw new HttpError(
        400,
        `The body must be {"venue_id": string, "online": boolean, "open": boolean}; a venue id is ${VENUE_ID_RULE}.`,
      );
    }
    const { venue_id: venueId, online, open } = parsed.data;
    if (!terminal.venueIds.includes(venueId)) {
      throw new HttpError(403, 'This terminal key does not belong to that venue.');
    }
    sendJson(res, 200, await deps.intake.reported(venueId, { online, open }));
  };
