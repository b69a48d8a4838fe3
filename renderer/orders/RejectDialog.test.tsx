// The reject dialog keeps the chosen reason as its code and the "give a reason" refusal as a
// fact, worded at each render: a switch of language while it is open shows them in the new
// language, never the words of the language it was opened in.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreProvider } from '../shell/app-context';
import { createAppStore } from '../shell/store';
import { createFakeBridge, makeOrder } from '../testing/fake-bridge';
import { setLanguage } from '../ui-kit/language';
import { RejectDialog } from './RejectDialog';

afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('the reject dialog', () => {
  it('words its default reason and its refusal in the language shown now', async () => {
    const order = makeOrder({ orderNumber: '21' });
    const bridge = createFakeBridge({ orders: [order] });
    const store = createAppStore(bridge);
    await store.getState().init();
    await waitFor(() => expect(store.getState().orders).toHaveLength(1));
    // A new element each time, so a rerender renders it again (as a switch does in the app).
    const dialog = () => (
      <StoreProvider store={store}>
        <RejectDialog orderId={order.id} />
      </StoreProvider>
    );
    const view = render(dialog());
    const shown = screen.getByRole('dialog');
    fireEvent.click(within(shown).getByRole('button', { name: 'Reject order' }));
    within(shown).getByText('Give a reason before rejecting.');

    act(() => setLanguage('fi'));
    view.rerender(dialog());
    expect(within(shown).getByRole('alert').textContent).toBe('Anna syy ennen hylkäämistä.');
    fireEvent.click(within(shown).getByRole('button', { name: 'Suljemme pian' }));
    expect(within(shown).getByRole('textbox')).toHaveProperty('value', 'Suljemme pian');

    act(() => setLanguage('de'));
    view.rerender(dialog());
    expect(within(shown).getByRole('textbox')).toHaveProperty('value', 'Wir schließen bald');
    // What staff type is theirs: it stays as typed.
    fireEvent.change(within(shown).getByRole('textbox'), { target: { value: 'Ofen kaputt' } });
    act(() => setLanguage('en'));
    view.rerender(dialog());
    expect(within(shown).getByRole('textbox')).toHaveProperty('value', 'Ofen kaputt');
  });
});
