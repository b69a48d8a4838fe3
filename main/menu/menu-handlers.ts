// The menu slice's `menu:*` channels: module-level handlers over the slice's context.
import type { ServiceApi } from '../../shared/ipc/contract';
import { priceChangeSchema } from '../../shared/menu-price';
import { ServiceError } from '../service-error';
import { encodeRefusal, issueRefusal, refusal } from '../../shared/refusals';
import type { MenuProblem } from '../../shared/domain';
import type { MenuDraftState } from '../../shared/ipc/contract';
import {
  draftToMenu,
  emptyDraft,
  issueId,
  menuDraftSchema,
  menuToDraft,
} from '../../shared/menu-draft';
import type { MenuParse } from './menu-check';

/** A menu file's parse, or a draft's own problems by code. */
type Checked = MenuParse | { ok: false; issues: MenuProblem[] };
import { diffMenus, menuItemCount, parseMenu, withLiveAvailability } from './menu-check';
import type { MenuContext } from './menu-context';
import { availabilityWishes, nameFact, view } from './menu-context';
import { armRestores, enqueueOption } from './menu-actions';
import { liveOrRefuse, MenuUnknownError, refresh } from './menu-read';

export type MenuChannels =
  | 'menu:check'
  | 'menu:push'
  | 'menu:get'
  | 'menu:list'
  | 'menu:refresh'
  | 'menu:items'
  | 'menu:setItemAvailability'
  | 'menu:setItemAvailabilityEverywhere'
  | 'menu:setOptionAvailability'
  | 'menu:setPrice'
  | 'menu:draft'
  | 'menu:saveDraft'
  | 'menu:discardDraft'
  | 'menu:startDraft'
  | 'menu:checkDraft'
  | 'menu:publishDraft';

type Api = Pick<ServiceApi, MenuChannels>;
type Arg<C extends MenuChannels> = Parameters<Api[C]>[0];
type Result<C extends MenuChannels> = ReturnType<Api[C]>;

/** The venue a call names, checked against the venues this terminal serves; the first if none. */
export const venueOf = (ctx: MenuContext, venueId: string | undefined): string => {
  const first = ctx.deps.requireVenue();
  if (venueId === undefined || venueId === first) return first;
  if (!ctx.deps.venueIds().includes(venueId)) {
    throw new ServiceError('not-found', refusal('venue-not-connected'));
  }
  return venueId;
};

const knownItem = (ctx: MenuContext, venueId: string, externalData: string): void => {
  const state = view(ctx, venueId);
  if (state.fetchedAt === null) {
    throw new ServiceError('conflict', refusal('menu-not-read'));
  }
  if (!state.items.some((i) => i.externalData === externalData)) {
    throw new ServiceError('not-found', refusal('menu-item-gone'));
  }
};

const check = async (ctx: MenuContext, parsed: Checked, venueId: string): Result<'menu:check'> => {
  if (!parsed.ok) return { ok: false, issues: parsed.issues };
  const itemCount = menuItemCount(parsed.menu);
  try {
    const live = await refresh(ctx, venueId);
    const at = ctx.deps.now();
    const pushed = withLiveAvailability(parsed.menu, live, at, availabilityWishes(ctx, venueId));
    return {
      ok: true,
      diff: diffMenus(live, pushed, at, ctx.deps.language()),
      liveError: null,
      itemCount,
    };
  } catch (error) {
    if (!(error instanceof MenuUnknownError)) throw error;
    // Why, as a code the screen words: never the raw error (an address, a service's text).
    return {
      ok: true,
      diff: null,
      liveError: encodeRefusal(refusal('menu-live-unread', error.why)),
      itemCount,
    };
  }
};

const push = async (
  ctx: MenuContext,
  parsed: Checked,
  confirmRemoved: string[] | undefined,
  venueId: string,
): Result<'menu:push'> => {
  if (!parsed.ok) return { ok: false, issues: parsed.issues };
  // The push replaces the whole menu: what it removes is judged against the platform's
  // menu as it is now, never against what this terminal pushed before.
  const live = await liveOrRefuse(ctx, venueId);
  const { removedItems } = diffMenus(live, parsed.menu, undefined, ctx.deps.language());
  const confirmed = new Set(confirmRemoved ?? []);
  const agrees =
    confirmed.size === removedItems.length &&
    removedItems.every((item) => confirmed.has(item.externalData));
  if (!agrees) {
    const names = removedItems.map((item) => `"${item.name}"`).join(', ');
    throw new ServiceError(
      'conflict',
      removedItems.length === 0
        ? refusal('menu-changed')
        : refusal('menu-removes', removedItems.length, names),
    );
  }
  return ctx.deps.outbox.enqueue(ctx.kinds.push, {
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
};

const setItemAvailability = async (
  ctx: MenuContext,
  { externalData, enabled, disabledUntil, venueId: asked }: Arg<'menu:setItemAvailability'>,
): Result<'menu:setItemAvailability'> => {
  const venueId = venueOf(ctx, asked);
  if (!enabled && disabledUntil && Date.parse(disabledUntil) <= ctx.deps.now().getTime()) {
    throw new ServiceError('invalid-request', refusal('sold-out-until-past'));
  }
  knownItem(ctx, venueId, externalData);
  return enqueueItem(ctx, venueId, externalData, enabled, enabled ? null : (disabledUntil ?? null));
};

const enqueueItem = (
  ctx: MenuContext,
  venueId: string,
  externalData: string,
  enabled: boolean,
  until: string | null,
): { actionId: string } =>
  ctx.deps.outbox.enqueue(ctx.kinds.item, {
    subject: `menu:${venueId}`,
    auditSubject: externalData,
    prepare: () => ({
      payload: { venueId, externalData, enabled, disabledUntil: until },
      facts: {
        item: externalData,
        enabled,
        ...(until ? { until } : {}),
        ...nameFact(view(ctx, venueId).items.find((i) => i.externalData === externalData)?.name),
      },
      auditDetail: enabled ? 'enabled' : until ? `disabled until ${until}` : 'disabled',
    }),
  });

/**
 * Items of one venue marked sold out with an order action (a rejection for items unavailable),
 * inside that action's transaction: every item is checked before any is queued, and a refusal
 * (throws) leaves the action unqueued too. Each item is its own outbox action, shown "changing…"
 * in the menu until the platform's menu shows it.
 */
export const markSoldOut = (
  ctx: MenuContext,
  venueId: string,
  mark: { items: readonly string[]; until: string | null },
): void => {
  const venue = venueOf(ctx, venueId);
  if (mark.until && Date.parse(mark.until) <= ctx.deps.now().getTime()) {
    throw new ServiceError('invalid-request', refusal('sold-out-until-past'));
  }
  const items = [...new Set(mark.items)];
  for (const externalData of items) knownItem(ctx, venue, externalData);
  for (const externalData of items) enqueueItem(ctx, venue, externalData, false, mark.until);
};

/**
 * The item in every venue whose last read menu has it: all checked before any is queued, then
 * one action per venue (each venue's own grant, each confirmed by its own menu read).
 */
const setItemAvailabilityEverywhere = async (
  ctx: MenuContext,
  { externalData, enabled, disabledUntil }: Arg<'menu:setItemAvailabilityEverywhere'>,
): Result<'menu:setItemAvailabilityEverywhere'> => {
  ctx.deps.requireVenue();
  if (!enabled && disabledUntil && Date.parse(disabledUntil) <= ctx.deps.now().getTime()) {
    throw new ServiceError('invalid-request', refusal('sold-out-until-past'));
  }
  const venueIds = ctx.deps
    .venueIds()
    .filter((venueId) => view(ctx, venueId).items.some((i) => i.externalData === externalData));
  if (venueIds.length === 0) {
    throw new ServiceError('not-found', refusal('menu-item-gone-everywhere'));
  }
  const until = enabled ? null : (disabledUntil ?? null);
  const venues = venueIds.map((venueId) => ({
    venueId,
    actionId: enqueueItem(ctx, venueId, externalData, enabled, until).actionId,
  }));
  return { venues };
};

const setOptionAvailability = async (
  ctx: MenuContext,
  { externalData, enabled, until, venueId: asked }: Arg<'menu:setOptionAvailability'>,
): Result<'menu:setOptionAvailability'> => {
  const venueId = venueOf(ctx, asked);
  if (!enabled && until && Date.parse(until) <= ctx.deps.now().getTime()) {
    throw new ServiceError('invalid-request', refusal('back-on-past'));
  }
  const state = view(ctx, venueId);
  if (!state.options.some((o) => o.externalData === externalData)) {
    throw new ServiceError('not-found', refusal('menu-option-gone'));
  }
  const receipt = enqueueOption(
    ctx,
    venueId,
    externalData,
    enabled,
    enabled ? null : (until ?? null),
  );
  armRestores(ctx);
  return receipt;
};

/** A price change, checked by the channel's one rule (shared/menu-price.ts), then queued. */
const setPrice = async (
  ctx: MenuContext,
  change: Arg<'menu:setPrice'>,
): Result<'menu:setPrice'> => {
  // The channel checks it on the way in; checked again here for callers inside main.
  const checked = priceChangeSchema.safeParse(change);
  if (!checked.success)
    throw new ServiceError(
      'invalid-request',
      issueRefusal(checked.error.issues) ?? refusal('not-a-price'),
    );
  const { target, externalData, price, discountedPrice } = checked.data;
  const venueId = venueOf(ctx, checked.data.venueId);
  let name: string | undefined;
  if (target === 'item') {
    knownItem(ctx, venueId, externalData);
    name = view(ctx, venueId).items.find((i) => i.externalData === externalData)?.name;
  } else {
    const option = view(ctx, venueId).options.find((o) => o.externalData === externalData);
    if (!option) {
      throw new ServiceError('not-found', refusal('menu-option-gone'));
    }
    name = option.name;
  }
  return ctx.deps.outbox.enqueue(ctx.kinds.price, {
    subject: `menu:${venueId}`,
    auditSubject: externalData,
    prepare: () => ({
      payload: { venueId, target, externalData, price, discountedPrice },
      facts: {
        item: externalData,
        price,
        ...(discountedPrice === null ? {} : { discountedPrice }),
        ...nameFact(name),
      },
      auditDetail:
        discountedPrice === null
          ? `price ${price}`
          : `price ${price}, discounted ${discountedPrice}`,
    }),
  });
};

const draftState = (ctx: MenuContext, venueId: string): MenuDraftState => {
  const kept = ctx.store.draft(venueId);
  return kept ?? { draft: null, savedAt: null, publishedAt: null };
};

/** The kept draft as a menu, checked as a menu file is (docs/platform.md#menu-editor). */
const draftMenu = (ctx: MenuContext, venueId: string): Checked => {
  const kept = ctx.store.draft(venueId);
  if (!kept) throw new ServiceError('not-found', refusal('no-draft'));
  const converted = draftToMenu(kept.draft);
  if (!converted.ok) {
    const issues: MenuProblem[] = converted.issues.map((issue) => ({
      path: issueId(issue.key, issue.field),
      draft: issue.code,
    }));
    return { ok: false, issues };
  }
  return parseMenu(JSON.stringify(converted.menu));
};

const publishDraft = async (
  ctx: MenuContext,
  { confirmRemoved, venueId: asked }: Arg<'menu:publishDraft'>,
): Result<'menu:publishDraft'> => {
  const venueId = venueOf(ctx, asked);
  const kept = ctx.store.draft(venueId);
  const result = await push(ctx, draftMenu(ctx, venueId), confirmRemoved, venueId);
  // Published as it was kept when the push was queued; an edit since clears the mark.
  if ('actionId' in result && kept && ctx.store.draft(venueId)?.savedAt === kept.savedAt)
    ctx.store.markPublished(venueId, ctx.deps.now().toISOString());
  return result;
};

export const menuHandlers = (ctx: MenuContext): Api => ({
  'menu:check': ({ text, venueId }) =>
    check(ctx, parseMenu(text, ctx.deps.language()), venueOf(ctx, venueId)),
  'menu:push': ({ text, confirmRemoved, venueId }) =>
    push(ctx, parseMenu(text, ctx.deps.language()), confirmRemoved, venueOf(ctx, venueId)),
  'menu:draft': async ({ venueId }) => draftState(ctx, venueOf(ctx, venueId)),
  'menu:saveDraft': async ({ draft, venueId: asked }) => {
    const venueId = venueOf(ctx, asked);
    // The channel checks it on the way in; checked again here for callers inside main.
    const checked = menuDraftSchema.safeParse(draft);
    if (!checked.success) throw new ServiceError('invalid-request', refusal('not-a-draft'));
    ctx.store.saveDraft(venueId, checked.data, ctx.deps.now().toISOString());
    return draftState(ctx, venueId);
  },
  'menu:discardDraft': async ({ venueId: asked }) => {
    const venueId = venueOf(ctx, asked);
    ctx.store.discardDraft(venueId);
    return draftState(ctx, venueId);
  },
  'menu:startDraft': async ({ from, language, venueId: asked }) => {
    const venueId = venueOf(ctx, asked);
    const live = ctx.store.live(venueId);
    if (from === 'live' && !live) {
      throw new ServiceError('conflict', refusal('menu-not-read'));
    }
    const draft = from === 'live' && live ? menuToDraft(live.menu, language) : emptyDraft(language);
    ctx.store.saveDraft(venueId, draft, ctx.deps.now().toISOString());
    return draftState(ctx, venueId);
  },
  'menu:checkDraft': ({ venueId: asked }) => {
    const venueId = venueOf(ctx, asked);
    return check(ctx, draftMenu(ctx, venueId), venueId);
  },
  'menu:publishDraft': (request) => publishDraft(ctx, request),
  'menu:get': async ({ venueId }) =>
    venueId === undefined ? view(ctx) : view(ctx, venueOf(ctx, venueId)),
  'menu:list': async () => ctx.deps.venueIds().map((venueId) => view(ctx, venueId)),
  'menu:refresh': async ({ venueId: asked }) => {
    const venueId = venueOf(ctx, asked);
    await refresh(ctx, venueId).catch(() => undefined);
    return view(ctx, venueId);
  },
  'menu:items': async ({ venueId }) =>
    (venueId === undefined ? view(ctx) : view(ctx, venueOf(ctx, venueId))).items,
  'menu:setItemAvailability': (request) => setItemAvailability(ctx, request),
  'menu:setItemAvailabilityEverywhere': (request) => setItemAvailabilityEverywhere(ctx, request),
  'menu:setOptionAvailability': (request) => setOptionAvailability(ctx, request),
  'menu:setPrice': (request) => setPrice(ctx, request),
});
