// The printing slice against the virtual ESC/POS printer (sandbox/escpos-printer.ts) over real
// sockets, on a real SQLite file: documents and their bytes, printers that fail mid-rush, restarts.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain';
import type { DaySummary } from '../../shared/history';
import type { Language } from '../../shared/i18n';
import type {
  PrintDocument,
  PrintJob,
  PrintLine,
  PrinterConfig,
  PrintState,
} from '../../shared/printing';
import type { PrintedLine, VirtualPrinter } from '../../sandbox/escpos-printer';
import { startVirtualPrinter } from '../../sandbox/escpos-printer';
import { waitFor } from '../../test/wait';
import { createAuditLog } from '../audit/audit-log';
import { createEventHub } from '../host/event-hub';
import type { Database } from '../storage/database';
import { openDatabase } from '../storage/database';
import { createSettings } from '../storage/settings';
import { daySummaryDocument, kitchenTicket, pickupLabel, receipt } from './documents';
import { encodeDocument } from './escpos';
import { mentionsAllergy } from '../../shared/allergy';
import type { PrintingSlice } from './printing';
import { createPrintingSlice } from './printing';
import { ORDER_ACTIONS } from '../../shared/order-actions';

const order = (overrides: Partial<Order> = {}): Order => ({
  id: 'order-1',
  orderNumber: '417',
  venueId: 'venue',
  status: 'PRODUCTION',
  platformStatus: 'PRODUCTION',
  type: 'instant',
  preorderTime: null,
  preorderStatus: null,
  deliveryType: 'takeaway',
  selfDelivery: false,
  items: [
    {
      id: 'i1',
      name: 'Köttbullar på svenska',
      count: 2,
      options: [
        { name: 'Sauce', value: 'Gräddsås', count: 1, price: { amount: 150, currency: 'EUR' } },
      ],
      total: { amount: 2590, currency: 'EUR' },
      posId: null,
    },
    {
      id: 'i2',
      name: 'Päärynälimonadi',
      count: 1,
      options: [],
      total: { amount: 450, currency: 'EUR' },
      posId: null,
    },
  ],
  total: { amount: 3040, currency: 'EUR' },
  consumerName: 'Åsa Öberg',
  consumerPhone: '+358401234567',
  consumerComment: 'Severe peanut allergy, please no nuts!',
  deliveryAddress: null,
  pickupEta: '2026-11-23T12:45:00.000Z',
  deliveryTime: null,
  noContactDelivery: false,
  courierPickupEta: null,
  pickupCompleted: false,
  preparationMinutes: 15,
  venuePreparationSeconds: null,
  autoAccepted: false,
  arrivedLate: false,
  rejectReason: null,
  createdAt: '2026-11-23T12:30:00.000Z',
  updatedAt: '2026-11-23T12:30:00.000Z',
  pending: null,
  ...overrides,
});

const summary: DaySummary = {
  venues: [],
  day: '2026-11-23',
  timeZone: 'Europe/Helsinki',
  orders: 3,
  byStatus: {
    CREATED: 0,
    PRODUCTION: 0,
    READY: 0,
    DELIVERED: 2,
    REJECTED: 1,
    CANCELED: 0,
  },
  byType: { takeaway: 2, homedelivery: 1, eatin: 0 },
  rejections: [{ reason: 'Closing soon', count: 1 }],
  sales: [
    {
      currency: 'EUR',
      total: { amount: 6080, currency: 'EUR' },
      orders: 2,
      averageBasket: { amount: 3040, currency: 'EUR' },
    },
  ],
  acceptToReady: { count: 2, averageSeconds: 600, p90Seconds: 700, promisedAverageSeconds: 900 },
  late: [],
  items: [{ name: 'Köttbullar', count: 4 }],
  hours: [],
};

/** What the printer should show for a line of the preview: its text and style. */
const expected = (doc: PrintDocument, line: PrintLine) => {
  switch (line.kind) {
    case 'text':
      return {
        text: line.text.trimEnd(),
        bold: line.bold === true,
        invert: line.invert === true,
        underline: line.underline === true,
        width: line.size ?? 1,
      };
    case 'columns':
      return {
        text: `${line.left.padEnd(doc.columns - line.right.length)}${line.right}`,
        bold: line.bold === true,
        invert: false,
        underline: false,
        width: 1,
      };
    case 'rule':
      return {
        text: '-'.repeat(doc.columns),
        bold: false,
        invert: false,
        underline: false,
        width: 1,
      };
    case 'feed':
      return null;
  }
};
const printedShape = (line: PrintedLine) => ({
  text: line.text.trim(),
  bold: line.bold,
  invert: line.invert,
  underline: line.underline,
  width: line.width,
});
/** The preview's lines as the printer must print them (feeds and the feed before the cut aside). */
const asPrinted = (doc: PrintDocument) =>
  doc.lines
    .map((line) => expected(doc, line))
    .filter((line) => line !== null)
    .map((line) => ({ ...line, text: line.text.trim() }));
const nonEmpty = (lines: PrintedLine[]) =>
  lines.filter((l) => l.text.trim() !== '').map(printedShape);

describe('documents and their ESC/POS bytes', () => {
  it('encodes CP858 (ESC t 19) so € ä ö å print, and ends with a partial cut', () => {
    const bytes = Buffer.from(encodeDocument(receipt(order(), 58, 'Café Åbo')));
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40])); // ESC @
    expect(bytes.includes(Buffer.from([0x1b, 0x74, 19]))).toBe(true); // ESC t 19: CP858
    const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
    // "€30.40" → 0xD5 then the digits; "Åsa Öberg" → Å 0x8F, Ö 0x99; "Gräddsås" → ä 0x84, å 0x86.
    expect(bytes.includes(Buffer.concat([Buffer.from([0xd5]), ascii('30.40')]))).toBe(true);
    expect(
      bytes.includes(
        Buffer.concat([Buffer.from([0x8f]), ascii('sa '), Buffer.from([0x99]), ascii('berg')]),
      ),
    ).toBe(true);
    expect(
      bytes.includes(
        Buffer.concat([
          ascii('Gr'),
          Buffer.from([0x84]),
          ascii('dds'),
          Buffer.from([0x86]),
          ascii('s'),
        ]),
      ),
    ).toBe(true);
    // "Päärynälimonadi": ö is 0x94 in the option-free item; ä 0x84.
    expect(
      bytes.includes(Buffer.concat([ascii('P'), Buffer.from([0x84, 0x84]), ascii('ryn')])),
    ).toBe(true);
    // The cut is the last command: GS V 1 (partial), after the feed that clears the cutter.
    const cut = bytes.lastIndexOf(Buffer.from([0x1d, 0x56, 0x01]));
    expect(cut).toBeGreaterThan(bytes.length - 5);
    expect(bytes.subarray(cut - 4, cut)).toEqual(Buffer.from([0x0a, 0x0a, 0x0a, 0x0a]));
  });

  it('prints Finnish and German tickets as the virtual printer decodes them: å ä ö ü ß é, "–" as "-"', async () => {
    const printer = await startPrinter();
    const tickets = {
      fi: order({
        consumerName: 'Jörö Äyräpää',
        consumerComment: 'Soittakaa ovikelloa – kiitos!',
        items: [{ ...order().items[1]!, name: 'Lohikeitto – ruisleipä' }],
      }),
      de: order({
        consumerName: 'Jürgen Weiß',
        consumerComment: 'Bitte klingeln – danke!',
        items: [{ ...order().items[1]!, name: 'Weißwurst – Crème brûlée' }],
      }),
    };
    for (const [language, ticket] of Object.entries(tickets) as ['fi' | 'de', Order][]) {
      const socket = connect(printer.port, '127.0.0.1');
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.end(Buffer.from(encodeDocument(kitchenTicket(ticket, 80, language))), resolve);
      });
    }
    // Two connections: the printer may finish them in either order, so each is found by its name.
    const decoded = (await printer.waitForDocuments(2)).map((doc) =>
      doc.lines.map((l) => l.text.trim()).join(' '),
    );
    const fi = decoded.find((text) => text.includes('Jörö')) ?? '';
    const de = decoded.find((text) => text.includes('Jürgen')) ?? '';
    expect(fi).toContain('Jörö Äyräpää');
    expect(fi).toContain('Lohikeitto - ruisleipä');
    expect(fi).toContain('Soittakaa ovikelloa - kiitos!');
    expect(de).toContain('Jürgen Weiß');
    expect(de).toContain('Weißwurst - Crème brûlée');
    expect(de).toContain('Bitte klingeln - danke!');
    // The ticket's own words in the kitchen's language, special characters as typed.
    expect(fi).toContain('KEITTIÖ');
    expect(fi).toContain('Lisätieto: Soittakaa');
    expect(fi).toMatch(/1 tuote\b/);
    expect(de).toContain('KÜCHE');
    expect(de).toContain('Hinweis: Bitte');
    expect(de).toMatch(/Eingegangen \d\d\.\d\d\.\d{4} \d\d:\d\d/);
    expect(`${fi}${de}`).not.toContain('?');
  });

  it("prints the pickup label and the receipt in the screen's language, decoded by the printer in Finnish and German", async () => {
    const printer = await startPrinter();
    const sent = {
      fi: order({ consumerName: 'Jörö Äyräpää' }),
      de: order({ consumerName: 'Jürgen Weiß' }),
    };
    for (const [language, ticket] of Object.entries(sent) as ['fi' | 'de', Order][])
      for (const doc of [
        pickupLabel(ticket, 58, language),
        receipt(ticket, 80, 'Café Åbo', language),
      ]) {
        const socket = connect(printer.port, '127.0.0.1');
        await new Promise<void>((resolve, reject) => {
          socket.once('error', reject);
          socket.end(Buffer.from(encodeDocument(doc)), resolve);
        });
      }
    // Four connections, finished in any order: each paper is found by its customer and title.
    const decoded = (await printer.waitForDocuments(4)).map((doc) =>
      doc.lines.map((l) => l.text.trim()).join(' | '),
    );
    const paper = (name: string, title: string): string =>
      decoded.find((text) => text.includes(name) && text.includes(title)) ?? '';
    const fiLabel = paper('Jörö', 'NOUTOLAPPU');
    const fiReceipt = paper('Jörö', 'KUITTI');
    const deLabel = paper('Jürgen', 'ABHOLZETTEL');
    const deReceipt = paper('Jürgen', 'BELEG');
    expect(fiLabel).toContain('| NOUTO |');
    expect(fiLabel).toMatch(/Saapui \d{1,2}\.\d{1,2}\.\d{4} \d\d\.\d\d/);
    expect(fiReceipt).toMatch(/YHTEENSÄ\s+30,40\s€/);
    expect(fiReceipt).toContain('Kiitos!');
    expect(deLabel).toContain('| ABHOLUNG |');
    expect(deLabel).toMatch(/Eingegangen \d\d\.\d\d\.\d{4} \d\d:\d\d/);
    expect(deReceipt).toMatch(/GESAMT\s+30,40\s€/);
    expect(deReceipt).toContain('Vielen Dank!');
    expect(decoded.join('\n')).not.toMatch(/PICKUP|RECEIPT|TOTAL|Thank you|\?/);
  });

  it("writes the day summary in the screen's language, its money and status words the local way", () => {
    const rows = (language: 'fi' | 'de') =>
      daySummaryDocument(summary, 80, language).lines.map((l) =>
        l.kind === 'text' ? l.text.trim() : l.kind === 'columns' ? `${l.left} = ${l.right}` : '',
      );
    const fi = rows('fi');
    expect(fi).toContain('PÄIVÄN YHTEENVETO');
    expect(fi).toContain('  Luovutettu = 2');
    expect(fi).toContain('  Kotiinkuljetus = 1');
    expect(fi.join('\n')).toMatch(/Myynti EUR \(2\) = 60,80\s€/);
    expect(fi).toContain('Hyväksynnästä valmiiksi = 10 min 0 s');
    const de = rows('de');
    expect(de).toContain('TAGESABSCHLUSS');
    expect(de).toContain('  Übergeben = 2');
    expect(de).toContain('Annahme bis fertig = 10 Min. 0 Sek.');
  });

  it('lays the kitchen ticket out for the paper: number in triple size, allergy inverted, no prices', () => {
    for (const width of [58, 80] as const) {
      const doc = kitchenTicket(order(), width);
      const columns = width === 58 ? 32 : 48;
      expect(doc.columns).toBe(columns);
      for (const line of doc.lines) {
        if (line.kind === 'text')
          expect(line.text.length * (line.size ?? 1)).toBeLessThanOrEqual(columns);
        if (line.kind === 'columns')
          expect(line.left.length + line.right.length).toBeLessThan(columns);
      }
      const texts = doc.lines.filter((l) => l.kind === 'text');
      expect(texts).toContainEqual(expect.objectContaining({ text: '#417', size: 3, bold: true }));
      expect(texts).toContainEqual(expect.objectContaining({ text: 'TAKEAWAY', size: 2 }));
      expect(texts.some((l) => l.text.includes('Åsa Öberg'))).toBe(true);
      const allergy = texts.filter((l) => l.invert);
      expect(allergy.map((l) => l.text.trim()).join(' ')).toContain('Severe peanut allergy');
      expect(allergy.every((l) => l.text.length * (l.size ?? 1) === columns)).toBe(true);
      expect(texts.some((l) => l.text.includes('+ Sauce: Gräddsås'))).toBe(true);
      // Totals only on the receipt.
      expect(JSON.stringify(doc)).not.toContain('€');
      expect(JSON.stringify(receipt(order(), width, null))).toContain('€30.40');
    }
    const label = pickupLabel(order({ deliveryType: 'homedelivery' }), 58);
    expect(label.lines).toContainEqual(expect.objectContaining({ text: '#417', size: 3 }));
    expect(label.lines).toContainEqual(expect.objectContaining({ text: 'DELIVERY', size: 2 }));
    expect(label.lines).toContainEqual(expect.objectContaining({ text: '1 x Päärynälimonadi' }));
    expect(JSON.stringify(label)).not.toContain('€');
    const day = daySummaryDocument(summary, 80);
    expect(day.lines).toContainEqual({ kind: 'columns', left: 'Orders', right: '3', bold: true });
    expect(day.lines).toContainEqual({
      kind: 'columns',
      left: 'Sales EUR (2)',
      right: '€60.80',
      bold: true,
    });
    expect(day.lines).toContainEqual({ kind: 'columns', left: '  Closing soon', right: '1' });
    expect(mentionsAllergy('Ei gluteenia kiitos')).toBe(true);
    expect(mentionsAllergy('Keine Erdnüsse bitte')).toBe(true);
    expect(mentionsAllergy('Extra ketchup')).toBe(false);
    expect(mentionsAllergy('Ready in 10 minutes, donut on the side')).toBe(false);
    const plain = kitchenTicket(order({ consumerComment: 'Ring the bell' }), 58);
    expect(plain.lines.some((l) => l.kind === 'text' && l.invert)).toBe(false);
    expect(plain.lines).toContainEqual(expect.objectContaining({ text: 'Note: Ring the bell' }));
  });
});

type RigOptions = { lpCommand?: string; lpstatCommand?: string; screenLanguage?: () => Language };

type Rig = {
  dir: string;
  db: Database;
  slice: PrintingSlice;
  events: PrintState[];
  orders: Map<string, Order>;
  open(options?: RigOptions): PrintingSlice;
  configure(printers: PrinterConfig[], extra?: Partial<PrintState['settings']>): Promise<void>;
  audit(): Array<{ action: string; outcome: string; detail: string | null }>;
  close(): Promise<void>;
};
const rigs: Rig[] = [];
const printers: VirtualPrinter[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  for (const printer of printers.splice(0)) await printer.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const startPrinter = async (): Promise<VirtualPrinter> => {
  const printer = await startVirtualPrinter();
  printers.push(printer);
  return printer;
};

const rig = (dir = mkdtempSync(join(tmpdir(), 'countertop-print-'))): Rig => {
  if (!dirs.includes(dir)) dirs.push(dir);
  let db = openDatabase(join(dir, 'countertop.db'));
  const orders = new Map<string, Order>([['order-1', order()]]);
  const events: PrintState[] = [];
  let slice: PrintingSlice;
  const open = (options: RigOptions = {}): PrintingSlice => {
    const hub = createEventHub();
    hub.on('print:changed', (state) => events.push(state));
    slice = createPrintingSlice({
      db,
      now: () => new Date(),
      audit: createAuditLog(db, () => new Date()),
      hub,
      settings: createSettings(db),
      order: (id) => orders.get(id) ?? null,
      venueName: () => 'Café Åbo',
      daySummary: (day) => {
        if (day !== summary.day) throw new Error('history not available');
        return summary;
      },
      timeouts: { connectMs: 500, answerMs: 1_000, spoolerMs: 5_000 },
      pollWaitingMs: 100,
      pollIdleMs: 300,
      ...options,
    });
    return slice;
  };
  open();
  const r: Rig = {
    dir,
    get db() {
      return db;
    },
    get slice() {
      return slice;
    },
    events,
    orders,
    open: (options) => {
      if (!db.open) db = openDatabase(join(dir, 'countertop.db'));
      return open(options);
    },
    configure: async (list, extra = {}) => {
      await slice.handlers['print:configure']({ printers: list, ...extra });
    },
    audit: () =>
      createAuditLog(db, () => new Date())
        .list(500)
        .map(({ action, outcome, detail }) => ({ action, outcome, detail })),
    close: async () => {
      await slice.close();
      if (db.open) db.close();
    },
  };
  rigs.push(r);
  return r;
};

const network = (
  printer: VirtualPrinter,
  id = 'kitchen',
  documents?: PrinterConfig['documents'],
): PrinterConfig => ({
  id,
  name: `Printer ${id}`,
  connection: { kind: 'network', host: printer.host, port: printer.port },
  paperWidth: 58,
  documents: documents ?? ['kitchen-ticket', 'pickup-label', 'receipt', 'day-summary', 'test-page'],
});

describe('the printing slice and the virtual printer', () => {
  it('previews an order document on a sample order when none is chosen, allergy note inverted', async () => {
    const r = rig();
    const sample = await r.slice.handlers['print:preview']({
      document: 'kitchen-ticket',
      paperWidth: 80,
    });
    expect(sample.columns).toBe(48);
    const texts = sample.lines.flatMap((l) => (l.kind === 'text' ? [l] : []));
    expect(texts.some((l) => l.text.includes('#123') && l.size === 3)).toBe(true);
    expect(texts.some((l) => l.invert && /allergy/i.test(l.text))).toBe(true);
    // A chosen order that is not here is still an error, not the sample.
    await expect(
      r.slice.handlers['print:preview']({ document: 'receipt', orderId: 'gone', paperWidth: 58 }),
    ).rejects.toThrow('This order is not on this terminal.');
  });

  it("writes the kitchen ticket in the kitchen's language, the label and the receipt in the screen's", async () => {
    const r = rig();
    let screen: Language = 'de';
    await r.slice.close();
    r.open({ screenLanguage: () => screen });
    await r.configure([], { kitchenLanguage: 'fi' });
    const title = async (document: 'kitchen-ticket' | 'pickup-label' | 'receipt') =>
      (
        await r.slice.handlers['print:preview']({ document, orderId: 'order-1', paperWidth: 80 })
      ).lines.flatMap((l) => (l.kind === 'text' ? [l.text.trim()] : []));
    expect((await title('kitchen-ticket'))[0]).toBe('KEITTIÖ');
    expect(await title('pickup-label')).toContain('ABHOLZETTEL');
    expect(await title('receipt')).toContain('BELEG');
    // The screen switches: the label and receipt follow it, the kitchen keeps its own.
    screen = 'sv';
    expect((await title('kitchen-ticket'))[0]).toBe('KEITTIÖ');
    expect(await title('pickup-label')).toContain('HÄMTLAPP');
    expect(await title('receipt')).toContain('KVITTO');
  });

  it('prints what print:preview shows, line for line, for every document', async () => {
    const printer = await startPrinter();
    const r = rig();
    await r.configure([network(printer)]);
    const previews: PrintDocument[] = [];
    for (const document of ['kitchen-ticket', 'pickup-label', 'receipt'] as const) {
      await r.slice.handlers['print:order']({ orderId: 'order-1', document });
      previews.push(
        await r.slice.handlers['print:preview']({ document, orderId: 'order-1', paperWidth: 58 }),
      );
    }
    await r.slice.handlers['print:daySummary']({ day: '2026-11-23' });
    previews.push(
      await r.slice.handlers['print:preview']({
        document: 'day-summary',
        day: '2026-11-23',
        paperWidth: 58,
      }),
    );
    const printed = await printer.waitForDocuments(4);
    printed.forEach((doc, i) => {
      expect(doc.cut).toBe('partial');
      expect(nonEmpty(doc.lines)).toEqual(
        asPrinted(previews[i] as PrintDocument).filter((l) => l.text !== ''),
      );
    });
    // The decoded ticket carries the characters as typed, through the printer's own code page.
    expect(printer.codePages).toContain(19);
    const ticket = printed[0]?.lines.map((l) => l.text.trim()) ?? [];
    expect(ticket).toContain('#417');
    expect(ticket).toContain('Åsa Öberg');
    expect(printed[2]?.lines.some((l) => l.text.includes('€30.40'))).toBe(true);
    await waitFor(() => r.slice.state().jobs.filter((j) => j.state === 'printed').length === 4);
    // A day without a summary is refused at once and makes no job; the raw error stays off screen.
    await expect(r.slice.handlers['print:daySummary']({ day: '2026-01-01' })).rejects.toThrow(
      'The day summary could not be made. Try again.',
    );
  });

  it('a reprint is a new job each time; a test page goes to the one printer asked', async () => {
    const a = await startPrinter();
    const b = await startPrinter();
    const r = rig();
    await r.configure([
      network(a, 'a', ['kitchen-ticket', 'test-page']),
      network(b, 'b', ['receipt', 'test-page']),
    ]);
    const first = await r.slice.handlers['print:order']({
      orderId: 'order-1',
      document: 'kitchen-ticket',
    });
    const second = await r.slice.handlers['print:order']({
      orderId: 'order-1',
      document: 'kitchen-ticket',
    });
    expect(first.jobIds).toHaveLength(1);
    expect(second.jobIds[0]).not.toBe(first.jobIds[0]);
    await a.waitForDocuments(2);
    const test = await r.slice.handlers['print:test']({ printerId: 'b' });
    const [page] = await b.waitForDocuments(1);
    expect(page?.lines.some((l) => l.text.includes('€ ä ö å Ä Ö Å'))).toBe(true);
    expect(r.slice.jobsOfOrder('order-1').map((j) => [j.printerName, j.origin])).toEqual([
      ['Printer a', 'staff'],
      ['Printer a', 'staff'],
    ]);
    expect(test.jobIds).toHaveLength(1);
    expect(a.documents).toHaveLength(2);
    await expect(
      r.slice.handlers['print:order']({ orderId: 'order-1', document: 'pickup-label' }),
    ).rejects.toThrow(/No printer prints pickup labels/);
  });

  it('print:changed tells only the jobs that changed and those that left: applied in order, the events rebuild the whole list', async () => {
    const a = await startPrinter();
    const r = rig();
    await r.configure([network(a, 'a', ['kitchen-ticket'])]);
    // A first event, so the fold below starts from a list the events continue.
    await r.slice.handlers['print:order']({ orderId: 'order-1', document: 'kitchen-ticket' });
    await a.waitForDocuments(1);
    await waitFor(() => r.slice.state().jobs.every((j) => j.state === 'printed'));
    await waitFor(() => r.events.at(-1)?.jobs.some((j) => j.state === 'printed'));
    const from = r.events.length;
    const start = r.slice.state().jobs;
    const sorted = (list: PrintJob[]) => [...list].sort((x, y) => x.id.localeCompare(y.id));
    const fold = (events: PrintState[]): PrintJob[] => {
      const byId = new Map(start.map((j) => [j.id, j]));
      for (const event of events) {
        for (const job of event.jobs) byId.set(job.id, job);
        for (const id of event.gone ?? []) byId.delete(id);
      }
      return sorted([...byId.values()]);
    };

    // 60 reprints: more than the list keeps once printed, so the oldest leave it.
    for (let i = 0; i < 60; i += 1)
      await r.slice.handlers['print:order']({ orderId: 'order-1', document: 'kitchen-ticket' });
    // Sixty prints over a socket: a budget for a busy machine, not a speed check (benches time it).
    await a.waitForDocuments(61, 30_000);
    await waitFor(() => r.slice.state().jobs.every((j) => j.state === 'printed'));
    await waitFor(() =>
      isDeepStrictEqual(fold(r.events.slice(from)), sorted(r.slice.state().jobs)),
    );
    const told = r.events.slice(from);
    expect(told.every((e) => e.gone !== null)).toBe(true);
    expect(r.slice.state().jobs).toHaveLength(50);
    expect(told.some((e) => (e.gone ?? []).length > 0)).toBe(true);
    // Each event carries what changed, not the list: 60 jobs made, sent and printed, told a
    // few times each at most.
    expect(told.reduce((n, e) => n + e.jobs.length, 0)).toBeLessThanOrEqual(60 * 3);
    // As the printer works through them, an event tells a ticket or two.
    expect(told.filter((e) => e.jobs.length <= 2).length).toBeGreaterThan(20);
    // What print:get answers is the whole list.
    expect((await r.slice.handlers['print:get']({})).gone).toBeNull();
  }, 60_000);

  it("prints a printer's test page in the tickets' language, decoded by the printer: å ä ö ü ß é", async () => {
    const printer = await startPrinter();
    const r = rig();
    await r.configure([network(printer)], { kitchenLanguage: 'de' });
    await r.slice.handlers['print:test']({ printerId: 'kitchen' });
    await r.configure([network(printer)], { kitchenLanguage: 'fi' });
    await r.slice.handlers['print:test']({ printerId: 'kitchen' });
    // Two pages, in either order: each found by its title.
    const decoded = (await printer.waitForDocuments(2)).map((doc) =>
      doc.lines.map((l) => l.text.trim()).join(' | '),
    );
    const de = decoded.find((text) => text.includes('TESTSEITE')) ?? '';
    const fi = decoded.find((text) => text.includes('TESTISIVU')) ?? '';
    expect(de).toContain('Invertiert: Allergiehinweise');
    expect(de).toContain('Zeichen: € ä ö å Ä Ö Å ü ß é');
    expect(de).toMatch(/\d\d\.\d\d\.\d{4} \d\d:\d\d/);
    expect(fi).toContain('Käänteinen: allergiat');
    expect(fi).toContain('Merkit: € ä ö å Ä Ö Å ü ß é');
    expect(fi).toMatch(/Sarakkeet +32 merkkiä, 58 mm/);
    // English only before: the page said TEST PAGE on a German or Finnish counter.
    expect(decoded.join('\n')).not.toMatch(/TEST PAGE|Characters|Inverted|\?/);
  });

  it('paper out during a rush: jobs wait loudly, then each prints exactly once when paper is back', async () => {
    const printer = await startPrinter();
    const r = rig();
    await r.configure([network(printer)]);
    await r.slice.handlers['print:test']({ printerId: 'kitchen' });
    await printer.waitForDocuments(1);
    printer.trouble('paper-out');
    for (let n = 1; n <= 6; n++) {
      r.orders.set(`o${n}`, order({ id: `o${n}`, orderNumber: String(500 + n) }));
      r.slice.orderAction({
        orderId: `o${n}`,
        orderNumber: String(500 + n),
        action: 'accept',
        actionId: `a${n}`,
        prints: ORDER_ACTIONS.accept.prints,
      });
    }
    // Replaying a trigger (the same action) makes no second job.
    r.slice.orderAction({
      orderId: 'o1',
      orderNumber: '501',
      action: 'accept',
      actionId: 'a1',
      prints: ORDER_ACTIONS.accept.prints,
    });
    const waiting = await waitFor(() => {
      const state = r.slice.state();
      return state.printers[0]?.state === 'paper-out' &&
        state.jobs.filter((j) => j.state === 'waiting').length === 6
        ? state
        : false;
    });
    expect(waiting.printers[0]?.message).toMatch(/out of paper/);
    expect(r.events.at(-1)?.printers[0]?.state).toBe('paper-out');
    expect(
      r
        .audit()
        .some(
          (e) => e.action === 'print' && e.outcome === 'waiting' && /#501/.test(e.detail ?? ''),
        ),
    ).toBe(true);
    // Every order's job waits and each is in the audit log (the cards and the alarm read them).
    expect(r.audit().filter((e) => e.action === 'print' && e.outcome === 'waiting')).toHaveLength(
      6,
    );
    expect(printer.documents).toHaveLength(1);
    expect(printer.refusedBytes).toBe(0); // nothing was sent to a printer out of paper
    // Staff drop one (the order was canceled): it never prints.
    const dropped = r.slice.state().jobs.find((j) => j.orderNumber === '503');
    await r.slice.handlers['print:cancel']({ jobId: dropped?.id ?? '' });
    printer.trouble(null);
    const docs = await printer.waitForDocuments(6);
    await waitFor(() =>
      r.slice.state().jobs.every((j) => j.state === 'printed' || j.state === 'canceled'),
    );
    const numbers = docs.slice(1).map((d) => d.lines.find((l) => l.width === 3)?.text.trim());
    expect(numbers).toEqual(['#501', '#502', '#504', '#505', '#506']);
    expect(r.slice.state().printers[0]?.state).toBe('ready');
    const states = r.slice.state().jobs.map((j) => j.state);
    expect(states.filter((state) => state === 'printed')).toHaveLength(6);
    expect(states.filter((state) => state === 'canceled')).toHaveLength(1);
    expect(printer.documents).toHaveLength(6);
  });

  it('unplugged then back: the status says offline, the waiting job prints once', async () => {
    const printer = await startPrinter();
    const r = rig();
    await r.configure([network(printer)]);
    await waitFor(() => r.slice.state().printers[0]?.state === 'ready');
    printer.paperNearEnd(true);
    await waitFor(() => r.slice.state().printers[0]?.paperNearEnd === true);
    await printer.unplug();
    await waitFor(() => r.slice.state().printers[0]?.state === 'offline');
    await r.slice.handlers['print:order']({ orderId: 'order-1', document: 'receipt' });
    const job = await waitFor(() => r.slice.state().jobs.find((j) => j.state === 'waiting'));
    expect(job.error).toMatch(/No connection to the printer/);
    await printer.plugIn();
    await printer.waitForDocuments(1);
    await waitFor(() => r.slice.state().jobs.every((j) => j.state === 'printed'));
    expect(r.slice.state().jobs[0]?.attempts).toBeGreaterThanOrEqual(2);
    expect(printer.documents).toHaveLength(1);
  });

  it('jobs queued at a restart print once after it; one cut off mid-print waits for staff', async () => {
    const printer = await startPrinter();
    const r = rig();
    await r.configure([network(printer)]);
    printer.trouble('cover-open');
    await waitFor(() => r.slice.state().printers[0]?.state === 'cover-open');
    await r.slice.handlers['print:order']({ orderId: 'order-1', document: 'kitchen-ticket' });
    await r.slice.handlers['print:order']({ orderId: 'order-1', document: 'pickup-label' });
    await waitFor(() => r.slice.state().jobs.some((j) => j.state === 'waiting'));
    await r.slice.close();
    // A crash in the middle of a third job's print leaves its row `printing`.
    r.db
      .prepare(
        "INSERT INTO print_jobs (id, request_key, document, order_id, order_number, printer_id, state, origin, attempts, created_at) VALUES ('crashed', 'k', 'receipt', 'order-1', '417', 'kitchen', 'printing', 'staff', 1, ?)",
      )
      .run(new Date().toISOString());
    r.db.close();
    printer.trouble(null);
    r.open();
    await printer.waitForDocuments(2);
    await waitFor(() => r.slice.state().jobs.filter((j) => j.state === 'printed').length === 2);
    const held = r.slice.state().jobs.find((j) => j.id === 'crashed');
    expect(held?.state).toBe('waiting');
    expect(held?.held).toBe(true);
    expect(held?.error).toMatch(/may have printed/);
    expect(printer.documents.map((d) => d.lines.find((l) => l.text.trim())?.text.trim())).toEqual([
      'KITCHEN',
      'PICKUP',
    ]);
    // Staff retry prints it whole, once.
    await r.slice.handlers['print:retry']({ jobId: 'crashed' });
    await printer.waitForDocuments(3);
    await waitFor(() => r.slice.state().jobs.every((j) => j.state === 'printed'));
    expect(printer.documents).toHaveLength(3);
  });

  it('a ticket cut off mid-print is held for staff, never reprinted by itself', async () => {
    const printer = await startPrinter();
    const r = rig();
    await r.configure([network(printer)]);
    await waitFor(() => r.slice.state().printers[0]?.state === 'ready');
    printer.dropAfter(60);
    await r.slice.handlers['print:order']({ orderId: 'order-1', document: 'kitchen-ticket' });
    const held = await waitFor(() => r.slice.state().jobs.find((j) => j.state === 'waiting'));
    expect(held.error).toMatch(/connection to the printer/);
    expect(held.held).toBe(true);
    expect(printer.pending().length).toBeGreaterThan(0); // part of it is on the paper
    expect(
      r.audit().some((e) => e.outcome === 'held' && /Retry prints it whole/.test(e.detail ?? '')),
    ).toBe(true);
    // The printer answers again and a later job prints, but the held one stays held.
    await r.slice.handlers['print:test']({ printerId: 'kitchen' });
    await printer.waitForDocuments(1);
    await waitFor(() => r.slice.state().jobs.some((j) => j.state === 'printed'));
    expect(r.slice.state().jobs.find((j) => j.id === held.id)?.state).toBe('waiting');
    await r.slice.handlers['print:retry']({ jobId: held.id });
    await printer.waitForDocuments(2);
    await waitFor(() => r.slice.state().jobs.find((j) => j.id === held.id)?.state === 'printed');
    expect(printer.documents).toHaveLength(2);
    await expect(r.slice.handlers['print:retry']({ jobId: held.id })).rejects.toThrow(
      /already printed/,
    );
    await expect(r.slice.handlers['print:cancel']({ jobId: held.id })).rejects.toThrow(
      /already printed/,
    );
  });

  it('prints through the spooler: lp -d QUEUE -o raw with the bytes on stdin, not to a paused queue', async () => {
    const printer = await startPrinter();
    const dir = mkdtempSync(join(tmpdir(), 'countertop-lp-'));
    dirs.push(dir);
    const lp = join(dir, 'lp');
    // A stand-in for CUPS: checks its arguments, forwards stdin to the virtual printer.
    writeFileSync(
      lp,
      `#!/usr/bin/env node
const args = process.argv.slice(2);
if (args.join(' ') !== '-d Kitchen_Printer -o raw') { process.stderr.write('lp: bad arguments ' + args.join(' ')); process.exit(1); }
const socket = require('node:net').connect(${printer.port}, '127.0.0.1', () => process.stdin.pipe(socket));
process.stdin.on('end', () => setTimeout(() => socket.end(), 50));
socket.on('close', () => process.exit(0));
`,
    );
    chmodSync(lp, 0o755);
    // lpstat reads the queue's state from a file the test writes, as CUPS would report it.
    const queueState = join(dir, 'queue-state');
    writeFileSync(queueState, 'enabled');
    const lpstat = join(dir, 'lpstat');
    writeFileSync(
      lpstat,
      `#!/usr/bin/env node
const [flag, queue] = process.argv.slice(2);
if (flag !== '-p') process.exit(1);
const enabled = require('node:fs').readFileSync(${JSON.stringify(queueState)}, 'utf8') === 'enabled';
process.stdout.write(enabled
  ? 'printer ' + queue + ' is idle.  enabled since Mon 23 Nov 2026 12:00:00\\n'
  : 'printer ' + queue + ' disabled since Mon 23 Nov 2026 12:00:00 -\\n\\tUnplugged or turned off\\n');
`,
    );
    chmodSync(lpstat, 0o755);
    const r = rig();
    await r.slice.close();
    r.open({ lpCommand: lp, lpstatCommand: lpstat });
    const cups = (queue: string): PrinterConfig[] => [
      {
        id: 'cups',
        name: 'Kitchen (CUPS)',
        connection: { kind: 'system', queue },
        paperWidth: 80,
        documents: ['kitchen-ticket'],
      },
    ];
    await r.configure(cups('Kitchen_Printer'));
    await r.slice.handlers['print:order']({ orderId: 'order-1', document: 'kitchen-ticket' });
    const [doc] = await printer.waitForDocuments(1);
    const preview = await r.slice.handlers['print:preview']({
      document: 'kitchen-ticket',
      orderId: 'order-1',
      paperWidth: 80,
    });
    expect(nonEmpty(doc?.lines ?? [])).toEqual(asPrinted(preview).filter((l) => l.text !== ''));
    await waitFor(() => r.slice.state().jobs[0]?.state === 'printed');
    expect(r.slice.state().printers[0]?.state).toBe('unknown');
    // A paused queue (CUPS would take the job and sit on it): the job waits, then prints once.
    writeFileSync(queueState, 'disabled');
    await r.slice.handlers['print:order']({ orderId: 'order-1', document: 'kitchen-ticket' });
    const paused = await waitFor(() => r.slice.state().jobs.find((j) => j.state === 'waiting'));
    expect(paused.error).toMatch(/is paused: Unplugged or turned off/);
    expect(r.slice.state().printers[0]).toMatchObject({ state: 'offline' });
    writeFileSync(queueState, 'enabled');
    await printer.waitForDocuments(2);
    await waitFor(() => r.slice.state().jobs.every((j) => j.state === 'printed'));
    // A spooler that refuses: the job waits with lp's own words.
    await r.configure(cups('Other'));
    await r.slice.handlers['print:order']({ orderId: 'order-1', document: 'kitchen-ticket' });
    const waiting = await waitFor(() => r.slice.state().jobs.find((j) => j.state === 'waiting'));
    expect(waiting.error).toMatch(/lp: bad arguments -d Other -o raw/);
    await r.slice.handlers['print:cancel']({ jobId: waiting.id });
    expect(r.slice.state().jobs.find((j) => j.id === waiting.id)?.state).toBe('canceled');
    expect(printer.documents).toHaveLength(2);
  });
});

describe('the demo virtual printer', () => {
  it('keeps only the newest documents when told to (the demo runs for days)', async () => {
    const printer = await startVirtualPrinter({ keep: 2 });
    printers.push(printer);
    const socket = connect({ host: printer.host, port: printer.port });
    await new Promise((resolve) => socket.once('connect', resolve));
    for (const name of ['Ada', 'Bo', 'Cy']) {
      const ticket = receipt({ ...order(), consumerName: name }, 58, 'Café Åbo');
      socket.write(Buffer.from(encodeDocument(ticket)));
    }
    const text = (doc: { lines: PrintedLine[] }) => doc.lines.map((l) => l.text).join('\n');
    await waitFor(() => printer.documents.some((doc) => text(doc).includes('Cy')));
    socket.destroy();
    expect(printer.documents).toHaveLength(2);
    expect(text(printer.documents[0]!)).toContain('Bo');
    expect(text(printer.documents[1]!)).toContain('Cy');
  });
});
