// Dialogs by keyboard: focus starts on what the dialog is for, stays inside, Escape always
// closes, and focus goes back where it came from.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge, makeOrder } from '../testing/fake-bridge';
import { orderDetail, renderApp } from '../testing/render-app';

afterEach(cleanup);

const card = (number: string) => screen.getByRole('article', { name: `Order #${number}` });
const focused = () => document.activeElement as HTMLElement;

const setUp = async () => {
  const bridge = createFakeBridge({
    orders: [
      makeOrder({ orderNumber: '701' }),
      makeOrder({ orderNumber: '702', status: 'PRODUCTION', platformStatus: 'PRODUCTION' }),
    ],
  });
  renderApp(bridge);
  await screen.findByText('#701');
  return bridge;
};

describe('dialogs by keyboard', () => {
  it('Accept opens with focus on its confirm button, never on Close', async () => {
    await setUp();
    const accept = within(orderDetail('701')).getByRole('button', { name: 'Accept' });
    accept.focus();
    fireEvent.click(accept);
    const dialog = screen.getByRole('dialog', { name: 'Accept order #701' });
    // The confirm button, whatever time it offers first.
    expect(focused().getAttribute('type')).toBe('submit');
    expect(focused().textContent).toMatch(/^Accept · /);
    expect(dialog.contains(focused())).toBe(true);
  });

  it('Reject opens on its first reason, not on Close nor on the destructive button', async () => {
    await setUp();
    fireEvent.click(within(orderDetail('701')).getByRole('button', { name: 'Reject' }));
    screen.getByRole('dialog', { name: 'Reject order #701' });
    expect(focused().textContent).toBe('Items unavailable');
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    await setUp();
    fireEvent.click(within(orderDetail('701')).getByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog');
    const buttons = within(dialog).getAllByRole('button');
    const first = buttons[0]!;
    const last = buttons[buttons.length - 1]!;
    expect(first.textContent).toBe('Close');

    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(focused()).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(focused()).toBe(last);

    // Focus that escaped (a tap on the page behind) is brought back in.
    card('702').focus();
    expect(dialog.contains(focused())).toBe(true);
  });

  it('Escape closes from a field, and from the page behind, and focus returns to the opener', async () => {
    const bridge = await setUp();
    const reject = within(orderDetail('701')).getByRole('button', { name: 'Reject' });
    reject.focus();
    fireEvent.click(reject);
    const input = within(screen.getByRole('dialog')).getByRole('textbox');
    input.focus();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(reject);
    expect(bridge.callsTo('orders:reject')).toEqual([]);

    fireEvent.keyDown(window, { key: '?' });
    screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('accepts in three keys from the board: arrow, Enter on the card, Enter on Accept', async () => {
    const bridge = await setUp();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    // The selection takes keyboard focus, so the next key goes to the card.
    expect(focused()).toBe(card('701'));
    fireEvent.keyDown(focused(), { key: 'Enter' });
    screen.getByRole('dialog', { name: 'Accept order #701' });
    // The test DOM does not turn Enter on a button into a click; a browser does (the Chromium test).
    expect(focused().getAttribute('type')).toBe('submit');
    fireEvent.click(focused());
    await waitFor(() =>
      expect(bridge.callsTo('orders:accept')).toEqual([
        // The default keeps the platform's own estimate.
        { orderId: bridge.orders[0]!.id, preparationMinutes: null },
      ]),
    );
    // The opener (the card) has focus again, without scrolling anything.
    expect(focused()).toBe(card('701'));
  });

  it('Enter on a card in preparation marks it ready; Enter never rejects', async () => {
    const bridge = await setUp();
    act(() => card('702').focus());
    expect(card('702').className).toContain('card-selected');
    fireEvent.keyDown(card('702'), { key: 'Enter' });
    await waitFor(() =>
      expect(bridge.callsTo('orders:ready')).toEqual([{ orderId: bridge.orders[1]!.id }]),
    );
    expect(bridge.callsTo('orders:reject')).toEqual([]);
  });
});
