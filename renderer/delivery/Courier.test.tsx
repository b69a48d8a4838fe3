import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeRefusal, refusal } from '../../shared/refusals';
import { formatClock } from '../ui-kit/format';
import { setLanguage } from '../ui-kit/language';
import { createFakeBridge, makeDelivery } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';

afterEach(cleanup);

const fill = (scope: HTMLElement, name: string, value: string) =>
  fireEvent.change(scope.querySelector(`input[name="${name}"]`)!, { target: { value } });

const openCouriers = async () =>
  fireEvent.click(await screen.findByRole('button', { name: 'Couriers' }));

describe('Book courier', () => {
  it('gets a binding promise for an address and books it with recipient, parcel and handshake', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Book courier' }));
    const dialog = screen.getByRole('dialog', { name: 'Book courier' });
    fill(dialog, 'street', 'Mannerheimintie 10');
    fill(dialog, 'postCode', '00100');
    fill(dialog, 'city', 'Helsinki');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get price and time' }));
    const quote = await within(dialog).findByTestId('courier-quote');
    expect(quote.textContent).toContain('Binding offer');
    expect(quote.textContent).toContain('€5.90');
    expect(bridge.callsTo('delivery:quote')).toEqual([
      { street: 'Mannerheimintie 10', postCode: '00100', city: 'Helsinki' },
    ]);

    fill(dialog, 'name', 'Grace Hopper');
    fill(dialog, 'phone', '+358401234567');
    fill(dialog, 'description', 'Pizza box');
    fill(dialog, 'count', '2');
    fill(dialog, 'orderNumber', 'A1');
    fill(dialog, 'cash', '12,50');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /PIN/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book courier now' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsTo('delivery:book')).toEqual([
      {
        promiseId: 'promise-Mannerheimintie 10',
        recipient: { name: 'Grace Hopper', phone: '+358401234567' },
        parcels: [{ description: 'Pizza box', count: 2 }],
        orderNumber: 'A1',
        cashAmount: 1250,
        handshake: true,
      },
    ]);
    // The counter lands on the deliveries list with the new booking in it.
    const card = await screen.findByRole('article', { name: 'Delivery #A1' });
    expect(within(card).getByTestId('delivery-status').textContent).toBe('Booking…');
  });

  it('asks for an address only, never coordinates', async () => {
    renderApp(createFakeBridge());
    fireEvent.click(await screen.findByRole('button', { name: 'Book courier' }));
    const dialog = screen.getByRole('dialog', { name: 'Book courier' });
    const names = [...dialog.querySelectorAll('input, select')].map(
      (i) => (i as HTMLInputElement).name,
    );
    expect(names).toEqual(['street', 'postCode', 'city', 'readyIn', 'scheduled']);
    expect(dialog.textContent).not.toMatch(/latitude|longitude/i);
  });

  it('keeps a half-filled booking when a tap outside closes the dialog', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Book courier' }));
    let dialog = screen.getByRole('dialog', { name: 'Book courier' });
    fill(dialog, 'street', 'Mannerheimintie 10');
    fill(dialog, 'city', 'Helsinki');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get price and time' }));
    await within(dialog).findByTestId('courier-quote');
    fill(dialog, 'name', 'Grace Hopper');
    // A tap on the backdrop, outside the dialog.
    fireEvent.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Book courier' }));
    dialog = screen.getByRole('dialog', { name: 'Book courier' });
    expect(within(dialog).getByRole('status').textContent).toContain(
      'Your unfinished booking was kept.',
    );
    expect((dialog.querySelector('input[name="name"]') as HTMLInputElement).value).toBe(
      'Grace Hopper',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change address' }));
    expect((dialog.querySelector('input[name="street"]') as HTMLInputElement).value).toBe(
      'Mannerheimintie 10',
    );
    // Starting over empties it; closed empty, nothing is kept.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start over' }));
    expect((dialog.querySelector('input[name="street"]') as HTMLInputElement).value).toBe('');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Book courier' }));
    dialog = screen.getByRole('dialog', { name: 'Book courier' });
    expect(within(dialog).queryByText('Your unfinished booking was kept.')).toBeNull();
    expect(bridge.callsTo('delivery:book')).toEqual([]);
  });

  it('shows why a promise is not binding and offers no booking', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Book courier' }));
    const dialog = screen.getByRole('dialog', { name: 'Book courier' });
    fill(dialog, 'postCode', '00100');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get price and time' }));
    const quote = await within(dialog).findByTestId('courier-quote');
    expect(quote.textContent).toContain('Not binding');
    expect(within(quote).getByRole('alert').textContent).toContain(
      'The price is only for the area: add the street and number.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Book courier now' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change address' }));
    expect(within(dialog).getByRole('button', { name: 'Get price and time' })).toBeTruthy();
    expect(bridge.callsTo('delivery:book')).toEqual([]);
  });

  it("words why an offer is not binding in the screen's language, never the platform's text", async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    try {
      act(() => setLanguage('de'));
      fireEvent.click(await screen.findByRole('button', { name: 'Kurier buchen' }));
      const dialog = screen.getByRole('dialog', { name: 'Kurier buchen' });
      fill(dialog, 'street', 'Mannerheimintie 10');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Preis und Zeit holen' }));
      const alert = within(await within(dialog).findByTestId('courier-quote')).getByRole('alert');
      expect(alert.textContent).toBe(
        'Die Straße allein reicht nicht: PLZ oder Ort ergänzen. Ein Kurier kann nur aus einem verbindlichen Angebot gebucht werden.',
      );
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('asks for an address and a recipient before calling the service', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Book courier' }));
    const dialog = screen.getByRole('dialog', { name: 'Book courier' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get price and time' }));
    expect(within(dialog).getByRole('alert').textContent).toContain(
      'Check the highlighted fields.',
    );
    expect(bridge.callsTo('delivery:quote')).toEqual([]);
    fill(dialog, 'street', 'Mannerheimintie 10');
    fill(dialog, 'city', 'Helsinki');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get price and time' }));
    await within(dialog).findByTestId('courier-quote');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book courier now' }));
    expect(dialog.querySelector('input[name="name"]')!.getAttribute('aria-invalid')).toBe('true');
    expect(bridge.callsTo('delivery:book')).toEqual([]);
  });

  it("shows the service's reason when booking is refused", async () => {
    const bridge = createFakeBridge();
    bridge.handle('delivery:book', () =>
      Promise.reject({ code: 'failed', message: 'The promise expired.' }),
    );
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Book courier' }));
    const dialog = screen.getByRole('dialog', { name: 'Book courier' });
    fill(dialog, 'street', 'S 1');
    fill(dialog, 'postCode', '00100');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get price and time' }));
    await within(dialog).findByTestId('courier-quote');
    fill(dialog, 'name', 'G');
    fill(dialog, 'phone', '+3584000');
    fill(dialog, 'description', 'Box');
    fill(dialog, 'orderNumber', 'Z9');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book courier now' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The promise expired.',
    );
  });
});

describe('deliveries list', () => {
  it('drops the pickup time once the courier has picked up, until the drop-off estimate comes', async () => {
    const pickupEta = new Date(Date.now() + 2 * 60_000).toISOString();
    const delivery = makeDelivery({ orderNumber: 'P7', status: 'dropoff_started', pickupEta });
    const bridge = createFakeBridge({ deliveries: [delivery] });
    renderApp(bridge);
    await openCouriers();
    const card = await screen.findByRole('article', { name: 'Delivery #P7' });
    expect(within(card).queryByTestId('delivery-eta')).toBeNull();
    const dropoff = new Date(Date.now() + 20 * 60_000).toISOString();
    act(() =>
      bridge.setDeliveries([{ ...delivery, dropoffEtaMin: dropoff, dropoffEtaMax: dropoff }]),
    );
    expect(within(card).getByTestId('delivery-eta').textContent).toBe(
      `At the customer ${formatClock(dropoff)}`,
    );
  });

  it('shows live status, courier ETA, tracking link and PIN, and cancels with a reason', async () => {
    const pickupEta = new Date(Date.now() + 12 * 60_000).toISOString();
    const delivery = makeDelivery({
      orderNumber: 'B2',
      status: 'pickup_started',
      pickupEta,
      handshakeRequired: true,
      handshakePin: '0427',
    });
    const bridge = createFakeBridge({ deliveries: [delivery] });
    renderApp(bridge);
    await openCouriers();
    const card = await screen.findByRole('article', { name: 'Delivery #B2' });
    expect(within(card).getByTestId('delivery-status').textContent).toBe('Courier on the way here');
    expect(within(card).getByTestId('delivery-eta').textContent).toBe(
      `Courier here ${formatClock(pickupEta)}`,
    );
    const link = within(card).getByRole('link', { name: 'Tracking page' });
    expect(link.getAttribute('href')).toBe('https://track.example/abc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(card.textContent).toContain('Handshake PIN 0427');

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel delivery' }));
    fill(card, 'cancelReason', 'Customer changed their mind');
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel the courier' }));
    await waitFor(() =>
      expect(bridge.callsTo('delivery:cancel')).toEqual([
        { deliveryId: delivery.id, reason: 'Customer changed their mind' },
      ]),
    );
    expect((await within(card).findByText('Cancelling…')).textContent).toBe('Cancelling…');

    // The service's event moves it on: no Cancel once delivered.
    const eta = new Date().toISOString();
    act(() =>
      bridge.setDeliveries([
        { ...delivery, status: 'delivered', completedAt: eta, cancellable: false, pending: null },
      ]),
    );
    expect(within(card).getByTestId('delivery-status').textContent).toBe('Delivered');
    expect(within(card).getByTestId('delivery-eta').textContent).toBe(
      `Delivered ${formatClock(eta)}`,
    );
    expect(within(card).queryByRole('button', { name: 'Cancel delivery' })).toBeNull();
  });

  it("shows the platform's reason when a cancel was refused, and lets staff dismiss it", async () => {
    const delivery = makeDelivery({
      orderNumber: 'C3',
      status: 'pickup_arrival',
      pending: {
        actionId: 'action-9',
        kind: 'cancel',
        state: 'failed',
        error: encodeRefusal(refusal('courier-has-parcels')),
      },
    });
    const bridge = createFakeBridge({ deliveries: [delivery] });
    renderApp(bridge);
    await openCouriers();
    const card = await screen.findByRole('article', { name: 'Delivery #C3' });
    expect(within(card).getByRole('alert').textContent).toContain(
      'The platform refused to cancel: The courier has the parcels already',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(bridge.callsTo('outbox:discard')).toEqual([{ actionId: 'action-9' }]),
    );
  });

  it("words a refused booking's kept reason in the screen's language, and follows a switch", async () => {
    const delivery = makeDelivery({
      orderNumber: 'F1',
      reference: null,
      status: 'booking',
      pending: {
        actionId: 'action-7',
        kind: 'book',
        state: 'failed',
        // As main keeps it: the code, never the English sentence.
        error: encodeRefusal(refusal('courier-offer-expired')),
      },
    });
    renderApp(createFakeBridge({ deliveries: [delivery] }));
    await openCouriers();
    const english = await screen.findByRole('article', { name: 'Delivery #F1' });
    expect(within(english).getByRole('alert').textContent).toContain(
      'The price offer ran out: get a new price and time.',
    );
    try {
      act(() => setLanguage('fi'));
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toContain(
          'Hintatarjous vanheni: hae uusi hinta ja aika.',
        ),
      );
      expect(screen.getByRole('alert').textContent).not.toMatch(/price offer|countertop-refusal/);
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('words a cancel reason of the terminal’s own by its code, the platform’s own words as given', async () => {
    const cancelled = makeDelivery({
      orderNumber: 'C1',
      status: 'rejected',
      cancellable: false,
      // What main sent the platform is English; the card words the code.
      rejectedReason: 'Booked twice: this courier was booked again at the counter.',
      cancelCode: 'booked-twice',
    });
    const refused = makeDelivery({
      orderNumber: 'C2',
      status: 'rejected',
      cancellable: false,
      rejectedReason: 'Kuriiri ei saatavilla',
    });
    const open = makeDelivery({ orderNumber: 'C3' });
    const bridge = createFakeBridge({ deliveries: [cancelled, refused, open] });
    setLanguage('fi');
    try {
      renderApp(bridge);
      fireEvent.click(await screen.findByRole('button', { name: /^Kuskit/ }));
      const first = await screen.findByRole('article', { name: /#C1/ });
      expect(first.textContent).toContain('Syy: Tilattu kahdesti kassalta');
      expect(first.textContent).not.toMatch(/Booked|counter/);
      expect(screen.getByRole('article', { name: /#C2/ }).textContent).toContain(
        'Syy: Kuriiri ei saatavilla',
      );
      // The default reason is shown in Finnish and sent as its code.
      const third = screen.getByRole('article', { name: /#C3/ });
      fireEvent.click(within(third).getByRole('button', { name: 'Peru kuljetus' }));
      expect(within(third).getByRole('textbox')).toHaveProperty('value', 'Asiakas perui');
      fireEvent.click(within(third).getByRole('button', { name: 'Peru kuski' }));
      await waitFor(() =>
        expect(bridge.callsTo('delivery:cancel')).toEqual([
          { deliveryId: open.id, code: 'customer-cancelled' },
        ]),
      );
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('says it is checking while a booking’s answer is lost, then offers Book again and Cancel', async () => {
    const since = new Date().toISOString();
    const delivery = makeDelivery({
      orderNumber: 'L1',
      reference: null,
      status: 'booking',
      bookingCheck: { since, staffMayDecide: false },
    });
    const bridge = createFakeBridge({ deliveries: [delivery] });
    renderApp(bridge);
    await openCouriers();
    const card = await screen.findByRole('article', { name: 'Delivery #L1' });
    expect(within(card).getByTestId('delivery-status').textContent).toBe(
      'Checking whether the courier was booked…',
    );
    expect(within(card).queryByRole('button', { name: 'Book again' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Cancel delivery' })).toBeNull();

    act(() =>
      bridge.setDeliveries([{ ...delivery, bookingCheck: { since, staffMayDecide: true } }]),
    );
    expect(card.textContent).toContain('No word from the delivery service');
    expect(within(card).getByRole('button', { name: 'Cancel delivery' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Book again' }));
    await waitFor(() =>
      expect(bridge.callsTo('delivery:rebook')).toEqual([{ deliveryId: delivery.id }]),
    );
  });

  it('fetches the handshake PIN when no event brought it yet', async () => {
    const bridge = createFakeBridge({
      deliveries: [makeDelivery({ orderNumber: 'P1', handshakeRequired: true })],
    });
    renderApp(bridge);
    await openCouriers();
    const card = await screen.findByRole('article', { name: 'Delivery #P1' });
    fireEvent.click(within(card).getByRole('button', { name: 'Show handshake PIN' }));
    expect((await within(card).findByText('Handshake PIN 4321')).textContent).toBe(
      'Handshake PIN 4321',
    );
  });
});

describe('one refusal row per delivery card', () => {
  it("words a refused PIN in the screen's language in the card's one row; Dismiss clears it", async () => {
    const delivery = makeDelivery({
      orderNumber: 'P2',
      handshakeRequired: true,
      pending: {
        actionId: 'action-3',
        kind: 'cancel',
        state: 'failed',
        error: encodeRefusal(refusal('courier-has-parcels')),
      },
    });
    const bridge = createFakeBridge({ deliveries: [delivery] });
    // As main answers a delivery booked without a PIN: the code, the English words for the log.
    bridge.handle('delivery:handshake', () =>
      Promise.reject({
        code: 'not-found',
        message: 'This delivery was booked without a PIN: the courier needs none at the door.',
        refusal: refusal('courier-no-pin'),
      }),
    );
    renderApp(bridge);
    try {
      act(() => setLanguage('fi'));
      fireEvent.click(await screen.findByRole('button', { name: 'Kuskit' }));
      const card = await screen.findByRole('article', { name: /P2/ });
      expect(within(card).getAllByRole('alert')).toHaveLength(1);
      fireEvent.click(within(card).getByRole('button', { name: 'Näytä toimitus-PIN' }));
      await waitFor(() =>
        expect(within(card).getByRole('alert').textContent).toContain(
          'Kuski tilattiin ilman PIN-koodia: sitä ei tarvita ovella.',
        ),
      );
      // The refused cancel waits behind it: never two rows stacked under the card.
      expect(within(card).getAllByRole('alert')).toHaveLength(1);
      fireEvent.click(within(card).getByRole('button', { name: 'Sulje' }));
      await waitFor(() =>
        expect(within(card).getByRole('alert').textContent).toContain('Kuskilla on jo paketit'),
      );
      expect(bridge.callsTo('outbox:discard')).toEqual([]);
      fireEvent.click(within(card).getByRole('button', { name: 'Sulje' }));
      await waitFor(() =>
        expect(bridge.callsTo('outbox:discard')).toEqual([{ actionId: 'action-3' }]),
      );
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('says why courier updates are not coming in, in staff words, never the raw error', async () => {
    renderApp(
      createFakeBridge({ delivery: { webhookError: refusal('courier-updates-down', 'offline') } }),
    );
    try {
      act(() => setLanguage('sv'));
      fireEvent.click(await screen.findByRole('button', { name: 'Bud' }));
      expect((await screen.findByTestId('courier-webhook')).textContent).toBe(
        'Leveransuppdateringar kommer inte fram: reläet svarade inte. Det försöker igen av sig självt.',
      );
    } finally {
      act(() => setLanguage('en'));
    }
  });
});

/** A terminal whose courier delivery was never set up. */
const NOT_SET_UP = {
  configured: false,
  driveUrl: null,
  merchantId: null,
  venueId: null,
  webhook: null,
} as const;

describe('courier delivery set-up', () => {
  it('is a separate optional form that names bad fields and sends a valid set-up', async () => {
    const bridge = createFakeBridge({ delivery: NOT_SET_UP });
    renderApp(bridge);
    expect(screen.queryByRole('button', { name: 'Book courier' })).toBeNull();
    await openCouriers();
    const form = await screen.findByRole('form', { name: 'Courier delivery' });
    // The venue's webhook secret is the terminal's own making: staff never type one.
    expect(form.querySelector('input[name="webhookSecret"]')).toBeNull();
    fill(form, 'driveUrl', 'not a url');
    fill(form, 'merchantKey', 'a b');
    fireEvent.click(within(form).getByRole('button', { name: 'Set up courier delivery' }));
    expect(form.querySelector('input[name="driveUrl"]')!.getAttribute('aria-invalid')).toBe('true');
    expect(form.querySelector('input[name="merchantKey"]')!.getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(bridge.callsTo('delivery:configure')).toEqual([]);

    fill(form, 'driveUrl', 'http://127.0.0.1:4010/drive');
    fill(form, 'merchantId', 'demo-merchant');
    fill(form, 'merchantKey', 'mk_0123456789abcdef');
    fill(form, 'venueId', 'demo-venue');
    fireEvent.click(within(form).getByRole('button', { name: 'Set up courier delivery' }));
    await waitFor(() =>
      expect(bridge.callsTo('delivery:configure')).toEqual([
        {
          driveUrl: 'http://127.0.0.1:4010/drive',
          merchantId: 'demo-merchant',
          merchantKey: 'mk_0123456789abcdef',
          venueId: 'demo-venue',
        },
      ]),
    );
  });
});

describe('the courier forms’ language', () => {
  const labelOf = (name: string) =>
    document.querySelector(`input[name="${name}"]`)!.closest('label')!.textContent;

  it('labels the address check and the set-up in the language staff switch to', async () => {
    renderApp(createFakeBridge());
    await openCouriers();
    await waitFor(() => expect(labelOf('area-street')).toContain('Street and number'));
    fireEvent.click(screen.getByRole('button', { name: 'Change courier set-up' }));
    expect(labelOf('driveUrl')).toContain('Delivery service address');
    try {
      act(() => setLanguage('fi'));
      // The labels were read once, at load: they stayed English on a Finnish screen.
      await waitFor(() => expect(labelOf('area-street')).toContain('Katu ja numero'));
      fireEvent.click(screen.getByRole('button', { name: 'Muuta kuljetusasetuksia' }));
      expect(labelOf('driveUrl')).toContain('Kuljetuspalvelun osoite');
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('words a mistyped merchant key in the language staff switch to, never in English', async () => {
    renderApp(createFakeBridge({ delivery: NOT_SET_UP }));
    await openCouriers();
    await screen.findByRole('form', { name: 'Courier delivery' });
    const keyError = () => {
      // Asked afresh each time: a switch of language draws the form again.
      const form = screen.getByRole('form', { name: /./ }) as HTMLFormElement;
      fill(form, 'merchantKey', 'short');
      fireEvent.submit(form);
      return form.querySelector('input[name="merchantKey"]')!.closest('label')!.textContent;
    };
    expect(keyError()).toContain('A merchant key is 8 to 500 characters, with no spaces');
    try {
      act(() => setLanguage('fi'));
      await waitFor(() => expect(labelOf('driveUrl')).toContain('Kuljetuspalvelun osoite'));
      expect(keyError()).toContain('Kauppiasavaimessa on 8–500 merkkiä ilman välilyöntejä');
    } finally {
      act(() => setLanguage('en'));
    }
  });
});
