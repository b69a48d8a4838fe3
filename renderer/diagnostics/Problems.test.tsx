import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';
import { formatClock } from '../ui-kit/format';
import { setLanguage } from '../ui-kit/language';
import { en } from './messages';

afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('problems and support on the activity screen', () => {
  it('lists the log’s warnings and errors and exports the diagnostics bundle', async () => {
    const bridge = createFakeBridge();
    bridge.handle('log:recent', async () => [
      {
        at: '2026-11-23T11:42:00.000Z',
        level: 'warn',
        event: 'link',
        fields: { link: 'relay', state: 'disconnected', why: 'offline', error: 'ECONNREFUSED' },
      },
    ]);
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: /^Activity/ }));
    const section = await screen.findByRole('region', { name: 'Problems and support' });
    // In the status bar's words, and why by main's code; the raw error stays in the log.
    await within(section).findByText(
      'Order stream: not answering, orders may not arrive (no connection)',
    );
    expect(section.textContent).not.toContain('ECONNREFUSED');
    expect(bridge.callsTo('log:recent')).toEqual([{ limit: 50, minLevel: 'warn' }]);
    fireEvent.click(
      within(section).getByRole('button', { name: 'Export diagnostics for support' }),
    );
    await waitFor(() => expect(bridge.callsTo('diagnostics:export')).toEqual([{}]));
    expect((await within(section).findByRole('status')).textContent).toContain(
      '/data/diagnostics/countertop-diagnostics.zip',
    );
  });

  it('shows the link history and the actions in staff words: no raw link state, no ISO time', async () => {
    const bridge = createFakeBridge();
    const until = new Date();
    until.setHours(23, 59, 0, 0);
    const iso = until.toISOString();
    // Every link change main logs as a warning, as main logs it (main/log/link-history.ts).
    bridge.handle('log:recent', async () => [
      {
        at: iso,
        level: 'warn',
        event: 'link',
        fields: { link: 'relay', state: 'refused', error: null },
      },
      {
        at: iso,
        level: 'warn',
        event: 'link',
        fields: { link: 'relay', state: 'disconnected', error: null },
      },
      {
        at: iso,
        level: 'warn',
        event: 'link',
        fields: { link: 'platform', state: 'unreachable', error: null },
      },
    ]);
    bridge.handle('outbox:list', async () => [
      {
        id: 'a1',
        kind: 'venue-online',
        subject: 'venue-1',
        facts: { online: false, until: iso },
        state: 'pending',
        attempts: 1,
        error: null,
        createdAt: iso,
        nextAttemptAt: iso,
      },
    ]);
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: /^Activity/ }));
    const activity = await screen.findByRole('main', { name: 'Activity' });
    const problems = within(activity).getByRole('region', { name: 'Problems and support' });
    await within(problems).findByText('Order stream: access withdrawn, orders cannot arrive');
    within(problems).getByText('Order stream: not answering, orders may not arrive');
    within(problems).getByText('Platform: not answering, actions wait');
    await within(activity).findByText(`Venue offline until ${formatClock(iso)}`);
    const text = activity.textContent ?? '';
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    expect(text).not.toMatch(/link:|state:|relay|refused|unreachable/);
  });

  it('words the actions with local times and item names, never ISO stamps or ids', () => {
    const until = new Date();
    until.setHours(23, 59, 0, 0);
    const iso = until.toISOString();
    const offline = en.activity.describe['venue-online']({ online: false, until: iso });
    expect(offline).toBe(`Venue offline until ${formatClock(iso)}`);
    const soldOut = en.activity.describe['item-availability']({
      item: 'side-fries',
      itemName: 'Fries',
      enabled: false,
      until: iso,
    });
    expect(soldOut).toBe(`Sold out: Fries until ${formatClock(iso)}`);
    // Another day carries its day.
    const tomorrow = new Date(until.getTime() + 86_400_000).toISOString();
    expect(en.activity.describe['venue-online']({ online: false, until: tomorrow })).toMatch(
      /^Venue offline until \w{3} \d{1,2} \w{3} \d\d:\d\d$/,
    );
  });

  it('says why a link went down in the screen’s language, never the error’s own text', async () => {
    setLanguage('fi');
    const bridge = createFakeBridge();
    bridge.handle('log:recent', async () => [
      {
        at: new Date().toISOString(),
        level: 'warn',
        event: 'link',
        fields: {
          link: 'platform',
          state: 'unreachable',
          why: 'busy',
          error: 'Service unavailable (injected fault); retry after a brief delay.',
        },
      },
      {
        at: new Date().toISOString(),
        level: 'warn',
        event: 'checkpoint',
        fields: { message: 'SQLITE_BUSY: database is locked' },
      },
      {
        at: new Date().toISOString(),
        level: 'warn',
        event: 'event-loop-lag',
        fields: { p50Ms: 3, p99Ms: 180.4, maxMs: 240.6, samples: 600 },
      },
      {
        at: new Date().toISOString(),
        level: 'error',
        event: 'something-new',
        fields: { path: '/home/counter/.config/countertop/x.db' },
      },
    ]);
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: /^Tapahtumat/ }));
    const section = await screen.findByRole('region', { name: 'Ongelmat ja tuki' });
    await within(section).findByText(
      'Alusta: ei vastaa, toiminnot odottavat (palvelussa on vikaa)',
    );
    within(section).getByText(
      'Tallennus levylle ei toiminut tavalliseen tapaan: pääte tallentaa toisella tavalla.',
    );
    within(section).getByText('Pääte vastasi hitaasti (jopa 241 ms)');
    within(section).getByText('Varoitus tuelle: vie vianetsintätiedot ja lähetä ne.');
    expect(section.textContent).not.toMatch(
      /Service unavailable|injected|retry|SQLITE|locked|p99|something-new|countertop/,
    );
  });
});
