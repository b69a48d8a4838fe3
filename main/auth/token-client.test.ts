// The token client against the sandbox's real token service, over a socket: client credentials
// with characters that form-encoding changes (docs/platform.md, "Token service: client credentials
// in the Basic header").
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
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

describe('a token service that reads the Basic header literally', () => {
  // The platform's documents show the header as the Base64 of `client_id:client_secret`, nothing
  // encoded. A service that reads it so refuses the form-encoded credential of a secret with a `+`
  // as another secret; the client then offers the literal one (docs/platform.md, "Token service:
  // client credentials in the Basic header").
  const clientId = 'countertop-pos';
  const clientSecret = 'Zx+4%2Fq/9%41+w==';
  const seen: string[] = [];
  let authUrl = '';
  const server = createServer((req, res) => {
    const literal = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    seen.push(req.headers.authorization ?? '');
    req.resume();
    req.on('end', () => {
      void (async () => {
        res.setHeader('content-type', 'application/json');
        if (req.headers.authorization !== literal) {
          res.writeHead(401);
          res.end(
            JSON.stringify({
              error: 'invalid_client',
              error_description: 'Client authentication failed.',
            }),
          );
          return;
        }
        const accessToken = await new SignJWT({ integration: { id: 'i1', venue_id: 'venue-1' } })
          .setProtectedHeader({ alg: 'HS256' })
          .sign(new TextEncoder().encode('a key of this test only'));
        res.writeHead(200);
        res.end(
          JSON.stringify({
            access_token: accessToken,
            expires_in: 3600,
            refresh_token: 'refresh-1',
            scope: 'offline',
            token_type: 'bearer',
          }),
        );
      })();
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    authUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('offers the literal credential after the encoded one is refused as invalid_client', async () => {
    seen.length = 0;
    const pair = await exchangeAuthorizationCode(
      { authUrl, clientId, clientSecret },
      'code-1',
      'https://pos.example/onboarding/callback',
    );
    expect(pair.venueId).toBe('venue-1');
    expect(seen).toEqual([
      `Basic ${basicCredential(clientId, clientSecret)}`,
      `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    ]);
  });

  it('a wrong secret is refused after both, and a secret the two forms agree on is sent once', async () => {
    seen.length = 0;
    await expect(
      exchangeRefreshToken({ authUrl, clientId, clientSecret: 'Zx+wrong' }, 'refresh-0'),
    ).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(2);
    seen.length = 0;
    await expect(
      exchangeRefreshToken({ authUrl, clientId, clientSecret: 'plain-wrong' }, 'refresh-0'),
    ).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
  });
});
