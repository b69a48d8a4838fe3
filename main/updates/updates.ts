// An update the publisher signed but that is more than one major version ahead is held, not
// installed (main/update-trust/): a mistaken upload of 999.0.0 must not reach every counter by
// itself. Staff let it in from the window (updates:install, naming the version they were shown);
// the app's updater (main/app/updates.ts) holds it here and is told when staff confirmed. Only
// the version held now can be confirmed; the install itself still waits for no active order.
import type { HeldUpdate, ServiceApi } from '../../shared/ipc/contract';
import type { AuditLog } from '../audit/audit-log';
import type { EventHub } from '../host/event-hub';
import { ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';

/** Where an update's steps go (the same as main/app/updates.ts UPDATE_ACTION). */
const UPDATE_ACTION = 'app/update';

export type UpdatesSlice = {
  handlers: Pick<ServiceApi, 'updates:held' | 'updates:install'>;
  /** The updater holds `version` for staff; `confirm` runs once if they let it in. */
  hold(version: string, confirm: () => void): void;
};

export const createUpdatesSlice = (deps: {
  hub: EventHub;
  audit: AuditLog;
  now: () => Date;
}): UpdatesSlice => {
  let held: { version: string; since: string; confirm: () => void } | null = null;
  const view = (): HeldUpdate => (held ? { version: held.version, since: held.since } : null);
  return {
    hold(version, confirm) {
      // Found again at the next check: the same hold, the newest way to go on.
      if (held?.version === version) {
        held.confirm = confirm;
        return;
      }
      held = { version, since: deps.now().toISOString(), confirm };
      deps.hub.emit('updates:changed', view());
    },
    handlers: {
      'updates:held': async () => view(),
      'updates:install': async ({ version }) => {
        if (!held || held.version !== version)
          throw new ServiceError('conflict', refusal('update-gone'));
        const { confirm } = held;
        held = null;
        deps.audit.record({ action: UPDATE_ACTION, subject: version, outcome: 'confirmed' });
        deps.hub.emit('updates:changed', null);
        confirm();
        return null;
      },
    },
  };
};
