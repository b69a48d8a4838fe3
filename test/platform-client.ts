// A real sandbox (no webhooks, no order generator) and main's own marketplace client connected to
// its demo venue, for tests that drive the platform directly: nothing is mocked, every call
// crosses a socket.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from '../sandbox/server';
import { startSandbox } from '../sandbox/server';
import { createTokenManager } from '../main/auth/token-manager';
import type { MarketplaceClient } from '../main/marketplace/client';
import { createMarketplaceClient } from '../main/marketplace/client';
import { createMemorySecretStore } from '../main/secrets/secret-store';
import { openDatabase } from '../main/storage/database';
import { createSettings } from '../main/storage/settings';
import { controlCall } from './control-call';

export type PlatformClient = {
  sandbox: Sandbox;
  client: MarketplaceClient;
  /** The sandbox's control API; throws on an error answer. */
  control<T>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
};

export const startPlatformClient = async (): Promise<PlatformClient> => {
  const sandbox = await startSandbox({ webhookUrl: null, ordersPerMinute: 0 });
  const control = <T>(method: string, path: string, body?: unknown): Promise<T> =>
    controlCall<T>(sandbox.controlUrl, method, path, body);
  // The token manager keeps its state in a database of its own, thrown away on close.
  const dir = mkdtempSync(join(tmpdir(), 'countertop-platform-client-'));
  const db = openDatabase(join(dir, 'auth.db'));
  const tokens = createTokenManager({
    secrets: createMemorySecretStore(),
    settings: createSettings(db),
    now: () => new Date(),
  });
  const { code } = await control<{ code: string }>('POST', '/authorization-codes', {
    client_id: sandbox.demo.clientId,
    venue_id: sandbox.demo.venueId,
    redirect_uri: sandbox.demo.redirectUri,
  });
  await tokens.connect({
    authUrl: sandbox.authUrl,
    clientId: sandbox.demo.clientId,
    clientSecret: sandbox.demo.clientSecret,
    code,
    redirectUri: sandbox.demo.redirectUri,
  });
  return {
    sandbox,
    client: createMarketplaceClient({ posUrl: () => sandbox.posUrl, tokens }),
    control,
    close: async () => {
      db.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
