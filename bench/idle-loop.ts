// The floor under main's event-loop lag on this machine: a Node process that does nothing but
// let the core's own monitor (main/log/loop-lag.ts) sample its loop, run beside the soak for the
// same shift. What it measures is the lag the machine alone adds (other processes taking the
// cores, the scheduler), not work of its own; main's lag is read against it.
import { watchLoopLag } from '../main/log/loop-lag';

const monitor = watchLoopLag({
  log: { info: () => undefined, warn: () => undefined },
  now: () => new Date(),
});
// Kept alive until asked for its figures.
const alive = setInterval(() => undefined, 60_000);
process.on('message', (message) => {
  if (message !== 'report') return;
  process.send?.(monitor.shift(), () => {
    monitor.close();
    clearInterval(alive);
    process.disconnect();
  });
});
process.send?.('ready');
