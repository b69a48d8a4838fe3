// The token client against the sandbox's real token service, over a socket: client credentials
// with characters that form-encoding changes (docs/platform.md, "Token service: client credentials
// in the Basic header").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/server';
import { startSandbox } from '../../sandbox/server';
import { basicCredential, exchangeAuthorizationCode, exchangeRefreshToken } from './token-client';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ webhookUrl: null });
});
afterAll(async () => {
  await sandbox.close();
});

const control = async (path: string, body: unknown): Promise<Response> =>
  fetch(`${sandbox.controlUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('client credentials in the Basic header', () => {
  it.each([
    ['a secret with + and %', 'countertop-pos', 'Zx+4%2Fq/9%41+w=='],
    ['a secret ending in a lone %', 'countertop-pos-2', 'ends-with-100%'],
    ['a secret with spaces and a colon', 'countertop-pos-3', 'two words:and+more'],
    ['an id with + and %', 'partner+one%x', 'plain-secret-0123456789'],
  ])('%s works for the code exchange and the refresh', async (_case, clientId, clientSecret) => {
    const redirectUri = 'https://pos.example/onboarding/callback';
    expect(
      (
        await control('/clients', {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
        })
      ).status,
    ).toBe(201);
    const minted = await control('/authorization-codes', {
      client_id: clientId,
      venue_id: sandbox.demo.venueId,
      redirect_uri: redirectUri,
    });
    const { code } = (await minted.json()) as { code: string };
    const credentials = { authUrl: sandbox.authUrl, clientId, clientSecret };

    const first = await exchangeAuthorizationCode(credentials, code, redirectUri);
    expect(first.venueId).toBe(sandbox.demo.venueId);
    const second = await exchangeRefreshToken(credentials, first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.venueId).toBe(sandbox.demo.venueId);
  });

  it('form-urlencodes each half before Base64 (the example of docs/platform.md)', () => {
    const decoded = (value: string) => Buffer.from(value, 'base64').toString('utf8');
    expect(decoded(basicCredential('countertop-pos', 'Zx+4%2Fq/9%41+w=='))).toBe(
      'countertop-pos:Zx%2B4%252Fq%2F9%2541%2Bw%3D%3D',
    );
    expect(decoded(basicCredential('a b:c', 'd e'))).toBe('a+b%3Ac:d+e');
    expect(decoded(basicCredential('countertop-pos', 'f00dbabe'))).toBe('countertop-pos:f00dbabe');
  });
});
