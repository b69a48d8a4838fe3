// The sandbox's controllable clock. It runs with real time plus an offset that the control API
// can push forward, so the 1-hour and 30-day rules are testable without waiting. Every expiry and
// every scheduled platform action (pre-order production, venue back online, couriers) uses it.
// It can also be frozen, so a test of "one second before the limit" does not depend on how fast
// the machine answers.

export type Clock = {
  /** Milliseconds since the epoch, sandbox time. */
  now(): number;
  date(): Date;
  iso(at?: number): string;
  /** Moves sandbox time forward and runs every task that became due, oldest first. */
  advance(ms: number): void;
  /** Stops (true) or restarts (false) the flow of real time; advance() still moves it. */
  setFrozen(frozen: boolean): void;
  frozen(): boolean;
  /** Runs `task` once sandbox time reaches `at` (ms since epoch). Returns a cancel function. */
  schedule(at: number, task: () => void): () => void;
  /** Cancels every pending task and stops the real timer. */
  close(): void;
};

type Task = { at: number; seq: number; run: () => void };

// setTimeout's ceiling; longer waits re-check when it fires.
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createClock(onTaskError: (error: unknown) => void = () => {}): Clock {
  let offset = 0;
  let frozenAt: number | null = null;
  let seq = 0;
  let tasks: Task[] = [];
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const now = (): number => (frozenAt ?? Date.now()) + offset;

  const arm = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    const next = tasks[0];
    // A frozen clock only moves by advance(), which runs due tasks itself.
    if (closed || !next || frozenAt !== null) return;
    timer = setTimeout(runDue, Math.min(Math.max(next.at - now(), 0), MAX_TIMER_MS));
    timer.unref();
  };

  function runDue(): void {
    // Tasks scheduled while running for a time <= now run in this same pass; tasks scheduled
    // for later (a repeating generator) wait, so a 30-day jump runs each repeating task once.
    for (let guard = 0; guard < 100_000; guard++) {
      const next = tasks[0];
      if (closed || !next || next.at > now()) break;
      tasks.shift();
      try {
        next.run();
      } catch (error) {
        onTaskError(error);
      }
    }
    arm();
  }

  return {
    now,
    date: () => new Date(now()),
    iso: (at?: number) => new Date(at ?? now()).toISOString(),
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward.');
      offset += ms;
      runDue();
    },
    setFrozen(frozen: boolean) {
      if (frozen && frozenAt === null) frozenAt = Date.now();
      if (!frozen && frozenAt !== null) {
        // Continue from the frozen instant rather than jumping by the time spent frozen.
        offset += frozenAt - Date.now();
        frozenAt = null;
      }
      arm();
    },
    frozen: () => frozenAt !== null,
    schedule(at: number, run: () => void) {
      const task: Task = { at, seq: seq++, run };
      const index = tasks.findIndex((t) => t.at > at);
      if (index === -1) tasks.push(task);
      else tasks.splice(index, 0, task);
      arm();
      return () => {
        tasks = tasks.filter((t) => t !== task);
        arm();
      };
    },
    close() {
      closed = true;
      tasks = [];
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
