import { defineConfig } from 'vitest/config';

/**
 * Soaks: outages played at the product's own windows, minutes each (`npm run test:soak`). Their
 * files end in `.soak.ts`, which no project of vitest.config.ts includes, so `npm test` stays fast;
 * test/core has the same scenarios with shortened windows.
 */
export default defineConfig({
  test: {
    // Native modules (better-sqlite3, keytar) are safest in forked workers.
    pool: 'forks',
    environment: 'node',
    include: ['test/soak/**/*.soak.ts'],
    // One soak at a time: each is mostly waiting, and two would share the machine's timing.
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    hookTimeout: 60_000,
  },
});
