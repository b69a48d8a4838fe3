import { render } from '@testing-library/react';
import { StoreProvider } from '../shell/app-context';
import { App } from '../shell/App';
import { createAppStore } from '../shell/store';
import type { FakeBridge } from './fake-bridge';
import { createFakeRinger } from './fake-bridge';

/** The whole app over a fake bridge, as main.tsx wires it. */
export const renderApp = (bridge: FakeBridge) => {
  const store = createAppStore(bridge, { storage: null });
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
