// The development gateway: the integration reset of docs/platform.md#consent-withdrawal, mounted
// at /gateway. The platform does not say how it answers; ours: 204 once the venue's integrations
// with the authenticating client are revoked (idempotent), 401 on missing or wrong Basic
// credentials, 404 for an unknown venue.
import { HttpError, readBody, sendEmpty } from '../../kit/http';
import { createRouter, MAX_BODY_BYTES } from '../http';
import type { Service } from '../service';
import type { World } from '../world';
import { authenticateBasic, parseBasic } from './token-service';

export function createGatewayService(world: World): Service {
  const router = createRouter().add(
    'DELETE',
    '/integrations-middleware-service/integration-onboarding/venues/:venueId',
    async (req, res, { venueId }) => {
      await readBody(req, MAX_BODY_BYTES);
      const basic = parseBasic(req.headers.authorization);
      const client = basic === 'absent' ? null : authenticateBasic(world.auth, basic);
      if (!client) {
        throw new HttpError(
          401,
          'Basic authentication with the client id and secret is required.',
          {
            headers: { 'WWW-Authenticate': 'Basic realm="gateway"' },
          },
        );
      }
      const id = venueId as string;
      if (!world.venues.has(id)) throw new HttpError(404, `Venue ${id} was not found.`);
      world.auth.revokeVenue(id, client.id);
      sendEmpty(res, 204);
    },
  );
  return {
    prefix: '/gateway',
    faultable: true,
    handle: (req, res, path) => router.handle(req, res, path),
  };
}
