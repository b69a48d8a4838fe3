// Shared by the end-to-end tests and the UI benchmark: the demo stack behind the web host, and
// Debian's Chromium driven by playwright-core.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Demo, DemoOptions } from '../../scripts/start';
import { startDemo } from '../../scripts/start';
import { controlCall } from '../control-call';
import { waitFor } from '../wait';
import { runRelayBundle } from '../relay-bundle';

export const OUTPUT_DIR = path.resolve('test-output');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // An unattended counter rings without a first tap; the desktop app sets the same policy.
  '--autoplay-policy=no-user-gesture-required',
  // Chromium 156 pre-renders its address-bar popup (a WebUI page, twice) in every new window,
  // headless too: 1.5 s of CPU on the two cores the page under test shares, which doubled the
  // first load here. The desktop app has no address bar. Chromium keeps only the last
  // --disable-features, so this one repeats playwright-core's own list (1.65, its Linux entries) before ours.
  `--disable-features=${[
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
    'WebUIOmniboxPopup',
    'WebUIOmniboxAimPopup',
  ].join(',')}`,
];

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

/**
 * This worker's Chromium, launched on first use. The e2e files share their worker's modules
 * (vitest.config.ts), so the files one worker runs, one after another, share one browser instead
 * of each launching its own (a launch and close cost about a second of CPU); a browser that went
 * away is launched again for the next file. Playwright closes it when the worker exits.
 */
let workerChromium: Promise<Browser> | null = null;
const sharedChromium = (): Promise<Browser> => {
  if (workerChromium) return workerChromium;
  const launching = launchChromium();
  const forget = () => {
    if (workerChromium === launching) workerChromium = null;
  };
  launching.then((browser) => browser.on('disconnected', forget), forget);
  workerChromium = launching;
  return launching;
};

/**
 * Chromium as one test file sees it: every page and context it opens is its own (a context has
 * its own cookies, storage and cache, so nothing of another file's reaches it), and close()
 * closes them all, leaving the worker's browser for its next file.
 */
export type TestBrowser = Pick<Browser, 'newContext' | 'newPage' | 'newBrowserCDPSession'> & {
  close(): Promise<void>;
};

/** A test file's Chromium: the worker's browser, with contexts of the file's own. */
export const fileChromium = async (): Promise<TestBrowser> => {
  const browser = await sharedChromium();
  const contexts = new Set<BrowserContext>();
  const own = (context: BrowserContext): BrowserContext => {
    contexts.add(context);
    context.on('close', () => contexts.delete(context));
    return context;
  };
  return {
    newContext: async (options) => own(await browser.newContext(options)),
    newPage: async (options) => {
      const page = await browser.newPage(options);
      own(page.context());
      return page;
    },
    newBrowserCDPSession: () => browser.newBrowserCDPSession(),
    close: async () => {
      await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)));
    },
  };
};

/** An order's tile on the board: its number, type, name, time and one primary action. */
export const orderTile = (page: Page, orderNumber: string): Locator =>
  page.getByRole('article', { name: `Order #${orderNumber}`, exact: true });

/** Closes the order detail that is open, if one is (it covers one side of the board). */
export const closeOrderDetail = async (page: Page): Promise<void> => {
  const open = page.locator('.order-detail');
  if ((await open.count()) === 0) return;
  await open.locator('.order-detail-head').getByRole('button').click();
  await open.waitFor({ state: 'detached' });
};

/**
 * An order's detail (its whole card: lines, notes, printing, every action), opened as staff do: a
 * tap on its tile. A detail already open on another order is closed first (it may cover the tile).
 */
export const openOrderDetail = async (page: Page, orderNumber: string): Promise<Locator> => {
  const detail = page.getByRole('article', { name: `Details · #${orderNumber}`, exact: true });
  if (await detail.isVisible()) return detail;
  await closeOrderDetail(page);
  await orderTile(page, orderNumber).locator('.card-number').click();
  await detail.waitFor();
  return detail;
};

export type Viewport = { width: number; height: number };

export type BoardPageOptions = {
  /** A touch screen, for tests that tap as staff do (`locator.tap()`). */
  hasTouch?: boolean;
  /** What shows the board is there (default: its New column). */
  ready?: (page: Page) => Promise<unknown>;
  /** Prepares the page before its first load (e.g. countBeeps). */
  beforeLoad?: (page: Page) => Promise<void>;
};

/** A page of its own (a context of its own) on the demo's board, once the board shows. */
export const openBoardPage = async (
  browser: TestBrowser,
  demo: Demo,
  viewport: Viewport,
  options: BoardPageOptions = {},
): Promise<Page> => {
  const page = await browser.newPage({ viewport, ...(options.hasTouch ? { hasTouch: true } : {}) });
  return loadBoard(page, demo, options);
};

/** Once the board shows in `page` (options.ready, or its New column). */
const boardShows = async (page: Page, options: BoardPageOptions): Promise<Page> => {
  await (options.ready
    ? options.ready(page)
    : page.getByRole('region', { name: 'New', exact: true }).waitFor());
  return page;
};

/** Loads the demo's board in `page`, once the board shows. */
const loadBoard = async (page: Page, demo: Demo, options: BoardPageOptions): Promise<Page> => {
  await options.beforeLoad?.(page);
  await page.goto(demo.webHost!.url);
  return boardShows(page, options);
};

/** Chromium on the demo's UI, once the board shows. */
export const openDemoPage = async (
  demo: Demo,
  viewport: Viewport,
): Promise<{ browser: TestBrowser; page: Page }> => {
  const browser = await fileChromium();
  return { browser, page: await openBoardPage(browser, demo, viewport) };
};

/**
 * The demo with no generator, secrets in memory, and quick retries so recovery is observable;
 * `core` overrides the core's options (e.g. shorter relay polls).
 */
export const startTestDemo = (core: DemoOptions['core'] = {}): Promise<Demo> =>
  startDemo({
    ordersPerMinute: 0,
    seed: 7,
    keychain: false,
    relayBundleDir: runRelayBundle(),
    webPort: 0,
    notificationRetry: { retries: 3, intervalMs: 200 },
    // The core's periodic reconcile at its production minute: no test here waits on it but the
    // clock's (its every 2 s cost about 15 s of CPU across the files).
    core: { backoff: { baseMs: 100, capMs: 500 }, ...core },
    log: () => undefined,
  });

/** Counts the ring's beeps: every oscillator the page starts is one tone of the ring. */
export const countBeeps = async (page: Page): Promise<void> => {
  await page.addInitScript(() => {
    const scope = window as unknown as { __tones: number };
    scope.__tones = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator(this: AudioContext) {
      scope.__tones += 1;
      return original.call(this);
    };
  });
};
export const tones = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __tones: number }).__tones);

export type SandboxOrder = {
  id: string;
  order_number: string;
  status: string;
  reject: { reason: string; code: string } | null;
  picked_up: boolean;
  total_delivery_time?: string | null;
  location?: { street_address: string; formatted_address: string | null } | null;
};

export { controlCall } from '../control-call';

export const control = (demo: Demo) => {
  const call = <T>(method: string, pathname: string, body?: unknown): Promise<T> =>
    controlCall<T>(demo.sandbox.controlUrl, method, pathname, body);
  return {
    placeOrder: (type: 'takeaway' | 'homedelivery', options: { selfDelivery?: boolean } = {}) =>
      call<SandboxOrder>('POST', '/orders', {
        venue_id: demo.sandbox.demo.venueId,
        type,
        ...(options.selfDelivery ? { self_delivery: true } : {}),
      }),
    order: (id: string) => call<SandboxOrder>('GET', `/orders/${id}`),
    cancel: (id: string) => call<SandboxOrder>('POST', `/orders/${id}/cancel`, {}),
    faults: (faults: { error_rate?: number; latency_ms?: number; drop_webhooks?: number }) =>
      call<unknown>('POST', '/faults', faults),
    /** The platform's clock (it only moves on: POST /clock advances it). */
    clock: () => call<{ now: string; frozen: boolean }>('GET', '/clock'),
    venue: () =>
      call<{ name: string; status: { is_online: boolean }; offline_until: string | null }>(
        'GET',
        `/venues/${demo.sandbox.demo.venueId}`,
      ),
  };
};

/** A courier address inside the demo venue's delivery area (Helsinki). */
export const DELIVERY_ADDRESS = {
  street: 'Mannerheimintie 10 B 4',
  postCode: '00100',
  city: 'Helsinki',
} as const;

/**
 * A courier booked for `orderNumber` through the core's API (the calls the booking form makes),
 * once the platform accepted it: its id and the platform's reference.
 */
export const bookCourier = async (
  demo: Demo,
  orderNumber: string,
): Promise<{ deliveryId: string; reference: string }> => {
  const api = demo.core.api;
  const quote = await api['delivery:quote']({ ...DELIVERY_ADDRESS });
  const { deliveryId } = await api['delivery:book']({
    promiseId: quote.promiseId,
    recipient: { name: 'Grace Hopper', phone: '+358401234567' },
    parcels: [{ description: 'Pizza box', count: 1 }],
    orderNumber,
  });
  const booked = await eventually(
    async () => (await api['delivery:list']({})).find((d) => d.id === deliveryId) ?? null,
    (delivery) => delivery?.reference != null,
  );
  return { deliveryId, reference: booked!.reference! };
};

/** Polls until `read` satisfies `done` (the sandbox changes asynchronously); test/wait.ts's loop. */
export const eventually = async <T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> => {
  let last: T | undefined;
  try {
    return await waitFor(
      async () => {
        last = await read();
        return done(last) ? { value: last } : undefined;
      },
      { timeoutMs, intervalMs: 100 },
    ).then((hit) => hit.value);
  } catch (error) {
    throw new Error(`${String(error)}; last value: ${JSON.stringify(last)}`, { cause: error });
  }
};

export const ensureOutputDir = (): string => {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  return OUTPUT_DIR;
};

/** Chromium for a test file's tests (fileChromium), before them; their contexts closed after. */
export const useChromium = (ready: (browser: TestBrowser) => unknown): void => {
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    browser = await fileChromium();
    await ready(browser);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
};

/** What a test file's tests drive: the demo, its sandbox's controls, and Chromium. */
export type DemoSession = {
  demo: Demo;
  browser: TestBrowser;
  sandbox: ReturnType<typeof control>;
};

/**
 * A test file's demo (`core`: the core's options) and Chromium (fileChromium), started before its
 * tests and closed after them; `ready` gets them once both run (and may finish their set-up,
 * within `timeoutMs` in all).
 */
export const useDemo = (
  ready: (session: DemoSession) => unknown,
  options: { core?: DemoOptions['core']; timeoutMs?: number } = {},
): void => {
  let demo: Demo | undefined;
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    demo = await startTestDemo(options.core);
    browser = await fileChromium();
    await ready({ demo, browser, sandbox: control(demo) });
  }, options.timeoutMs ?? 90_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });
};

/**
 * Opens the session's board at a size, once it shows (`beforeLoad` is not offered: the page may
 * be one a test had before, whose init scripts stay).
 */
export type BoardOpener = (
  width: number,
  height: number,
  options?: Omit<BoardPageOptions, 'beforeLoad'>,
) => Promise<Page>;

/**
 * The board tests' opener: each test opens the board at the sizes it measures, a fresh load
 * (nothing of the document before it), in one tab per kind of screen (touch or not) for the whole
 * file, loaded again at the new size. The board keeps nothing a later load could read but the
 * session (it rides in the tab's sessionStorage, as in the app's own reloads; the theme and
 * language stay as the file found them). A context of its own for each page cost about a quarter
 * of a page's CPU (a board opened six times: 1.2 and 1.4 s a page, 0.96 and 1.09 s in one
 * context), and a new page in it about twice a reload (1.0-1.2 s against 0.6 s). A tab a test
 * closed is opened again.
 */
export const boardOpener = ({ browser, demo }: DemoSession): BoardOpener => {
  const contexts = new Map<boolean, Promise<BrowserContext>>();
  const tabs = new Map<boolean, Page>();
  const contextFor = (hasTouch: boolean): Promise<BrowserContext> => {
    const known = contexts.get(hasTouch);
    if (known) return known;
    const opened = browser.newContext(hasTouch ? { hasTouch } : {});
    contexts.set(hasTouch, opened);
    return opened;
  };
  return async (width, height, options = {}) => {
    const hasTouch = options.hasTouch === true;
    const known = tabs.get(hasTouch);
    if (known && !known.isClosed()) {
      await known.setViewportSize({ width, height });
      // Not goto: the address differs from the loaded one only by its fragment (the session the
      // page took out of it), which would not load the document again.
      await known.reload();
      return boardShows(known, options);
    }
    const page = await (await contextFor(hasTouch)).newPage();
    tabs.set(hasTouch, page);
    await page.setViewportSize({ width, height });
    return loadBoard(page, demo, options);
  };
};

/**
 * useDemo with one page of `viewport` on the demo's board, once the board shows; `beforeLoad`
 * prepares the page before its first load (e.g. countBeeps).
 */
export const useDemoPage = (
  viewport: Viewport,
  ready: (session: DemoSession & { page: Page }) => unknown,
  options: { core?: DemoOptions['core']; beforeLoad?: (page: Page) => Promise<void> } = {},
): void =>
  useDemo(async (session) => {
    const page = await openBoardPage(session.browser, session.demo, viewport, {
      ...(options.beforeLoad ? { beforeLoad: options.beforeLoad } : {}),
    });
    await ready({ ...session, page });
  }, options);
