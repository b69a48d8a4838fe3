import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';

afterEach(cleanup);

describe('problems and support on the activity screen', () => {
  it('lists the log’s warnings and errors and exports the diagnostics bundle', async () => {
    const bridge = createFakeBridge();
    bridge.handle('log:recent', async () => [
      {
        at: '2026-11-23T11:42:00.000Z',
        level: 'warn',
        event: 'link',
        fields: { link: 'relay', state: 'disconnected', error: 'ECONNREFUSED' },
      },
    ]);
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: /^Activity/ }));
    const section = await screen.findByRole('region', { name: 'Problems and support' });
    await within(section).findByText(/link · link: relay · state: disconnected/);
    expect(bridge.callsTo('log:recent')).toEqual([{ limit: 50, minLevel: 'warn' }]);
    fireEvent.click(
      within(section).getByRole('button', { name: 'Export diagnostics for support' }),
    );
    await waitFor(() => expect(bridge.callsTo('diagnostics:export')).toEqual([{}]));
    expect((await within(section).findByRole('status')).textContent).toContain(
      '/data/diagnostics/countertop-diagnostics.zip',
    );
  });
});
