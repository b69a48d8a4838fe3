// The courier form end to end: Chromium on the web host, the demo's sandbox (delivery service),
// relay and core. Before a phone order staff ask whether an address can be delivered to (inside
// and outside the area), book a walk-in's courier without an order number, and follow the
// courier's distance on the card until the sandbox carries it to "Delivered".
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import path from 'node:path';
import { controlCall, ensureOutputDir, eventually, useDemoPage } from './support';

let demo: Demo;
let page: Page;

const WALK_IN = 'Walk-in guest';
const card = () => page.getByRole('article', { name: `Delivery to ${WALK_IN}` });
const status = () => card().getByTestId('delivery-status');
const whereabouts = () => card().getByTestId('courier-whereabouts');

const driveControl = <T>(method: string, pathname: string, body?: unknown): Promise<T> =>
  controlCall<T>(`${demo.sandbox.controlUrl}/drive`, method, pathname, body);
const advance = (reference: string, to: string) =>
  driveControl('POST', `/deliveries/${reference}/advance`, { to });

useDemoPage({ width: 1280, height: 800 }, (s) => ({ demo, page } = s));

describe('the courier form at the counter (web host, Chromium, real sandbox and relay)', () => {
  it('answers "can we deliver there?" inside and outside the area', async () => {
    await page.getByRole('button', { name: 'Couriers' }).click();
    const check = page.getByRole('form', { name: 'Can we deliver there?' });
    await check.getByLabel('Street and number').fill('Hämeenkatu 1');
    await check.getByLabel('Post code').fill('33100');
    await check.getByLabel('City').fill('Tampere');
    await check.getByRole('button', { name: 'Check address' }).click();
    const answer = page.getByTestId('area-answer');
    await answer.waitFor();
    expect(await answer.textContent()).toBe(
      'No. This address is outside the courier delivery area.',
    );

    await check.getByLabel('Street and number').fill('Mannerheimintie 10 B 4');
    await check.getByLabel('Post code').fill('00100');
    await check.getByLabel('City').fill('Helsinki');
    await check.getByRole('button', { name: 'Check address' }).click();
    await eventually(
      () => answer.textContent(),
      (text) => (text ?? '').startsWith('Yes, couriers deliver to Mannerheimintie 10 B 4'),
    );
    expect(await answer.textContent()).toMatch(/About €\d+[.,]\d\d, about \d+ min/);
  });

  it('books a walk-in without an order number and follows the courier, by distance, to delivered', async () => {
    // On from the "yes": the form starts with the address just checked.
    await page
      .getByTestId('area-answer')
      .getByRole('button', { name: 'Book courier to this address' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Book courier' });
    expect(await dialog.getByLabel('Street and number').inputValue()).toBe(
      'Mannerheimintie 10 B 4',
    );
    await dialog.getByLabel('Ready in (minutes)').fill('10');
    await dialog.getByRole('button', { name: 'Get price and time' }).click();
    const quote = dialog.getByTestId('courier-quote');
    await quote.waitFor();
    expect(await quote.textContent()).toContain('ready in 10 min');
    await dialog.getByLabel('Name', { exact: true }).fill(WALK_IN);
    await dialog.getByLabel('Phone', { exact: true }).fill('+358 40 123 4567');
    await dialog.getByLabel('What is in it').fill('Bag of pastries');
    await dialog.getByLabel(/Note for the courier at the door/).fill('Ring twice');
    await page.screenshot({ path: path.join(ensureOutputDir(), 'courier-form.png') });
    expect(await dialog.getByLabel(/Order number/).inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Book courier now' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card().waitFor();
    await eventually(
      () => status().textContent(),
      (text) => text === 'Waiting for a courier',
    );
    const booked = (await demo.core.api['delivery:list']({})).find(
      (d) => d.recipientName === WALK_IN,
    );
    expect(booked?.orderNumber).toBeNull();
    const reference = booked?.reference as string;
    const platform = await driveControl<{
      order_number: string | null;
      dropoff: { comment: string };
    }>('GET', `/deliveries/${reference}`);
    expect(platform.order_number).toBeNull();
    expect(platform.dropoff.comment).toBe('Ring twice');

    // The sandbox's courier sets out about 2 km from the venue, by bicycle.
    await advance(reference, 'pickup_started');
    await eventually(
      () => whereabouts().textContent(),
      (text) => /^Courier \d\.\d km from here, by bike$/.test(text ?? ''),
    );
    const far = await whereabouts().textContent();
    await page.screenshot({ path: path.join(ensureOutputDir(), 'courier-whereabouts.png') });
    expect(far).toMatch(/Courier (1\.9|2\.0|2\.1) km from here, by bike/);

    await advance(reference, 'pickup_arrival');
    await eventually(
      () => whereabouts().textContent(),
      (text) => text === 'Courier here, by bike',
    );

    await advance(reference, 'dropoff_started');
    await eventually(
      () => whereabouts().textContent(),
      (text) => / from the customer, by bike$/.test(text ?? ''),
    );
    // No coordinate, id or ISO time on the card.
    const shown = (await card().textContent()) ?? '';
    expect(shown).not.toMatch(/\d{2}\.\d{4}|\d{4}-\d\d-\d\dT|ord_|trk_/);

    await advance(reference, 'delivered');
    await eventually(
      () => status().textContent(),
      (text) => text === 'Delivered',
    );
    expect(await whereabouts().count()).toBe(0);

    // Every event reached the relay on its first try.
    const sent = await driveControl<Array<{ attempts: number; delivered: boolean }>>(
      'GET',
      `/events?platform_order_reference_id=${reference}`,
    );
    expect(sent.length).toBeGreaterThan(5);
    for (const event of sent) expect(event).toMatchObject({ attempts: 1, delivered: true });
  });
});
