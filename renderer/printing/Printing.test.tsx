// Printing as staff meet it: the alarm and the card's mark when a ticket did not print, printing
// from the card, the printer settings (applied only when main confirms) and the paper preview.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import type {
  PrinterConfig,
  PrinterStatus,
  PrintJob,
  PrintState,
  PrintDocument,
} from '../../shared/printing';
import { DEFAULT_PRINT_SETTINGS } from '../../shared/printing';
import { STUCK_AFTER_MS } from './print-status';
import { createFakeBridge, makeOrder } from '../testing/fake-bridge';
import { findOrderDetail, renderApp } from '../testing/render-app';
import { PrintPreview } from '../ui-kit/PrintPreview';
import { setLanguage } from '../ui-kit/language';

afterEach(cleanup);

const kitchen: PrinterConfig = {
  id: 'kitchen',
  name: 'Kitchen',
  connection: { kind: 'network', host: '192.168.1.50', port: 9100 },
  paperWidth: 80,
  documents: ['kitchen-ticket'],
};
const counter: PrinterConfig = {
  id: 'counter',
  name: 'Counter',
  connection: { kind: 'system', queue: 'counter_tm20' },
  paperWidth: 58,
  documents: ['receipt', 'day-summary'],
};

const status = (printerId: string, patch: Partial<PrinterStatus> = {}): PrinterStatus => ({
  printerId,
  state: 'ready',
  paperNearEnd: false,
  checkedAt: new Date().toISOString(),
  message: null,
  ...patch,
});

const job = (patch: Partial<PrintJob> = {}): PrintJob => ({
  id: 'job-9',
  document: 'kitchen-ticket',
  orderId: null,
  orderNumber: null,
  day: null,
  printerId: 'kitchen',
  state: 'waiting',
  origin: 'auto',
  attempts: 1,
  error: null,
  held: false,
  createdAt: new Date().toISOString(),
  printedAt: null,
  ...patch,
});

const printState = (patch: Partial<PrintState> = {}): PrintState => ({
  settings: { ...DEFAULT_PRINT_SETTINGS, printers: [kitchen, counter] },
  printers: [status('kitchen'), status('counter')],
  jobs: [],
  gone: null,
  ...patch,
});

const openVenue = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Venue' }));
  return screen.findByRole('region', { name: 'Printers' });
};

describe('a ticket that did not print', () => {
  it('names a printer taken out of the settings as such, never by its id', async () => {
    const order = makeOrder({ status: 'PRODUCTION', orderNumber: '1002' });
    const bridge = createFakeBridge({
      orders: [order],
      print: printState({
        jobs: [job({ orderId: order.id, orderNumber: '1002', printerId: 'printer-3f9a1c2e' })],
      }),
    });
    renderApp(bridge);
    const alarm = await screen.findByTestId('print-alarm');
    expect(alarm.textContent).toContain('a printer no longer set up');
    expect(alarm.textContent).not.toContain('3f9a1c2e');
  });

  it('raises an alarm naming the printer and why, sounds until silenced, and again for the next one', async () => {
    const order = makeOrder({ status: 'PRODUCTION', orderNumber: '1001' });
    const bridge = createFakeBridge({
      orders: [order],
      print: printState({
        printers: [status('kitchen', { state: 'paper-out' }), status('counter')],
        jobs: [job({ orderId: order.id, orderNumber: '1001' })],
      }),
    });
    const { printAlarm } = renderApp(bridge);
    const alarm = await screen.findByTestId('print-alarm');
    expect(alarm.getAttribute('role')).toBe('alert');
    expect(alarm.textContent).toContain(
      'Not printed on Kitchen (out of paper): #1001 kitchen ticket',
    );
    expect(printAlarm.ringing).toBe(true);
    const item = screen.getByTestId('status-printers');
    expect(item.className).toContain('bad');
    expect(item.textContent).toBe('Printers: Kitchen: out of paper');

    fireEvent.click(within(alarm).getByRole('button', { name: 'Silence' }));
    expect(printAlarm.ringing).toBe(false);
    // Silenced is not solved: the alarm stays in sight.
    expect(screen.getByTestId('print-alarm').textContent).toContain('#1001 kitchen ticket');

    const second = makeOrder({ status: 'PRODUCTION', orderNumber: '1002' });
    act(() =>
      bridge.setPrint({
        ...bridge.print,
        jobs: [
          job({ id: 'job-10', orderId: second.id, orderNumber: '1002' }),
          ...bridge.print.jobs,
        ],
      }),
    );
    await waitFor(() => expect(printAlarm.ringing).toBe(true));
    expect(screen.getByTestId('print-alarm').textContent).toContain(
      '#1001 kitchen ticket, #1002 kitchen ticket',
    );

    // Printed: the alarm goes and the sound stops.
    act(() =>
      bridge.setPrint({
        ...bridge.print,
        jobs: bridge.print.jobs.map((j) => ({ ...j, state: 'printed' as const })),
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('print-alarm')).toBeNull());
    expect(printAlarm.ringing).toBe(false);
  });

  it('counts a job queued too long as not printed, a fresh one not', async () => {
    const old = new Date(Date.now() - STUCK_AFTER_MS - 1_000).toISOString();
    const bridge = createFakeBridge({
      print: printState({
        printers: [status('kitchen', { state: 'unknown' }), status('counter')],
        jobs: [
          job({ id: 'job-fresh', state: 'queued', orderNumber: '7' }),
          job({ id: 'job-old', state: 'printing', createdAt: old, orderNumber: '6' }),
        ],
      }),
    });
    renderApp(bridge);
    const alarm = await screen.findByTestId('print-alarm');
    expect(alarm.textContent).toContain('Kitchen (not answering): #6 kitchen ticket.');
    expect(alarm.textContent).not.toContain('#7');
  });

  it("says why in the printer state's words only: never the printer's address or a spooler's error", async () => {
    const bridge = createFakeBridge({
      print: printState({
        printers: [
          status('kitchen', {
            state: 'offline',
            message: '192.168.1.50:9100 did not answer (ECONNREFUSED)',
          }),
          status('counter'),
        ],
        jobs: [job({ orderNumber: '8', error: 'lp: bad arguments -d Other -o raw' })],
      }),
    });
    act(() => setLanguage('fi'));
    try {
      renderApp(bridge);
      const alarm = await screen.findByTestId('print-alarm');
      expect(alarm.textContent).toContain('Ei tulostettu tulostimella Kitchen (ei yhteyttä):');
      expect(alarm.textContent).not.toMatch(/192\.168|ECONNREFUSED|lp:|did not answer/);
      fireEvent.click(await screen.findByRole('button', { name: 'Ravintola' }));
      const printers = await screen.findByRole('region', { name: 'Tulostimet' });
      const row = printers.querySelector('[data-printer-id="kitchen"]');
      expect(row?.textContent).toContain('ei yhteyttä');
      expect(row?.textContent).not.toMatch(/ECONNREFUSED|did not answer/);
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('paper running low is a quiet warning: amber in the status bar, no alarm, no sound', async () => {
    const bridge = createFakeBridge({
      print: printState({
        printers: [status('kitchen', { paperNearEnd: true }), status('counter')],
      }),
    });
    const { printAlarm } = renderApp(bridge);
    const item = await screen.findByTestId('status-printers');
    expect(item.className).toContain('wait');
    expect(item.textContent).toBe('Printers: Kitchen: paper running low');
    expect(screen.queryByTestId('print-alarm')).toBeNull();
    expect(printAlarm.ringing).toBe(false);
  });

  it('marks the card; Reprint retries that same job and the mark goes once it printed', async () => {
    const order = makeOrder({ status: 'PRODUCTION', orderNumber: '1003' });
    const bridge = createFakeBridge({
      orders: [order],
      print: printState({
        printers: [status('kitchen', { state: 'cover-open' }), status('counter')],
        jobs: [job({ id: 'job-42', orderId: order.id, orderNumber: '1003' })],
      }),
    });
    renderApp(bridge);
    const card = await findOrderDetail('1003');
    const mark = await within(card).findByTestId('not-printed');
    expect(mark.getAttribute('role')).toBe('alert');
    expect(mark.textContent).toContain('Kitchen ticket not printed · Kitchen: cover open');

    // Still open: the job stays waiting, the mark stays.
    fireEvent.click(within(mark).getByRole('button', { name: 'Reprint' }));
    await waitFor(() => expect(bridge.callsTo('print:retry')).toEqual([{ jobId: 'job-42' }]));
    expect(within(card).getByTestId('not-printed')).toBeTruthy();

    act(() =>
      bridge.setPrint({ ...bridge.print, printers: [status('kitchen'), status('counter')] }),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Reprint' }));
    await waitFor(() => expect(within(card).queryByTestId('not-printed')).toBeNull());
    expect(bridge.callsTo('print:retry')).toEqual([{ jobId: 'job-42' }, { jobId: 'job-42' }]);
    expect(bridge.callsTo('print:order')).toEqual([]);
  });

  it('a ticket cut off mid-print says Reprint prints it whole, not that it prints by itself', async () => {
    const order = makeOrder({ status: 'PRODUCTION', orderNumber: '1005' });
    const bridge = createFakeBridge({
      orders: [order],
      print: printState({
        printers: [status('kitchen'), status('counter')],
        jobs: [
          job({
            id: 'job-43',
            orderId: order.id,
            orderNumber: '1005',
            held: true,
            error: 'The connection to the printer was lost while printing.',
          }),
        ],
      }),
    });
    renderApp(bridge);
    const card = await findOrderDetail('1005');
    const mark = await within(card).findByTestId('not-printed');
    expect(mark.textContent).toContain(`Kitchen ticket not printed · Kitchen: ${en.print.cutOff}`);
    const alarm = await screen.findByTestId('print-alarm');
    expect(alarm.textContent).toContain('Reprint on its card prints it whole');
    expect(alarm.textContent).not.toContain('prints by itself');
  });

  it('Don’t print drops the job: the mark and the alarm go', async () => {
    const order = makeOrder({ status: 'PRODUCTION', orderNumber: '1007' });
    const bridge = createFakeBridge({
      orders: [order],
      print: printState({
        printers: [status('kitchen', { state: 'offline' }), status('counter')],
        jobs: [job({ id: 'job-7', orderId: order.id, orderNumber: '1007' })],
      }),
    });
    const { printAlarm } = renderApp(bridge);
    const card = await findOrderDetail('1007');
    expect(printAlarm.ringing).toBe(true);
    fireEvent.click(within(card).getByRole('button', { name: 'Don’t print' }));
    await waitFor(() => expect(screen.queryByTestId('print-alarm')).toBeNull());
    expect(within(card).queryByTestId('not-printed')).toBeNull();
    expect(bridge.callsTo('print:cancel')).toEqual([{ jobId: 'job-7' }]);
    expect(printAlarm.ringing).toBe(false);
  });
});

describe('printing from the card', () => {
  it('offers only documents a printer takes and prints a new job each time', async () => {
    const order = makeOrder({ status: 'READY', orderNumber: '1004' });
    const bridge = createFakeBridge({ orders: [order], print: printState() });
    renderApp(bridge);
    const tile = await screen.findByRole('article', { name: 'Order #1004' });
    // Printing is offered in the detail of the order staff picked, not on every tile.
    expect(within(tile).queryByRole('button', { name: 'Print' })).toBeNull();
    const card = await findOrderDetail('1004');
    fireEvent.click(within(card).getByRole('button', { name: 'Print' }));
    const menu = within(card).getByRole('group', { name: 'Print for this order' });
    const offered = within(menu)
      .getAllByRole('button')
      .map((b) => b.textContent);
    // No printer takes the pickup label: it is not offered.
    expect(offered).toEqual(['Kitchen ticket', 'Receipt']);

    fireEvent.click(within(menu).getByRole('button', { name: 'Receipt' }));
    await within(card).findByText('Receipt sent to the printer.');
    expect(bridge.callsTo('print:order')).toEqual([{ orderId: order.id, document: 'receipt' }]);
    // Main's job, as main reports it: on its way.
    expect(within(card).getByText('Printing receipt…').getAttribute('role')).toBe('status');
    expect(bridge.print.jobs.map((j) => [j.document, j.printerId, j.origin])).toEqual([
      ['receipt', 'counter', 'staff'],
    ]);

    fireEvent.click(within(card).getByRole('button', { name: 'Print' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Receipt' }));
    await waitFor(() => expect(bridge.callsTo('print:order')).toHaveLength(2));
    expect(bridge.print.jobs).toHaveLength(2);
  });

  it('says so when no printer is set up, and leads to the settings', async () => {
    const order = makeOrder({ orderNumber: '1005' });
    const bridge = createFakeBridge({ orders: [order] });
    renderApp(bridge);
    const card = await findOrderDetail('1005');
    fireEvent.click(card);
    fireEvent.click(within(card).getByRole('button', { name: 'Print' }));
    expect(within(card).getByText('No printer is set up.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Set up printers' }));
    expect(await screen.findByRole('region', { name: 'Printers' })).toBeTruthy();
    expect(bridge.callsTo('print:order')).toEqual([]);
  });
});

describe('printer settings', () => {
  it('adds a printer with what staff chose, shown once main confirmed it', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    const section = await openVenue();
    expect(within(section).getByText('No printer set up yet.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Add printer' }));
    const form = within(section).getByRole('form', { name: 'Add printer' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Kitchen' } });
    fireEvent.change(within(form).getByLabelText('Printer address (host name or IP)'), {
      target: { value: '192.168.1.77' },
    });
    expect((within(form).getByLabelText('Port') as HTMLInputElement).value).toBe('9100');
    fireEvent.click(within(form).getByRole('radio', { name: '58 mm' }));
    // A first printer prints everything; this one not the day summary.
    fireEvent.click(within(form).getByRole('button', { name: 'Day summary', pressed: true }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save printer' }));

    await waitFor(() => expect(bridge.callsTo('print:configure')).toHaveLength(1));
    const [request] = bridge.callsTo('print:configure');
    expect(request).toEqual({
      printers: [
        {
          id: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
          name: 'Kitchen',
          connection: { kind: 'network', host: '192.168.1.77', port: 9100 },
          paperWidth: 58,
          documents: ['kitchen-ticket', 'pickup-label', 'receipt'],
        },
      ],
    });
    const row = await within(section).findByRole('listitem', { name: 'Kitchen' });
    expect(row.textContent).toContain('192.168.1.77:9100 · 58 mm paper');
    expect(within(section).getByRole('status').textContent).toBe('Saved.');
  });

  it('names a bad field and sends nothing', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    const section = await openVenue();
    fireEvent.click(within(section).getByRole('button', { name: 'Add printer' }));
    const form = within(section).getByRole('form', { name: 'Add printer' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Bar' } });
    fireEvent.change(within(form).getByLabelText('Printer address (host name or IP)'), {
      target: { value: 'bar printer; rm' },
    });
    fireEvent.change(within(form).getByLabelText('Port'), { target: { value: '99999' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save printer' }));
    expect(within(form).getByText('Enter a host name or IP address')).toBeTruthy();
    expect(within(form).getByText('Enter a port from 1 to 65535.')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('Check the fields marked in red.');
    expect(bridge.callsTo('print:configure')).toEqual([]);
  });

  it('shows an error from main and keeps showing the settings main holds', async () => {
    const bridge = createFakeBridge({ print: printState() });
    bridge.handle('print:configure', () =>
      Promise.reject({ code: 'conflict', message: 'Another printer already uses 192.168.1.50.' }),
    );
    renderApp(bridge);
    const section = await openVenue();
    const row = within(section).getByRole('listitem', { name: 'Kitchen' });
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = within(section).getByRole('form', { name: 'Edit Kitchen' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Grill' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save printer' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Another printer already uses 192.168.1.50.',
    );
    expect(bridge.callsTo('print:configure')).toEqual([
      { printers: [{ ...kitchen, name: 'Grill' }, counter] },
    ]);
    // The draft stays for another try; the list shows what main holds.
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Grill');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(section).getByRole('listitem', { name: 'Kitchen' })).toBeTruthy();
    expect(within(section).queryByRole('listitem', { name: 'Grill' })).toBeNull();
  });

  it('removes a printer only after a second tap', async () => {
    const bridge = createFakeBridge({ print: printState() });
    renderApp(bridge);
    const section = await openVenue();
    const row = within(section).getByRole('listitem', { name: 'Counter' });
    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(bridge.callsTo('print:configure')).toEqual([]);
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() =>
      expect(within(section).queryByRole('listitem', { name: 'Counter' })).toBeNull(),
    );
    expect(bridge.callsTo('print:configure')).toEqual([{ printers: [kitchen] }]);
  });

  it('shows each printer’s live status and prints a test page', async () => {
    const bridge = createFakeBridge({
      print: printState({
        printers: [
          status('kitchen', { state: 'offline', message: 'connect ETIMEDOUT' }),
          status('counter'),
        ],
      }),
    });
    renderApp(bridge);
    const section = await openVenue();
    const row = within(section).getByRole('listitem', { name: 'Kitchen' });
    expect(within(row).getByTestId('printer-state').textContent).toBe('offline');
    // The connection's own words are for support (the audit log, the diagnostics), not the row.
    expect(row.textContent).not.toContain('ETIMEDOUT');
    expect(
      within(within(section).getByRole('listitem', { name: 'Counter' })).getByTestId(
        'printer-state',
      ).textContent,
    ).toBe('ready');

    fireEvent.click(within(row).getByRole('button', { name: 'Test print' }));
    await waitFor(() => expect(bridge.callsTo('print:test')).toEqual([{ printerId: 'kitchen' }]));
    expect((await within(row).findByText(/Test page not printed/)).textContent).toBe(
      'Test page not printed · offline',
    );
    // A test page is for whoever stands at the printer: no alarm for it.
    expect(screen.queryByTestId('print-alarm')).toBeNull();
  });

  it('saves when tickets print, and shows them only once main confirmed', async () => {
    const bridge = createFakeBridge({ print: printState() });
    renderApp(bridge);
    await openVenue();
    const triggers = screen.getByRole('region', { name: 'When to print' });
    // With the ticket on accept, a pre-order's may wait until the platform starts it.
    fireEvent.click(
      within(triggers).getByRole('radio', { name: 'When the platform starts its preparation' }),
    );
    fireEvent.click(within(triggers).getByRole('button', { name: 'Save when to print' }));
    await waitFor(() =>
      expect(bridge.callsTo('print:configure')).toEqual([
        { kitchenTicket: 'accept', preorderTicket: 'production', onReady: 'pickup-label' },
      ]),
    );
    await waitFor(() => expect(bridge.print.settings.preorderTicket).toBe('production'));
    const onArrival = within(triggers).getByRole('radio', { name: 'As soon as the order arrives' });
    fireEvent.click(onArrival);
    // Every ticket prints on arrival then: the pre-order choice is gone.
    expect(
      within(triggers).queryByRole('radio', { name: 'When the platform starts its preparation' }),
    ).toBeNull();
    fireEvent.click(within(triggers).getByRole('radio', { name: 'Pickup label and receipt' }));
    fireEvent.click(within(triggers).getByRole('button', { name: 'Save when to print' }));
    await waitFor(() =>
      expect(bridge.callsTo('print:configure')).toContainEqual({
        kitchenTicket: 'new-order',
        preorderTicket: 'production',
        onReady: 'both',
      }),
    );
    expect((await within(triggers).findByRole('status')).textContent).toBe('Saved.');
    expect(bridge.print.settings.kitchenTicket).toBe('new-order');
    expect(onArrival.getAttribute('aria-checked')).toBe('true');
  });

  it('sets the kitchen tickets’ language on a tap, shown chosen once main confirmed it', async () => {
    const bridge = createFakeBridge({ print: printState() });
    let confirm: () => void = () => undefined;
    const confirmed = new Promise<void>((resolve) => (confirm = resolve));
    const configure = bridge.handle;
    configure('print:configure', async (changes) => {
      await confirmed;
      bridge.setPrint({ ...bridge.print, settings: { ...bridge.print.settings, ...changes } });
      return bridge.print;
    });
    renderApp(bridge);
    await openVenue();
    const section = screen.getByRole('region', { name: 'Kitchen ticket language' });
    const options = within(section).getAllByRole('radio');
    expect(options.map((o) => o.textContent)).toEqual(['English', 'Suomi', 'Svenska', 'Deutsch']);
    const english = within(section).getByRole('radio', { name: 'English' });
    const finnish = within(section).getByRole('radio', { name: 'Suomi' });
    expect(english.getAttribute('aria-checked')).toBe('true');

    fireEvent.click(finnish);
    await waitFor(() =>
      expect(bridge.callsTo('print:configure')).toEqual([{ kitchenLanguage: 'fi' }]),
    );
    // Not confirmed yet: English stays chosen, Finnish is "changing…".
    expect(within(section).getByRole('status').textContent).toBe('Changing to Suomi…');
    expect(english.getAttribute('aria-checked')).toBe('true');
    expect(finnish.getAttribute('aria-checked')).toBe('false');
    // A second tap meanwhile sends nothing more.
    fireEvent.click(within(section).getByRole('radio', { name: 'Deutsch' }));
    expect(bridge.callsTo('print:configure')).toHaveLength(1);

    act(() => confirm());
    await waitFor(() => expect(finnish.getAttribute('aria-checked')).toBe('true'));
    expect(english.getAttribute('aria-checked')).toBe('false');
    // The confirmed state can reach the screen a render before the answer ends "changing…".
    await waitFor(() => expect(within(section).queryByRole('status')).toBeNull());
  });

  it('tells main the screen’s language at load and at each switch', async () => {
    const bridge = createFakeBridge({ print: printState() });
    renderApp(bridge);
    await openVenue();
    await waitFor(() => expect(bridge.callsTo('language:set')).toEqual([{ language: 'en' }]));
    try {
      act(() => setLanguage('fi'));
      await waitFor(() =>
        expect(bridge.callsTo('language:set')).toEqual([{ language: 'en' }, { language: 'fi' }]),
      );
    } finally {
      act(() => setLanguage('en'));
    }
  });
});

describe('print preview', () => {
  const document: PrintDocument = {
    kind: 'kitchen-ticket',
    paperWidth: 58,
    columns: 32,
    language: 'en',
    lines: [
      { kind: 'text', text: '#1001', size: 2, bold: true, align: 'center' },
      { kind: 'text', text: 'ALLERGY: NUTS', invert: true, underline: true },
      { kind: 'rule' },
      { kind: 'columns', left: '2x Margherita', right: '22.00' },
      { kind: 'feed', lines: 3 },
    ],
  };

  it('draws each line as the printer does', () => {
    render(<PrintPreview document={document} />);
    const paper = screen.getByRole('document', { name: 'Preview: Kitchen ticket' });
    expect(paper.style.getPropertyValue('--print-columns')).toBe('32');
    const lines = paper.querySelectorAll<HTMLElement>('.pl');
    const big = lines[0]!;
    expect(big.style.fontSize).toBe('2em');
    expect(big.style.textAlign).toBe('center');
    expect(big.querySelector('.pl-bold')?.textContent).toBe('#1001');
    const allergy = within(paper).getByText('ALLERGY: NUTS');
    expect(allergy.className).toContain('pl-invert');
    expect(allergy.className).toContain('pl-underline');
    expect(lines[2]!.textContent).toBe('-'.repeat(32));
    // Right text flush right in 32 columns.
    expect(lines[3]!.textContent).toBe(`2x Margherita${' '.repeat(32 - 13 - 5)}22.00`);
    expect(lines[4]!.style.height).toBe('3.75em');
  });

  it('the settings show the lines main answers for the chosen document and paper', async () => {
    const bridge = createFakeBridge({ print: printState() });
    bridge.handle('print:preview', async (r) => ({
      ...document,
      kind: r.document,
      paperWidth: r.paperWidth,
    }));
    renderApp(bridge);
    await openVenue();
    const previews = screen.getByRole('region', { name: 'Preview' });
    await within(previews).findByRole('document', { name: 'Preview: Kitchen ticket' });
    fireEvent.click(within(previews).getByRole('radio', { name: 'Receipt' }));
    fireEvent.click(within(previews).getByRole('radio', { name: '58 mm' }));
    await within(previews).findByRole('document', { name: 'Preview: Receipt' });
    expect(bridge.callsTo('print:preview').at(-1)).toEqual({ document: 'receipt', paperWidth: 58 });
    expect(within(previews).getByText('ALLERGY: NUTS').className).toContain('pl-invert');
  });
});

describe('printing unavailable', () => {
  it('keeps the board when main cannot read printing, says why in the settings, and recovers', async () => {
    const order = makeOrder({ orderNumber: '1006' });
    const bridge = createFakeBridge({ orders: [order] });
    bridge.handle('print:get', () =>
      Promise.reject({ code: 'failed', message: 'The printing service did not start.' }),
    );
    renderApp(bridge);
    const card = await findOrderDetail('1006');
    fireEvent.click(card);
    expect(within(card).queryByRole('button', { name: 'Print' })).toBeNull();
    const section = await openVenue();
    expect(within(section).getByRole('status').textContent).toBe(
      'Printing is not available: The printing service did not start.',
    );
    act(() => bridge.setPrint(printState()));
    expect(await within(section).findByRole('listitem', { name: 'Kitchen' })).toBeTruthy();
  });
});
