// The menu slice's outbox kinds (menu-push, item-availability, option-availability): their
// senders, what follows the platform taking them, and the option values turned back on by time.
import { encodeRefusal, refusal } from '../../shared/refusals';
import { RequestError } from '../http/http';
import type { StoredAction } from '../outbox/outbox';
import { ActionBlockedError } from '../outbox/outbox';
import { diffMenus, withLiveAvailability } from './menu-check';
import type {
  ItemAvailabilityPayload,
  MenuContext,
  MenuCore,
  MenuKinds,
  MenuPricePayload,
  MenuPushPayload,
  OptionAvailabilityPayload,
} from './menu-context';
import { availabilityWishes, awaitingKey, nameFact, view } from './menu-context';
import { READ_BACK_MS, refresh, scheduleRead } from './menu-read';

/** setTimeout's ceiling (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Once the platform took a change, read its menu back until the change shows. */
const tookThenRead =
  (core: MenuCore, kind: 'item' | 'option') =>
  (action: StoredAction<ItemAvailabilityPayload | OptionAvailabilityPayload>, outcome: string) => {
    if (outcome === 'done') {
      const p = action.payload;
      core.awaiting.set(awaitingKey(p.venueId, kind, p.externalData), {
        wish: {
          available: p.enabled,
          until: 'disabledUntil' in p && !p.enabled ? p.disabledUntil : null,
        },
        since: core.deps.now().getTime(),
      });
      scheduleRead(core, 0);
    }
    core.changed(action.payload.venueId);
  };

const sendPush = async (
  core: MenuCore,
  { payload, id }: StoredAction<MenuPushPayload>,
): Promise<void> => {
  // An earlier push the platform has not applied yet would change what this one removes.
  if (core.pushAwaiting.has(payload.venueId)) {
    throw new ActionBlockedError(encodeRefusal(refusal('menu-push-waiting')), READ_BACK_MS);
  }
  // Staff confirmed what this push removes against the platform's menu of that moment; if
  // the menu gained items since (another terminal, the merchant), the push would delete
  // them unasked. Judged against a read made now; unreadable, it waits like any outage.
  const live = await refresh(core, payload.venueId);
  const confirmed = new Set(payload.confirmedRemoved ?? []);
  const unasked = diffMenus(
    live,
    payload.menu,
    undefined,
    core.deps.language(),
  ).removedItems.filter((item) => !confirmed.has(item.externalData));
  if (unasked.length > 0) {
    throw new RequestError({
      kind: 'permanent',
      status: null,
      message: encodeRefusal(
        refusal('menu-push-removes-more', unasked.map((item) => `“${item.name}”`).join(', ')),
      ),
    });
  }
  // Availability is the platform's (sold out stays sold out), judged at the moment of sending.
  const menu = withLiveAvailability(
    payload.menu,
    live,
    core.deps.now(),
    availabilityWishes(core, payload.venueId),
  );
  core.sentMenus.set(id, menu);
  await core.deps.client.createMenu(payload.venueId, menu, id);
};

export const registerMenuKinds = (core: MenuCore): MenuKinds => {
  const { outbox, client } = core.deps;
  const push = outbox.register<MenuPushPayload>('menu-push', {
    send: (action) => sendPush(core, action),
    // The whole menu again: the platform ends with the same menu.
    resend: 'safe',
    changed: (action, outcome) => {
      const sent = core.sentMenus.get(action.id);
      core.sentMenus.delete(action.id);
      if (outcome === 'done') {
        core.pushAwaiting.set(action.payload.venueId, {
          menu: sent ?? action.payload.menu,
          since: core.deps.now().getTime(),
        });
        core.pushProblems.delete(action.payload.venueId);
        scheduleRead(core, READ_BACK_MS);
      }
      core.changed(action.payload.venueId);
    },
  });
  const item = outbox.register<ItemAvailabilityPayload>('item-availability', {
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
    changed: tookThenRead(core, 'item'),
  });
  const option = outbox.register<OptionAvailabilityPayload>('option-availability', {
    resend: 'safe',
    send: ({ payload, id }) =>
      client.updateOptionValues(
        payload.venueId,
        [{ external_id: payload.externalData, enabled: payload.enabled }],
        id,
      ),
    changed: tookThenRead(core, 'option'),
  });
  // One update-items or update-options entry, never a push (docs/platform.md#prices-and-discounts).
  const price = outbox.register<MenuPricePayload>('menu-price', {
    // Sets the price, not a change of it.
    resend: 'safe',
    send: ({ payload, id }) =>
      payload.target === 'item'
        ? client.updateItems(
            payload.venueId,
            [
              {
                external_id: payload.externalData,
                price: payload.price,
                ...(payload.discountedPrice === null
                  ? {}
                  : { discounted_price: payload.discountedPrice }),
              },
            ],
            id,
          )
        : client.updateOptionValues(
            payload.venueId,
            [{ external_id: payload.externalData, price: payload.price }],
            id,
          ),
    changed: (action, outcome) => {
      if (outcome === 'done') {
        const p = action.payload;
        core.priceAwaiting.set(awaitingKey(p.venueId, p.target, p.externalData), {
          wish: { price: p.price, discountedPrice: p.discountedPrice },
          since: core.deps.now().getTime(),
        });
        scheduleRead(core, 0);
      }
      core.changed(action.payload.venueId);
    },
  });
  return { push, item, option, price };
};

export const enqueueOption = (
  ctx: MenuContext,
  venueId: string,
  externalData: string,
  enabled: boolean,
  restoreAt: string | null,
): { actionId: string } =>
  ctx.deps.outbox.enqueue(ctx.kinds.option, {
    subject: `menu:${venueId}`,
    auditSubject: externalData,
    prepare: () => {
      ctx.store.setRestore(venueId, externalData, restoreAt);
      return {
        payload: { venueId, externalData, enabled },
        facts: {
          item: externalData,
          enabled,
          ...(restoreAt ? { until: restoreAt } : {}),
          ...nameFact(
            view(ctx, venueId).options.find((o) => o.externalData === externalData)?.name,
          ),
        },
        auditDetail: enabled ? 'enabled' : restoreAt ? `disabled until ${restoreAt}` : 'disabled',
      };
    },
  });

/** Turns option values back on when their time comes (the platform has no time for them). */
export const armRestores = (ctx: MenuContext): void => {
  const { now } = ctx.deps;
  if (ctx.restoreTimer) clearTimeout(ctx.restoreTimer);
  ctx.restoreTimer = null;
  if (ctx.closed) return;
  const restores: Array<[string, string]> = [];
  let dueCount = 0;
  for (const venueId of ctx.deps.venueIds()) {
    for (const [externalData, at] of Object.entries(ctx.store.restores(venueId))) {
      if (Date.parse(at) > now().getTime()) restores.push([externalData, at]);
      else {
        enqueueOption(ctx, venueId, externalData, true, null);
        dueCount += 1;
      }
    }
  }
  if (dueCount > 0) ctx.changed();
  if (restores.length === 0) return;
  const next = Math.min(
    ...restores
      .filter(([, at]) => Date.parse(at) > now().getTime())
      .map(([, at]) => Date.parse(at)),
  );
  if (Number.isFinite(next)) {
    ctx.restoreTimer = setTimeout(
      () => armRestores(ctx),
      Math.min(next - now().getTime(), MAX_TIMER_MS),
    );
    ctx.restoreTimer.unref();
  }
};
