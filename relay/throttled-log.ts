// Logging that cannot be turned into a flood: junk from the internet (malformed requests, bad
// keys, a database that is down for a minute) prints one line per kind per interval, with the
// number of similar lines left out since. Lines are printable: no control characters, no password
// of a PostgreSQL URL (a driver's error may quote one).
import { printable } from './printable';

export function createThrottledLog(
  intervalMs = 10_000,
  write: (line: string) => void = (line) => console.error(line),
  now: () => number = Date.now,
) {
  const kinds = new Map<string, { at: number; suppressed: number }>();
  return (kind: string, message: string): void => {
    const time = now();
    const last = kinds.get(kind);
    if (last && time - last.at < intervalMs) {
      last.suppressed += 1;
      return;
    }
    const suppressed = last?.suppressed ?? 0;
    kinds.set(kind, { at: time, suppressed: 0 });
    write(
      `relay: ${printable(message)}${suppressed > 0 ? ` (${suppressed} similar messages left out)` : ''}`,
    );
  };
}
