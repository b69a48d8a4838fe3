// `npm start -- --terminals 2`: the demo with two terminals of one venue, Counter and Kitchen, each
// its own core, relay key and printer, each on its own `ui:` address. Run as staff run it (the
// command, its printed lines, each address answering the app) and through startDemo as the other
// start tests do (both terminals connected, both receive the venue's order, each by its name).
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { startDemo } from '../../scripts/start';
import { waitFor } from '../wait';
import { control } from './support';

describe('the demo with two terminals', () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await startDemo({
      ordersPerMinute: 0,
      seed: 7,
      keychain: false,
      webPort: 0,
      terminals: 2,
      log: () => undefined,
    });
  }, 120_000);
  afterAll(async () => {
    await demo?.close();
  });

  it('runs Counter and Kitchen, each on its own address, both receiving the venue’s orders', async () => {
    expect(demo.terminals.map((t) => t.name)).toEqual(['Counter', 'Kitchen']);
    const urls = demo.terminals.map((t) => t.webHost?.url ?? '');
    expect(new Set(urls).size).toBe(2);
    for (const url of urls) {
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<!doctype html>');
    }
    for (const terminal of demo.terminals)
      expect((await terminal.core.api['terminal:get']({})).name).toBe(terminal.name);
    const placed = await control(demo).placeOrder('takeaway');
    await waitFor(
      async () => {
        const lists = await Promise.all(demo.terminals.map((t) => t.core.api['orders:list']({})));
        return lists.every((orders) => orders.some((o) => o.id === placed.id));
      },
      { message: 'the order on both terminals', timeoutMs: 30_000 },
    );
  }, 60_000);
});

describe('npm start -- --terminals 2', () => {
  it('prints one ui: address per terminal, each answering the app', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/start.ts', '--terminals', '2', '--orders-per-minute', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      const lines = await waitFor(
        () => {
          const found = [...out.matchAll(/^ui: (http:\/\/\S+) \((\w+)\)$/gm)];
          return found.length >= 2 ? found : undefined;
        },
        { message: `two ui: lines in:\n${out}`, timeoutMs: 90_000 },
      );
      expect(lines.map((l) => l[2])).toEqual(['Counter', 'Kitchen']);
      for (const line of lines) expect((await fetch(line[1] ?? '')).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 120_000);

  it('refuses a number of terminals it cannot run', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/start.ts', '--terminals', '9'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toMatch(/--terminals takes a whole number from 1 to 4/);
  }, 60_000);
});
