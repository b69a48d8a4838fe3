// Courier delivery end to end: Chromium on the web host, the demo's sandbox (delivery service),
// relay and core. Staff book a courier from the counter, watch it to delivered, and cancel another.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { controlCall, ensureOutputDir, eventually, useDemoPage } from './support';

let demo: Demo;
let page: Page;

const card = (orderNumber: string) =>
  page.getByRole('article', { name: `Delivery #${orderNumber}` });
const status = (orderNumber: string) => card(orderNumber).getByTestId('delivery-status');

const driveControl = <T>(method: string, pathname: string, body?: unknown): Promise<T> =>
  controlCall<T>(`${demo.sandbox.controlUrl}/drive`, method, pathname, body);

/** The platform reference of a booking, once the platform accepted it. */
const referenceOf = (orderNumber: string) =>
  eventually(
    async () =>
      (await demo.core.api['delivery:list']({})).find((d) => d.orderNumber === orderNumber)
        ?.reference ?? null,
    (reference) => reference !== null,
  ) as Promise<string>;

const bookCourier = async (orderNumber: string, options: { handshake?: boolean } = {}) => {
  // From the counter: the top bar's button, whatever view is open.
  await page.getByRole('banner').getByRole('button', { name: 'Book courier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book courier' });
  await dialog.getByLabel('Street and number').fill('Mannerheimintie 10 B 4');
  await dialog.getByLabel('Post code').fill('00100');
  await dialog.getByLabel('City').fill('Helsinki');
  await dialog.getByRole('button', { name: 'Get price and time' }).click();
  const quote = dialog.getByTestId('courier-quote');
  await quote.waitFor();
  expect(await quote.textContent()).toContain('Binding offer');
  expect(await quote.textContent()).toMatch(/Price €\d/);
  await dialog.getByLabel('Name').fill('Grace Hopper');
  await dialog.getByLabel('Phone').fill('+358401234567');
  await dialog.getByLabel('What is in it').fill('Pizza box');
  await dialog.getByLabel('Order number').fill(orderNumber);
  if (options.handshake) await dialog.getByRole('checkbox', { name: /PIN/ }).check();
  await dialog.getByRole('button', { name: 'Book courier now' }).click();
  await dialog.waitFor({ state: 'detached' });
  await card(orderNumber).waitFor();
  await eventually(
    () => status(orderNumber).textContent(),
    (text) => text === 'Waiting for a courier',
  );
  return referenceOf(orderNumber);
};

useDemoPage({ width: 1600, height: 1000 }, (s) => ({ demo, page } = s));

describe('courier delivery at the counter (web host, Chromium, real sandbox and relay)', () => {
  it('the demo set courier delivery up with no typing', async () => {
    await page.getByRole('button', { name: 'Couriers' }).click();
    await expect
      .poll(() => page.getByTestId('courier-webhook').textContent())
      .toBe('Courier updates: connected');
  });

  it('books a courier from a binding promise and follows it to delivered', async () => {
    const reference = await bookCourier('E1', { handshake: true });
    const link = card('E1').getByRole('link', { name: 'Tracking page' });
    expect(await link.getAttribute('href')).toMatch(/\/tracking\//);
    const platform = await driveControl<{ handshake: { pin_code: number } }>(
      'GET',
      `/deliveries/${reference}`,
    );
    await card('E1').getByText(`Handshake PIN ${platform.handshake.pin_code}`).waitFor();

    await driveControl('POST', `/deliveries/${reference}/advance`, { to: 'pickup_started' });
    await eventually(
      () => status('E1').textContent(),
      (text) => text === 'Courier on the way here',
    );
    expect(await card('E1').getByTestId('delivery-eta').textContent()).toMatch(
      /^Courier here \d\d:\d\d$/,
    );

    await driveControl('POST', `/deliveries/${reference}/advance`, { to: 'dropoff_started' });
    await eventually(
      () => status('E1').textContent(),
      (text) => text === 'On the way to the customer',
    );
    // The drop-off estimate comes with a later event than the status: wait for it.
    await eventually(
      () => card('E1').getByTestId('delivery-eta').textContent(),
      (text) => /^At the customer \d\d:\d\d/.test(text ?? ''),
    );

    await driveControl('POST', `/deliveries/${reference}/advance`, { to: 'delivered' });
    await eventually(
      () => status('E1').textContent(),
      (text) => text === 'Delivered',
    );
    expect(await card('E1').getByTestId('delivery-eta').textContent()).toMatch(
      /^Delivered \d\d:\d\d$/,
    );
    expect(await card('E1').getByRole('button', { name: 'Cancel delivery' }).count()).toBe(0);
    // Every event the service sent for it was taken on its first try: the relay accepts the
    // service's own token shape, and no event was refused and resent.
    type Sent = { type: string; attempts: number; delivered: boolean };
    const sent = await eventually(
      () => driveControl<Sent[]>('GET', `/events?platform_order_reference_id=${reference}`),
      // Settled: each event taken, or tried more than once.
      (list) => list.every((e) => e.delivered || e.attempts > 1),
    );
    expect(sent.map((e) => e.type)).toContain('order.delivered');
    expect(sent.filter((e) => e.attempts !== 1 || !e.delivered)).toEqual([]);
    await page.screenshot({ path: path.join(ensureOutputDir(), 'couriers.png') });
  });

  it('cancels another courier while that is allowed', async () => {
    const reference = await bookCourier('E2');
    await card('E2').getByRole('button', { name: 'Cancel delivery' }).click();
    await card('E2').getByLabel('Reason').fill('Customer cancelled by phone');
    await card('E2').getByRole('button', { name: 'Cancel the courier' }).click();
    await eventually(
      () => status('E2').textContent(),
      (text) => text === 'Cancelled',
    );
    const platform = await driveControl<{ status: string }>('GET', `/deliveries/${reference}`);
    expect(platform.status).toBe('REJECTED');
  });

  it("shows the platform's reason when the courier is already on the way", async () => {
    const reference = await bookCourier('E3');
    await driveControl('POST', `/deliveries/${reference}/advance`, { to: 'pickup_started' });
    await eventually(
      () => status('E3').textContent(),
      (text) => text === 'Courier on the way here',
    );
    await card('E3').getByRole('button', { name: 'Cancel delivery' }).click();
    await card('E3').getByRole('button', { name: 'Cancel the courier' }).click();
    const alert = card('E3').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The platform refused to cancel');
    expect(await status('E3').textContent()).toBe('Courier on the way here');
  });
});
