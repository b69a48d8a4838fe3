// Development only, under /_sandbox: the self-service onboarding page a terminal's "Sign in with
// the platform" opens (docs/platform.md, "Sign in"). The platform shows only that onboarding starts
// at a URL with a `redirect_uri` and delivers the code there; the page, its names (`code`,
// `state`) and the loopback rule are our written assumptions, kept out of the platform's routes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, readBody, sendText } from '../../kit/http';
import type { World } from '../world';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A registered redirect, or a loopback one whose port differs from a registered loopback redirect
 * (a native app's listener takes whatever port is free; assumed, as OAuth's native-app rule has it).
 */
export const redirectAllowed = (registered: readonly string[], redirectUri: string): boolean => {
  if (registered.includes(redirectUri)) return true;
  let wanted: URL;
  try {
    wanted = new URL(redirectUri);
  } catch {
    return false;
  }
  if (wanted.protocol !== 'http:' || wanted.hostname !== '127.0.0.1') return false;
  return registered.some((uri) => {
    const r = new URL(uri);
    return r.protocol === 'http:' && r.hostname === '127.0.0.1' && r.pathname === wanted.pathname;
  });
};

type Request = { clientId: string; venueId: string; redirectUri: string; state: string };

const checked = (world: World, params: URLSearchParams): Request => {
  const get = (name: string): string => {
    const value = params.get(name);
    if (!value) throw new HttpError(400, `${name}: required`, { extra: { field: name } });
    return value;
  };
  const request = {
    clientId: get('client_id'),
    venueId: get('venue_id'),
    redirectUri: get('redirect_uri'),
    state: get('state'),
  };
  const client = world.auth.getClient(request.clientId);
  if (!client) throw new HttpError(404, `Client ${request.clientId} is not registered.`);
  if (!world.venues.has(request.venueId))
    throw new HttpError(404, `Venue ${request.venueId} was not found.`);
  // Never redirect to an address the client did not register: that would hand a code to anyone.
  if (!redirectAllowed(client.redirectUris, request.redirectUri))
    throw new HttpError(400, `redirect_uri: not one of the client's registered redirect URIs`, {
      extra: { field: 'redirect_uri' },
    });
  return request;
};

/**
 * The page's headers. A browser holds a form's redirect to form-action too, so the page allows
 * the one redirect it was checked for (registered, or the client's loopback), and nothing else.
 */
const pageHeaders = (redirectUri: string): Record<string, string> => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; form-action 'self' ${new URL(redirectUri).origin}`,
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
});

/** GET /_sandbox/onboarding?client_id&venue_id&redirect_uri&state: the venue and an Allow button. */
export const showOnboarding = (world: World, req: IncomingMessage, res: ServerResponse): void => {
  const params = new URL(req.url ?? '/', 'http://sandbox').searchParams;
  const request = checked(world, params);
  const venue = world.venues.get(request.venueId)!;
  const hidden = Object.entries({
    client_id: request.clientId,
    venue_id: request.venueId,
    redirect_uri: request.redirectUri,
    state: request.state,
  })
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
    .join('');
  sendText(
    res,
    200,
    `<!doctype html><meta charset="utf-8"><title>Connect ${escapeHtml(venue.name)}</title>` +
      `<h1>Connect ${escapeHtml(venue.name)}</h1>` +
      `<p>${escapeHtml(request.clientId)} asks to take this venue's orders.</p>` +
      `<form method="post" action="onboarding/allow">${hidden}<button type="submit">Allow</button></form>`,
    pageHeaders(request.redirectUri),
  );
};

/** POST /_sandbox/onboarding/allow (a form): mints the code and sends the browser back with it. */
export const allowOnboarding = async (
  world: World,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> => {
  const params = new URLSearchParams((await readBody(req, 16 * 1024)).toString('utf8'));
  const request = checked(world, params);
  const code = world.auth.mintCode(request.clientId, request.venueId, request.redirectUri);
  const back = new URL(request.redirectUri);
  back.searchParams.set('code', code);
  back.searchParams.set('state', request.state);
  res.writeHead(303, { Location: back.toString(), 'Cache-Control': 'no-store' }).end();
};
