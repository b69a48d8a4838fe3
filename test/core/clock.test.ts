// The machine's clock against the platform's, read from the Date header of its answers.
import { afterEach, expect, it } from 'vitest';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

let world: World;
afterEach(async () => {
  await world.close();
});

it('notices when this machine’s clock is minutes behind the platform’s', async () => {
  world = await startWorld();
  const core = await world.startCore();
  await world.connect(core);
  await core.api['venue:refresh']({});
  const agreed = await core.api['status:get']({});
  expect(Math.abs(agreed.clockOffsetMs!)).toBeLessThan(1500);

  // Only the platform's clock moves: this machine's now stays 5 minutes behind it.
  await world.control('POST', '/clock', { advance_seconds: 300 });
  await core.api['venue:refresh']({});
  const skewed = await waitFor('the skew in the status', async () => {
    const status = await core.api['status:get']({});
    return Math.abs(status.clockOffsetMs! - 300_000) < 1500 ? status : undefined;
  });
  expect(skewed.clockOffsetMs).toBeGreaterThan(298_000);
  const audit = await core.api['audit:list']({ limit: 50 });
  expect(audit.find((entry) => entry.action === 'clock/skew')).toMatchObject({
    outcome: 'detected',
    detail: expect.stringMatching(/^30\d s behind the platform$/),
  });
});
