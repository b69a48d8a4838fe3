// The token manager against the sandbox's real token service (and the real keychain in CI).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/server';
import { startSandbox } from '../../sandbox/server';
import { openDatabase } from '../../main/storage/database';
import type { Database } from '../../main/storage/database';
import { createSettings } from '../../main/storage/settings';
import type { TokenManagerOptions } from '../../main/auth/token-manager';
import { ReconnectNeededError, createTokenManager } from '../../main/auth/token-manager';
import { sendRequest } from '../../main/http/http';
import type { SecretStore } from '../../main/secrets/secret-store';
import { testSecretStore } from './harness';

let sandbox: Sandbox;
let dir: string;
let db: Database;
let secrets: SecretStore;

beforeEach(async () => {
  sandbox = await startSandbox({ webhookUrl: null });
  dir = mkdtempSync(join(tmpdir(), 'countertop-tokens-'));
  db = openDatabase(join(dir, 'core.db'));
  secrets = testSecretStore();
});
afterEach(async () => {
  db.close();
  await sandbox.close();
  for (const name of ['client-secret', 'refresh-token'] as const)
    await secrets.delete(name).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

const control = async (path: string, body: unknown): Promise<unknown> => {
  const response = await fetch(`${sandbox.controlUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
};
const authStats = async (): Promise<{ refreshes: number; reuse_detections: number }> =>
  (await fetch(`${sandbox.controlUrl}/auth/stats`)).json() as Promise<{
    refreshes: number;
    reuse_detections: number;
  }>;
const code = async (): Promise<string> =>
  (
    (await control('/authorization-codes', {
      client_id: sandbox.demo.clientId,
      venue_id: sandbox.demo.venueId,
      redirect_uri: sandbox.demo.redirectUri,
    })) as { code: string }
  ).code;

const manager = async (extra: Partial<TokenManagerOptions> = {}) => {
  const outcomes: string[] = [];
  const tokens = createTokenManager({
    secrets,
    settings: createSettings(db),
    now: () => new Date(),
    onRefresh: (o) => outcomes.push(o),
    ...extra,
  });
  const { venueId } = await tokens.connect({
    authUrl: sandbox.authUrl,
    clientId: sandbox.demo.clientId,
    clientSecret: sandbox.demo.clientSecret,
    code: await code(),
    redirectUri: sandbox.demo.redirectUri,
  });
  return { tokens, outcomes, venueId };
};

const venueStatus = (token: string) =>
  sendRequest({
    method: 'GET',
    url: `${sandbox.posUrl}/venues/${sandbox.demo.venueId}/status`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('token manager', () => {
  it('onboards: venue from the token, refresh token in the keychain, client secret stored', async () => {
    const { tokens, venueId } = await manager();
    expect(venueId).toBe(sandbox.demo.venueId);
    expect(await secrets.get('refresh-token')).toMatch(/.+/);
    expect(await secrets.get('client-secret')).toBe(sandbox.demo.clientSecret);
    await expect(tokens.withAccessToken(venueStatus)).resolves.toMatchObject({ status: 200 });
  });

  it('1,000 refreshes with 50 concurrent callers: single flight, zero reuse detections', async () => {
    // A margin longer than the token's life makes every call want a refresh.
    const { tokens, outcomes } = await manager({ refreshMarginMs: 2 * 3600_000 });
    const before = await authStats();
    const seenTokens = new Set<string>();
    const caller = async (): Promise<void> => {
      while (outcomes.length < 1000) {
        const token = await tokens.getAccessToken();
        seenTokens.add(token);
      }
    };
    await Promise.all(Array.from({ length: 50 }, caller));
    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(1000);
    // Each refresh gave callers one new token; no caller ever got a token of a refresh in between.
    expect(seenTokens.size).toBe(outcomes.length);
    // The token service counts every reuse it detected: none, and one refresh per outcome.
    const after = await authStats();
    expect(after.reuse_detections - before.reuse_detections).toBe(0);
    expect(after.refreshes - before.refreshes).toBe(outcomes.length);
    // A reuse would also have revoked the grant: the last pair still works and refreshes again.
    expect(tokens.state().needsReconnect).toBe(false);
    await expect(tokens.withAccessToken(venueStatus)).resolves.toMatchObject({ status: 200 });
  }, 120_000);

  it('on 401 refreshes once and retries once, for a burst of callers after the token expired', async () => {
    const { tokens, outcomes } = await manager();
    await expect(tokens.withAccessToken(venueStatus)).resolves.toMatchObject({ status: 200 });
    // Sandbox time moves past the token's hour; the terminal's own clock does not know.
    await control('/clock', { advance_seconds: 3700 });
    const results = await Promise.all(
      Array.from({ length: 30 }, () => tokens.withAccessToken(venueStatus)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(outcomes).toEqual(['ok']);
  });

  it('a refused refresh token and consent withdrawal both ask for a reconnect', async () => {
    const { tokens } = await manager({ refreshMarginMs: 2 * 3600_000 });
    await control(`/venues/${sandbox.demo.venueId}/withdraw-consent`, {});
    await expect(tokens.getAccessToken()).rejects.toBeInstanceOf(ReconnectNeededError);
    expect(tokens.state()).toMatchObject({ needsReconnect: true });
    expect(tokens.state().reconnectReason).toMatch(/invalid_grant/);
    expect(tokens.state().reconnectWhy).toBe('refused');
    // It stays so (no further refresh attempts) until the venue is connected again.
    await expect(tokens.getAccessToken()).rejects.toBeInstanceOf(ReconnectNeededError);
    await tokens.connect({
      authUrl: sandbox.authUrl,
      clientId: sandbox.demo.clientId,
      clientSecret: sandbox.demo.clientSecret,
      code: await code(),
      redirectUri: sandbox.demo.redirectUri,
    });
    expect(tokens.state().needsReconnect).toBe(false);
    await expect(tokens.withAccessToken(venueStatus)).resolves.toMatchObject({ status: 200 });
  });

  it('refreshes ahead of expiry and at least daily, without any API call asking', async () => {
    let offset = 0;
    const { tokens, outcomes } = await manager({
      now: () => new Date(Date.now() + offset),
      maxRefreshIntervalMs: 24 * 3600_000,
    });
    const first = await secrets.get('refresh-token');
    await tokens.refreshIfDue();
    expect(outcomes).toEqual([]);
    // 56 minutes on: within the 5-minute margin of the access token's hour.
    offset = 56 * 60_000;
    await control('/clock', { advance_seconds: 56 * 60 });
    await tokens.refreshIfDue();
    expect(outcomes).toEqual(['ok']);
    expect(await secrets.get('refresh-token')).not.toBe(first);
  });

  it('refreshes when the last refresh is older than the maximum interval, even with a fresh access token', async () => {
    let offset = 0;
    const { tokens, outcomes } = await manager({
      now: () => new Date(Date.now() + offset),
      maxRefreshIntervalMs: 10 * 60_000,
    });
    offset = 11 * 60_000;
    await tokens.refreshIfDue();
    expect(outcomes).toEqual(['ok']);
  });

  it('keeps a rotated refresh token in memory when the keychain refuses it, and never reuses the old one', async () => {
    let refuseWrites = false;
    const flaky: SecretStore = {
      get: (name) => secrets.get(name),
      set: async (name, value) => {
        if (refuseWrites) throw new Error('keychain locked');
        await secrets.set(name, value);
      },
      delete: (name) => secrets.delete(name),
    };
    const outcomes: string[] = [];
    const tokens = createTokenManager({
      secrets: flaky,
      settings: createSettings(db),
      now: () => new Date(),
      refreshMarginMs: 2 * 3600_000,
      onRefresh: (o) => outcomes.push(o),
    });
    await tokens.connect({
      authUrl: sandbox.authUrl,
      clientId: sandbox.demo.clientId,
      clientSecret: sandbox.demo.clientSecret,
      code: await code(),
      redirectUri: sandbox.demo.redirectUri,
    });
    refuseWrites = true;
    await expect(tokens.getAccessToken()).rejects.toThrow('keychain locked');
    refuseWrites = false;
    // The next refresh uses the rotated token: a reuse of the stored one would revoke the grant.
    await expect(tokens.withAccessToken(venueStatus)).resolves.toMatchObject({ status: 200 });
    expect(tokens.state().needsReconnect).toBe(false);
  });

  it('never resends a refresh whose answer was lost', async () => {
    const { tokens, outcomes } = await manager({ refreshMarginMs: 2 * 3600_000, timeoutMs: 300 });
    const before = await secrets.get('refresh-token');
    await control('/faults', { latency_ms: 1000 });
    await expect(tokens.getAccessToken()).rejects.toBeInstanceOf(ReconnectNeededError);
    expect(outcomes).toEqual(['lost']);
    expect(tokens.state().reconnectReason).toMatch(/answer to a token refresh was lost/);
    expect(tokens.state().reconnectWhy).toBe('lost');
    await control('/faults', { latency_ms: 0 });
    await expect(tokens.getAccessToken()).rejects.toBeInstanceOf(ReconnectNeededError);
    expect(outcomes).toEqual(['lost']);
    expect(await secrets.get('refresh-token')).toBe(before);
  });

  it('retries a refresh answered 503: the server did not use the token', async () => {
    const { tokens, outcomes } = await manager({ refreshMarginMs: 2 * 3600_000 });
    await control('/faults', { error_rate: 1 });
    await expect(tokens.getAccessToken()).rejects.toMatchObject({ kind: 'temporary', status: 503 });
    await control('/faults', { error_rate: 0 });
    await expect(tokens.getAccessToken()).resolves.toMatch(/\./);
    expect(outcomes).toEqual(['failed', 'ok']);
  });
});
