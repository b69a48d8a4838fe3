// The day summary printed per venue on a terminal of two venues, against the real sandbox and
// relay and the virtual ESC/POS printer over a socket: the venue picked in history prints that
// venue's day under its name, none picked prints every venue's together with each venue's own
// orders, as the screen shows them. What is checked is what the printer decoded.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { PrintedDocument, VirtualPrinter } from '../../sandbox/escpos-printer';
import { startVirtualPrinter } from '../../sandbox/escpos-printer';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

const BOWLS = 'kamppi-bowls';

let world: World;
let core: Core;
let printer: VirtualPrinter;

beforeEach(async () => {
  world = await startWorld({ venues: [{ id: BOWLS, name: 'Kamppi Bowls' }] });
  printer = await startVirtualPrinter();
  core = await world.startCore({ printing: { pollWaitingMs: 100, pollIdleMs: 500 } });
  await world.connect(core);
  await world.addVenue(core, BOWLS);
  await core.api['print:configure']({
    printers: [
      {
        id: 'office',
        name: 'Office',
        connection: { kind: 'network', host: printer.host, port: printer.port },
        paperWidth: 80,
        documents: ['day-summary'],
      },
    ],
  });
}, 60_000);
afterEach(async () => {
  await world.close();
  await printer.close();
});

const text = (doc: PrintedDocument | undefined): string[] =>
  (doc?.lines ?? []).map((l) => l.text.trim()).filter(Boolean);
/** The value printed on a two-column line whose left side is `label`. */
const valueOf = (doc: PrintedDocument | undefined, label: string): string | undefined =>
  text(doc)
    .find((line) => line.startsWith(label))
    ?.slice(label.length)
    .trim();

describe('the day summary printed on a terminal of two venues', () => {
  it("prints the picked venue's day under its name, or every venue's with each one's orders", async () => {
    const burgers = world.sandbox.demo.venueId;
    const placed = [
      await world.placeOrder(),
      await world.placeOrder(),
      await world.placeOrder({ venue_id: BOWLS }),
    ];
    await waitFor(
      "both venues' orders on the terminal, each venue named",
      async () => {
        const orders = await core.api['orders:list']({});
        return (
          placed.every((p) => orders.some((o) => o.id === p.id)) &&
          orders.every((o) => o.venueName !== null)
        );
      },
      20_000,
    );
    const burgersName = (await core.api['orders:list']({})).find(
      (o) => o.venueId === burgers,
    )?.venueName;
    expect(burgersName).toBeTruthy();
    const timeZone = (await core.api['venue:get']({}))?.timeZone ?? 'UTC';
    const day = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(world.now());

    await core.api['print:daySummary']({ day, venueId: BOWLS });
    const [bowls] = await printer.waitForDocuments(1);
    // Bowls' own day, named under the title; nothing of the other venue.
    const title = text(bowls).indexOf('DAY SUMMARY');
    expect(text(bowls).slice(title, title + 3)).toEqual([
      'DAY SUMMARY',
      `${day} (${timeZone})`,
      'Kamppi Bowls',
    ]);
    expect(bowls?.lines.find((l) => l.text.trim() === 'Kamppi Bowls')?.bold).toBe(true);
    expect(valueOf(bowls, 'Orders')).toBe('1');
    expect(text(bowls).join('\n')).not.toMatch(/All venues|Per venue|kamppi-bowls/);
    expect(text(bowls).join('\n')).not.toContain(burgersName);

    await core.api['print:daySummary']({ day });
    const all = (await printer.waitForDocuments(2))[1];
    expect(text(all)).toContain('All venues');
    expect(valueOf(all, 'Orders')).toBe('3');
    // Each venue's own orders under 'Per venue', by name, never by id.
    const lines = text(all);
    const per = lines.indexOf('Per venue');
    expect(per).toBeGreaterThan(0);
    expect(lines.slice(per + 1, per + 3).map((l) => l.replace(/\s+/g, ' '))).toEqual([
      `${burgersName} 2`,
      'Kamppi Bowls 1',
    ]);
    expect(lines.join('\n')).not.toContain(burgers);
    expect(lines.join('\n')).not.toContain(BOWLS);

    // The preview is the same paper; a venue this terminal does not serve is refused, no job made.
    const preview = await core.api['print:preview']({
      document: 'day-summary',
      day,
      venueId: BOWLS,
      paperWidth: 80,
    });
    expect(preview.lines.some((l) => l.kind === 'text' && l.text === 'Kamppi Bowls')).toBe(true);
    const jobs = (await core.api['print:get']({})).jobs.length;
    await expect(core.api['print:daySummary']({ day, venueId: 'elsewhere' })).rejects.toMatchObject(
      { bridge: { code: 'invalid-request' } },
    );
    expect((await core.api['print:get']({})).jobs).toHaveLength(jobs);
  }, 90_000);
});
