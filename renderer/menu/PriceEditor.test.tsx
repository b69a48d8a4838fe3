// A price or discount from the menu screen: each bad value refused on its own field, the change
// sent as asked, "changing…" until the platform's menu shows it, the former price struck through.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge, makeMenu, makeMenuItem } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';
import { setLanguage } from '../ui-kit/language';

afterEach(cleanup);

describe('prices on the menu screen', () => {
  it('refuses bad values on their fields, sends a discount, shows it changing, then struck through', async () => {
    const item = makeMenuItem({ externalData: 'side-fries', name: 'Fries', price: 4.5 });
    const bridge = createFakeBridge({ menu: makeMenu({ items: [item] }) });
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const row = () => screen.getByRole('listitem', { name: 'Fries' });
    fireEvent.click(within(row()).getByRole('button', { name: 'Change price' }));
    const form = within(row()).getByRole('form', { name: 'Price of Fries' });
    const price = within(form).getByLabelText('Price (€)');
    const discount = within(form).getByLabelText('Discounted price (€, empty: no discount)');
    expect((price as HTMLInputElement).value).toBe('4.50');

    fireEvent.change(price, { target: { value: '4,5x' } });
    fireEvent.change(discount, { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send to the platform' }));
    expect(within(form).getByText('Type the price in euros and cents, e.g. 12.50.')).toBeTruthy();
    fireEvent.change(price, { target: { value: '4,50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send to the platform' }));
    expect(within(form).getByText('The discounted price must be below the price.')).toBeTruthy();
    expect(bridge.callsTo('menu:setPrice')).toEqual([]);

    fireEvent.change(discount, { target: { value: '3.90' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send to the platform' }));
    await waitFor(() =>
      expect(bridge.callsTo('menu:setPrice')).toEqual([
        { target: 'item', externalData: 'side-fries', price: 450, discountedPrice: 390 },
      ]),
    );
    act(() =>
      bridge.emit(
        'menu:changed',
        makeMenu({ items: [{ ...item, priceChanging: { price: 450, discountedPrice: 390 } }] }),
      ),
    );
    // Waiting for the platform: its price still shown as it is, the wish beside it.
    expect(within(row()).getByTestId('price-changing').textContent).toMatch(
      /^Changing to €3\.90 \(€4\.50\)… \(waiting for the platform\)$/,
    );
    expect(within(row()).queryByRole('button', { name: 'Change price' })).toBeNull();
    act(() =>
      bridge.emit(
        'menu:changed',
        makeMenu({ items: [{ ...item, price: 3.9, originalPrice: 4.5 }] }),
      ),
    );
    expect(within(row()).queryByTestId('price-changing')).toBeNull();
    expect(within(row()).getByLabelText('was €4.50').tagName).toBe('S');
    expect(within(row()).getByTestId('price').textContent).toContain('€3.90');
  });

  it("words each field's refusal in the screen's language", async () => {
    const item = makeMenuItem({ externalData: 'side-fries', name: 'Fries', price: 4.5 });
    const bridge = createFakeBridge({ menu: makeMenu({ items: [item] }) });
    act(() => setLanguage('fi'));
    try {
      renderApp(bridge);
      fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
      const row = () => screen.getByRole('listitem', { name: 'Fries' });
      fireEvent.click(within(row()).getByRole('button', { name: 'Muuta hintaa' }));
      const form = within(row()).getByRole('form', { name: 'Hinta: Fries' });
      const price = within(form).getByLabelText('Hinta (€)');
      const discount = within(form).getByLabelText('Alennettu hinta (€, tyhjä: ei alennusta)');
      fireEvent.change(price, { target: { value: '-2' } });
      fireEvent.change(discount, { target: { value: '5' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Lähetä alustalle' }));
      expect(within(form).getByText('Hinta ei voi olla alle nollan.')).toBeTruthy();
      fireEvent.change(price, { target: { value: '4,50' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Lähetä alustalle' }));
      expect(within(form).getByText('Alennushinnan täytyy olla hintaa pienempi.')).toBeTruthy();
      expect(form.textContent).not.toMatch(/countertop-refusal|below/);
      expect(bridge.callsTo('menu:setPrice')).toEqual([]);
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('offers a discount in percent, sent as the discounted price it computes and shows', async () => {
    const item = makeMenuItem({ externalData: 'side-fries', name: 'Fries', price: 4.5 });
    const bridge = createFakeBridge({ menu: makeMenu({ items: [item] }) });
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const row = () => screen.getByRole('listitem', { name: 'Fries' });
    fireEvent.click(within(row()).getByRole('button', { name: 'Change price' }));
    const form = within(row()).getByRole('form', { name: 'Price of Fries' });
    const percent = within(form).getByLabelText(/Or a discount in %/);
    fireEvent.change(percent, { target: { value: '150' } });
    expect(within(form).getByText('Type a discount from 1 to 99 %, e.g. 15.')).toBeTruthy();
    fireEvent.change(percent, { target: { value: '15' } });
    const discount = within(form).getByLabelText('Discounted price (€, empty: no discount)');
    expect((discount as HTMLInputElement).value).toBe('3.83');
    expect(within(form).getByText(/^Customers pay €3\.83 \(15 % off\)/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Send to the platform' }));
    await waitFor(() =>
      expect(bridge.callsTo('menu:setPrice')).toEqual([
        { target: 'item', externalData: 'side-fries', price: 450, discountedPrice: 383 },
      ]),
    );
  });

  it("writes the menu's prices the screen's way, switching with the language", async () => {
    const item = makeMenuItem({ externalData: 'side-fries', name: 'Fries', price: 4.5 });
    renderApp(createFakeBridge({ menu: makeMenu({ items: [item] }) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const price = () =>
      within(screen.getByRole('listitem', { name: 'Fries' })).getByTestId('price').textContent;
    expect(price()).toContain('€4.50');
    try {
      act(() => setLanguage('fi'));
      expect(price()).toMatch(/4,50\s€/);
      act(() => setLanguage('de'));
      expect(price()).toMatch(/4,50\s€/);
    } finally {
      act(() => setLanguage('en'));
    }
    expect(price()).toContain('€4.50');
  });
});
