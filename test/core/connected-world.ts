// Each test of a file in a fresh world (sandbox, relay) with a core connected to it, closed after
// the test. Apart from harness.ts, which the benchmarks import outside vitest.
import { afterEach, beforeEach } from 'vitest';
import type { Core } from '../../main/core';
import type { World } from './harness';
import { startWorld } from './harness';

/** Registers the file's beforeEach/afterEach; `use` receives each test's world and core. */
export const eachConnectedWorld = (use: (world: World, core: Core) => void): void => {
  let current: World | null = null;
  beforeEach(async () => {
    current = await startWorld();
    const core = await current.startCore();
    await current.connect(core);
    use(current, core);
  });
  afterEach(async () => {
    await current?.close();
    current = null;
  });
};

/** The order as the core lists it now, if it does. */
export const listedOrder = async (core: Core, id: string) =>
  (await core.api['orders:list']({})).find((o) => o.id === id);
