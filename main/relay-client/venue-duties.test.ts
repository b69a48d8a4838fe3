// A duty claim against a real relay over a real socket whose calls' budget is spent: the 429 is
// the relay saying "ask again", so the claim waits and answers who holds the duty, never fails as
// if the relay could not say (a terminal that cannot learn who prints a ticket prints it itself).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Relay } from '../../relay/server';
import { startRelay } from '../../relay/server';
import { createTerminal } from '../../relay/terminals';
import { RequestError } from '../http/http';
import { claimOrderDuty } from './venue-duties';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const start = async (): Promise<{ relay: Relay; dbPath: string }> => {
  const dir = mkdtempSync(join(tmpdir(), 'venue-duties-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const dbPath = join(dir, 'relay.db');
  const relay = await startRelay({
    dbPath,
    marketplaceSecrets: ['0123456789abcdef0123456789abcdef'],
    // One call a second, three at once: a backlog's claims soon meet a 429.
    callRateLimit: { perSecond: 1, burst: 3 },
  });
  cleanup.push(() => relay.close());
  return { relay, dbPath };
};

it('a claim the relay answers 429 waits as told and asks again, answering who holds the duty', async () => {
  const { relay, dbPath } = await start();
  const counter = createTerminal(dbPath, ['venue-1'], { name: 'Counter' });
  const kitchen = createTerminal(dbPath, ['venue-1'], { name: 'Kitchen' });
  const access = (key: string) => ({ relayUrl: relay.url, terminalKey: key, venueId: 'venue-1' });

  const first = await claimOrderDuty(access(kitchen.key), 'order-0', 'kitchen-ticket');
  expect(first).toEqual({ holder: kitchen.id, mine: true });
  // Eight orders at once on the counter: the budget holds three; the others wait their turn.
  const claims = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      claimOrderDuty(access(counter.key), `order-${i}`, 'kitchen-ticket'),
    ),
  );
  expect(claims[0]).toEqual({ holder: kitchen.id, mine: false });
  expect(claims.slice(1)).toEqual(
    Array.from({ length: 7 }, () => ({ holder: counter.id, mine: true })),
  );
}, 30_000);

it('a relay still busy after the claim’s patience: the 429 is thrown, not a guess', async () => {
  const { relay, dbPath } = await start();
  const counter = createTerminal(dbPath, ['venue-1'], { name: 'Counter' });
  const access = { relayUrl: relay.url, terminalKey: counter.key, venueId: 'venue-1' };
  for (let i = 0; i < 3; i += 1) await claimOrderDuty(access, `order-${i}`, 'receipt');
  const refused = await claimOrderDuty(access, 'order-3', 'receipt', 0).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(RequestError);
  expect((refused as RequestError).status).toBe(429);
});
