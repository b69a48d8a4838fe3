// Printing through the whole core: the orders slice's hooks make the jobs (kitchen ticket on
// accept, by staff or by auto-accept, and on a pre-order's confirm; the ready prints; the ticket on arrival), the virtual
// ESC/POS printer prints them over a real socket, and a restart with jobs waiting prints each once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import { printSettingsSchema } from '../../shared/ipc/contract';
import type { VirtualPrinter } from '../../sandbox/escpos-printer';
import { startVirtualPrinter } from '../../sandbox/escpos-printer';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

let world: World;
let core: Core;
let printer: VirtualPrinter;
const fast = { printing: { pollWaitingMs: 100, pollIdleMs: 500 } };

beforeEach(async () => {
  world = await startWorld();
  printer = await startVirtualPrinter();
  core = await world.startCore(fast);
  await world.connect(core);
  await core.api['print:configure']({
    printers: [
      {
        id: 'counter',
        name: 'Counter',
        connection: { kind: 'network', host: printer.host, port: printer.port },
        paperWidth: 80,
        documents: ['kitchen-ticket', 'pickup-label', 'receipt'],
      },
    ],
    kitchenTicket: 'accept',
    onReady: 'both',
  });
});
afterEach(async () => {
  await world.close();
  await printer.close();
});

const titles = (): string[] =>
  printer.documents.map((d) => d.lines.find((l) => l.text.trim())?.text.trim() ?? '');
const numberOf = (index: number): string | undefined =>
  printer.documents[index]?.lines.find((l) => l.width === 3)?.text.trim();
const stored = (id: string) =>
  waitFor('order stored', async () => (await core.api['orders:list']({})).find((o) => o.id === id));

describe('printing in the core', () => {
  it("prints the kitchen ticket in the kitchen's language, set apart from the screen's", async () => {
    const settings = await core.api['print:configure']({ kitchenLanguage: 'fi' });
    expect(settings.settings.kitchenLanguage).toBe('fi');
    // The IPC boundary refuses a language the terminal does not speak.
    expect(printSettingsSchema.safeParse({ kitchenLanguage: 'xx' }).success).toBe(false);
    const placed = await world.placeOrder({ type: 'takeaway' });
    await stored(placed.id);
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: 20 });
    await printer.waitForDocuments(1);
    expect(titles()).toEqual(['KEITTIÖ']);
    expect(printer.documents[0]!.lines.map((l) => l.text.trim())).toContain('NOUTO');
    expect((await core.api['print:get']({})).settings.kitchenLanguage).toBe('fi');
  });

  it("follows the screen's language until staff choose the kitchen's own", async () => {
    // Nothing told yet: English, whatever the computer's locale (CI may run under another LANG).
    expect((await core.api['print:get']({})).settings.kitchenLanguage).toBe('en');
    const told: string[] = [];
    const stop = core.on('print:changed', (state) => told.push(state.settings.kitchenLanguage));
    await core.api['language:set']({ language: 'fi' });
    expect((await core.api['print:get']({})).settings.kitchenLanguage).toBe('fi');
    await waitFor('the screen told', async () => told.includes('fi') || undefined);
    // Saving other print settings does not pin the language that was only followed.
    await core.api['print:configure']({ onReady: 'receipt' });
    await core.api['language:set']({ language: 'de' });
    expect((await core.api['print:get']({})).settings.kitchenLanguage).toBe('de');
    const placed = await world.placeOrder({ type: 'takeaway' });
    await stored(placed.id);
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: 20 });
    await printer.waitForDocuments(1);
    expect(titles()).toEqual(['KÜCHE']);
    // Chosen once, the kitchen keeps its language whatever the screen switches to.
    await core.api['print:configure']({ kitchenLanguage: 'sv' });
    await core.api['language:set']({ language: 'fi' });
    expect((await core.api['print:get']({})).settings.kitchenLanguage).toBe('sv');
    stop();
  });

  it('prints the kitchen ticket on accept and the label and receipt on ready, once each', async () => {
    const placed = await world.placeOrder({ type: 'takeaway' });
    await stored(placed.id);
    expect(printer.documents).toHaveLength(0);
    const { actionId } = await core.api['orders:accept']({
      orderId: placed.id,
      preparationMinutes: 20,
    });
    await printer.waitForDocuments(1);
    expect(titles()).toEqual(['KITCHEN']);
    expect(numberOf(0)).toBe(`#${placed.order_number}`);
    const state = await core.api['print:get']({});
    expect(state.jobs).toMatchObject([
      { document: 'kitchen-ticket', origin: 'auto', orderId: placed.id },
    ]);
    expect(actionId).toMatch(/[0-9a-f-]{36}/);
    await waitFor(
      'accepted',
      async () => (await world.sandboxOrder(placed.id)).status === 'PRODUCTION',
    );
    await core.api['orders:ready']({ orderId: placed.id });
    await printer.waitForDocuments(3);
    expect(titles()).toEqual(['KITCHEN', 'PICKUP', expect.any(String)]);
    // The receipt starts with the venue's name, then the RECEIPT heading, and carries the total.
    expect(printer.documents[2]?.lines.map((l) => l.text.trim())).toContain('RECEIPT');
    await waitFor('all printed', async () =>
      (await core.api['print:get']({})).jobs.every((j) => j.state === 'printed'),
    );
    expect(printer.documents).toHaveLength(3);
  });

  it('prints the kitchen ticket when staff confirm a pre-order (its accept), once', async () => {
    const at = new Date(Date.now() + 3 * 3600_000).toISOString();
    const placed = await world.placeOrder({ type: 'takeaway', preorder_time: at });
    await stored(placed.id);
    expect(printer.documents).toHaveLength(0);
    await core.api['orders:confirmPreorder']({ orderId: placed.id });
    await printer.waitForDocuments(1);
    expect(titles()).toEqual(['KITCHEN']);
    expect(numberOf(0)).toBe(`#${placed.order_number}`);
    await waitFor(
      'confirmed',
      async () => (await world.sandboxOrder(placed.id)).pre_order_status === 'confirmed',
    );
    expect((await core.api['print:get']({})).jobs).toHaveLength(1);
  });

  it('prints a pre-order ticket when the platform moves it into preparation, if set so', async () => {
    await core.api['print:configure']({ preorderTicket: 'production' });
    const at = new Date(world.now().getTime() + 3600_000).toISOString();
    const placed = await world.placeOrder({ type: 'takeaway', preorder_time: at });
    await stored(placed.id);
    await core.api['orders:confirmPreorder']({ orderId: placed.id });
    await waitFor(
      'confirmed',
      async () => (await world.sandboxOrder(placed.id)).pre_order_status === 'confirmed',
    );
    await waitFor('confirm settled', async () =>
      (await core.api['outbox:list']({})).every((e) => e.state === 'done'),
    );
    // Confirmed: nothing printed yet, the kitchen starts it later.
    expect((await core.api['print:get']({})).jobs).toEqual([]);
    await world.advance(3600);
    await waitFor(
      'moved into preparation',
      async () =>
        (await core.api['orders:list']({})).find((o) => o.id === placed.id)?.platformStatus ===
        'PRODUCTION',
    );
    await printer.waitForDocuments(1);
    expect(titles()).toEqual(['KITCHEN']);
    expect(numberOf(0)).toBe(`#${placed.order_number}`);
    expect((await core.api['print:get']({})).jobs).toHaveLength(1);
  });

  it('prints the time staff chose on the kitchen ticket, not the original estimate', async () => {
    const placed = await world.placeOrder({ type: 'takeaway' });
    const order = await stored(placed.id);
    const clock = (iso: string) =>
      new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    const before = Date.now();
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: 25 });
    const after = Date.now();
    await printer.waitForDocuments(1);
    const lines = printer.documents[0]?.lines.map((l) => l.text.trim()) ?? [];
    const pickup = lines.find((l) => l.startsWith('Pickup')) ?? '';
    // The time asked for (marked "(asked)" if it printed before the platform's answer).
    const chosen = new Set([
      clock(new Date(before + 25 * 60_000).toISOString()),
      clock(new Date(after + 25 * 60_000).toISOString()),
    ]);
    expect([...chosen].some((time) => pickup.startsWith(`Pickup ${time}`))).toBe(true);
    expect(pickup).not.toBe(`Pickup ${clock(order.pickupEta ?? '')}`);
  });

  it("auto-accept prints the ticket; 'new-order' prints it on arrival instead", async () => {
    await core.api['orders:configure']({ autoAccept: true, autoAcceptMaxItems: 100 });
    const auto = await world.placeOrder({ type: 'takeaway' });
    await printer.waitForDocuments(1);
    expect(numberOf(0)).toBe(`#${auto.order_number}`);
    await core.api['orders:configure']({ autoAccept: false });
    await core.api['print:configure']({ kitchenTicket: 'new-order' });
    const placed = await world.placeOrder({ type: 'takeaway' });
    await printer.waitForDocuments(2);
    expect(numberOf(1)).toBe(`#${placed.order_number}`);
    // Accepting it then prints nothing more.
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: null });
    await waitFor(
      'accepted',
      async () => (await world.sandboxOrder(placed.id)).status === 'PRODUCTION',
    );
    const jobs = (await core.api['print:get']({})).jobs;
    expect(jobs.filter((j) => j.orderId === placed.id)).toHaveLength(1);
    expect(printer.documents).toHaveLength(2);
  });

  it('jobs waiting for an unplugged printer print once after a restart', async () => {
    await printer.unplug();
    const a = await world.placeOrder({ type: 'takeaway' });
    const b = await world.placeOrder({ type: 'homedelivery' });
    await stored(a.id);
    await stored(b.id);
    await core.api['orders:accept']({ orderId: a.id, preparationMinutes: null });
    await core.api['orders:accept']({ orderId: b.id, preparationMinutes: null });
    await waitFor('both waiting, printer offline', async () => {
      const state = await core.api['print:get']({});
      return (
        state.printers[0]?.state === 'offline' &&
        state.jobs.filter((j) => j.state === 'waiting').length === 2
      );
    });
    const alarms = await core.api['audit:list']({ limit: 100 });
    expect(alarms.filter((e) => e.action === 'print' && e.outcome === 'waiting')).toHaveLength(2);
    await core.close();
    await printer.plugIn();
    core = await world.startCore(fast);
    await printer.waitForDocuments(2);
    await waitFor('printed', async () =>
      (await core.api['print:get']({})).jobs.every((j) => j.state === 'printed'),
    );
    expect([numberOf(0), numberOf(1)]).toEqual([`#${a.order_number}`, `#${b.order_number}`]);
    expect(printer.documents).toHaveLength(2);
  });
});
