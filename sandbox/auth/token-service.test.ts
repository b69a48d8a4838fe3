import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../server';
import type { Sandbox } from '../server';
import {
  advance,
  basic,
  control,
  freezeClock,
  mintCode,
  onboard,
  pos,
  refresh,
  tokenRequest,
} from '../testing/test-support';
import type { Reply } from '../testing/test-support';

const GENERIC = {
  invalid_request:
    'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.',
  invalid_client:
    'Client authentication failed (e.g., unknown client, no client authentication included, or unsupported authentication method).',
  invalid_grant:
    'The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
};

function expectOAuthError(
  r: Reply,
  status: number,
  error: keyof typeof GENERIC,
  hint: string | null,
): void {
  expect(r.status).toBe(status);
  expect(r.json).toEqual({
    error,
    error_description: hint ? `${GENERIC[error]} ${hint}` : GENERIC[error],
  });
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.headers.get('cache-control')).toBe('no-store');
  expect(r.headers.get('pragma')).toBe('no-cache');
}

const DAY = 24 * 3600;
let sandbox: Sandbox;

beforeEach(async () => {
  sandbox = await startSandbox({ demoClientSecret: 'demo-secret-for-tests' });
});
afterEach(async () => {
  await sandbox.close();
});

const venueStatus = (token: string) =>
  pos(sandbox, token, 'GET', `/venues/${sandbox.demo.venueId}/status`);
const exchange = (code: string, redirectUri = sandbox.demo.redirectUri, auth?: string) =>
  tokenRequest(
    sandbox,
    { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
    auth,
  );

describe('authorization code: exchanged once, then spent', () => {
  it('valid code → the full token pair, no-store; the code becomes used', async () => {
    const code = await mintCode(sandbox);
    const r = await exchange(code);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('pragma')).toBe('no-cache');
    const body = r.json as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    expect(body).toMatchObject({ expires_in: 3600, scope: 'offline', token_type: 'bearer' });
    expect(typeof body.refresh_token).toBe('string');
    expect((await venueStatus(body.access_token as string)).status).toBe(200);

    expectOAuthError(
      await exchange(code),
      400,
      'invalid_grant',
      'The authorization code has already been used.',
    );
  });

  it('expires after 1 hour on the sandbox clock (still valid one second before)', async () => {
    await freezeClock(sandbox);
    const early = await mintCode(sandbox);
    const late = await mintCode(sandbox);
    await advance(sandbox, 3599);
    expect((await exchange(early)).status).toBe(200);
    await advance(sandbox, 1);
    expectOAuthError(await exchange(late), 400, 'invalid_grant', null);
  });

  it('access token carries every documented claim, verified with jose against the JWKS', async () => {
    const tokens = await onboard(sandbox);
    const jwks = createRemoteJWKSet(new URL(`${sandbox.authUrl}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
      issuer: sandbox.authUrl,
      audience: sandbox.posUrl,
      currentDate: new Date(decodeJwt(tokens.access_token).iat! * 1000),
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(Array.isArray(payload.aud)).toBe(true);
    expect(payload.client_id).toBe('demo-client');
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.nbf).toBe(payload.iat);
    expect(payload.integration).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      venue_id: 'demo-venue',
    });
    expect(payload.iss).toBe(sandbox.authUrl);
    expect(typeof payload.jti).toBe('string');
    expect(payload.scp).toEqual(['offline']);
    expect(typeof payload.sub).toBe('string');
    expect(Object.keys(payload).sort()).toEqual(
      ['aud', 'client_id', 'exp', 'iat', 'integration', 'iss', 'jti', 'nbf', 'scp', 'sub'].sort(),
    );
  });

  it("an earlier start's access token fails against a new start: its key set, and its POS API", async () => {
    const earlier = await onboard(sandbox);
    const again = await startSandbox({ demoClientSecret: 'demo-secret-for-tests' });
    try {
      const jwks = createRemoteJWKSet(new URL(`${again.authUrl}/.well-known/jwks.json`));
      const verified = jwtVerify(earlier.access_token, jwks, {
        currentDate: new Date(decodeJwt(earlier.access_token).iat! * 1000),
      });
      await expect(verified).rejects.toMatchObject({ code: 'ERR_JWKS_NO_MATCHING_KEY' });
      const status = await pos(again, earlier.access_token, 'GET', `/venues/demo-venue/status`);
      expect(status.status).toBe(401);
      // The same onboarding on the new start is served: the refusal above is the old token's.
      const current = await onboard(again);
      expect(
        (await pos(again, current.access_token, 'GET', `/venues/demo-venue/status`)).status,
      ).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('access token expires after 1 hour', async () => {
    await freezeClock(sandbox);
    const tokens = await onboard(sandbox);
    await advance(sandbox, 3599);
    expect((await venueStatus(tokens.access_token)).status).toBe(200);
    await advance(sandbox, 1);
    const r = await venueStatus(tokens.access_token);
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ error: 'Unauthorized', message: 'The access token expired.' });
  });
});

describe('refresh token: strict rotation, reuse revokes the grant', () => {
  it('rotates strictly: new pair works, previous access token stops at once', async () => {
    const first = await onboard(sandbox);
    const r = await refresh(sandbox, first.refresh_token);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const second = r.json as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await venueStatus(first.access_token)).status).toBe(401);
    expect((await venueStatus(second.access_token)).status).toBe(200);
  });

  it('reuse of a used refresh token is rejected and revokes the newly issued pair', async () => {
    const first = await onboard(sandbox);
    const second = (await refresh(sandbox, first.refresh_token)).json as {
      access_token: string;
      refresh_token: string;
    };
    expectOAuthError(
      await refresh(sandbox, first.refresh_token),
      400,
      'invalid_grant',
      'The refresh token was already used.',
    );
    expect((await venueStatus(second.access_token)).status).toBe(401);
    expectOAuthError(
      await refresh(sandbox, second.refresh_token),
      400,
      'invalid_grant',
      'The refresh token is malformed or not valid.',
    );
  });

  it('counts refreshes and reuse detections for tests to read', async () => {
    const stats = async () =>
      (await (await fetch(`${sandbox.controlUrl}/auth/stats`)).json()) as Record<string, number>;
    const before = await stats();
    const first = await onboard(sandbox);
    await refresh(sandbox, first.refresh_token);
    expect(await stats()).toMatchObject({
      code_exchanges: (before.code_exchanges ?? 0) + 1,
      refreshes: (before.refreshes ?? 0) + 1,
      reuse_detections: before.reuse_detections,
    });
    await refresh(sandbox, first.refresh_token);
    expect((await stats()).reuse_detections).toBe((before.reuse_detections ?? 0) + 1);
  });

  it('two concurrent refreshes with one token: one pair is issued, the reuse revokes it', async () => {
    const first = await onboard(sandbox);
    const [a, b] = await Promise.all([
      refresh(sandbox, first.refresh_token),
      refresh(sandbox, first.refresh_token),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const winner = (a.status === 200 ? a : b).json as { access_token: string };
    expect((a.status === 400 ? a : b).json).toMatchObject({ error: 'invalid_grant' });
    expect((await venueStatus(winner.access_token)).status).toBe(401);
  });

  it("another sandbox's access token is refused (signature)", async () => {
    const other = await startSandbox();
    try {
      const foreign = await onboard(other);
      const r = await venueStatus(foreign.access_token);
      expect(r.status).toBe(401);
      expect(r.json).toMatchObject({
        message: 'The access token is malformed or its signature is not valid.',
      });
    } finally {
      await other.close();
    }
  });

  it('expires after 30 days; usable until then', async () => {
    await freezeClock(sandbox);
    const a = await onboard(sandbox);
    const b = await onboard(sandbox);
    await advance(sandbox, 30 * DAY - 1);
    expect((await refresh(sandbox, a.refresh_token)).status).toBe(200);
    await advance(sandbox, 1);
    expectOAuthError(
      await refresh(sandbox, b.refresh_token),
      400,
      'invalid_grant',
      'The refresh token expired.',
    );
  });
});

describe('venue integration: consent withdrawal and reset end access', () => {
  it('consent withdrawal revokes access and refresh tokens immediately', async () => {
    const tokens = await onboard(sandbox);
    const r = await control(sandbox, 'POST', `/venues/${sandbox.demo.venueId}/withdraw-consent`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ venue_id: 'demo-venue', revoked_grants: 1 });
    const api = await venueStatus(tokens.access_token);
    expect(api.status).toBe(401);
    expect(api.json).toEqual({
      error: 'Unauthorized',
      message: 'The access token has been revoked.',
    });
    expectOAuthError(
      await refresh(sandbox, tokens.refresh_token),
      400,
      'invalid_grant',
      'The refresh token is malformed or not valid.',
    );
  });

  it('reset (DELETE on the gateway with Basic auth) revokes the integration; 401 and 404 otherwise', async () => {
    const tokens = await onboard(sandbox);
    const pending = await mintCode(sandbox);
    const path = `${sandbox.gatewayUrl}/integrations-middleware-service/integration-onboarding/venues/`;
    const auth = basic(sandbox.demo.clientId, sandbox.demo.clientSecret);

    const wrong = await fetch(`${path}demo-venue`, {
      method: 'DELETE',
      headers: { authorization: basic('demo-client', 'nope') },
    });
    expect(wrong.status).toBe(401);
    expect((await venueStatus(tokens.access_token)).status).toBe(200);
    const missing = await fetch(`${path}demo-venue`, { method: 'DELETE' });
    expect(missing.status).toBe(401);
    const unknown = await fetch(`${path}no-such-venue`, {
      method: 'DELETE',
      headers: { authorization: auth },
    });
    expect(unknown.status).toBe(404);

    const ok = await fetch(`${path}demo-venue`, {
      method: 'DELETE',
      headers: { authorization: auth },
    });
    expect(ok.status).toBe(204);
    expect((await venueStatus(tokens.access_token)).status).toBe(401);
    expectOAuthError(
      await refresh(sandbox, tokens.refresh_token),
      400,
      'invalid_grant',
      'The refresh token is malformed or not valid.',
    );
    expectOAuthError(await exchange(pending), 400, 'invalid_grant', null);
    // Available for re-integration: a new onboarding works.
    const again = await onboard(sandbox);
    expect((await venueStatus(again.access_token)).status).toBe(200);
  });
});

describe('errors: status and error code for each failure', () => {
  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('405 text/plain for %s', async (method) => {
    const r = await tokenRequest(sandbox, null, null, method);
    expect(r.status).toBe(405);
    expect(r.text).toBe('Method Not Allowed');
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(r.headers.get('allow')).toBe('OPTIONS, POST');
  });

  it('401 invalid_client: wrong secret, unknown client, client_id in the body (unsupported method)', async () => {
    const code = await mintCode(sandbox);
    const form = { grant_type: 'authorization_code', code, redirect_uri: sandbox.demo.redirectUri };
    expectOAuthError(
      await tokenRequest(sandbox, form, basic('demo-client', 'wrong')),
      401,
      'invalid_client',
      null,
    );
    expectOAuthError(
      await tokenRequest(sandbox, form, basic('nobody', 'x')),
      401,
      'invalid_client',
      null,
    );
    expectOAuthError(
      await tokenRequest(
        sandbox,
        { ...form, client_id: 'demo-client', client_secret: sandbox.demo.clientSecret },
        null,
      ),
      401,
      'invalid_client',
      null,
    );
    // None of these used the code.
    expect((await exchange(code)).status).toBe(200);
  });

  it('400 invalid_request: Authorization header missing, Bearer instead of Basic, Basic prefix missing', async () => {
    const hint =
      'Client credentials missing or malformed in both HTTP Authorization header and HTTP POST body.';
    const form = {
      grant_type: 'authorization_code',
      code: await mintCode(sandbox),
      redirect_uri: sandbox.demo.redirectUri,
    };
    const raw = Buffer.from(`${sandbox.demo.clientId}:${sandbox.demo.clientSecret}`).toString(
      'base64',
    );
    expectOAuthError(await tokenRequest(sandbox, form, null), 400, 'invalid_request', hint);
    expectOAuthError(
      await tokenRequest(sandbox, form, `Bearer ${raw}`),
      400,
      'invalid_request',
      hint,
    );
    expectOAuthError(await tokenRequest(sandbox, form, raw), 400, 'invalid_request', hint);
  });

  it('the Basic id and secret are read as they are (the spec) and form-decoded (RFC 6749 §2.3.1): a secret with + and % works either way', async () => {
    // The example of the sandbox README and docs/platform.md.
    const secret = 'Zx+4%2Fq/9%41+w==';
    const redirect = 'https://pos.example/onboarding/callback';
    await control(sandbox, 'POST', '/clients', {
      client_id: 'countertop-pos',
      client_secret: secret,
      redirect_uris: [redirect],
    });
    const encoded = basic('countertop-pos', encodeURIComponent(secret));
    expect(encoded).toBe(
      `Basic ${Buffer.from('countertop-pos:Zx%2B4%252Fq%2F9%2541%2Bw%3D%3D').toString('base64')}`,
    );
    const exchangeAs = async (authorization: string) => {
      const r = await control(sandbox, 'POST', '/authorization-codes', {
        client_id: 'countertop-pos',
        venue_id: sandbox.demo.venueId,
        redirect_uri: redirect,
      });
      const form = {
        grant_type: 'authorization_code',
        code: (r.json as { code: string }).code,
        redirect_uri: redirect,
      };
      return tokenRequest(sandbox, form, authorization);
    };
    // The spec's own form: the Base64 of `client_id:client_secret`, nothing encoded.
    expect((await exchangeAs(basic('countertop-pos', secret))).status).toBe(200);
    expect((await exchangeAs(encoded)).status).toBe(200);
    // A secret that is right under neither reading is still refused.
    expectOAuthError(
      await exchangeAs(basic('countertop-pos', 'Zx 4/q/9A w==')),
      401,
      'invalid_client',
      null,
    );

    // The development reset on the gateway reads its Basic header the same way.
    const reset = (authorization: string) =>
      fetch(
        `${sandbox.gatewayUrl}/integrations-middleware-service/integration-onboarding/venues/${sandbox.demo.venueId}`,
        { method: 'DELETE', headers: { authorization } },
      );
    expect((await reset(basic('countertop-pos', 'Zx 4/q/9A w=='))).status).toBe(401);
    expect((await reset(basic('countertop-pos', secret))).status).toBe(204);
    expect((await reset(encoded)).status).toBe(204);
  });

  it('a Basic secret that is not form-decodable is read as it is: right, it authenticates; wrong, 401 invalid_client', async () => {
    const redirect = 'https://pos.example/onboarding/callback';
    await control(sandbox, 'POST', '/clients', {
      client_id: 'percent-client',
      client_secret: 'secret%zz-and-more',
      redirect_uris: [redirect],
    });
    const codeFor = async () =>
      (
        (
          await control(sandbox, 'POST', '/authorization-codes', {
            client_id: 'percent-client',
            venue_id: sandbox.demo.venueId,
            redirect_uri: redirect,
          })
        ).json as { code: string }
      ).code;
    const encoded = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;
    const exchangeAs = async (pair: string) =>
      tokenRequest(
        sandbox,
        { grant_type: 'authorization_code', code: await codeFor(), redirect_uri: redirect },
        encoded(pair),
      );
    expect((await exchangeAs('percent-client:secret%zz-and-more')).status).toBe(200);
    expectOAuthError(await exchangeAs('percent-client:secret%zz'), 401, 'invalid_client', null);
    expectOAuthError(
      await exchangeAs(`demo%zz:${sandbox.demo.clientSecret}`),
      401,
      'invalid_client',
      null,
    );
  });

  it('400 invalid_request: grant_type missing', async () => {
    expectOAuthError(
      await tokenRequest(sandbox, { code: 'x' }),
      400,
      'invalid_request',
      "Request parameter 'grant_type' is missing",
    );
    expectOAuthError(
      await tokenRequest(sandbox, {}),
      400,
      'invalid_request',
      "Request parameter 'grant_type' is missing",
    );
  });

  it('400 invalid_request: a form sent without Content-Type application/x-www-form-urlencoded is not read', async () => {
    const code = await mintCode(sandbox);
    const form = { grant_type: 'authorization_code', code, redirect_uri: sandbox.demo.redirectUri };
    const send = (headers: Record<string, string>, body: string | Uint8Array<ArrayBuffer>) =>
      fetch(`${sandbox.authUrl}/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: basic(sandbox.demo.clientId, sandbox.demo.clientSecret),
          ...headers,
        },
        body,
      });
    const formText = new URLSearchParams(form).toString();
    for (const attempt of [
      send({ 'content-type': 'text/plain' }, formText),
      send({ 'content-type': 'application/json' }, JSON.stringify(form)),
      send({}, new TextEncoder().encode(formText)),
    ]) {
      const r = await attempt;
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({
        error: 'invalid_request',
        error_description: `${GENERIC.invalid_request} Request parameter 'grant_type' is missing`,
      });
    }
    // Nothing was consumed: the same code still exchanges with the right Content-Type.
    expect((await exchange(code)).status).toBe(200);
  });

  it('400 invalid_grant without hint: code malformed, nonexistent or missing; grant parameters mixed', async () => {
    const uri = sandbox.demo.redirectUri;
    expectOAuthError(await exchange('not a code!'), 400, 'invalid_grant', null);
    expectOAuthError(await exchange('ory_ac_doesnotexist'), 400, 'invalid_grant', null);
    expectOAuthError(
      await tokenRequest(sandbox, { grant_type: 'authorization_code', redirect_uri: uri }),
      400,
      'invalid_grant',
      null,
    );
    const tokens = await onboard(sandbox);
    expectOAuthError(
      await tokenRequest(sandbox, {
        grant_type: 'authorization_code',
        refresh_token: tokens.refresh_token,
      }),
      400,
      'invalid_grant',
      null,
    );
  });

  it('400 invalid_grant: code of another client; redirect_uri differs', async () => {
    await control(sandbox, 'POST', '/clients', {
      client_id: 'other',
      client_secret: 'other-secret',
      redirect_uris: ['https://other.example/cb'],
    });
    const code = await mintCode(sandbox);
    expectOAuthError(
      await exchange(code, sandbox.demo.redirectUri, basic('other', 'other-secret')),
      400,
      'invalid_grant',
      'The OAuth 2.0 Client ID from this request does not match the one from the authorize request.',
    );
    const hint =
      "The 'redirect_uri' from this request does not match the one from the authorize request.";
    expectOAuthError(
      await exchange(code, 'http://127.0.0.1/elsewhere'),
      400,
      'invalid_grant',
      hint,
    );
    expectOAuthError(
      await tokenRequest(sandbox, { grant_type: 'authorization_code', code }),
      400,
      'invalid_grant',
      hint,
    );
    // Failed attempts do not consume the code.
    expect((await exchange(code)).status).toBe(200);
  });

  it('400 invalid_grant: refresh token malformed, unknown or missing; older than 30 days', async () => {
    const hint = 'The refresh token is malformed or not valid.';
    expectOAuthError(await refresh(sandbox, 'garbage'), 400, 'invalid_grant', hint);
    expectOAuthError(await refresh(sandbox, 'ory_rt_unknown'), 400, 'invalid_grant', hint);
    expectOAuthError(
      await tokenRequest(sandbox, { grant_type: 'refresh_token' }),
      400,
      'invalid_grant',
      hint,
    );
    const tokens = await onboard(sandbox);
    await advance(sandbox, 31 * DAY);
    expectOAuthError(
      await refresh(sandbox, tokens.refresh_token),
      400,
      'invalid_grant',
      'The refresh token expired.',
    );
  });

  it('unknown grant type answers unsupported_grant_type', async () => {
    const r = await tokenRequest(sandbox, { grant_type: 'client_credentials' });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      error: 'unsupported_grant_type',
      error_description:
        'The authorization grant type is not supported by the authorization server.',
    });
  });
});
