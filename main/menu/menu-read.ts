// Reading the platform's menu (docs/platform.md#menu-read): on start, every reconcile tick,
// before every push and after each change this terminal sends; the changes a read shows settle.
// Module-level functions over the menu slice's state.
import { ServiceError } from '../service-error';
import { encodeRefusal, refusal } from '../../shared/refusals';
import { RequestError } from '../http/http';
import type { LiveMenu } from './menu-check';
import { showsPrice } from '../../shared/menu-price';
import {
  allItems,
  isAvailable,
  liveMenuSchema,
  showsMenu,
  summarizeItems,
  summarizeOptions,
} from './menu-check';
import type { MenuCore } from './menu-context';
import { splitAwaitingKey } from './menu-context';

/** How long a change the platform took may take to show in its menu before its menu is believed. */
const SETTLE_MS = 60_000;
/** The platform applies a pushed menu "in under a minute"; a little slack on top. */
const PUSH_SETTLE_MS = 90_000;
export const READ_BACK_MS = 2_000;
/** How long a menu read may stay unfinished on the platform's side. */
const READ_TIMEOUT_MS = 20_000;
const READ_POLL_MS = 500;

/** The live menu could not be read: nothing is known about what a push would replace. */
/** Why a read failed, as staff can act on it: no answer, too slow, or the platform's failure. */
export type MenuReadProblem = 'offline' | 'slow' | 'failed';

/** The platform's menu could not be read: the message (for the log) and why (for staff). */
export class MenuUnknownError extends Error {
  constructor(
    message: string,
    readonly why: MenuReadProblem = 'failed',
  ) {
    super(message);
  }
}

const problemOf = (error: unknown): MenuReadProblem =>
  error instanceof RequestError && error.status === null ? 'offline' : 'failed';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** The platform's menu now: the read is asynchronous, its resource_url is polled until done. */
const readLive = async (core: MenuCore, venueId: string): Promise<LiveMenu> => {
  const { client } = core.deps;
  let request: { resource_url: string };
  try {
    request = await client.requestMenu(venueId);
  } catch (error) {
    throw new MenuUnknownError(errorText(error), problemOf(error));
  }
  const deadline = Date.now() + READ_TIMEOUT_MS;
  for (;;) {
    let result: { status: string; menu?: unknown; error?: unknown };
    try {
      result = await client.getMenuResult(request.resource_url);
    } catch (error) {
      throw new MenuUnknownError(errorText(error), problemOf(error));
    }
    const status = result.status.toUpperCase();
    if (status === 'COMPLETED') {
      const parsed = liveMenuSchema.safeParse(result.menu ?? { categories: [] });
      if (!parsed.success) throw new MenuUnknownError('the platform sent a menu we cannot read');
      return parsed.data;
    }
    if (status === 'FAILED') {
      throw new MenuUnknownError(
        typeof result.error === 'string' ? result.error : 'the platform could not read its menu',
      );
    }
    if (Date.now() > deadline)
      throw new MenuUnknownError('the platform did not finish the read', 'slow');
    await sleep(READ_POLL_MS);
  }
};

/** Drops the changes the platform's menu now shows, and those it kept refusing to show. */
const settle = (core: MenuCore, venueId: string, menu: LiveMenu): void => {
  const at = core.deps.now();
  const items = new Map(summarizeItems(menu, at, () => null).map((i) => [i.externalData, i]));
  const options = new Map(
    summarizeOptions(
      menu,
      () => null,
      () => null,
    ).map((o) => [o.externalData, o]),
  );
  const raw = new Map<string, { enabled?: boolean; disabled_until?: string | null }>();
  for (const item of items.values())
    raw.set(item.externalData, { enabled: item.enabled, disabled_until: item.disabledUntil });
  for (const [key, { wish, since }] of core.awaiting) {
    const { venueId: v, rest: k } = splitAwaitingKey(key);
    if (v !== venueId) continue;
    const [kind, externalData] = [k.slice(0, k.indexOf(':')), k.slice(k.indexOf(':') + 1)];
    let shown: boolean;
    if (kind === 'item') {
      const entry = raw.get(externalData);
      shown =
        entry !== undefined &&
        isAvailable(entry, at) === wish.available &&
        (wish.available || wish.until === null
          ? wish.available || entry.enabled === false
          : Date.parse(entry.disabled_until ?? '') === Date.parse(wish.until));
    } else {
      shown = options.get(externalData)?.enabled === wish.available;
    }
    if (shown || at.getTime() - since > SETTLE_MS) core.awaiting.delete(key);
  }
  const entries = new Map<
    string,
    { price?: number; discounted?: { original_price?: number } | null }
  >();
  for (const { item } of allItems(menu)) {
    if (item.external_data !== undefined) entries.set(`item:${item.external_data}`, item);
    for (const option of item.options ?? [])
      for (const value of option.values ?? [])
        if (value.external_data !== undefined) entries.set(`option:${value.external_data}`, value);
  }
  for (const [key, { wish, since }] of core.priceAwaiting) {
    const { venueId: v, rest: k } = splitAwaitingKey(key);
    if (v !== venueId) continue;
    const entry = entries.get(k);
    if ((entry && showsPrice(entry, wish)) || at.getTime() - since > SETTLE_MS)
      core.priceAwaiting.delete(key);
  }
  const pushed = core.pushAwaiting.get(venueId);
  if (pushed) {
    if (showsMenu(menu, pushed.menu, at)) {
      core.pushAwaiting.delete(venueId);
      core.pushProblems.delete(venueId);
    } else if (at.getTime() - pushed.since > PUSH_SETTLE_MS) {
      core.pushAwaiting.delete(venueId);
      core.pushProblems.set(venueId, encodeRefusal(refusal('menu-push-not-shown')));
    }
  }
};

/** Reads the platform's menu, stores it and tells the renderer; failures are kept as readError. */
export const refresh = (core: MenuCore, venueId: string): Promise<LiveMenu> => {
  const under = core.reading.get(venueId);
  if (under) return under;
  const reading = (async () => {
    try {
      const menu = await readLive(core, venueId);
      core.store.saveLive(venueId, menu, core.deps.now().toISOString());
      core.readErrors.delete(venueId);
      settle(core, venueId, menu);
      return menu;
    } catch (error) {
      // Why, as a code the screen words: never the error's text (an address, a service's words).
      const why = error instanceof MenuUnknownError ? error.why : problemOf(error);
      core.readErrors.set(venueId, encodeRefusal(refusal('menu-live-unread', why)));
      throw error;
    } finally {
      core.changed(venueId);
      if (core.awaiting.size > 0 || core.priceAwaiting.size > 0 || core.pushAwaiting.size > 0)
        scheduleRead(core, READ_BACK_MS);
    }
  })().finally(() => {
    core.reading.delete(venueId);
  });
  core.reading.set(venueId, reading);
  return reading;
};
/** Reads every venue's menu; one venue's failure does not stop the others'. */
export const refreshQuietly = (core: MenuCore): void => {
  if (core.closed) return;
  for (const id of core.deps.venueIds()) void refresh(core, id).catch(() => undefined);
};
export const scheduleRead = (core: MenuCore, ms: number): void => {
  if (core.closed || core.readTimer) return;
  core.readTimer = setTimeout(() => {
    core.readTimer = null;
    refreshQuietly(core);
  }, ms);
  core.readTimer.unref();
};

/** The platform's menu, read now, or a refusal staff understand. */
export const liveOrRefuse = async (core: MenuCore, venueId: string): Promise<LiveMenu> => {
  try {
    return await refresh(core, venueId);
  } catch (error) {
    if (!(error instanceof MenuUnknownError)) throw error;
    throw new ServiceError('conflict', refusal('menu-unreadable'));
  }
};
