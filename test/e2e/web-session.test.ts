// The web host's session stays with its page: staff open the `ui:` address, then browse to another
// local server (any port of 127.0.0.1 or localhost), which must receive no credential at all.
import http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import type { TestBrowser } from './support';
import { fileChromium, startTestDemo } from './support';

type Seen = { url: string; headers: IncomingHttpHeaders };

let demo: Demo;
let browser: TestBrowser;
let context: BrowserContext;
let other: http.Server;
let otherPort: number;
const seen: Seen[] = [];

beforeAll(async () => {
  other = http.createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>another local server</title><p>hello</p>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherPort = (other.address() as AddressInfo).port;
  demo = await startTestDemo();
  browser = await fileChromium();
  context = await browser.newContext();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await new Promise<void>((resolve) => (other ? other.close(() => resolve()) : resolve()));
});

const openBoard = async (page: Page, url: string): Promise<void> => {
  await page.goto(url);
  await page.getByRole('region', { name: 'New', exact: true }).waitFor();
  // Connected is shown from status:get (a bearer call) and kept by the event stream (a ticket).
  await expect
    .poll(() => page.getByTestId('status-relay').textContent())
    .toBe('Order stream: connected');
};

describe('the web host session in Chromium', () => {
  it('works from the ui: address, leaving no token in the address bar and no cookie', async () => {
    const page = await context.newPage();
    await openBoard(page, demo.webHost!.url);
    expect(page.url()).not.toContain(demo.webHost!.token);
    expect(await context.cookies()).toEqual([]);
    // A reload keeps the session (sessionStorage of this tab and origin).
    await page.reload();
    await page.getByRole('region', { name: 'New', exact: true }).waitFor();
    await expect
      .poll(() => page.getByTestId('status-relay').textContent())
      .toBe('Order stream: connected');
    await page.close();
  });

  it('works as localhost too', async () => {
    const page = await context.newPage();
    const { port } = new URL(demo.webHost!.origin);
    await openBoard(page, `http://localhost:${port}/#session=${demo.webHost!.token}`);
    await page.close();
  });

  it('sends no credential to another local server, on 127.0.0.1 or localhost, and hands it none', async () => {
    const page = await context.newPage();
    await openBoard(page, demo.webHost!.url);
    for (const host of ['127.0.0.1', 'localhost']) {
      await page.goto(`http://${host}:${otherPort}/after-the-ui`);
      await page.getByText('hello').waitFor();
      // The other server's page sees none of the session, and cannot use the host's API.
      expect(await page.evaluate(() => [sessionStorage.length, document.cookie])).toEqual([0, '']);
      const answer = await page.evaluate(async (origin) => {
        try {
          const response = await fetch(`${origin}/api/status:get`, {
            method: 'POST',
            credentials: 'include',
            headers: { 'Content-Type': 'application/json' },
            body: '{}',
          });
          return `status ${response.status}`;
        } catch {
          return 'refused';
        }
      }, demo.webHost!.origin);
      expect(answer).toBe('refused');
    }
    expect(seen.map((request) => request.url)).toContain('/after-the-ui');
    for (const request of seen) {
      expect(request.headers.cookie, request.url).toBeUndefined();
      expect(request.headers.authorization, request.url).toBeUndefined();
      expect(JSON.stringify(request), request.url).not.toContain(demo.webHost!.token);
    }
    expect(await context.cookies()).toEqual([]);
    await page.close();
  });
});
