// The diagnostics bundle and the log carry what support needs and none of the secrets or the
// customers' data: known secrets and personal data are planted where they would show (a reject
// reason quoting both), then the zip and the log files are searched for them.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, expect, it } from 'vitest';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

let world: World;
afterEach(async () => {
  await world.close();
});

it('exports a bundle with version, settings, audit, outbox, links, errors and integrity, and no secret or customer data', async () => {
  world = await startWorld();
  const core = await world.startCore({ version: '9.8.7' });
  await world.connect(core);
  const placed = await world.placeOrder();
  const order = await waitFor('the order on the terminal', async () =>
    (await core.api['orders:list']({})).find((o) => o.id === placed.id && o.consumerName),
  );
  const planted = [
    world.terminalKey,
    world.sandbox.demo.clientSecret,
    order.consumerName,
    order.consumerPhone,
  ].filter((value): value is string => value !== null);
  await core.api['orders:reject']({ orderId: order.id, reason: 'Out of buns' });
  await waitFor('the rejection sent', async () =>
    (await core.api['outbox:list']({})).some((e) => e.kind === 'reject' && e.state === 'done'),
  );
  // Anything that records what it saw (an error quoting a request, a note) goes to the audit log
  // and the log; plant all of it there.
  core.record({
    action: 'planted',
    subject: `${order.consumerName} ${order.consumerPhone}`,
    outcome: 'seen',
    detail: `key ${world.terminalKey} secret ${world.sandbox.demo.clientSecret}`,
  });

  const { file, bytes } = await core.api['diagnostics:export']({});
  expect(statSync(file).size).toBe(bytes);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const entries = unzipSync(readFileSync(file));
  const names = Object.keys(entries).sort();
  expect(names).toEqual(
    expect.arrayContaining([
      'manifest.json',
      'settings.json',
      'status.json',
      'outbox.json',
      'audit.jsonl',
      'links.jsonl',
      'errors.jsonl',
      'integrity.txt',
      'logs/countertop.log',
    ]),
  );
  const text = (name: string) => strFromU8(entries[name]!);
  expect(JSON.parse(text('manifest.json'))).toMatchObject({
    version: '9.8.7',
    // Main's event-loop lag since the core started.
    eventLoopLag: {
      since: expect.any(String),
      samples: expect.any(Number),
      p99Ms: expect.any(Number),
      maxMs: expect.any(Number),
    },
  });
  expect(text('integrity.txt').trim()).toBe('ok');
  expect(text('links.jsonl')).toContain('"link":"relay"');
  expect(text('audit.jsonl')).toContain('reject');
  expect(JSON.parse(text('settings.json')).setup.venueId).toBe(world.sandbox.demo.venueId);
  // The planted entry is there, with what it quoted redacted.
  expect(text('audit.jsonl')).toContain('"subject":"[redacted] ');
  expect(text('logs/countertop.log')).toContain('key [redacted] secret [redacted]');
  for (const name of names) {
    for (const secret of planted) expect(text(name), `${secret} in ${name}`).not.toContain(secret);
  }
  await core.close();
  // The log file on disk itself holds none of it either.
  const log = readFileSync(join(world.dir, 'core', 'logs', 'countertop.log'), 'utf8');
  expect(log).toContain('"action":"planted"');
  for (const secret of planted) expect(log).not.toContain(secret);
});
