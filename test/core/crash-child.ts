// The crash test's child: the core's storage, token manager and outbox against a sandbox, driven
// over stdin so the parent can SIGKILL it at any moment. It uses the same enqueue and send code as
// startCore; only the relay is left out (orders are fetched by id) to keep each start light.
// Protocol, one line each: "order ID" → "known ID"; "accept|ready|delivered ID" → "ack KIND ID
// ACTION" once committed, or "conflict KIND ID"; "drain" → "drained".
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { openDatabase } from '../../main/storage/database';
import { createSettings } from '../../main/storage/settings';
import { createMemorySecretStore } from '../../main/secrets/secret-store';
import { createTokenManager } from '../../main/auth/token-manager';
import { createMarketplaceClient } from '../../main/marketplace/client';
import { createOrderStore } from '../../main/orders/order-store';
import { createOrderSync } from '../../main/orders/order-sync';
import { createOutbox } from '../../main/outbox/outbox';
import type { OrderActionRequest } from '../../main/orders/order-actions';
import { createOrderActions } from '../../main/orders/order-actions';
import { ORDER_ACTION_KINDS } from '../../shared/order-actions';
import { ServiceError } from '../../main/service-error';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const main = async (): Promise<void> => {
  const now = () => new Date();
  const db = openDatabase(join(env('CRASH_DATA_DIR'), 'countertop.db'));
  const settings = createSettings(db);
  // The child's keychain is memory: it onboards with a fresh code at every start.
  const tokens = createTokenManager({ secrets: createMemorySecretStore(), settings, now });
  await tokens.connect({
    authUrl: env('CRASH_AUTH_URL'),
    clientId: env('CRASH_CLIENT_ID'),
    clientSecret: env('CRASH_CLIENT_SECRET'),
    code: env('CRASH_CODE'),
    redirectUri: env('CRASH_REDIRECT_URI'),
  });
  const posUrl = env('CRASH_POS_URL');
  const venueId = env('CRASH_VENUE_ID');
  const client = createMarketplaceClient({ posUrl: () => posUrl, tokens });
  const outbox = createOutbox({ db, now, backoff: { baseMs: 20, capMs: 200 } });
  const orders = createOrderStore(db, now, (orderId) =>
    outbox.open({ kinds: ORDER_ACTION_KINDS, ...(orderId ? { subject: orderId } : {}) }),
  );
  const sync = createOrderSync({
    db,
    orders,
    client,
    venueId: () => venueId,
    now,
    events: { changed: () => {}, arrived: () => {} },
  });
  const actions = createOrderActions({
    outbox,
    orders,
    client,
    refetch: (orderId) => sync.refetch(orderId),
    now,
    changed: () => {},
  });
  outbox.start();
  const write = (line: string): void => {
    process.stdout.write(`${line}\n`);
  };
  write('ready');

  for await (const line of createInterface({ input: process.stdin })) {
    const [command, id] = line.trim().split(' ');
    if (!command) continue;
    if (command === 'drain') {
      await outbox.idle();
      write('drained');
    } else if (command === 'order' && id) {
      if (!orders.has(id)) await sync.refetch(id);
      write(`known ${id}`);
    } else if ((command === 'accept' || command === 'ready' || command === 'delivered') && id) {
      try {
        const request: OrderActionRequest =
          command === 'accept'
            ? { kind: 'accept', orderId: id, preparationMinutes: null }
            : { kind: command, orderId: id };
        const { actionId } = actions.enqueue(request);
        write(`ack ${command} ${id} ${actionId}`);
      } catch (error) {
        if (error instanceof ServiceError && error.bridge.code === 'conflict')
          write(`conflict ${command} ${id}`);
        else throw error;
      }
    }
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
