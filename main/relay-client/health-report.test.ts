// The health reporter's end: closing waits for a report under way (the core closes its log and
// database right after), and a report cut short by the close is no failure to log.
import { describe, expect, it } from 'vitest';
import type { RelayKeyAccess } from './relay-call';
import { startHealthReports } from './health-report';
import type { HealthFacts } from './health-report';
import { waitFor } from '../../test/wait';

/** A key lookup that stays open until the test settles it. */
const heldAccess = () => {
  const held: { settle?: (error: Error | null) => void } = {};
  const access = () =>
    new Promise<RelayKeyAccess | null>((resolve, reject) => {
      held.settle = (error) => (error ? reject(error) : resolve(null));
    });
  return { held, access };
};

const noFacts = (): HealthFacts => {
  throw new Error('facts read after the close');
};

/** A reporter whose first report waits on a held key lookup; what it logged as failed. */
const startHeld = () => {
  const { held, access } = heldAccess();
  const failures: unknown[] = [];
  const reporter = startHealthReports({
    access,
    facts: noFacts,
    now: () => new Date(),
    intervalMs: 60_000,
    failed: (error) => failures.push(error),
  });
  return { held, failures, reporter };
};

describe('the health reporter', () => {
  it('logs a report that failed while it runs', async () => {
    const { held, failures, reporter } = startHeld();
    await waitFor(() => held.settle !== undefined);
    held.settle?.(new Error('relay key not readable'));
    await waitFor(() => failures.length === 1);
    await reporter.close();
  });

  it('closes once the report under way has ended, and logs nothing of a report the close cut short', async () => {
    const { held, failures, reporter } = startHeld();
    await waitFor(() => held.settle !== undefined);
    let closed = false;
    const closing = reporter.close().then(() => (closed = true));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    // The key store closes with the terminal: the lookup under way fails.
    held.settle?.(new Error('the key store is closed'));
    await closing;
    expect(failures).toEqual([]);
  });
});
