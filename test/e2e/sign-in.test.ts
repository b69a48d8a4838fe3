// Sign in with the platform in Chromium, by touch at 1024×768, against the sandbox: staff enter
// the partner's details, tap "Sign in with the platform", allow Countertop on the platform's page
// in the tab that opens, and the terminal is connected with no code typed or seen; an order then
// reaches the board. The web host cannot open a tab itself: the page opens it from the tap.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import { startWebHost } from '../../main/web-host/server';
import type { WebHost } from '../../main/web-host/server';
import { RENDERER_DIR } from '../../scripts/start-web';
import { SIGN_IN_CALLBACK_PATH } from '../../shared/sign-in';
import type { World } from '../core/harness';
import { startWorld } from '../core/harness';
import type { TestBrowser } from './support';
import { useChromium } from './support';

let browser: TestBrowser;
useChromium((b) => (browser = b));

describe('sign in with the platform at 1024×768', () => {
  let world: World;
  let core: Core;
  let host: WebHost;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    world = await startWorld();
    core = await world.startCore({ relayWaitSeconds: 25 });
    host = await startWebHost({ core, port: 0, rendererDir: RENDERER_DIR });
    context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
    page = await context.newPage();
    await page.goto(host.url);
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await host?.close();
    await world?.close();
  });

  const fill = async (name: string, value: string): Promise<void> => {
    const field = page.locator(`input[name="${name}"]`);
    await field.tap();
    await field.fill(value);
  };

  it('connects a terminal through the platform’s page in a new tab, with no code typed', async () => {
    const form = page.getByRole('form', { name: 'Connect this terminal to your venue' });
    await form.waitFor();
    const { sandbox } = world;
    await fill('authUrl', sandbox.authUrl);
    await fill('posUrl', sandbox.posUrl);
    await fill('clientId', sandbox.demo.clientId);
    await fill('clientSecret', sandbox.demo.clientSecret);
    await fill(
      'onboardingUrl',
      `${sandbox.controlUrl}/onboarding?client_id=${sandbox.demo.clientId}&venue_id=${sandbox.demo.venueId}`,
    );
    await fill('relayUrl', world.relayUrl);
    await fill('terminalKey', world.terminalKey);

    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      form.getByRole('button', { name: 'Sign in with the platform' }).tap(),
    ]);
    // The platform's page, opened from the tap; the terminal waits for it in staff words.
    await tab.waitForURL((url) => url.pathname.endsWith('/onboarding'), { timeout: 20_000 });
    await form.getByRole('status').getByText('Waiting for the platform').waitFor();
    await tab.getByRole('button', { name: 'Allow' }).click();
    // Back on this machine's listener, which took the code: staff are told to go back.
    await tab.waitForURL((url) => url.pathname === SIGN_IN_CALLBACK_PATH);
    await tab.getByText('Signed in').waitFor();

    await page.getByRole('region', { name: 'New', exact: true }).waitFor({ timeout: 20_000 });
    const setup = await core.api['setup:get']({});
    expect(setup.configured).toBe(true);
    expect(setup.venueId).toBe(sandbox.demo.venueId);
    expect(new URL(setup.redirectUri!).pathname).toBe(SIGN_IN_CALLBACK_PATH);

    const order = await world.placeOrder();
    await page
      .getByRole('region', { name: 'New', exact: true })
      .getByText(`#${order.order_number}`, { exact: false })
      .first()
      .waitFor({ timeout: 15_000 });
  });
});
