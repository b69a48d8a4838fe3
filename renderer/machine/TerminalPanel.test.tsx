import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { counterWithKitchen, createFakeBridge, KITCHEN_TERMINAL } from '../testing/fake-bridge';

afterEach(cleanup);

const openTerminal = async (bridge: ReturnType<typeof createFakeBridge>) => {
  renderApp(bridge);
  fireEvent.click(await screen.findByRole('button', { name: /^Venue/ }));
  return screen.findByRole('region', { name: 'This terminal' });
};

describe('this terminal among the venue’s', () => {
  it('staff name the terminal; an empty name goes back to the computer’s', async () => {
    const bridge = createFakeBridge();
    const section = await openTerminal(bridge);
    const field = within(section).getByLabelText('Name of this terminal');
    expect(field.getAttribute('placeholder')).toBe('counter-pc');
    fireEvent.change(field, { target: { value: '  Kitchen  ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(bridge.callsTo('terminal:rename')).toEqual([{ name: 'Kitchen' }]));
    expect((await within(section).findByRole('status')).textContent).toBe('Name saved.');
    fireEvent.change(field, { target: { value: ' ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(bridge.callsTo('terminal:rename').at(-1)).toEqual({ name: null }));
  });

  it('assigns a document to one of the venue’s terminals, by name, and back to any', async () => {
    const bridge = createFakeBridge();
    bridge.handle('terminal:get', async () => counterWithKitchen());
    const section = await openTerminal(bridge);
    const ticket = within(section).getByLabelText('Kitchen ticket') as HTMLSelectElement;
    expect([...ticket.options].map((o) => o.textContent)).toEqual([
      'Any terminal with a printer for it',
      'Counter (this terminal)',
      'Kitchen',
    ]);
    fireEvent.change(ticket, { target: { value: KITCHEN_TERMINAL } });
    await waitFor(() =>
      expect(bridge.callsTo('terminal:assignPrinting')).toEqual([
        { printedBy: { 'kitchen-ticket': KITCHEN_TERMINAL } },
      ]),
    );
  });

  it('shows who prints what as another terminal of the venue changed it, page open', async () => {
    const bridge = createFakeBridge();
    bridge.handle('terminal:get', async () => counterWithKitchen());
    const section = await openTerminal(bridge);
    const receipt = within(section).getByLabelText('Receipt') as HTMLSelectElement;
    expect(receipt.value).toBe('');
    const changed = (venueId: string, first: boolean) =>
      act(() =>
        bridge.emit('venueSettings:changed', {
          venueId,
          first,
          orders: { autoAccept: false, autoAcceptMaxItems: 10, unclaimedAfterMinutes: 15 },
          printedBy: { receipt: KITCHEN_TERMINAL },
          by: 'another-terminal',
        }),
      );
    // Another venue's change is not this page's.
    changed('kamppi-bowls', false);
    expect(receipt.value).toBe('');
    changed('demo-venue', true);
    expect(receipt.value).toBe(KITCHEN_TERMINAL);
    expect(bridge.callsTo('terminal:assignPrinting')).toEqual([]);
  });
});
