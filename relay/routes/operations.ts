// The partner's operations views: GET /healthz, GET /metrics and GET /v1/intake (the last two
// behind the metrics token when one is set).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, sendJson, sendText } from '../../kit/http';
import type { RelayContext } from '../relay-context';

function requireMetricsToken(ctx: RelayContext, req: IncomingMessage, path: string): void {
  if (ctx.metricsTokenHash === null) return;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  const given = createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  if (!match || !timingSafeEqual(given, ctx.metricsTokenHash)) {
    throw new HttpError(
      401,
      `GET ${path} requires the metrics token: Authorization: Bearer <token>.`,
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
  const intake = await ctx.intake.render();
  sendText(res, 200, `${ctx.metrics.render()}\n${intake}`, {
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

export function serveHealth(ctx: RelayContext, res: ServerResponse): void {
  sendJson(res, ctx.closing ? 503 : 200, { status: ctx.closing ? 'closing' : 'ok' });
}
