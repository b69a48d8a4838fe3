// The relay's operator revokes a terminal's key (the admin command, from another process): the
// terminal learns it while its long poll is still held, stops asking with the key, drops it from
// the keychain, stays refused across a restart, and takes a new key through Change connection
// with no new authorization code.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { SecretStore } from '../../main/secrets/secret-store';
import { ServiceError } from '../../main/service-error';
import { createTerminal, revokeTerminal } from '../../relay/terminals';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

/** Long polls held far longer than the wait below: a refusal must not wait for one to end. */
const HOLD_SECONDS = 25;

let world: World;
let core: Core;

beforeAll(async () => {
  world = await startWorld({ front: true });
});
afterAll(async () => {
  await world?.close();
});

const relayState = async (wanted: string): Promise<void> => {
  await waitFor(
    `the order stream ${wanted}`,
    async () => (await core.api['status:get']({})).relay === wanted,
    HOLD_SECONDS * 1000 - 5_000,
  );
};

it('a revoked key is learnt at once, never sent again, and replaced without a new code', async () => {
  const venueId = world.sandbox.demo.venueId;
  const revoked = createTerminal(world.relayDb, [venueId], { name: 'Till 1' });
  core = await world.startCore({ relayWaitSeconds: HOLD_SECONDS });
  await world.connect(core, { terminalKey: revoked.key });
  await relayState('connected');

  // As `relay admin revoke-terminal` does it: another process, the relay's database.
  expect(revokeTerminal(world.relayDb, revoked.id)).toBe(true);
  await relayState('refused');
  const status = await core.api['status:get']({});
  expect(status.relayError).toMatch(/refused the terminal key/);
  // The key leaves the keychain over D-Bus after the state changed: wait for its audit entry
  // (written once the keychain answered), do not race it.
  const refusal = await waitFor(
    'the refusal audited',
    async () =>
      (await core.api['audit:list']({ limit: 50 })).find((e) => e.outcome === 'key-refused'),
    10_000,
  );
  expect(refusal.detail).toMatch(/removed from the keychain/);
  expect(await world.secrets.get('terminal-key')).toBeNull();
  const usedBeforeRefusal = world.front!.requestsWith(revoked.key);
  expect(usedBeforeRefusal).toBeGreaterThan(0);

  // A restart does not bring the connection back: still refused, waiting for a new key.
  await core.close();
  core = await world.startCore({ relayWaitSeconds: HOLD_SECONDS });
  await relayState('refused');
  expect((await core.api['setup:get']({})).configured).toBe(true);

  // Change connection without a key is refused by its field; with the new key the stream is back.
  let missing: ServiceError | null = null;
  await core.api['setup:change']({ relayUrl: world.relayUrl }).catch((error: unknown) => {
    missing = error instanceof ServiceError ? error : null;
  });
  expect(missing!.bridge.issues?.map((i) => i.path)).toEqual(['terminalKey']);
  const replacement = createTerminal(world.relayDb, [venueId], { name: 'Till 1 (new key)' });
  await core.api['setup:change']({ relayUrl: world.relayUrl, terminalKey: replacement.key });
  await relayState('connected');
  const order = await world.placeOrder();
  await waitFor(`order ${order.id} on the terminal`, async () =>
    (await core.api['orders:list']({})).some((o) => o.id === order.id),
  );

  // Through the refusal, the restart and the new key, the revoked key was never sent again.
  expect(world.front!.requestsWith(revoked.key)).toBe(usedBeforeRefusal);
  expect(world.front!.requestsWith(replacement.key)).toBeGreaterThan(0);
});

/**
 * The real keychain, with its delete of the terminal key slow, as D-Bus is under load: it answers
 * once the next key is written, or after a second when none is. `pending` tells a delete is held.
 */
const slowDeleteKeychain = (inner: SecretStore) => {
  let written: (() => void) | null = null;
  const held = { pending: false };
  const store: SecretStore = {
    get: (name) => inner.get(name),
    set: async (name, value) => {
      await inner.set(name, value);
      if (name === 'terminal-key') written?.();
    },
    delete: async (name) => {
      if (name === 'terminal-key') {
        held.pending = true;
        await new Promise<void>((resolve) => {
          written = resolve;
          setTimeout(resolve, 1_000);
        });
        written = null;
        held.pending = false;
      }
      await inner.delete(name);
    },
  };
  return { store, held };
};

it('a new key given while the refused one is still leaving the keychain is the key kept', async () => {
  await core.close();
  const venueId = world.sandbox.demo.venueId;
  const keychain = slowDeleteKeychain(world.secrets);
  const refused = createTerminal(world.relayDb, [venueId], { name: 'Till 2' });
  core = await world.startCore({ relayWaitSeconds: HOLD_SECONDS, secretStore: keychain.store });
  await core.api['setup:change']({ relayUrl: world.relayUrl, terminalKey: refused.key });
  await relayState('connected');

  expect(revokeTerminal(world.relayDb, refused.id)).toBe(true);
  // The refusal has read the refused key and is deleting it when staff give the new one.
  await waitFor('the refused key being deleted', () => keychain.held.pending);
  const replacement = createTerminal(world.relayDb, [venueId], { name: 'Till 2 (new key)' });
  await core.api['setup:change']({ relayUrl: world.relayUrl, terminalKey: replacement.key });
  await relayState('connected');
  await waitFor('the refusal done with the keychain', () => !keychain.held.pending);
  expect(await world.secrets.get('terminal-key')).toBe(replacement.key);

  // The kept key is the one a restart connects with.
  await core.close();
  core = await world.startCore({ relayWaitSeconds: HOLD_SECONDS, secretStore: keychain.store });
  await relayState('connected');
});
