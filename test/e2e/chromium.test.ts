// The browser the end-to-end tests and the UI benchmarks drive: only the page under test runs in
// it, so what they measure is the app's, not the browser's own UI.
import { describe, expect, it } from 'vitest';
import type { TestBrowser } from './support';
import { useChromium } from './support';

let browser: TestBrowser;

useChromium((b) => (browser = b));

describe('the test browser', () => {
  it('opens a page without pre-rendering its own address-bar popup beside it', async () => {
    const page = await browser.newPage();
    await page.goto('data:text/html,<p>the page</p>');
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send('Target.getTargets')) as {
      targetInfos: { type: string; url: string }[];
    };
    const urls = targetInfos.map((target) => target.url);
    expect(urls).toContain('data:text/html,<p>the page</p>');
    expect(urls.filter((url) => url.startsWith('chrome://'))).toEqual([]);
    await page.close();
  });
});
