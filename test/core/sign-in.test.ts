// setup:signIn against the sandbox over real sockets: the terminal opens the platform's sign-in
// page, "Allow" sends the browser back to the terminal's loopback listener, and the venue is
// connected with no code typed. A wrong relay key is refused before the page is shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupSignInRequest } from '../../shared/ipc/contract';
import { LOOPBACK_REDIRECT_URI, SIGN_IN_CALLBACK_PATH } from '../../shared/sign-in';
import type { Core } from '../../main/core';
import { ServiceError } from '../../main/service-error';
import type { World } from './harness';
import { startWorld } from './harness';

const CLIENT = { id: 'terminal-app', secret: 'terminal-app-secret' };
let world: World;
let core: Core;
/** The pages the terminal asked to show, in order. */
const shown: string[] = [];

/** A browser where staff press Allow: the page's form is posted and its redirect followed. */
const allow = async (url: string): Promise<void> => {
  shown.push(url);
  const html = await (await fetch(url)).text();
  const form = new URLSearchParams(
    [...html.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g)].map(
      (m) => [m[1]!, m[2]!.replaceAll('&amp;', '&')] as [string, string],
    ),
  );
  const answer = await fetch(new URL('onboarding/allow', url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const back = answer.headers.get('location');
  if (!back) throw new Error(`the sign-in page answered ${answer.status} without a redirect`);
  await fetch(back);
};

beforeAll(async () => {
  world = await startWorld();
  // A client registered for a native app's loopback redirect (any port, this path).
  await fetch(`${world.sandbox.controlUrl}/clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      redirect_uris: [LOOPBACK_REDIRECT_URI],
    }),
  });
  core = await world.startCore({ openSignInPage: allow });
});
afterAll(async () => {
  await world?.close();
});

const request = (patch: Partial<SetupSignInRequest> = {}): SetupSignInRequest => ({
  authUrl: world.sandbox.authUrl,
  posUrl: world.sandbox.posUrl,
  clientId: CLIENT.id,
  clientSecret: CLIENT.secret,
  relayUrl: world.relayUrl,
  terminalKey: world.terminalKey,
  onboardingUrl: `${world.sandbox.controlUrl}/onboarding?client_id=${CLIENT.id}&venue_id=${world.sandbox.demo.venueId}`,
  ...patch,
});

describe('sign in with the platform', () => {
  it('refuses a wrong relay key before the sign-in page is shown', async () => {
    const refused = await core.api['setup:signIn'](request({ terminalKey: 'not-a-key' })).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).bridge.issues?.map((i) => i.path)).toEqual(['terminalKey']);
    expect(shown).toEqual([]);
    expect((await core.api['setup:get']({})).configured).toBe(false);
  });

  it('connects the venue through the sign-in page with no code typed', async () => {
    const { venueId } = await core.api['setup:signIn'](request());
    expect(venueId).toBe(world.sandbox.demo.venueId);
    expect(shown).toHaveLength(1);
    const setup = await core.api['setup:get']({});
    expect(setup.configured).toBe(true);
    expect(setup.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(new URL(setup.redirectUri!).pathname).toBe(SIGN_IN_CALLBACK_PATH);
  });
});
