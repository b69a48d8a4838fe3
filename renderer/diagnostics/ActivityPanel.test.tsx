// What the activity screen says of a refused retry, and of the diagnostics export, is kept as
// main's refusal or the export's facts and worded when shown: after a switch of language it
// reads in the new language, never in the one it was said in.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { refusal, refusalText } from '../../shared/refusals';
import { StoreProvider } from '../shell/app-context';
import { createAppStore } from '../shell/store';
import { createFakeBridge } from '../testing/fake-bridge';
import { setLanguage } from '../ui-kit/language';
import { ActivityPanel } from './ActivityPanel';

afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('the activity screen’s own messages', () => {
  it('words a refused retry and a refused export in the language shown now', async () => {
    const at = new Date().toISOString();
    const bridge = createFakeBridge();
    bridge.handle('outbox:list', async () => [
      {
        id: 'a1',
        kind: 'venue-online',
        subject: 'venue-1',
        facts: { online: true },
        state: 'failed',
        attempts: 3,
        error: null,
        createdAt: at,
        nextAttemptAt: null,
      },
    ]);
    bridge.handle('outbox:retry', () =>
      Promise.reject({
        code: 'not-found',
        message: 'That action is no longer waiting: there is nothing to retry.',
        refusal: refusal('action-gone'),
      }),
    );
    bridge.handle('diagnostics:export', () =>
      Promise.reject({
        code: 'failed',
        message: 'The terminal service failed unexpectedly.',
        refusal: refusal('unexpected'),
      }),
    );
    const store = createAppStore(bridge);
    await store.getState().init();
    await waitFor(() => expect(store.getState().outbox).toHaveLength(1));
    // A new element each time, so a rerender renders it again (as a switch does in the app).
    const panel = () => (
      <StoreProvider store={store}>
        <ActivityPanel summary={null} />
      </StoreProvider>
    );
    const view = render(panel());
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export diagnostics for support' }));
    const problems = screen.getByRole('region', { name: 'Problems and support' });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(within(problems).getByRole('alert').textContent).toBe(
      refusalText(refusal('unexpected'), 'en'),
    );

    act(() => setLanguage('fi'));
    view.rerender(panel());
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      refusalText(refusal('action-gone'), 'fi'),
      refusalText(refusal('unexpected'), 'fi'),
    ]);
  });
});
