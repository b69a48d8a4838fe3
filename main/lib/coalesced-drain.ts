/**
 * Runs `drainOnce` with at most one run in flight. A call made while a run is in flight joins it
 * and makes it go round once more, so work committed during the run is never left waiting for
 * the next trigger.
 */
export const coalescedDrain = (drainOnce: () => Promise<void>): (() => Promise<void>) => {
  let draining: Promise<void> | null = null;
  let again = false;
  return () => {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        await drainOnce();
      } while (again);
    })().finally(() => {
      draining = null;
    });
    return draining;
  };
};
