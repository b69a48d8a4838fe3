// The sandbox's development-only onboarding page against main's loopback listener, over real
// sockets: the page shows the venue, "Allow" sends the browser back with a code and the state,
// and that code exchanges for tokens with the same redirect_uri. No code is typed. The demo client
// is used as registered: the listener's path and the registered redirect must agree.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLoopbackSignIn } from '../../main/setup/loopback-sign-in';
import { SIGN_IN_CALLBACK_PATH } from '../../shared/sign-in';
import { startSandbox } from '../server';
import type { Sandbox } from '../server';
import { redirectAllowed } from './onboarding-page';

const SECRET = 'demo-secret-for-tests';
let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ ordersPerMinute: 0, demoClientSecret: SECRET });
});
afterEach(async () => {
  await sandbox.close();
});

const hiddenFields = (html: string): URLSearchParams =>
  new URLSearchParams(
    [...html.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g)].map(
      (m) => [m[1]!, m[2]!.replaceAll('&amp;', '&')] as [string, string],
    ),
  );

describe('sandbox onboarding page', () => {
  it('signs a venue in through the page: code back on the loopback, then exchanged', async () => {
    const signIn = await startLoopbackSignIn({
      onboardingUrl: `${sandbox.controlUrl}/onboarding?client_id=${sandbox.demo.clientId}&venue_id=${sandbox.demo.venueId}`,
    });
    expect(new URL(signIn.redirectUri).pathname).toBe(SIGN_IN_CALLBACK_PATH);
    const page = await fetch(signIn.startUrl);
    expect(page.status).toBe(200);
    // A browser holds the Allow form's redirect to form-action: the listener's origin, no other.
    expect(page.headers.get('content-security-policy')).toBe(
      `default-src 'none'; form-action 'self' ${new URL(signIn.redirectUri).origin}`,
    );
    const html = await page.text();
    expect(html).toContain('<button type="submit">Allow</button>');
    const allow = await fetch(new URL('onboarding/allow', signIn.startUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: hiddenFields(html).toString(),
      redirect: 'manual',
    });
    expect(allow.status).toBe(303);
    const back = new URL(allow.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(signIn.redirectUri);
    expect((await fetch(back)).status).toBe(200);
    const code = await signIn.code;

    const token = await fetch(`${sandbox.authUrl}/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${sandbox.demo.clientId}:${SECRET}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: signIn.redirectUri,
      }).toString(),
    });
    expect(token.status).toBe(200);
  });

  it('never sends a code to an address the client did not register', async () => {
    const url = new URL(`${sandbox.controlUrl}/onboarding`);
    url.search = new URLSearchParams({
      client_id: sandbox.demo.clientId,
      venue_id: sandbox.demo.venueId,
      redirect_uri: 'https://attacker.example/callback',
      state: 's',
    }).toString();
    expect((await fetch(url)).status).toBe(400);
    expect(redirectAllowed(['http://127.0.0.1/callback'], 'http://127.0.0.1:5123/callback')).toBe(
      true,
    );
    expect(redirectAllowed(['http://127.0.0.1/callback'], 'http://127.0.0.1:5123/other')).toBe(
      false,
    );
    expect(redirectAllowed(['https://pos.example/cb'], 'http://127.0.0.1:5123/cb')).toBe(false);
  });
});
