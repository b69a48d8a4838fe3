// Run before the files that start the relay as a process (the relay's tests, the end-to-end
// demos): the relay bundled once for the whole run, as a relay host runs it (scripts/build-relay.ts),
// started with plain node. Through tsx, each of the run's hundred-odd starts cost about 0.6 s of
// CPU, and several seconds on a loaded machine. relay/bundle.test.ts checks the lean install
// itself; the demo's own command (test/e2e/demo-terminals.test.ts runs scripts/start.ts) still
// starts the relay from its sources through tsx, as `npm start` does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleRelayProcess } from '../scripts/build-relay';
import { RUN_BUNDLE_ENV } from '../relay/testing/test-support';

/** The run's bundle folder, if this run built one (the files read it as RUN_BUNDLE_ENV). */
export const runRelayBundle = (): string | undefined => process.env[RUN_BUNDLE_ENV];

// Every project that lists this set-up runs it, all in vitest's one main process: the first
// builds, the last to end removes the folder.
type Shared = { built: Promise<string>; users: number };
const scope = globalThis as { countertopRelayBundle?: Shared };

export const setup = async (): Promise<() => void> => {
  if (!scope.countertopRelayBundle) {
    const dir = mkdtempSync(path.join(tmpdir(), 'countertop-relay-bundle-'));
    scope.countertopRelayBundle = {
      built: bundleRelayProcess(dir).then(() => dir),
      users: 0,
    };
  }
  const shared = scope.countertopRelayBundle;
  shared.users += 1;
  const dir = await shared.built;
  process.env[RUN_BUNDLE_ENV] = dir;
  return () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    rmSync(dir, { recursive: true, force: true });
    delete scope.countertopRelayBundle;
  };
};
