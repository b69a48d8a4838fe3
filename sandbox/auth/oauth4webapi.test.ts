// An independent OAuth 2.0 client library (oauth4webapi) against the sandbox's token endpoint:
// code exchange, refresh, and reuse detection, as a real partner integration would run them.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox } from '../server';
import type { Sandbox } from '../server';
import { mintCode } from '../testing/test-support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

it('oauth4webapi exchanges a code, refreshes, and sees reuse rejected with the new pair revoked', async () => {
  const as: oauth.AuthorizationServer = {
    issuer: sandbox.authUrl,
    token_endpoint: `${sandbox.authUrl}/oauth2/token`,
  };
  const client: oauth.Client = { client_id: sandbox.demo.clientId };
  const auth = oauth.ClientSecretBasic(sandbox.demo.clientSecret);
  const insecure = { [oauth.allowInsecureRequests]: true };

  const code = await mintCode(sandbox);
  const callback = oauth.validateAuthResponse(
    as,
    client,
    new URL(`${sandbox.demo.redirectUri}?code=${encodeURIComponent(code)}`),
    oauth.skipStateCheck,
  );
  const first = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      callback,
      sandbox.demo.redirectUri,
      oauth.nopkce,
      insecure,
    ),
  );
  expect(first.token_type).toBe('bearer');
  expect(first.expires_in).toBe(3600);
  expect(first.scope).toBe('offline');
  expect(first.refresh_token).toEqual(expect.any(String));

  const statusUrl = new URL(`${sandbox.posUrl}/venues/${sandbox.demo.venueId}/status`);
  const call = (token: string) =>
    oauth.protectedResourceRequest(token, 'GET', statusUrl, new Headers(), null, insecure);
  expect((await call(first.access_token)).status).toBe(200);
  // A revoked token answers 401 with a Bearer invalid_token challenge, which the library raises.
  const revoked = (token: string) =>
    expect(call(token)).rejects.toMatchObject({
      cause: [{ scheme: 'bearer', parameters: { error: 'invalid_token' } }],
      response: { status: 401 },
    });

  const second = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, auth, first.refresh_token!, insecure),
  );
  expect(second.access_token).not.toBe(first.access_token);
  await revoked(first.access_token);
  expect((await call(second.access_token)).status).toBe(200);

  const reuse = oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, auth, first.refresh_token!, insecure),
  );
  await expect(reuse).rejects.toBeInstanceOf(oauth.ResponseBodyError);
  await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
  await expect(reuse).rejects.toHaveProperty(
    'error_description',
    expect.stringMatching(/The refresh token was already used\.$/),
  );
  await revoked(second.access_token);

  const afterReuse = oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, auth, second.refresh_token!, insecure),
  );
  await expect(afterReuse).rejects.toMatchObject({ error: 'invalid_grant' });
});
