// A POS clock that is off: the platform's clock is moved 10 minutes ahead of this machine's, and
// the board says so within one reconcile.
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import type { TestBrowser } from './support';
import { controlCall, ensureOutputDir, useDemo } from './support';

let demo: Demo;
let browser: TestBrowser;

// A reconcile every 2 s (production: a minute): the platform's clock is read from its answers.
useDemo((s) => ({ demo, browser } = s), { core: { reconcileIntervalMs: 2_000 } });

it('warns staff in Chromium when this machine’s clock is 10 minutes behind the platform’s', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(demo.webHost!.url);
  await page.getByRole('region', { name: 'New', exact: true }).waitFor();
  expect(await page.getByTestId('clock-skew').count()).toBe(0);

  await controlCall(demo.sandbox.controlUrl, 'POST', '/clock', { advance_seconds: 600 });
  const warning = page.getByTestId('clock-skew');
  await warning.waitFor({ timeout: 15_000 });
  expect(await warning.getAttribute('role')).toBe('alert');
  expect(await warning.textContent()).toMatch(/clock is 10 min behind the platform’s/);
  await page.screenshot({ path: path.join(ensureOutputDir(), 'clock-skew.png') });
  await page.close();
});
