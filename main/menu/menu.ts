// The menu slice: the platform's menu as read through its menu read (docs/platform.md#menu-read),
// on start, every reconcile tick, before every push and after each change this terminal sends;
// the menu-push, item-availability and option-availability actions; the menu:* channels and the
// menu:changed event. What staff see is what the platform's menu says; a change staff asked for
// shows as "changing…" until a read shows it (or the platform's menu keeps saying otherwise).
import type { AvailabilityWish, MenuState } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { EventHub } from '../host/event-hub';
import type { MarketplaceClient } from '../marketplace/client';
import { HttpError } from '../http/http';
import type { Outbox, StoredAction } from '../outbox/outbox';
import { ActionBlockedError } from '../outbox/outbox';
import { ServiceError } from '../service-error';
import type { Database } from '../storage/database';
import type { Settings } from '../storage/settings';
import type { LiveMenu } from './menu-check';
import {
  diffMenus,
  isAvailable,
  liveMenuSchema,
  menuItemCount,
  parseMenu,
  showsMenu,
  summarizeItems,
  summarizeOptions,
} from './menu-check';
import { createMenuStore } from './menu-store';

/** `confirmedRemoved`: the ids of the items staff confirmed the push removes. */
export type MenuPushPayload = { venueId: string; menu: LiveMenu; confirmedRemoved?: string[] };
/** `enabled` is the availability asked for; `disabledUntil` only with enabled=false. */
export type ItemAvailabilityPayload = {
  venueId: string;
  externalData: string;
  enabled: boolean;
  disabledUntil: string | null;
};
export type OptionAvailabilityPayload = { venueId: string; externalData: string; enabled: boolean };

type MenuChannels =
  | 'menu:check'
  | 'menu:push'
  | 'menu:get'
  | 'menu:refresh'
  | 'menu:items'
  | 'menu:setItemAvailability'
  | 'menu:setOptionAvailability';

export type MenuSlice = {
  handlers: Pick<ServiceApi, MenuChannels>;
  /** Reads the platform's menu in the background; a failure shows as the menu's readError. */
  refreshQuietly(): void;
  close(): void;
};

/** How long a change the platform took may take to show in its menu before its menu is believed. */
const SETTLE_MS = 60_000;
/** The platform applies a pushed menu "in under a minute"; a little slack on top. */
const PUSH_SETTLE_MS = 90_000;
const READ_BACK_MS = 2_000;
/** How long a menu read may stay unfinished on the platform's side. */
const READ_TIMEOUT_MS = 20_000;
const READ_POLL_MS = 500;
/** setTimeout's ceiling (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The live menu could not be read: nothing is known about what a push would replace. */
class MenuUnknownError extends Error {}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export const createMenuSlice = (deps: {
  db: Database;
  settings: Settings;
  now: () => Date;
  outbox: Outbox;
  client: MarketplaceClient;
  hub: EventHub;
  venueId: () => string | null;
  requireVenue: () => string;
}): MenuSlice => {
  const { outbox, client, hub, now } = deps;
  const store = createMenuStore(deps.db, deps.settings);

  let readError: string | null = null;
  let pushProblem: string | null = null;
  /** Changes the platform took (its 202) that its menu did not show yet, by kind and external_data. */
  const awaiting = new Map<string, { wish: AvailabilityWish; since: number }>();
  let pushAwaiting: { venueId: string; menu: LiveMenu; since: number } | null = null;
  let readTimer: ReturnType<typeof setTimeout> | null = null;
  let restoreTimer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const key = (kind: 'item' | 'option', externalData: string): string => `${kind}:${externalData}`;

  /** The latest wish per external_data: rows on their way, then changes taken but not yet shown. */
  const wishes = (kind: 'item' | 'option'): Map<string, AvailabilityWish> => {
    const out = new Map<string, AvailabilityWish>();
    for (const [k, { wish }] of awaiting) {
      if (k.startsWith(`${kind}:`)) out.set(k.slice(kind.length + 1), wish);
    }
    const kinds =
      kind === 'item' ? (['item-availability'] as const) : (['option-availability'] as const);
    for (const action of outbox.open({ kinds })) {
      if (action.state === 'failed') continue;
      const payload = action.payload as ItemAvailabilityPayload;
      out.set(payload.externalData, {
        available: payload.enabled,
        until: payload.enabled ? null : (payload.disabledUntil ?? null),
      });
    }
    return out;
  };

  const view = (): MenuState => {
    const id = deps.venueId();
    const live = id ? store.live(id) : null;
    const itemWishes = wishes('item');
    const optionWishes = wishes('option');
    const restores = id ? store.restores(id) : {};
    const sending = outbox.open({ kinds: ['menu-push'] }).find((a) => a.state !== 'failed');
    const sendingMenu = sending ? (sending.payload as MenuPushPayload).menu : null;
    return {
      fetchedAt: live?.fetchedAt ?? null,
      readError,
      items: live ? summarizeItems(live.menu, now(), (x) => itemWishes.get(x) ?? null) : [],
      options: live
        ? summarizeOptions(
            live.menu,
            (x) => optionWishes.get(x) ?? null,
            (x) => restores[x] ?? null,
          )
        : [],
      push: sendingMenu
        ? { state: 'sending', itemCount: menuItemCount(sendingMenu) }
        : pushAwaiting
          ? { state: 'processing', itemCount: menuItemCount(pushAwaiting.menu) }
          : null,
      pushProblem,
    };
  };
  const changed = hub.batched('menu:changed', () => view());

  /** The platform's menu now: the read is asynchronous, its resource_url is polled until done. */
  const readLive = async (venueId: string): Promise<LiveMenu> => {
    let request: { resource_url: string };
    try {
      request = await client.requestMenu(venueId);
    } catch (error) {
      throw new MenuUnknownError(errorText(error));
    }
    const deadline = Date.now() + READ_TIMEOUT_MS;
    for (;;) {
      let result: { status: string; menu?: unknown; error?: unknown };
      try {
        result = await client.getMenuResult(request.resource_url);
      } catch (error) {
        throw new MenuUnknownError(errorText(error));
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
      if (Date.now() > deadline) throw new MenuUnknownError('the platform did not finish the read');
      await sleep(READ_POLL_MS);
    }
  };

  /** Drops the changes the platform's menu now shows, and those it kept refusing to show. */
  const settle = (venueId: string, menu: LiveMenu): void => {
    const at = now();
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
    for (const [k, { wish, since }] of awaiting) {
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
      if (shown || at.getTime() - since > SETTLE_MS) awaiting.delete(k);
    }
    if (pushAwaiting && pushAwaiting.venueId === venueId) {
      if (showsMenu(menu, pushAwaiting.menu)) {
        pushAwaiting = null;
        pushProblem = null;
      } else if (at.getTime() - pushAwaiting.since > PUSH_SETTLE_MS) {
        pushAwaiting = null;
        pushProblem =
          'The platform took the pushed menu but does not show it yet. Check the menu list below: it is what customers see.';
      }
    }
  };

  let reading: Promise<LiveMenu> | null = null;
  /** Reads the platform's menu, stores it and tells the renderer; failures are kept as readError. */
  const refresh = (venueId: string): Promise<LiveMenu> => {
    reading ??= (async () => {
      try {
        const menu = await readLive(venueId);
        store.saveLive(venueId, menu, now().toISOString());
        readError = null;
        settle(venueId, menu);
        return menu;
      } catch (error) {
        readError = errorText(error);
        throw error;
      } finally {
        changed();
        if (awaiting.size > 0 || pushAwaiting) scheduleRead(READ_BACK_MS);
      }
    })().finally(() => {
      reading = null;
    });
    return reading;
  };
  const refreshQuietly = (): void => {
    const id = deps.venueId();
    if (id && !closed) void refresh(id).catch(() => undefined);
  };
  const scheduleRead = (ms: number): void => {
    if (closed || readTimer) return;
    readTimer = setTimeout(() => {
      readTimer = null;
      refreshQuietly();
    }, ms);
    readTimer.unref();
  };

  /** Once the platform took a change, read its menu back until the change shows. */
  const tookThenRead =
    (kind: 'item' | 'option') =>
    (
      action: StoredAction<ItemAvailabilityPayload | OptionAvailabilityPayload>,
      outcome: string,
    ) => {
      if (outcome === 'done') {
        const p = action.payload;
        awaiting.set(key(kind, p.externalData), {
          wish: {
            available: p.enabled,
            until: 'disabledUntil' in p && !p.enabled ? p.disabledUntil : null,
          },
          since: now().getTime(),
        });
        scheduleRead(0);
      }
      changed();
    };

  const pushKind = outbox.register<MenuPushPayload>('menu-push', {
    // The whole menu again: the platform ends with the same menu.
    resend: 'safe',
    send: async ({ payload, id }) => {
      // An earlier push the platform has not applied yet would change what this one removes.
      if (pushAwaiting?.venueId === payload.venueId) {
        throw new ActionBlockedError('Waiting for the previous menu push to show.', READ_BACK_MS);
      }
      // Staff confirmed what this push removes against the platform's menu of that moment; if
      // the menu gained items since (another terminal, the merchant), the push would delete
      // them unasked. Judged against a read made now; unreadable, it waits like any outage.
      const live = await refresh(payload.venueId);
      const confirmed = new Set(payload.confirmedRemoved ?? []);
      const unasked = diffMenus(live, payload.menu).removedItems.filter(
        (item) => !confirmed.has(item.externalData),
      );
      if (unasked.length > 0) {
        throw new HttpError({
          kind: 'permanent',
          status: null,
          message: `The platform's menu changed since this push was confirmed: it would now also remove ${unasked.map((item) => `"${item.name}"`).join(', ')}. Nothing was sent; check the menu file again and push it anew.`,
        });
      }
      await client.createMenu(payload.venueId, payload.menu, id);
    },
    changed: (action, outcome) => {
      if (outcome === 'done') {
        pushAwaiting = {
          venueId: action.payload.venueId,
          menu: action.payload.menu,
          since: now().getTime(),
        };
        pushProblem = null;
        scheduleRead(READ_BACK_MS);
      }
      changed();
    },
  });
  const availabilityKind = outbox.register<ItemAvailabilityPayload>('item-availability', {
    // Sets the item's state, not a change of it.
    resend: 'safe',
    // Sold out until a time keeps the item enabled with disabled_until: the platform makes it
    // orderable again then by itself (docs/platform.md#item-availability). Without a time it is
    // disabled until staff switch it back.
    send: ({ payload, id }) =>
      client.updateItems(
        payload.venueId,
        [
          {
            external_id: payload.externalData,
            enabled: payload.enabled || payload.disabledUntil !== null,
            disabled_until: payload.enabled ? null : payload.disabledUntil,
          },
        ],
        id,
      ),
    changed: tookThenRead('item'),
  });
  const optionKind = outbox.register<OptionAvailabilityPayload>('option-availability', {
    resend: 'safe',
    send: ({ payload, id }) =>
      client.updateOptionValues(
        payload.venueId,
        [{ external_id: payload.externalData, enabled: payload.enabled }],
        id,
      ),
    changed: tookThenRead('option'),
  });

  const enqueueOption = (
    venueId: string,
    externalData: string,
    enabled: boolean,
    restoreAt: string | null,
  ): { actionId: string } =>
    outbox.enqueue(optionKind, {
      subject: `menu:${venueId}`,
      auditSubject: externalData,
      prepare: () => {
        store.setRestore(venueId, externalData, restoreAt);
        return {
          payload: { venueId, externalData, enabled },
          facts: restoreAt
            ? { item: externalData, enabled, until: restoreAt }
            : { item: externalData, enabled },
          auditDetail: enabled ? 'enabled' : restoreAt ? `disabled until ${restoreAt}` : 'disabled',
        };
      },
    });

  /** Turns option values back on when their time comes (the platform has no time for them). */
  const armRestores = (): void => {
    if (restoreTimer) clearTimeout(restoreTimer);
    restoreTimer = null;
    const venueId = deps.venueId();
    if (!venueId || closed) return;
    const restores = Object.entries(store.restores(venueId));
    if (restores.length === 0) return;
    const due = restores.filter(([, at]) => Date.parse(at) <= now().getTime());
    for (const [externalData] of due) enqueueOption(venueId, externalData, true, null);
    if (due.length > 0) changed();
    const next = Math.min(
      ...restores
        .filter(([, at]) => Date.parse(at) > now().getTime())
        .map(([, at]) => Date.parse(at)),
    );
    if (Number.isFinite(next)) {
      restoreTimer = setTimeout(armRestores, Math.min(next - now().getTime(), MAX_TIMER_MS));
      restoreTimer.unref();
    }
  };
  armRestores();

  /** The platform's menu, read now, or a refusal staff understand. */
  const liveOrRefuse = async (venueId: string): Promise<LiveMenu> => {
    try {
      return await refresh(venueId);
    } catch (error) {
      if (!(error instanceof MenuUnknownError)) throw error;
      throw new ServiceError(
        'conflict',
        `The platform's current menu could not be read (${error.message}), so this menu cannot be checked against it. Nothing was sent. Try again when the platform answers.`,
      );
    }
  };

  const knownItem = (externalData: string): void => {
    const state = view();
    if (state.fetchedAt === null) {
      throw new ServiceError(
        'conflict',
        "The platform's menu has not been read yet. Wait until the menu list shows, then try again.",
      );
    }
    if (!state.items.some((i) => i.externalData === externalData)) {
      throw new ServiceError(
        'not-found',
        `No item with external_data "${externalData}" is on the platform's menu.`,
      );
    }
  };

  return {
    refreshQuietly,
    close: () => {
      closed = true;
      if (readTimer) clearTimeout(readTimer);
      if (restoreTimer) clearTimeout(restoreTimer);
    },
    handlers: {
      'menu:check': async ({ text }) => {
        const parsed = parseMenu(text);
        if (!parsed.ok) return { ok: false, issues: parsed.issues };
        const itemCount = menuItemCount(parsed.menu);
        const venueId = deps.requireVenue();
        try {
          const live = await refresh(venueId);
          return { ok: true, diff: diffMenus(live, parsed.menu), liveError: null, itemCount };
        } catch (error) {
          if (!(error instanceof MenuUnknownError)) throw error;
          return { ok: true, diff: null, liveError: error.message, itemCount };
        }
      },
      'menu:push': async ({ text, confirmRemoved }) => {
        const venueId = deps.requireVenue();
        const parsed = parseMenu(text);
        if (!parsed.ok) return { ok: false, issues: parsed.issues };
        // The push replaces the whole menu: what it removes is judged against the platform's
        // menu as it is now, never against what this terminal pushed before.
        const live = await liveOrRefuse(venueId);
        const { removedItems } = diffMenus(live, parsed.menu);
        const confirmed = new Set(confirmRemoved ?? []);
        const agrees =
          confirmed.size === removedItems.length &&
          removedItems.every((item) => confirmed.has(item.externalData));
        if (!agrees) {
          const names = removedItems.map((item) => `"${item.name}"`).join(', ');
          throw new ServiceError(
            'conflict',
            removedItems.length === 0
              ? 'The platform’s menu changed since the check: this push removes no items now. Check the menu again before pushing.'
              : `This menu removes ${removedItems.length === 1 ? '1 item' : `${removedItems.length} items`} from the platform's menu: ${names}. Nothing was sent. Confirm removing ${removedItems.length === 1 ? 'it' : 'them'} to push.`,
          );
        }
        return outbox.enqueue(pushKind, {
          subject: `menu:${venueId}`,
          auditSubject: venueId,
          prepare: () => ({
            payload: {
              venueId,
              menu: parsed.menu,
              confirmedRemoved: removedItems.map((item) => item.externalData),
            },
            facts: { count: menuItemCount(parsed.menu), removed: removedItems.length },
            auditDetail:
              removedItems.length > 0
                ? `removes ${removedItems.map((item) => item.externalData).join(', ')}`
                : null,
          }),
        });
      },
      'menu:get': async () => view(),
      'menu:refresh': async () => {
        const venueId = deps.requireVenue();
        await refresh(venueId).catch(() => undefined);
        return view();
      },
      'menu:items': async () => view().items,
      'menu:setItemAvailability': async ({ externalData, enabled, disabledUntil }) => {
        const venueId = deps.requireVenue();
        if (!enabled && disabledUntil && Date.parse(disabledUntil) <= now().getTime()) {
          throw new ServiceError('invalid-request', 'The time it is sold out until has passed.');
        }
        knownItem(externalData);
        const until = enabled ? null : (disabledUntil ?? null);
        return outbox.enqueue(availabilityKind, {
          subject: `menu:${venueId}`,
          auditSubject: externalData,
          prepare: () => ({
            payload: { venueId, externalData, enabled, disabledUntil: until },
            facts: until ? { item: externalData, enabled, until } : { item: externalData, enabled },
            auditDetail: enabled ? 'enabled' : until ? `disabled until ${until}` : 'disabled',
          }),
        });
      },
      'menu:setOptionAvailability': async ({ externalData, enabled, until }) => {
        const venueId = deps.requireVenue();
        if (!enabled && until && Date.parse(until) <= now().getTime()) {
          throw new ServiceError('invalid-request', 'The time to turn it back on has passed.');
        }
        const state = view();
        if (!state.options.some((o) => o.externalData === externalData)) {
          throw new ServiceError(
            'not-found',
            `No option with external_data "${externalData}" is on the platform's menu.`,
          );
        }
        const receipt = enqueueOption(
          venueId,
          externalData,
          enabled,
          enabled ? null : (until ?? null),
        );
        armRestores();
        return receipt;
      },
    },
  };
};
