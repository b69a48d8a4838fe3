// A counter machine that dims its screen or sleeps mid-shift misses orders: while the platform
// says the venue is online, the display (and so the system) stays awake. Only the platform's
// confirmed state counts, so a venue still "going offline" keeps the machine awake.
import type { PowerSaveBlocker } from 'electron';
import type { VenueState } from '../../shared/domain';
import type { ServiceHost } from '../host/dispatch';

export const keepAwakeWhileOnline = (
  core: Pick<ServiceHost, 'api' | 'on'>,
  blocker: Pick<PowerSaveBlocker, 'start' | 'stop' | 'isStarted'>,
): (() => void) => {
  let id: number | null = null;
  let stopped = false;
  const apply = (venue: VenueState | null): void => {
    if (stopped) return;
    const awake = venue?.isOnline === true;
    if (awake && (id === null || !blocker.isStarted(id)))
      id = blocker.start('prevent-display-sleep');
    if (!awake && id !== null) {
      blocker.stop(id);
      id = null;
    }
  };
  const unsubscribe = core.on('venue:changed', apply);
  void core.api['venue:get']({}).then(apply, () => undefined);
  return () => {
    apply(null);
    stopped = true;
    unsubscribe();
  };
};
