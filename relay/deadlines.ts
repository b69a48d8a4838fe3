// The long-polls' deadlines on one shared timer: tens of thousands of open polls each holding a
// setTimeout (a Timeout object, its callback and the callback's closure) cost a few hundred bytes
// apiece. Here a poll costs one entry in the set of the tick its deadline falls in, and one
// interval runs while any poll waits. A deadline is never met early, and at most one tick late.

/** What the wheel holds: it ends on its own at its deadline, and remembers its tick (0: none). */
export type Expiring = {
  /** The tick this item waits in (set by the wheel; 0 when it waits in none). */
  deadlineTick: number;
  expire(): void;
};

export type Deadlines<T extends Expiring> = {
  /** `item` expires `ms` from now (at most one tick later), unless removed first. */
  add(item: T, ms: number): void;
  /** Takes the item off the wheel (no-op when it is not on it). */
  remove(item: T): void;
  readonly size: number;
};

export function createDeadlines<T extends Expiring>(
  tickMs = 100,
  clock: () => number = () => performance.now(),
): Deadlines<T> {
  const ticks = new Map<number, Set<T>>();
  let size = 0;
  let timer: NodeJS.Timeout | null = null;

  const run = (): void => {
    const due = Math.floor(clock() / tickMs);
    // At most maxWaitSeconds × 1000 / tickMs ticks are ever held: a full scan is cheap.
    for (const [tick, items] of ticks) {
      if (tick > due) continue;
      ticks.delete(tick);
      for (const item of items) {
        item.deadlineTick = 0;
        size -= 1;
        item.expire();
      }
    }
    if (size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };

  return {
    add(item, ms) {
      if (item.deadlineTick !== 0) this.remove(item);
      // The first tick at or after the deadline: never early.
      const tick = Math.max(1, Math.ceil((clock() + ms) / tickMs));
      let items = ticks.get(tick);
      if (!items) ticks.set(tick, (items = new Set()));
      items.add(item);
      item.deadlineTick = tick;
      size += 1;
      if (timer === null) {
        timer = setInterval(run, tickMs);
        // The wheel never keeps a process alive: the server's sockets do.
        timer.unref();
      }
    },
    remove(item) {
      const items = ticks.get(item.deadlineTick);
      if (!items?.delete(item)) return;
      if (items.size === 0) ticks.delete(item.deadlineTick);
      item.deadlineTick = 0;
      size -= 1;
      if (size === 0 && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    },
    get size() {
      return size;
    },
  };
}
