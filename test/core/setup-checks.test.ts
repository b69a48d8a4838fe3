// Setup checks the relay and the platform's addresses before it spends the single-use
// authorization code: each mistake is refused naming its field, and the same code still connects
// once the field is fixed.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupConnectRequest } from '../../shared/ipc/contract';
import type { Core } from '../../main/core';
import { ServiceError } from '../../main/service-error';
import { decodeRefusal, storedText } from '../../shared/refusals';
import { createTerminal } from '../../relay/terminals';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

let world: World;
let core: Core;

beforeAll(async () => {
  world = await startWorld();
  core = await world.startCore();
});
afterAll(async () => {
  await world?.close();
});

const request = async (patch: Partial<SetupConnectRequest> = {}): Promise<SetupConnectRequest> => ({
  authUrl: world.sandbox.authUrl,
  posUrl: world.sandbox.posUrl,
  clientId: world.sandbox.demo.clientId,
  clientSecret: world.sandbox.demo.clientSecret,
  code: await world.mintCode(),
  redirectUri: world.sandbox.demo.redirectUri,
  relayUrl: world.relayUrl,
  terminalKey: world.terminalKey,
  ...patch,
});

/** The refusal of a connect that must fail: its message and the fields it names. */
const refusal = async (
  input: SetupConnectRequest,
): Promise<{
  message: string;
  fields: string[];
  texts: string[];
  finnish: string[];
  keys: string[];
}> => {
  try {
    await core.api['setup:connect'](input);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const issues = error.bridge.issues ?? [];
    return {
      message: error.bridge.message,
      fields: issues.map((i) => i.path),
      // Each field's reason crosses as its code; the form words it (here in English).
      texts: issues.map((i) => storedText(i.message, 'en')),
      finnish: issues.map((i) => storedText(i.message, 'fi')),
      keys: issues.map((i) => decodeRefusal(i.message)?.key ?? `not a code: ${i.message}`),
    };
  }
  throw new Error('setup:connect succeeded where it should have been refused');
};

const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

const disconnect = async (): Promise<void> => {
  await core.api['setup:disconnect']({});
  expect((await core.api['setup:get']({})).configured).toBe(false);
};

/** The fixed request with the same code connects: the code was not spent by the refusal. */
const connectsWithSameCode = async (input: SetupConnectRequest): Promise<void> => {
  const { venueId } = await core.api['setup:connect'](input);
  expect(venueId).toBe(world.sandbox.demo.venueId);
  await waitFor(
    'the relay link',
    async () => (await core.api['status:get']({})).relay === 'connected',
  );
  await disconnect();
};

it('a new terminal logs no removal of secrets it never had', async () => {
  const audit = await core.api['audit:list']({ limit: 100 });
  expect(audit.filter((e) => e.action === 'keychain')).toEqual([]);
});

describe('setup checks before the code is spent', () => {
  it('refuses a wrong terminal key, naming the key, and the code still works', async () => {
    const input = await request();
    const refused = await refusal({ ...input, terminalKey: 'not-a-key-of-this-relay' });
    expect(refused.fields).toEqual(['terminalKey']);
    expect(refused.texts[0]).toMatch(/does not accept this terminal key/);
    expect(refused.keys).toEqual(['setup-key-refused']);
    // A Finnish screen reads the same answer in Finnish.
    expect(refused.finnish[0]).toMatch(/^Välityspalvelin ei hyväksy tätä päätteen avainta/);
    expect(refused.message).toMatch(/authorization code still works/);
    expect((await core.api['setup:get']({})).configured).toBe(false);
    await connectsWithSameCode(input);
  });

  it('refuses a relay address with a path after it, naming the relay URL, and the code still works', async () => {
    const input = await request();
    const refused = await refusal({ ...input, relayUrl: `${world.relayUrl}/hooks/marketplace` });
    expect(refused.fields).toEqual(['relayUrl']);
    expect(refused.texts[0]).toMatch(/without a path/);
    await connectsWithSameCode(input);
  });

  it('refuses a relay port where nothing answers, naming the relay URL, and the code still works', async () => {
    const input = await request();
    const refused = await refusal({
      ...input,
      relayUrl: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(refused.fields).toEqual(['relayUrl']);
    expect(refused.texts[0]).toMatch(/Nothing answers at this address/);
    expect(refused.keys).toEqual(['setup-relay-no-answer']);
    await connectsWithSameCode(input);
  });

  it('refuses wrong platform addresses and client credentials, each by its field', async () => {
    const input = await request();
    const refused = await refusal({
      ...input,
      authUrl: world.sandbox.posUrl,
      posUrl: world.sandbox.authUrl,
    });
    expect(refused.fields.sort()).toEqual(['authUrl', 'posUrl']);
    expect(refused.keys.sort()).toEqual(['setup-not-auth', 'setup-not-pos']);
    const secret = await refusal({ ...input, clientSecret: 'not-the-secret' });
    expect(secret.fields).toEqual(['clientSecret']);
    await connectsWithSameCode(input);
  });

  it('refuses a key of another venue after the sign-in, and connects with the same code once the key is right', async () => {
    const other = createTerminal(world.relayDb, ['another-venue']);
    const input = await request();
    const refused = await refusal({ ...input, terminalKey: other.key });
    expect(refused.fields).toEqual(['terminalKey']);
    expect(refused.texts[0]).toMatch(/another venue/);
    expect(refused.message).toMatch(/same code/);
    expect((await core.api['setup:get']({})).configured).toBe(false);
    expect(await world.secrets.get('refresh-token')).toBeNull();
    await connectsWithSameCode(input);
  });
});
