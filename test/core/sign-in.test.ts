// setup:signIn against the sandbox over real sockets: the terminal opens the platform's sign-in
// page, "Allow" sends the browser back to the terminal's loopback listener, and the venue is
// connected with no code typed. A wrong relay key is refused before the page is shown. A host that
// cannot show the page (the web host) is handed it by event, checked against the onboarding
// address, for the window to open; a sign-in staff cancel ends with its reason.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupSignInRequest } from '../../shared/ipc/contract';
import { LOOPBACK_REDIRECT_URI, SIGN_IN_CALLBACK_PATH } from '../../shared/sign-in';
import { refusal } from '../../shared/refusals';
import { createMemorySecretStore } from '../../main/secrets/secret-store';
import { waitFor } from '../wait';
import type { Core } from '../../main/core';
import { ServiceError } from '../../main/service-error';
import type { World } from './harness';
import { startWorld } from './harness';

const CLIENT = { id: 'terminal-app', secret: 'terminal-app-secret' };
let world: World;
let core: Core;
/** A core as the web host runs it: no way of its own to show a page. */
let webCore: Core;
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
  webCore = await world.startCore({
    dataDir: join(world.dir, 'web-core'),
    secretStore: createMemorySecretStore(),
  });
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

describe('sign in where the host cannot show the page (the web host)', () => {
  const handed: Array<string | null> = [];
  /** What the window that asked does with the page it is handed; none: staff leave it open. */
  let onPage: ((url: string) => Promise<void>) | null = null;
  beforeAll(() => {
    webCore.on('setup:signInPage', ({ pageUrl }) => {
      handed.push(pageUrl);
      if (pageUrl && onPage) void onPage(pageUrl);
    });
  });

  it('hands the window the onboarding page to open, and connects when staff allow', async () => {
    onPage = allow;
    const { venueId } = await webCore.api['setup:signIn'](request());
    expect(venueId).toBe(world.sandbox.demo.venueId);
    expect(handed).toHaveLength(1);
    const page = new URL(handed[0]!);
    const onboarding = new URL(request().onboardingUrl);
    expect(`${page.origin}${page.pathname}`).toBe(`${onboarding.origin}${onboarding.pathname}`);
    expect(page.searchParams.get('client_id')).toBe(CLIENT.id);
    // The next sign-in's field is prefilled with the page it used.
    expect((await webCore.api['setup:get']({})).onboardingUrl).toBe(request().onboardingUrl);
  });

  it('ends a sign-in staff cancel while the page is open, saying why', async () => {
    onPage = null;
    const before = handed.length;
    const signIn = webCore.api['setup:signIn'](request()).then(
      () => null,
      (error: unknown) => error,
    );
    await waitFor(() => handed.length > before);
    await webCore.api['setup:cancelSignIn']({});
    const refused = await signIn;
    expect(refused).toBeInstanceOf(ServiceError);
    // As its code, never English words of main's own.
    expect((refused as ServiceError).bridge.refusal).toEqual(refusal('sign-in-cancelled'));
    // Still connected as before: a cancelled sign-in changes nothing.
    expect((await webCore.api['setup:get']({})).configured).toBe(true);
  });
});
