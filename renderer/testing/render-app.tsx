import { fireEvent, render, screen } from '@testing-library/react';
import { StoreProvider } from '../shell/app-context';
import { App } from '../shell/App';
import { createAppStore } from '../shell/store';
import type { FakeBridge } from './fake-bridge';
import { createFakeRinger } from './fake-bridge';

/**
 * The whole app over a fake bridge, as main.tsx wires it. `storage`: the window's storage, shared
 * by two renders to stand for a restart (none by default).
 */
export const renderApp = (
  bridge: FakeBridge,
  { storage = null }: { storage?: Pick<Storage, 'getItem' | 'setItem'> | null } = {},
) => {
  const store = createAppStore(bridge, { storage });
  const ringer = createFakeRinger();
  const alarm = createFakeRinger();
  const printAlarm = createFakeRinger();
  const view = render(
    <StoreProvider store={store}>
      <App ringer={ringer} alarm={alarm} printAlarm={printAlarm} />
    </StoreProvider>,
  );
  return { ...view, store, ringer, alarm, printAlarm };
};

/**
 * An order's detail (its whole card: lines, notes, printing, every action), opened as staff do,
 * by a tap on its board tile; the one already open is returned as it is.
 */
export const orderDetail = (number: string): HTMLElement => {
  const open = screen.queryByRole('article', { name: `Details · #${number}` });
  if (open) return open;
  fireEvent.click(screen.getByRole('article', { name: `Order #${number}` }));
  return screen.getByRole('article', { name: `Details · #${number}` });
};

/** The same, once the order's tile has come. */
export const findOrderDetail = async (number: string): Promise<HTMLElement> => {
  await screen.findByRole('article', { name: `Order #${number}` });
  return orderDetail(number);
};
