// The menu slice: the menu as last pushed from this terminal and item availability (menus,
// menu_item_states), the menu-push and item-availability actions, the menu:* channels and the
// menu:changed event. A push replaces the whole menu, so menu:changed carries the whole item list.
import type { MenuItemSummary } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { EventHub } from '../host/event-hub';
import type { MarketplaceClient } from '../marketplace/client';
import type { Outbox } from '../outbox/outbox';
import { ServiceError } from '../service-error';
import type { Database } from '../storage/database';
import type { Menu } from './menu-check';
import { diffMenus, menuItemCount, parseMenu } from './menu-check';
import { createMenuStore } from './menu-store';

export type MenuPushPayload = { venueId: string; menu: Menu };
export type ItemAvailabilityPayload = {
  venueId: string;
  externalData: string;
  enabled: boolean;
  disabledUntil: string | null;
};

type MenuChannels = 'menu:check' | 'menu:push' | 'menu:items' | 'menu:setItemAvailability';

export type MenuSlice = { handlers: Pick<ServiceApi, MenuChannels> };

export const createMenuSlice = (deps: {
  db: Database;
  now: () => Date;
  outbox: Outbox;
  client: MarketplaceClient;
  hub: EventHub;
  venueId: () => string | null;
  requireVenue: () => string;
}): MenuSlice => {
  const { outbox, client, hub } = deps;
  const store = createMenuStore(deps.db, deps.now, () => {
    const items = outbox
      .open({ kinds: ['item-availability'] })
      .filter((action) => action.state !== 'failed')
      .map((action) => (action.payload as ItemAvailabilityPayload).externalData);
    return new Set(items);
  });
  const items = (): MenuItemSummary[] => {
    const id = deps.venueId();
    return id ? store.items(id) : [];
  };
  const changed = hub.batched('menu:changed', () => ({ items: items() }));

  const pushKind = outbox.register<MenuPushPayload>('menu-push', {
    send: ({ payload, id }) => client.createMenu(payload.venueId, payload.menu, id),
    changed: () => changed(),
  });
  const availabilityKind = outbox.register<ItemAvailabilityPayload>('item-availability', {
    send: ({ payload, id }) =>
      client.updateItems(
        payload.venueId,
        [
          {
            external_id: payload.externalData,
            enabled: payload.enabled,
            disabled_until: payload.disabledUntil,
          },
        ],
        id,
      ),
    changed: () => changed(),
  });

  return {
    handlers: {
      'menu:check': async ({ text }) => {
        const parsed = parseMenu(text);
        if (!parsed.ok) return { ok: false, issues: parsed.issues };
        const id = deps.venueId();
        return {
          ok: true,
          diff: diffMenus(id ? store.current(id) : null, parsed.menu),
          itemCount: menuItemCount(parsed.menu),
        };
      },
      'menu:push': async ({ text }) => {
        const venueId = deps.requireVenue();
        const parsed = parseMenu(text);
        if (!parsed.ok) return { ok: false, issues: parsed.issues };
        return outbox.enqueue(pushKind, {
          subject: `menu:${venueId}`,
          auditSubject: venueId,
          prepare: () => {
            store.replace(venueId, parsed.menu);
            return {
              payload: { venueId, menu: parsed.menu },
              facts: { count: menuItemCount(parsed.menu) },
            };
          },
        });
      },
      'menu:items': async () => items(),
      'menu:setItemAvailability': async ({ externalData, enabled, disabledUntil }) => {
        const venueId = deps.requireVenue();
        if (!items().some((item) => item.externalData === externalData)) {
          throw new ServiceError(
            'not-found',
            `No item with external_data "${externalData}" is in the pushed menu.`,
          );
        }
        const until = enabled ? null : (disabledUntil ?? null);
        return outbox.enqueue(availabilityKind, {
          subject: `menu:${venueId}`,
          auditSubject: externalData,
          prepare: () => {
            store.setAvailability(venueId, externalData, enabled, until);
            return {
              payload: { venueId, externalData, enabled, disabledUntil: until },
              facts: { item: externalData, enabled },
              auditDetail: enabled ? 'enabled' : 'disabled',
            };
          },
        });
      },
    },
  };
};
