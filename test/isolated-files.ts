/**
 * Test files that mock modules (vi.mock) or change process.env: each runs in a fresh process of
 * its own (vitest.config.ts, the node-isolated project), as the projects that share their
 * workers' modules between files would carry those changes into the next file.
 */
export const ISOLATED_FILES = [
  'main/app/app.test.ts',
  'main/app/ipc.test.ts',
  'main/app/updates-feed.test.ts',
  'main/app/updates-install.test.ts',
  'main/app/window.test.ts',
  'preload/preload.test.ts',
];
