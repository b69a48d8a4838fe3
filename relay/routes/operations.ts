// The partner's operations views: GET /healthz, GET /metrics and GET /v1/intake (the last two
// behind the metrics token when one is set), GET /fleet and /fleet.json (always behind it: a
// relay with no metrics token shows its fleet to nobody).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, sendJson, sendText } from '../../kit/http';
import type { RelayContext } from '../relay-context';
import { fleetRows, renderFleetHtml } from '../fleet';
import { renderFleetMetrics } from '../fleet-metrics';
import { renderVenueMetrics } from '../venue-metrics';
import { renderVenueDayHtml, venueDay, venueIdOf } from '../fleet-venue';

function requireMetricsToken(
  ctx: RelayContext,
  req: IncomingMessage,
  path: string,
  { always = false } = {},
): void {
  const expected = ctx.metricsTokenHash;
  if (expected === null && !always) return;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  const given = createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  if (!match || expected === null || !timingSafeEqual(given, expected)) {
    throw new HttpError(
      401,
      expected === null
        ? `GET ${path} is served only when the relay has a metrics token (RELAY_METRICS_TOKEN).`
        : `GET ${path} requires the metrics token: Authorization: Bearer <token>.`,
      {
        headers: {
          'WWW-Authenticate': 'Bearer realm="relay-metrics"',
        },
      },
    );
  }
}

export async function serveMetrics(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  requireMetricsToken(ctx, req, '/metrics');
  const [intake, venues, fleet] = await Promise.all([
    ctx.intake.render(),
    renderVenueMetrics(ctx.store),
    fleetRows(ctx.store, ctx.intake, ctx.presence),
  ]);
  const terminals = renderFleetMetrics(fleet, ctx.intake.now());
  sendText(res, 200, `${ctx.metrics.render()}\n${intake}${venues}${terminals}`, {
    'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
  });
}

export async function serveIntake(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  requireMetricsToken(ctx, req, '/v1/intake');
  sendJson(res, 200, { venues: await ctx.intake.list() });
}

/** A page with no script, no outside resource, every value escaped (fleet.ts). */
const FLEET_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export async function serveFleet(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  json: boolean,
): Promise<void> {
  requireMetricsToken(ctx, req, json ? '/fleet.json' : '/fleet', { always: true });
  const rows = await fleetRows(ctx.store, ctx.intake, ctx.presence);
  if (json) {
    sendJson(res, 200, { venues: rows });
    return;
  }
  sendText(res, 200, renderFleetHtml(rows, ctx.intake.now()), PAGE_HEADERS);
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': FLEET_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/** GET /fleet/venue?id=…: one venue's trouble of the day (fleet-venue.ts). */
export async function serveVenueDay(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  requireMetricsToken(ctx, req, '/fleet/venue', { always: true });
  const venueId = venueIdOf(url.searchParams);
  if (venueId === null) throw new HttpError(400, 'GET /fleet/venue needs ?id=<venue id>.');
  await ctx.presence.flush();
  const at = ctx.intake.now();
  const day = await venueDay(ctx.store, venueId, at);
  if (day === null) throw new HttpError(404, 'No terminal of this relay serves that venue.');
  sendText(res, 200, renderVenueDayHtml(venueId, day, at), PAGE_HEADERS);
}

export function serveHealth(ctx: RelayContext, res: ServerResponse): void {
  sendJson(res, ctx.closing ? 503 : 200, { status: ctx.closing ? 'closing' : 'ok' });
}
