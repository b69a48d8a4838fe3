// The setup screens by touch in Chromium, at the two counter screens we support (1280×800 and
// 1024×768): a first connect refused by a failing check in staff words and then made with the
// same code, Change connection to another relay, the relay's operator revoking the terminal's key
// (learnt at once, said in staff words, a new key entered from the alarm's button), and
// Disconnect, which leaves no venue secret in the keychain and no order in the database.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import { SECRET_NAMES } from '../../main/secrets/secret-store';
import { startWebHost } from '../../main/web-host/server';
import type { WebHost } from '../../main/web-host/server';
import type { Relay } from '../../relay/server';
import { startRelay } from '../../relay/server';
import { createTerminal, revokeTerminal } from '../../relay/terminals';
import { RENDERER_DIR } from '../../scripts/start-web';
import type { World } from '../core/harness';
import { startWorld } from '../core/harness';
import type { TestBrowser } from './support';
import { useChromium } from './support';

let browser: TestBrowser;
useChromium((b) => (browser = b));

/** What no staff screen may show: an address, a status code, a raw error. */
const RAW = /https?:\/\/|127\.0\.0\.1|\b[45]\d\d\b|Error:|ECONN|at .+\.ts:/;

/** The tapped control is where a finger can reach it: on screen, not under another element. */
const tap = async (target: Locator): Promise<void> => {
  await target.tap();
};

const expectNoSideScroll = async (page: Page): Promise<void> => {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
};

const inViewport = async (page: Page, target: Locator): Promise<void> => {
  const box = await target.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'the element is laid out').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
};

describe.each([
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
])('setup by touch at $width×$height', (viewport) => {
  let world: World;
  let core: Core;
  let host: WebHost;
  let page: Page;
  let second: Relay | null = null;
  const secondDb = (): string => join(world.dir, 'relay-2.db');

  beforeAll(async () => {
    world = await startWorld();
    core = await world.startCore({ relayWaitSeconds: 25 });
    host = await startWebHost({ core, port: 0, rendererDir: RENDERER_DIR });
    const context = await browser.newContext({ viewport, hasTouch: true });
    page = await context.newPage();
    await page.goto(host.url);
  }, 60_000);
  afterAll(async () => {
    await page?.context().close();
    await host?.close();
    await second?.close();
    await world?.close();
  });

  const field = (name: string): Locator => page.locator(`input[name="${name}"]`);
  const fill = async (name: string, value: string): Promise<void> => {
    await tap(field(name));
    await field(name).fill(value);
  };
  const statusRelay = (): Promise<string | null> => page.getByTestId('status-relay').textContent();
  const waitStatus = async (text: string): Promise<void> => {
    await expect.poll(statusRelay, { timeout: 15_000 }).toBe(`Order stream: ${text}`);
  };
  const orderOnBoard = async (): Promise<void> => {
    const order = await world.placeOrder();
    await tap(page.getByRole('button', { name: 'Orders', exact: false }).first());
    await page
      .getByRole('region', { name: 'New', exact: true })
      .getByText(`#${order.order_number}`, { exact: false })
      .first()
      .waitFor({ timeout: 15_000 });
  };
  const openConnection = async (): Promise<Locator> => {
    await tap(page.getByRole('button', { name: 'Venue', exact: true }));
    const section = page.getByRole('region', { name: 'Connection' });
    await section.waitFor();
    return section;
  };

  it('first connect: a wrong key is refused in staff words, and the same code then connects', async () => {
    const form = page.getByRole('form', { name: 'Connect this terminal to your venue' });
    await form.waitFor();
    await expectNoSideScroll(page);
    await fill('authUrl', world.sandbox.authUrl);
    await fill('posUrl', world.sandbox.posUrl);
    await fill('clientId', world.sandbox.demo.clientId);
    await fill('clientSecret', world.sandbox.demo.clientSecret);
    await fill('code', await world.mintCode());
    await fill('redirectUri', world.sandbox.demo.redirectUri);
    await fill('relayUrl', world.relayUrl);
    await fill('terminalKey', 'a-key-this-relay-never-made');
    await tap(page.getByRole('button', { name: 'Connect venue' }));

    const keyError = page.locator('#terminalKey-error');
    await keyError.waitFor();
    expect(await keyError.textContent()).toMatch(/does not accept this terminal key/);
    expect(await field('terminalKey').getAttribute('aria-invalid')).toBe('true');
    const refusal = form.getByRole('alert');
    expect(await refusal.textContent()).toMatch(/authorization code still works/);
    await inViewport(page, refusal);
    // The hints' example addresses aside, what the refusal says is in staff words.
    expect(`${await keyError.textContent()} ${await refusal.textContent()}`).not.toMatch(RAW);
    expect((await core.api['setup:get']({})).configured).toBe(false);

    await fill('terminalKey', world.terminalKey);
    await tap(page.getByRole('button', { name: 'Connect venue' }));
    await page.getByRole('region', { name: 'New', exact: true }).waitFor({ timeout: 20_000 });
    await waitStatus('connected');
    await expectNoSideScroll(page);
    await orderOnBoard();
  });

  it('Change connection moves the terminal to another relay without a new code', async () => {
    second = await startRelay({
      dbPath: secondDb(),
      marketplaceSecrets: [world.sandbox.webhookSecret],
      maxWaitSeconds: 25,
    });
    const key = createTerminal(secondDb(), [world.sandbox.demo.venueId]).key;
    const section = await openConnection();
    await expectNoSideScroll(page);
    await fill('connection-relayUrl', second.url);
    await fill('connection-terminalKey', 'not-a-key-of-the-new-relay');
    await tap(section.getByRole('button', { name: 'Change connection' }));
    const keyError = page.locator('#connection-terminalKey-error');
    await keyError.waitFor();
    expect(await keyError.textContent()).toMatch(/does not accept this terminal key/);
    expect(await keyError.textContent()).not.toMatch(RAW);
    expect((await core.api['setup:get']({})).relayUrl).toBe(world.relayUrl);

    await fill('connection-terminalKey', key);
    await tap(section.getByRole('button', { name: 'Change connection' }));
    await section.getByText('Connection changed').waitFor();
    await world.control('POST', '/webhook', { url: `${second.url}/hooks/marketplace` });
    await waitStatus('connected');
    await orderOnBoard();
  });

  it('a key revoked at the relay is shown at once in staff words, and a new key is entered from the alarm', async () => {
    const revoked = createTerminal(secondDb(), [world.sandbox.demo.venueId]);
    const section = await openConnection();
    await fill('connection-terminalKey', revoked.key);
    await tap(section.getByRole('button', { name: 'Change connection' }));
    await section.getByText('Connection changed').waitFor();
    await waitStatus('connected');
    await tap(page.getByRole('button', { name: 'Orders', exact: false }).first());

    expect(revokeTerminal(secondDb(), revoked.id)).toBe(true);
    // Long polls are held 25 s: the alarm comes from the relay ending the held poll, not its end.
    const alarm = page.getByTestId('stream-alarm');
    await alarm.getByText(/access to the order stream was withdrawn/).waitFor({ timeout: 15_000 });
    expect(await alarm.getAttribute('role')).toBe('alert');
    expect(await alarm.innerText()).not.toMatch(RAW);
    expect(await statusRelay()).toBe('Order stream: access withdrawn');
    expect(await world.secrets.get('terminal-key')).toBeNull();

    await tap(alarm.getByRole('button', { name: 'Enter a new key' }));
    const key = field('connection-terminalKey');
    await expect.poll(() => key.evaluate((input) => input === document.activeElement)).toBe(true);
    await inViewport(page, key);
    const again = page.getByRole('region', { name: 'Connection' });
    expect(await again.innerText()).toMatch(/no longer accepts this terminal’s key/);
    const replacement = createTerminal(secondDb(), [world.sandbox.demo.venueId]).key;
    await key.fill(replacement);
    await tap(again.getByRole('button', { name: 'Change connection' }));
    await again.getByText('Connection changed').waitFor();
    await waitStatus('connected');
    await alarm.waitFor({ state: 'detached' });
    await orderOnBoard();
  });

  it('Disconnect leaves no venue secret in the keychain and no order in the database', async () => {
    const section = await openConnection();
    await tap(section.getByRole('button', { name: 'Disconnect this terminal…' }));
    const confirm = page.getByRole('form', { name: 'Disconnect this terminal' });
    await confirm.waitFor();
    await expectNoSideScroll(page);
    await tap(confirm.getByRole('button', { name: 'Disconnect now' }));
    await page.getByRole('form', { name: 'Connect this terminal to your venue' }).waitFor();
    expect((await core.api['setup:get']({})).configured).toBe(false);
    for (const name of SECRET_NAMES) expect(await world.secrets.get(name), name).toBeNull();
    const dbPath = join(world.dir, 'core', 'countertop.db');
    expect(existsSync(dbPath)).toBe(true);
    const db = new BetterSqlite3(dbPath, { readonly: true });
    try {
      expect(db.prepare('SELECT COUNT(*) AS n FROM orders').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});
