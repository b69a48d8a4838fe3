// The menu slice: the platform's menu as read through its menu read (docs/platform.md#menu-read),
// on start, every reconcile tick, before every push and after each change this terminal sends;
// the menu-push, item-availability and option-availability actions; the menu:* channels and the
// menu:changed event. What staff see is what the platform's menu says; a change staff asked for
// shows as "changing…" until a read shows it (or the platform's menu keeps saying otherwise).
import type { ServiceApi } from '../../shared/ipc/contract';
import { armRestores, registerMenuKinds } from './menu-actions';
import type { MenuContext, MenuDeps } from './menu-context';
import { createMenuCore } from './menu-context';
import type { MenuChannels } from './menu-handlers';
import { markSoldOut, menuHandlers } from './menu-handlers';
import { refreshQuietly } from './menu-read';

export type {
  ItemAvailabilityPayload,
  MenuPushPayload,
  OptionAvailabilityPayload,
} from './menu-context';

export type MenuSlice = {
  handlers: Pick<ServiceApi, MenuChannels>;
  /** Reads the platform's menu in the background; a failure shows as the menu's readError. */
  refreshQuietly(): void;
  /** The screen's language changed: the menu view goes again, its names in the new language. */
  languageChanged(): void;
  /** The terminal is disconnected: the venue's menu and what waits to be restored go. */
  forget(venueId: string): void;
  /** Items of a venue sold out with an order action, inside its transaction (menu-handlers.ts). */
  markSoldOut(venueId: string, mark: { items: readonly string[]; until: string | null }): void;
  close(): void;
};

/** Composes the slice: its state (menu-context.ts), reads, outbox kinds and handlers. */
export const createMenuSlice = (deps: MenuDeps): MenuSlice => {
  const core = createMenuCore(deps);
  const ctx: MenuContext = Object.assign(core, { kinds: registerMenuKinds(core) });
  armRestores(ctx);
  return {
    refreshQuietly: () => refreshQuietly(ctx),
    languageChanged: () => ctx.changed(),
    markSoldOut: (venueId, mark) => markSoldOut(ctx, venueId, mark),
    forget: (venueId) => {
      ctx.store.forget(venueId);
      ctx.readErrors.delete(venueId);
      ctx.pushAwaiting.delete(venueId);
      ctx.pushProblems.delete(venueId);
    },
    close: () => {
      ctx.closed = true;
      if (ctx.readTimer) clearTimeout(ctx.readTimer);
      if (ctx.restoreTimer) clearTimeout(ctx.restoreTimer);
    },
    handlers: menuHandlers(ctx),
  };
};
