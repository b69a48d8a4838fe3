// The first tap of a shift, and of every reload, does what it touches: the browser's sound unlock
// must not eat it.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { en } from '../../renderer/i18n/en';
import type { control } from './support';
import type { TestBrowser } from './support';
import { useDemo } from './support';

let demo: Demo;
let browser: TestBrowser;
let context: BrowserContext;
let sandbox: ReturnType<typeof control>;

useDemo(async (s) => {
  ({ demo, browser, sandbox } = s);
  context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  // A browser keeps audio suspended until the page's first gesture (a counter's kiosk browser
  // does, each load); headless Chromium lets it play at once, so the lock is played here: every
  // AudioContext stays suspended until resume() is called.
  await context.addInitScript(() => {
    const Real = window.AudioContext;
    class Locked extends Real {
      private locked = true;
      override get state(): AudioContextState {
        return this.locked ? 'suspended' : super.state;
      }
      override resume(): Promise<void> {
        this.locked = false;
        return super.resume();
      }
    }
    window.AudioContext = Locked;
  });
});

const acceptButton = (page: Page, orderNumber: string) =>
  page
    .getByRole('article', { name: `Order #${orderNumber}` })
    .getByRole('button', { name: en.actions.kinds.accept, exact: true });

/** The one tap under test, then whether Accept's dialog opened (it opens at once or never). */
const firstTapOpensDialog = async (page: Page, orderNumber: string): Promise<boolean> => {
  const button = acceptButton(page, orderNumber);
  await button.waitFor();
  // The sound is locked: the page tells staff so, and the tap under test is the first gesture.
  await page.getByTestId('sound-banner').waitFor();
  // Near its lower edge: a finger lands anywhere on a button, and anywhere must work. Pressed
  // and released as a mouse, as most counter touchscreens report a tap: the click goes where
  // press and release both were.
  const box = await button.boundingBox();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height - 6);
  const dialog = page.getByRole('dialog', { name: en.accept.title(orderNumber) });
  // The click is dispatched before click() returns; a dialog it opened renders in the next
  // frame. Two frames later it is there or the tap was lost.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  return dialog.isVisible();
};

describe('the first tap after the page loads (Chromium, sound locked until a gesture)', () => {
  it('opens Accept on the first tap, on first load and after a reload', async () => {
    const placed = await sandbox.placeOrder('takeaway');
    const page = await context.newPage();
    await page.goto(demo.webHost!.url);
    expect(await firstTapOpensDialog(page, placed.order_number)).toBe(true);
    // That tap turned the sound on: its notice is gone.
    await page.getByTestId('sound-banner').waitFor({ state: 'detached' });

    await page.reload();
    expect(await firstTapOpensDialog(page, placed.order_number)).toBe(true);
    await page.close();
  });
});
