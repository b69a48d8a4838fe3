// The web host's bridge in Chromium, against the real web host: an answer and an event travel
// apart (a POST, the event stream), so an event newer than an answer may arrive first. The page
// must still end on the newest state. The core is a stand-in with a real event surface.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, ServiceApi, ServiceEvents } from '../../shared/ipc/contract';
import type { WebHost } from '../../main/web-host/server';
import { startWebHost } from '../../main/web-host/server';
import { waitFor } from '../wait';
import type { TestBrowser } from './support';
import { fileChromium } from './support';

type Log = Array<[string, number]>;
const listeners = new Map<string, Set<(payload: unknown) => void>>();
const emit = (event: EventName, payload: unknown) =>
  listeners.get(event)?.forEach((listener) => listener(payload));
const delivery = (version: number) => ({ id: 'd1', version });

let answered: ((value: unknown) => void) | null = null;
/** Lets the read's answer leave (the one the core holds). */
const answer = (value: unknown): void => answered?.(value);
const core = {
  api: {
    // The read's answer was taken before the change the event tells; it leaves only when the
    // test lets it, after the event reached the page.
    'delivery:list': () =>
      new Promise((resolve) => {
        answered = resolve;
      }),
  } as unknown as ServiceApi,
  on<E extends EventName>(event: E, listener: (payload: ServiceEvents[E]) => void) {
    const set = listeners.get(event) ?? new Set();
    set.add(listener as (payload: unknown) => void);
    listeners.set(event, set);
    return () => set.delete(listener as (payload: unknown) => void);
  },
};

let dir: string;
let host: WebHost;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'countertop-bridge-order-'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  );
  host = await startWebHost({ core, rendererDir: dir });
  browser = await fileChromium();
  page = await browser.newPage();
  await page.goto(host.url);
  await page.evaluate(() => {
    const w = window as unknown as {
      countertop: { on: (e: string, l: (p: unknown) => void) => void };
      log: Log;
      open: boolean;
    };
    w.log = [];
    w.open = false;
    w.countertop.on('deliveries:changed', (p) => {
      const { deliveries } = p as { deliveries: Array<{ version: number }> };
      w.log.push(['event', deliveries[0]?.version ?? -1]);
    });
    w.countertop.on('status:changed', () => {
      w.open = true;
    });
  });
  // The event stream is open once an event reaches the page (another domain's: the probes
  // still on their way do not touch what the test watches).
  await waitFor(
    async () => {
      emit('status:changed', { configured: true });
      return page.evaluate(() => (window as unknown as { open: boolean }).open);
    },
    { message: 'the event stream open' },
  );
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('web host bridge in Chromium', () => {
  it('an event that arrived while a read was out is handed out again after its older answer', async () => {
    await page.evaluate(() => {
      const w = window as unknown as {
        countertop: { 'delivery:list': (r: unknown) => Promise<Array<{ version: number }>> };
        log: Log;
      };
      w.log = [];
      void w.countertop['delivery:list']({}).then((list) => {
        w.log.push(['answer', list[0]?.version ?? -1]);
      });
    });
    await waitFor(() => answered !== null, { message: 'the read at the core' });
    emit('deliveries:changed', { deliveries: [delivery(2)] });
    const logOf = () => page.evaluate(() => (window as unknown as { log: Log }).log);
    await waitFor(async () => (await logOf()).length === 1, { message: 'the newer event' });
    answered?.([delivery(1)]);
    await waitFor(async () => (await logOf()).length === 3, { message: 'answer, then event' });
    expect(await logOf()).toEqual([
      ['event', 2],
      ['answer', 1],
      ['event', 2],
    ]);
  });

  it('an event that arrives after the answer, before the hand-out runs, still has the last word', async () => {
    answered = null;
    // A busy page: the hand-out's timer runs only when the test lets it, as the event stream's
    // tasks run first under load (the board kept a confirmed accept "waiting" that way).
    await page.evaluate(() => {
      const w = window as unknown as {
        countertop: { 'delivery:list': (r: unknown) => Promise<Array<{ version: number }>> };
        log: Log;
        held: Array<() => void>;
        setTimer: typeof window.setTimeout;
      };
      w.log = [];
      w.held = [];
      const setTimer = window.setTimeout;
      w.setTimer = setTimer;
      window.setTimeout = ((run: () => void, ms?: number) => {
        if (ms) return setTimer(run, ms);
        w.held.push(run);
        return 0;
      }) as typeof window.setTimeout;
      void w.countertop['delivery:list']({}).then((list) => {
        w.log.push(['answer', list[0]?.version ?? -1]);
      });
    });
    await waitFor(() => answered !== null, { message: 'the read at the core' });
    emit('deliveries:changed', { deliveries: [delivery(2)] });
    const logOf = () => page.evaluate(() => (window as unknown as { log: Log }).log);
    await waitFor(async () => (await logOf()).length === 1, {
      message: 'the event during the read',
    });
    answer([delivery(1)]);
    await waitFor(async () => (await logOf()).length === 2, { message: 'the answer' });
    emit('deliveries:changed', { deliveries: [delivery(3)] });
    await waitFor(async () => (await logOf()).length === 3, { message: 'the newest event' });
    // The hand-out runs (synchronously, within this call), and the page's timers are its own again.
    await page.evaluate(() => {
      const w = window as unknown as {
        held: Array<() => void>;
        setTimer: typeof window.setTimeout;
      };
      window.setTimeout = w.setTimer;
      for (const run of w.held.splice(0)) run();
    });
    expect(await logOf()).toEqual([
      ['event', 2],
      ['answer', 1],
      ['event', 3],
      ['event', 2],
      ['event', 3],
    ]);
  });
});
