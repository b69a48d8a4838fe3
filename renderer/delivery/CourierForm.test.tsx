// The whole booking form, the area check and the courier's whereabouts as staff see them.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge, makeDelivery, makeOrder } from '../testing/fake-bridge';
import { findOrderDetail, renderApp } from '../testing/render-app';
import { scheduleSlots } from './BookCourierDialog';
import { setLanguage } from '../ui-kit/language';

afterEach(cleanup);

const field = (scope: HTMLElement, name: string) =>
  scope.querySelector(`[name="${name}"]`) as HTMLInputElement;
const fill = (scope: HTMLElement, name: string, value: string) =>
  fireEvent.change(field(scope, name), { target: { value } });
/** The message shown under a field. */
const errorOf = (scope: HTMLElement, name: string) =>
  field(scope, name).closest('label')?.querySelector('.field-error')?.textContent ?? null;
/** Words of a validator, never of a counter. */
const VALIDATOR_WORDS = /expected|too small|too big|invalid|NaN|>=|<=/i;

const openForm = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Book courier' }));
  return screen.getByRole('dialog', { name: 'Book courier' });
};
const quote = async (dialog: HTMLElement) => {
  fill(dialog, 'street', 'Mannerheimintie 10');
  fill(dialog, 'postCode', '00100');
  fill(dialog, 'city', 'Helsinki');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Get price and time' }));
  await within(dialog).findByTestId('courier-quote');
};

/** WGS 84 to EPSG:3857, as order.location_updated sends positions. */
const mercator = (lat: number, lon: number) => ({
  x: (6_378_137 * lon * Math.PI) / 180,
  y: 6_378_137 * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)),
});

describe('the booking form', () => {
  it('books a walk-in without an order number', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    const dialog = await openForm();
    await quote(dialog);
    fill(dialog, 'name', 'Walk-in');
    fill(dialog, 'phone', '+358 40 123 4567');
    fill(dialog, 'description', 'Pastries');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book courier now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsTo('delivery:book')).toEqual([
      {
        promiseId: 'promise-Mannerheimintie 10',
        recipient: { name: 'Walk-in', phone: '+358 40 123 4567' },
        parcels: [{ description: 'Pastries', count: 1 }],
      },
    ]);
    // Named for whom it goes to, never by an id.
    const card = await screen.findByRole('article', { name: 'Delivery to Walk-in' });
    expect(card.textContent).not.toMatch(/delivery-\d/);
  });

  it('says each problem in staff words on its own field, opening "More options" for its own', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    const dialog = await openForm();
    fill(dialog, 'street', 'Mannerheimintie 10');
    fill(dialog, 'city', 'Helsinki');
    fill(dialog, 'readyIn', '90');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get price and time' }));
    expect(errorOf(dialog, 'readyIn')).toBe(
      'At most 60 minutes: the courier service waits no longer',
    );
    expect(bridge.callsTo('delivery:quote')).toEqual([]);
    fill(dialog, 'readyIn', '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get price and time' }));
    await within(dialog).findByTestId('courier-quote');

    const more = dialog.querySelector('details') as HTMLDetailsElement;
    expect(more.open).toBe(false);
    fill(dialog, 'phone', 'call me');
    fill(dialog, 'count', 'two');
    fill(dialog, 'orderNumber', 'X'.repeat(21));
    fill(dialog, 'tip', '-1');
    fill(dialog, 'email', 'grace@');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book courier now' }));
    const errors = {
      name: errorOf(dialog, 'name'),
      phone: errorOf(dialog, 'phone'),
      description: errorOf(dialog, 'description'),
      count: errorOf(dialog, 'count'),
      orderNumber: errorOf(dialog, 'orderNumber'),
      tip: errorOf(dialog, 'tip'),
      email: errorOf(dialog, 'email'),
    };
    expect(errors).toEqual({
      name: 'Enter the customer’s name',
      phone: 'Use digits, spaces and + only',
      description: 'Say what is in the parcel (the courier sees it)',
      count: 'Enter how many as a number',
      orderNumber: 'At most 20 characters',
      tip: 'Enter the tip above zero, or leave it empty',
      email: 'This is not an email address',
    });
    expect(more.open).toBe(true);
    expect(dialog.textContent).not.toMatch(VALIDATOR_WORDS);
    expect(bridge.callsTo('delivery:book')).toEqual([]);
  });

  it('sends "ready in" and a drop-off time to the offer; only times more than an hour ahead are offered', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    const dialog = await openForm();
    const select = field(dialog, 'scheduled') as unknown as HTMLSelectElement;
    const offered = [...select.options].map((o) => o.value).filter(Boolean);
    expect(offered.length).toBeGreaterThan(0);
    for (const slot of offered) expect(Date.parse(slot) - Date.now()).toBeGreaterThan(60 * 60_000);
    expect(select.value).toBe('');
    expect(select.options[0]?.textContent).toBe('As soon as possible');

    fill(dialog, 'readyIn', '20');
    fireEvent.change(select, { target: { value: offered[2] } });
    await quote(dialog);
    expect(bridge.callsTo('delivery:quote')).toEqual([
      {
        street: 'Mannerheimintie 10',
        postCode: '00100',
        city: 'Helsinki',
        minPreparationMinutes: 20,
        scheduledDropoff: offered[2],
      },
    ]);
    expect(within(dialog).getByTestId('courier-quote').textContent).toContain('ready in 20 min');
  });

  it('slots start a quarter hour past the required hour', () => {
    const now = Date.parse('2026-11-26T12:07:00Z');
    const slots = scheduleSlots(now);
    expect(slots[0]).toBe('2026-11-26T13:30:00.000Z');
    expect(slots[1]).toBe('2026-11-26T13:45:00.000Z');
  });

  it('offers everything a counter uses, each sent under its own name', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    const dialog = await openForm();
    await quote(dialog);
    fill(dialog, 'name', 'Grace');
    fill(dialog, 'phone', '+358401234567');
    fill(dialog, 'description', 'Wine');
    fill(dialog, 'count', '2');
    fill(dialog, 'orderNumber', 'A7');
    fill(dialog, 'dropoffComment', 'Door code 1234');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Alcohol/ }));
    fireEvent.click(within(dialog).getByText(/More options/));
    fill(dialog, 'bags', '2');
    fill(dialog, 'pickupComment', 'Behind the bar');
    fill(dialog, 'email', 'grace@example.com');
    fill(dialog, 'smsReceived', 'A courier is coming');
    fill(dialog, 'smsPickedUp', 'On its way');
    fill(dialog, 'tip', '2.50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book courier now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsTo('delivery:book')).toEqual([
      {
        promiseId: 'promise-Mannerheimintie 10',
        recipient: { name: 'Grace', phone: '+358401234567', email: 'grace@example.com' },
        parcels: [{ description: 'Wine', count: 2, idCheck: true }],
        orderNumber: 'A7',
        pickupComment: 'Behind the bar',
        dropoffComment: 'Door code 1234',
        smsReceived: 'A courier is coming',
        smsPickedUp: 'On its way',
        tip: 250,
        bagCount: 2,
      },
    ]);
  });

  it('refuses "leave at the door" with a PIN, on the no-contact box', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    const dialog = await openForm();
    await quote(dialog);
    fill(dialog, 'name', 'Grace');
    fill(dialog, 'phone', '+358401234567');
    fill(dialog, 'description', 'Cake');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Leave at the door/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /PIN/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book courier now' }));
    const box = within(dialog).getByRole('checkbox', { name: /Leave at the door/ });
    expect(box.closest('label')?.querySelector('.field-error')?.textContent).toBe(
      'A PIN needs someone at the door: untick one of the two',
    );
    expect(bridge.callsTo('delivery:book')).toEqual([]);
  });

  it("from a self-delivery order's card: the form starts with the customer's address and phone", async () => {
    const order = makeOrder({
      orderNumber: '042',
      deliveryType: 'homedelivery',
      selfDelivery: true,
      consumerName: 'Ada L.',
      consumerPhone: '+358 40 555 1234',
      deliveryAddress: {
        street: 'Bulevardi 5',
        apartment: 'A 12',
        postCode: '00120',
        city: 'Helsinki',
        formatted: 'Bulevardi 5 A 12\n00120 Helsinki',
        lat: 60.165,
        lon: 24.94,
      },
    });
    const bridge = createFakeBridge({ orders: [order] });
    renderApp(bridge);
    const card = await findOrderDetail('042');
    fireEvent.click(within(card).getByRole('button', { name: 'Book a platform courier instead' }));
    const dialog = screen.getByRole('dialog', { name: 'Book courier' });
    expect(field(dialog, 'street').value).toBe('Bulevardi 5 A 12');
    expect(field(dialog, 'postCode').value).toBe('00120');
    expect(field(dialog, 'city').value).toBe('Helsinki');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get price and time' }));
    await within(dialog).findByTestId('courier-quote');
    expect(field(dialog, 'name').value).toBe('Ada L.');
    expect(field(dialog, 'phone').value).toBe('+358 40 555 1234');
    expect(field(dialog, 'orderNumber').value).toBe('042');
  });
});

describe('can we deliver there?', () => {
  const openCouriers = async () =>
    fireEvent.click(await screen.findByRole('button', { name: 'Couriers' }));

  it('answers yes with price and time, and books to that address; no outside the area', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    await openCouriers();
    const check = screen.getByRole('form', { name: 'Can we deliver there?' });
    fill(check, 'area-street', 'Mannerheimintie 10');
    fill(check, 'area-postCode', '00100');
    fill(check, 'area-city', 'Helsinki');
    fireEvent.click(within(check).getByRole('button', { name: 'Check address' }));
    const yes = await screen.findByTestId('area-answer');
    expect(yes.textContent).toContain(
      'Yes, couriers deliver to Mannerheimintie 10, 00100 Helsinki.',
    );
    expect(yes.textContent).toContain('about 40 min');
    expect(bridge.callsTo('delivery:check-area')).toEqual([
      { street: 'Mannerheimintie 10', postCode: '00100', city: 'Helsinki' },
    ]);
    fireEvent.click(within(yes).getByRole('button', { name: 'Book courier to this address' }));
    const dialog = screen.getByRole('dialog', { name: 'Book courier' });
    expect(field(dialog, 'street').value).toBe('Mannerheimintie 10');
    fireEvent.keyDown(dialog, { key: 'Escape' });

    fill(check, 'area-city', 'Faraway');
    expect(screen.queryByTestId('area-answer')).toBeNull();
    fireEvent.click(within(check).getByRole('button', { name: 'Check address' }));
    const no = await screen.findByTestId('area-answer');
    expect(no.textContent).toBe('No. This address is outside the courier delivery area.');
    expect(within(no).queryByRole('button')).toBeNull();
  });

  it("says no in the screen's language", async () => {
    renderApp(createFakeBridge());
    try {
      act(() => setLanguage('fi'));
      fireEvent.click(await screen.findByRole('button', { name: 'Kuskit' }));
      const check = await screen.findByRole('form', { name: 'Voimmeko toimittaa sinne?' });
      fill(check, 'area-street', 'Hämeenkatu 1');
      fill(check, 'area-city', 'Faraway');
      fireEvent.click(within(check).getByRole('button', { name: 'Tarkista osoite' }));
      expect((await screen.findByTestId('area-answer')).textContent).toBe(
        'Ei. Osoite on kuljetusalueen ulkopuolella.',
      );
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('asks for an address before asking the service', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    await openCouriers();
    const check = screen.getByRole('form', { name: 'Can we deliver there?' });
    fireEvent.click(within(check).getByRole('button', { name: 'Check address' }));
    expect(errorOf(check, 'area-street')).toBe('Enter the street and the post code or city');
    expect(bridge.callsTo('delivery:check-area')).toEqual([]);
  });
});

describe('where the courier is', () => {
  it('shows the distance and vehicle on the delivery card, updating as positions arrive, never a coordinate', async () => {
    const coming = makeDelivery({
      orderNumber: 'W1',
      status: 'pickup_started',
      courier: { id: 42, vehicleType: 'bicycle' },
      // About 1.2 km north of the venue (60.1699, 24.9384).
      courierLocation: mercator(60.1807, 24.9384),
    });
    const bridge = createFakeBridge({ deliveries: [coming] });
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Couriers' }));
    const card = await screen.findByRole('article', { name: 'Delivery #W1' });
    expect(within(card).getByTestId('courier-whereabouts').textContent).toContain(
      'Courier 1.2 km from here, by bike',
    );

    act(() => {
      bridge.setDeliveries([
        { ...coming, status: 'pickup_arrival', courierLocation: mercator(60.1705, 24.9384) },
      ]);
    });
    await waitFor(() =>
      expect(within(card).getByTestId('courier-whereabouts').textContent).toContain(
        'Courier here, by bike',
      ),
    );

    act(() => {
      bridge.setDeliveries([
        { ...coming, status: 'dropoff_started', courierLocation: mercator(60.1665, 24.9384) },
      ]);
    });
    // The customer is at 60.17, 24.94: about 350 m on.
    await waitFor(() =>
      expect(within(card).getByTestId('courier-whereabouts').textContent).toMatch(
        /Courier \d+ m from the customer, by bike/,
      ),
    );
    expect(card.textContent).not.toMatch(/60\.1|24\.9|\d{6,}/);
  });
});
