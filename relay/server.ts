// The relay: receives the platform's signed notifications and the delivery service's events,
// stores them durably, and serves them to terminals' long-polls. startRelay only composes: the
// context (relay-context.ts), the routes by concern (routes/: webhooks, polls, terminals,
// operations), the HTTP server (connections.ts) and the periodic work below.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRelayServer } from './connections';
import type { RelayContext, RelayOptions } from './relay-context';
import { createRelayContext, setSecrets, type RotatableSecrets } from './relay-context';
import { keepAllMerchants } from './drive/merchant-webhooks';
import { createRouter } from './routes/router';
import { checkRevocations } from './routes/terminals';

export type { RelayOptions, RotatableSecrets } from './relay-context';
export { MIN_RETENTION_HOURS, validateSecrets } from './relay-context';

export type Relay = {
  url: string;
  /** Deletes events older than the retention now (it also runs periodically); returns how many. */
  prune(): Promise<number>;
  /** Puts rotated secrets in force without a restart (all or none; throws on a bad one). */
  setSecrets(secrets: RotatableSecrets): void;
  close(): Promise<void>;
};

/** How long the venue that booked a delivery is kept: far past any delivery, even a scheduled one. */
const BOOKING_RETENTION_MS = 30 * 24 * 3_600_000;

const prune = async (ctx: RelayContext, wait = false): Promise<number> => {
  const pruned = await ctx.store.pruneBefore(ctx.now() - ctx.retentionHours * 3_600_000, { wait });
  await ctx.store.pruneDeliveryBookings(ctx.now() - BOOKING_RETENTION_MS);
  return pruned;
};

/** Revocations, pruning and (PostgreSQL) shared key usage, on their intervals. */
function startTimers(ctx: RelayContext, options: RelayOptions): NodeJS.Timeout[] {
  const timers: NodeJS.Timeout[] = [];
  ctx.store.onRevoked(() => checkRevocations(ctx));
  timers.push(
    setInterval(() => checkRevocations(ctx), options.revocationCheckMs ?? 500),
    setInterval(
      () => {
        prune(ctx).catch((error: unknown) =>
          ctx.log('prune', `pruning failed: ${(error as Error).message}`),
        );
        ctx.pollLimiter.sweep();
        ctx.callLimiter.sweep();
        ctx.driveLimiter.sweep();
      },
      options.pruneIntervalMs ?? 10 * 60_000,
    ),
  );
  if (ctx.store.shareUsage) timers.push(setInterval(ctx.usage.sync, options.usageSyncMs ?? 200));
  const drive = ctx.drive;
  if (drive !== null) {
    // The merchants' webhooks: someone may disable or delete one at the service.
    timers.push(
      setInterval(
        () => void keepAllMerchants(drive, ctx.log),
        options.deliveryUpkeepMs ?? 10 * 60_000,
      ),
    );
  }
  for (const timer of timers) timer.unref();
  return timers;
}

function listen(server: Server, options: RelayOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A deep accept queue: after a restart thousands of terminals reconnect at once.
    server.listen(
      { port: options.port ?? 0, host: options.host ?? '127.0.0.1', backlog: 4096 },
      () => {
        server.off('error', reject);
        resolve();
      },
    );
  });
}

/** Stops taking requests, answers the open polls, lets webhooks already read commit, then closes. */
async function shutDown(
  ctx: RelayContext,
  server: Server,
  timers: NodeJS.Timeout[],
): Promise<void> {
  ctx.closing = true;
  for (const timer of timers) clearInterval(timer);
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  ctx.hub.closeAll();
  server.closeIdleConnections();
  // A connection that has sent nothing yet (a client's spare, opened ahead of a request) counts as
  // waiting for headers, which closeIdleConnections leaves open until the client gives it up
  // seconds later: with no request on it to answer, it is closed now.
  for (const socket of ctx.sockets.keys()) if (socket.bytesRead === 0) socket.destroy();
  // Webhooks already read get their commit and their answer before the database closes.
  const grace = setTimeout(() => server.closeAllConnections(), 5_000);
  await stopped;
  clearTimeout(grace);
  await ctx.commits.drain();
  await ctx.intake.flush();
  await ctx.presence.flush();
  await ctx.store.close();
}

export async function startRelay(options: RelayOptions): Promise<Relay> {
  const ctx = await createRelayContext(options);
  ctx.store.onAppended((events, after) => {
    ctx.hub.publish(events, after);
    for (const event of events)
      if (event.kind === 'marketplace')
        ctx.intake.webhook(event.venueId, event.receivedAt, event.body);
  });
  const server = createRelayServer(ctx, createRouter(ctx));
  ctx.revocations.cursor = (await ctx.store.revokedSince(0)).cursor;
  const timers = startTimers(ctx, options);
  try {
    await listen(server, options);
  } catch (error) {
    for (const timer of timers) clearInterval(timer);
    await ctx.store.close();
    throw error;
  }
  await prune(ctx);

  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  if (ctx.publicUrl === '') ctx.publicUrl = `http://${host}:${address.port}`;
  if (ctx.drive !== null) void keepAllMerchants(ctx.drive, ctx.log);
  let closed: Promise<void> | null = null;
  return {
    url: `http://${host}:${address.port}`,
    prune: () => prune(ctx, true),
    setSecrets: (secrets) => setSecrets(ctx, secrets),
    close() {
      closed ??= shutDown(ctx, server, timers);
      return closed;
    },
  };
}
