import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuDiff } from '../../shared/domain';
import { formatClock } from '../ui-kit/format';
import { setLanguage } from '../ui-kit/language';
import { encodeRefusal, refusal } from '../../shared/refusals';
import {
  createFakeBridge,
  makeMenu,
  makeOrder,
  makeMenuItem,
  makeStatus,
  makeVenue,
} from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';

afterEach(cleanup);

describe('first-run setup', () => {
  const fill = (name: string, value: string) =>
    fireEvent.change(document.querySelector(`input[name="${name}"]`)!, { target: { value } });

  it('names each bad field and sends nothing until they are fixed', async () => {
    const bridge = createFakeBridge({
      setup: {
        configured: false,
        authUrl: null,
        posUrl: null,
        relayUrl: null,
        clientId: null,
        redirectUri: null,
      },
    });
    renderApp(bridge);
    const form = await screen.findByRole('form', { name: 'Connect this terminal to your venue' });
    fill('authUrl', 'not a url');
    fireEvent.click(within(form).getByRole('button', { name: 'Connect venue' }));
    expect(within(form).getByRole('alert').textContent).toContain('Check the highlighted fields.');
    expect(document.querySelector('input[name="authUrl"]')!.getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(document.querySelector('input[name="clientSecret"]')!.getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(document.querySelector('input[name="terminalKey"]')!.getAttribute('aria-invalid')).toBe(
      'true',
    );
    // A terminal holds no partner-wide secret: there is no field to type one into.
    expect(document.querySelector('input[name="signingSecret"]')).toBeNull();
    expect(bridge.callsTo('setup:connect')).toEqual([]);
  });

  it('shows the service’s reason when connecting fails, and the board once it succeeds', async () => {
    const bridge = createFakeBridge({ setup: { configured: false } });
    bridge.handle('setup:connect', () =>
      Promise.reject({ code: 'failed', message: 'The authorization code has already been used.' }),
    );
    renderApp(bridge);
    const form = await screen.findByRole('form');
    const values: Record<string, string> = {
      authUrl: 'http://127.0.0.1:4010/auth',
      posUrl: 'http://127.0.0.1:4010/pos',
      clientId: 'demo-client',
      clientSecret: 's3cret',
      code: 'abc',
      redirectUri: 'http://127.0.0.1/cb',
      relayUrl: 'http://127.0.0.1:4020',
      terminalKey: 'key',
    };
    for (const [name, value] of Object.entries(values)) fill(name, value);
    fireEvent.click(within(form).getByRole('button', { name: 'Connect venue' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'The authorization code has already been used.',
    );
    expect(bridge.callsTo('setup:connect')[0]).toEqual({ ...values });

    bridge.handle('setup:connect', async () => ({ venueId: 'demo-venue' }));
    bridge.handle('setup:get', async () => ({
      configured: true,
      venueId: 'demo-venue',
      venues: [{ venueId: 'demo-venue', name: null, first: true }],
      authUrl: values.authUrl!,
      posUrl: values.posUrl!,
      relayUrl: values.relayUrl!,
      clientId: 'demo-client',
      redirectUri: values.redirectUri!,
      onboardingUrl: null,
    }));
    fireEvent.click(within(form).getByRole('button', { name: 'Connect venue' }));
    expect(await screen.findByRole('region', { name: 'New' })).toBeTruthy();
  });
});

describe('connecting a venue', () => {
  const fill = (name: string, value: string) =>
    fireEvent.change(document.querySelector(`input[name="${name}"]`)!, { target: { value } });
  const values: Record<string, string> = {
    authUrl: 'http://127.0.0.1:4010/auth',
    posUrl: 'http://127.0.0.1:4010/pos',
    clientId: 'demo-client',
    clientSecret: 's3cret',
    code: 'abc',
    redirectUri: 'http://127.0.0.1/cb',
    relayUrl: 'http://127.0.0.1:4020',
    terminalKey: 'key',
  };
  const configured = {
    configured: true,
    venueId: 'demo-venue',
    authUrl: values.authUrl!,
    posUrl: values.posUrl!,
    relayUrl: values.relayUrl!,
    clientId: 'demo-client',
    redirectUri: values.redirectUri!,
    onboardingUrl: null,
    venues: [{ venueId: 'demo-venue', name: null, first: true }],
  };

  it('puts each field the service refused next to that field', async () => {
    const bridge = createFakeBridge({ setup: { configured: false } });
    bridge.handle('setup:connect', () =>
      Promise.reject({
        code: 'invalid-request',
        message: 'Nothing was sent to the platform yet, so your authorization code still works.',
        issues: [{ path: 'terminalKey', message: 'The relay does not accept this terminal key.' }],
      }),
    );
    renderApp(bridge);
    const form = await screen.findByRole('form');
    for (const [name, value] of Object.entries(values)) fill(name, value);
    fireEvent.click(within(form).getByRole('button', { name: 'Connect venue' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'your authorization code still works',
    );
    const key = document.querySelector('input[name="terminalKey"]')!;
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('terminalKey-error')!.textContent).toBe(
      'The relay does not accept this terminal key.',
    );
    expect(document.querySelector('input[name="relayUrl"]')!.getAttribute('aria-invalid')).toBe(
      'false',
    );
  });

  it("words a field main refused as a code in the screen's language, on that field", async () => {
    const bridge = createFakeBridge({ setup: { configured: false } });
    // As main answers: the form's refusal and each field's reason as codes, English for the log.
    bridge.handle('setup:connect', () =>
      Promise.reject({
        code: 'invalid-request',
        message: 'Nothing was sent to the platform yet, so your authorization code still works.',
        refusal: refusal('setup-nothing-spent'),
        issues: [
          { path: 'terminalKey', message: encodeRefusal(refusal('setup-key-refused')) },
          { path: 'posUrl', message: encodeRefusal(refusal('setup-not-pos')) },
        ],
      }),
    );
    act(() => setLanguage('fi'));
    try {
      renderApp(bridge);
      const form = await screen.findByRole('form');
      for (const [name, value] of Object.entries(values)) fill(name, value);
      fireEvent.click(within(form).getByRole('button', { name: 'Yhdistä ravintola' }));
      await waitFor(() =>
        expect(document.getElementById('terminalKey-error')?.textContent).toBe(
          'Välityspalvelin ei hyväksy tätä päätteen avainta: se on kirjoitettu väärin tai peruttu. Kopioi se uudelleen tai pyydä uusi välityspalvelimen ylläpitäjältä.',
        ),
      );
      expect(document.getElementById('posUrl-error')?.textContent).toMatch(
        /^Tämä ei ole alustan tilauspalvelu/,
      );
      expect(form.textContent).not.toMatch(/countertop-refusal|relay does not accept/);
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('keeps the stream state and the orders that events brought while the board loaded', async () => {
    const bridge = createFakeBridge({
      setup: { configured: false },
      status: makeStatus({ configured: false, relay: 'unconfigured' }),
    });
    let connected = false;
    bridge.handle('setup:connect', async () => {
      connected = true;
      return { venueId: 'demo-venue' };
    });
    bridge.handle('setup:get', async () =>
      connected ? configured : { ...configured, configured: false, venueId: null, venues: [] },
    );
    // The load's reads answer with what main held when they were asked (the relay link starting,
    // no order yet); the link comes up and a waiting order arrives before they are answered.
    let answerLoad = (): void => undefined;
    const loadAnswered = new Promise<void>((resolve) => {
      answerLoad = resolve;
    });
    const waiting = makeOrder({ id: 'o-waiting', orderNumber: 'W1' });
    bridge.handle('status:get', async () => {
      if (!connected) return makeStatus({ configured: false, relay: 'unconfigured' });
      await loadAnswered;
      return makeStatus({ relay: 'connecting' });
    });
    bridge.handle('orders:list', async () => {
      await loadAnswered;
      return [];
    });
    renderApp(bridge);
    const form = await screen.findByRole('form');
    for (const [name, value] of Object.entries(values)) fill(name, value);
    fireEvent.click(within(form).getByRole('button', { name: 'Connect venue' }));
    await waitFor(() => expect(bridge.callsTo('orders:list')).toHaveLength(1));
    act(() => {
      bridge.emit('status:changed', makeStatus({ relay: 'connected' }));
      bridge.emit('orders:changed', { orders: [waiting] });
    });
    answerLoad();
    await screen.findByRole('region', { name: 'New' });
    await waitFor(() =>
      expect(screen.getByTestId('status-relay').textContent).toContain('connected'),
    );
    expect(screen.getByTestId('status-relay').textContent).not.toContain('connecting');
    expect(screen.getByText('W1', { exact: false })).toBeTruthy();
  });
});

describe('connection panel', () => {
  const configured = {
    configured: true,
    venueId: 'demo-venue',
    authUrl: 'http://127.0.0.1:4010/auth',
    posUrl: 'http://127.0.0.1:4010/pos',
    relayUrl: 'http://127.0.0.1:4020',
    clientId: 'demo-client',
    redirectUri: 'http://127.0.0.1/cb',
    onboardingUrl: null,
    venues: [{ venueId: 'demo-venue', name: 'Demo Burgers', first: true }],
  };

  it('changes the relay without a new code, showing a refusal on its field', async () => {
    const bridge = createFakeBridge({ setup: configured });
    bridge.handle('setup:change', () =>
      Promise.reject({
        code: 'invalid-request',
        message: 'Nothing was changed.',
        issues: [{ path: 'terminalKey', message: 'The relay does not accept this terminal key.' }],
      }),
    );
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Venue' }));
    const form = screen.getByRole('form', { name: 'Change connection' });
    const url = within(form).getByRole('textbox');
    expect((url as HTMLInputElement).value).toBe('http://127.0.0.1:4020');
    fireEvent.change(url, { target: { value: 'http://127.0.0.1:4021' } });
    fireEvent.change(form.querySelector('input[name="connection-terminalKey"]')!, {
      target: { value: 'wrong' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Change connection' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Nothing was changed.');
    expect(document.getElementById('connection-terminalKey-error')!.textContent).toMatch(
      /does not accept/,
    );
    bridge.handle('setup:change', async (r) => ({ ...configured, relayUrl: r.relayUrl }));
    fireEvent.click(within(form).getByRole('button', { name: 'Change connection' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/Connection changed/);
    expect(bridge.callsTo('setup:change').at(-1)).toEqual({
      relayUrl: 'http://127.0.0.1:4021',
      terminalKey: 'wrong',
    });
    expect(bridge.callsTo('setup:connect')).toEqual([]);
  });

  it('disconnects with the PIN only once staff agree to drop what waits, then asks for setup', async () => {
    const bridge = createFakeBridge({
      setup: configured,
      status: makeStatus({ outboxWaiting: 2 }),
    });
    let connected = true;
    bridge.handle('setup:disconnect', async () => {
      connected = false;
    });
    bridge.handle('setup:get', async () =>
      connected ? configured : { ...configured, configured: false, venueId: null, venues: [] },
    );
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Venue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect this terminal…' }));
    const form = screen.getByRole('form', { name: 'Disconnect this terminal' });
    const confirm = within(form).getByRole('button', { name: 'Disconnect now' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(form.querySelector('input[name="disconnect-pin"]')!, {
      target: { value: '4321' },
    });
    fireEvent.click(within(form).getByRole('checkbox', { name: /2 actions have not reached/ }));
    fireEvent.click(confirm);
    await screen.findByRole('form', { name: 'Connect this terminal to your venue' });
    expect(bridge.callsTo('setup:disconnect')).toEqual([{ pin: '4321', discardWaiting: true }]);
  });
});

describe('venue panel', () => {
  it('goes offline for 30 minutes and back online', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Venue' }));
    expect(screen.getByTestId('venue-online').textContent).toBe('Online');

    fireEvent.click(screen.getByRole('button', { name: 'Go offline' }));
    const before = Date.now();
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Go offline for' })).getByRole('button', {
        name: '30 min',
      }),
    );
    await waitFor(() => expect(bridge.callsTo('venue:setOnline')).toHaveLength(1));
    const request = bridge.callsTo('venue:setOnline')[0]!;
    expect(request.online).toBe(false);
    const until = Date.parse(request.until!);
    expect(until - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(until - before).toBeLessThanOrEqual(30 * 60_000 + 1000);

    act(() =>
      bridge.emit('venue:changed', makeVenue({ isOnline: false, offlineUntil: request.until! })),
    );
    expect(screen.getByTestId('venue-online').textContent).toBe('Offline');
    expect(screen.getByText(/^Offline until \d\d:\d\d$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go online' }));
    await waitFor(() => expect(bridge.callsTo('venue:setOnline')[1]).toEqual({ online: true }));
  });

  it('offline until switched back sends no time limit', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Venue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go offline' }));
    fireEvent.click(screen.getByRole('button', { name: 'Until switched back' }));
    await waitFor(() =>
      expect(bridge.callsTo('venue:setOnline')).toEqual([{ online: false, until: null }]),
    );
  });

  it('edits opening times and refuses malformed ones', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Venue' }));
    const save = screen.getByRole('button', { name: 'Save opening times' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Opening time 1' }), {
      target: { value: '25:00' },
    });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Opening time 1' }), {
      target: { value: '11:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add opening time' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Opening day 2' }), {
      target: { value: 'TUESDAY' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Closing day 2' }), {
      target: { value: 'TUESDAY' },
    });
    fireEvent.click(save);
    await waitFor(() =>
      expect(bridge.callsTo('venue:setOpeningTimes')).toEqual([
        {
          availability: [
            {
              opening_day: 'MONDAY',
              opening_time: '11:30',
              closing_day: 'MONDAY',
              closing_time: '22:00',
            },
            {
              opening_day: 'TUESDAY',
              opening_time: '10:00',
              closing_day: 'TUESDAY',
              closing_time: '22:00',
            },
          ],
        },
      ]),
    );
    // The call is recorded when made; the confirmation shows once its answer is rendered.
    // Found by its text: the printer settings' preview has a status of its own while it loads.
    expect((await screen.findByText('Sent to the platform.')).getAttribute('role')).toBe('status');
  });
});

describe('menu panel', () => {
  const pick = (text: string) => {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([text], 'menu.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file] } });
  };

  it('lists the problems of a bad menu by item and field', async () => {
    const bridge = createFakeBridge();
    bridge.handle('menu:check', async () => ({
      ok: false,
      issues: [
        {
          path: 'categories[0].items[2].price',
          // As main keeps it: the code, the item by its name, the field and what is wrong.
          message: encodeRefusal(
            refusal('menu-file-field', 'item', 'Burger', null, 'price', 'price', 'negative'),
          ),
        },
      ],
    }));
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    pick('{"menu":{}}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('1 problem in this menu');
    expect(alert.textContent).toContain('Item “Burger”: price cannot be below zero');
    expect(alert.textContent).not.toContain('categories[0]');
    expect(bridge.callsTo('menu:check')).toEqual([{ text: '{"menu":{}}' }]);
    expect(screen.queryByRole('button', { name: 'Push menu' })).toBeNull();
    // A German screen reads the same code in German.
    cleanup();
    try {
      setLanguage('de');
      renderApp(bridge);
      fireEvent.click(await screen.findByRole('button', { name: 'Speisekarte' }));
      pick('{"menu":{}}');
      expect((await screen.findByRole('alert')).textContent).toContain(
        'Artikel „Burger“: Preis darf nicht unter null liegen',
      );
    } finally {
      act(() => setLanguage('en'));
    }
  });

  const diff = (patch: Partial<MenuDiff> = {}): MenuDiff => ({
    added: ['Tiramisu'],
    removed: [],
    removedItems: [],
    changed: [
      { name: 'Margherita', kinds: ['price', 'availability'] },
      { name: 'Burger', kinds: ['price'], price: { before: 9.5, after: 11 } },
    ],
    categoriesBefore: 3,
    categoriesAfter: 4,
    itemsBefore: 11,
    itemsAfter: 12,
    ...patch,
  });
  const confirmReplace = () =>
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'I understand this replaces the whole menu' }),
    );

  it('names every kind of change per item in the push review', async () => {
    const bridge = createFakeBridge();
    bridge.handle('menu:check', async () => ({
      ok: true,
      itemCount: 12,
      liveError: null,
      diff: diff({
        added: [],
        changed: [
          { name: 'Big Burger', kinds: ['name'] },
          { name: 'Fries', kinds: ['availability'] },
          { name: 'Shake', kinds: ['options'] },
          { name: 'Salad', kinds: ['details'] },
          {
            name: 'Wrap',
            kinds: ['name', 'price', 'availability', 'options'],
            price: { before: 7, after: 7.5 },
          },
        ],
      }),
    }));
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    pick('{"ok":1}');
    await screen.findByText('This menu is valid: 12 items');
    expect(screen.getByText('Big Burger: name')).toBeTruthy();
    expect(screen.getByText('Fries: availability')).toBeTruthy();
    expect(screen.getByText('Shake: options')).toBeTruthy();
    expect(screen.getByText('Salad: description or details')).toBeTruthy();
    expect(
      screen.getByText('Wrap: name, price €7.00 → €7.50, availability and options'),
    ).toBeTruthy();
  });

  it('shows the diff, warns that the whole menu is replaced, and pushes only once confirmed', async () => {
    const bridge = createFakeBridge();
    bridge.handle('menu:check', async () => ({
      ok: true,
      itemCount: 12,
      liveError: null,
      diff: diff(),
    }));
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    pick('{"ok":1}');
    expect(await screen.findByText('This menu is valid: 12 items')).toBeTruthy();
    expect(screen.getByText('Tiramisu')).toBeTruthy();
    // Each changed item says what changes.
    expect(screen.getByText('Margherita: price and availability')).toBeTruthy();
    // A price change names both prices.
    expect(screen.getByText('Burger: price €9.50 → €11.00')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('replaces the WHOLE menu');
    const push = screen.getByRole('button', { name: 'Push menu' }) as HTMLButtonElement;
    expect(push.disabled).toBe(true);
    confirmReplace();
    fireEvent.click(push);
    await waitFor(() => expect(bridge.callsTo('menu:push')).toEqual([{ text: '{"ok":1}' }]));
    expect((await screen.findByText(/Menu sent/)).getAttribute('role')).toBe('status');
  });

  it('asks again, naming them, before a push that removes items', async () => {
    const bridge = createFakeBridge();
    bridge.handle('menu:check', async () => ({
      ok: true,
      itemCount: 16,
      liveError: null,
      diff: diff({
        removed: ['Crispy Chicken Burger'],
        removedItems: [{ externalData: 'burger-chicken', name: 'Crispy Chicken Burger' }],
      }),
    }));
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    pick('{"ok":2}');
    await screen.findByText('This menu is valid: 16 items');
    confirmReplace();
    fireEvent.click(screen.getByRole('button', { name: 'Push menu' }));
    // The first tap only asks: nothing is sent yet.
    const ask = screen.getByRole('alertdialog', {
      name: 'This push removes 1 item from the platform’s menu',
    });
    expect(within(ask).getByText('Crispy Chicken Burger')).toBeTruthy();
    expect(bridge.callsTo('menu:push')).toEqual([]);
    // Back leaves it unsent; asking again and confirming sends the removed ids with the push.
    fireEvent.click(within(ask).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bridge.callsTo('menu:push')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Push menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove 1 item and push' }));
    await waitFor(() =>
      expect(bridge.callsTo('menu:push')).toEqual([
        { text: '{"ok":2}', confirmRemoved: ['burger-chicken'] },
      ]),
    );
  });

  it('offers no push while the platform menu cannot be read', async () => {
    const bridge = createFakeBridge();
    bridge.handle('menu:check', async () => ({
      ok: true,
      itemCount: 12,
      // As main says why: a code, never the raw error.
      liveError: encodeRefusal(refusal('menu-live-unread', 'offline')),
      diff: null,
    }));
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    pick('{"ok":3}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The platform’s current menu could not be read: The platform did not answer. Nothing can be pushed',
    );
    expect(screen.queryByRole('button', { name: 'Push menu' })).toBeNull();
  });

  it("says why the platform's menu could not be read in the screen's language", async () => {
    const bridge = createFakeBridge();
    bridge.handle('menu:check', async () => ({
      ok: true,
      itemCount: 12,
      liveError: encodeRefusal(refusal('menu-live-unread', 'slow')),
      diff: null,
    }));
    act(() => setLanguage('sv'));
    try {
      renderApp(bridge);
      fireEvent.click(await screen.findByRole('button', { name: 'Meny' }));
      pick('{"ok":3}');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(
        'Plattformens nuvarande meny kunde inte läsas: Plattformen blev inte klar med läsningen i tid.',
      );
      expect(alert.textContent).not.toMatch(/countertop-refusal/);
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('marks an item sold out for a time, shows changing… until the platform confirms', async () => {
    const item = makeMenuItem({ externalData: 'pizza-m', name: 'Margherita', category: 'Pizza' });
    const bridge = createFakeBridge({ menu: makeMenu({ items: [item] }) });
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const row = await screen.findByRole('listitem', { name: 'Margherita' });
    expect(within(row).getByText('Available')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Sold out…' }));
    fireEvent.click(within(row).getByRole('button', { name: '1 hour' }));
    await waitFor(() => expect(bridge.callsTo('menu:setItemAvailability')).toHaveLength(1));
    const call = bridge.callsTo('menu:setItemAvailability')[0];
    expect(call).toMatchObject({ externalData: 'pizza-m', enabled: false });
    const until = call?.disabledUntil ?? '';
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(59 * 60_000);
    // Asked for, not confirmed: the row says so, never "Sold out".
    act(() =>
      bridge.emit(
        'menu:changed',
        makeMenu({ items: [{ ...item, pending: true, changing: { available: false, until } }] }),
      ),
    );
    let now = screen.getByRole('listitem', { name: 'Margherita' });
    expect(within(now).getByText(/changing… \(waiting for the platform\)/)).toBeTruthy();
    expect(within(now).queryByText(/Sold out until/)).toBeNull();
    act(() =>
      bridge.emit(
        'menu:changed',
        makeMenu({ items: [{ ...item, disabledUntil: until, available: false }] }),
      ),
    );
    now = screen.getByRole('listitem', { name: 'Margherita' });
    expect(within(now).getByText(`Sold out until ${formatClock(until)}`)).toBeTruthy();
    fireEvent.click(within(now).getByRole('button', { name: 'Available again' }));
    await waitFor(() =>
      expect(bridge.callsTo('menu:setItemAvailability')[1]).toEqual({
        externalData: 'pizza-m',
        enabled: true,
      }),
    );
  });
});

describe('offline banner', () => {
  it('shows on every view while the venue is offline and switches it back online', async () => {
    const bridge = createFakeBridge({ venue: makeVenue({ isOnline: false, offlineUntil: null }) });
    renderApp(bridge);
    const banner = await screen.findByTestId('offline-banner');
    expect(banner.textContent).toContain('Venue offline · Offline until switched back');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(
      within(screen.getByTestId('offline-banner')).getByRole('button', { name: 'Go online' }),
    );
    await waitFor(() => expect(bridge.callsTo('venue:setOnline')).toEqual([{ online: true }]));
    act(() => bridge.emit('venue:changed', makeVenue({ isOnline: true })));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});

describe('activity panel', () => {
  it('says only that actions failed when nothing else is waiting (not "All actions sent")', async () => {
    renderApp(createFakeBridge({ status: makeStatus({ outboxWaiting: 0, outboxFailed: 2 }) }));
    const outbox = await screen.findByTestId('status-outbox');
    expect(outbox.textContent).toBe('2 actions failed');
    expect(outbox.className).toContain('bad');
  });

  it('lists what waits for the platform and retries or discards a failed action', async () => {
    const bridge = createFakeBridge({ status: makeStatus({ outboxWaiting: 1, outboxFailed: 1 }) });
    const at = new Date().toISOString();
    bridge.handle('outbox:list', async () => [
      {
        id: 'a1',
        kind: 'accept',
        subject: 'o1',
        facts: { orderNumber: '101', minutes: 15 },
        state: 'pending',
        attempts: 2,
        error: null,
        createdAt: at,
        nextAttemptAt: at,
      },
      {
        id: 'a2',
        kind: 'venue-online',
        subject: 'demo-venue',
        facts: { online: false },
        state: 'failed',
        attempts: 1,
        // As main keeps it: the code and status, the platform's own words apart.
        error: encodeRefusal(
          refusal('action-error', 'refused', 409),
          'Venue is closed permanently',
        ),
        createdAt: at,
        nextAttemptAt: null,
      },
    ]);
    renderApp(bridge);
    const outbox = await screen.findByTestId('status-outbox');
    expect(outbox.textContent).toBe('1 waiting to send · 1 failed');
    fireEvent.click(outbox);
    const failed = screen.getByText('Venue offline').closest('li')!;
    // The staff sentence alone: the platform's own words are for support (the diagnostics export).
    expect(failed.querySelector('.activity-error')?.textContent).toBe(
      'The platform refused this action (error 409).',
    );
    expect(failed.textContent).not.toContain('closed permanently');
    expect(
      within(screen.getByText('Accept #101 (15 min)').closest('li')!).queryByRole('button'),
    ).toBeNull();
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bridge.callsTo('outbox:retry')).toEqual([{ actionId: 'a2' }]));
    fireEvent.click(within(failed).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(bridge.callsTo('outbox:discard')).toEqual([{ actionId: 'a2' }]));
  });

  it("words why an action waits in the screen's language, an older row's English not shown", async () => {
    const bridge = createFakeBridge({ status: makeStatus({ outboxWaiting: 2, outboxFailed: 0 }) });
    const at = new Date().toISOString();
    const row = (id: string, error: string) => ({
      id,
      kind: 'ready' as const,
      subject: id,
      facts: { orderNumber: id },
      state: 'pending' as const,
      attempts: 3,
      error,
      createdAt: at,
      nextAttemptAt: at,
    });
    bridge.handle('outbox:list', async () => [
      row('7', encodeRefusal(refusal('action-error', 'offline', null))),
      // Kept before errors were codes: English, with an address in it.
      row('8', '127.0.0.1:4010 is unreachable (ECONNREFUSED).'),
    ]);
    renderApp(bridge);
    fireEvent.click(await screen.findByTestId('status-outbox'));
    const sentence = (n: string) =>
      screen
        .getByText(new RegExp(`#${n}$`))
        .closest('li')!
        .querySelector('.activity-error')!;
    expect(sentence('7').textContent).toBe('No connection to the platform.');
    try {
      act(() => setLanguage('fi'));
      await waitFor(() => expect(sentence('7').textContent).toBe('Ei yhteyttä alustaan.'));
      expect(sentence('8').textContent).toBe('Toimintoa ei voitu lähettää.');
    } finally {
      act(() => setLanguage('en'));
    }
  });
});

describe('shortcuts', () => {
  it('opens the list with ? and switches views with number keys', async () => {
    renderApp(createFakeBridge());
    await screen.findByRole('region', { name: 'New' });
    fireEvent.keyDown(window, { key: '?' });
    expect(
      within(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).getByText('Mark ready'),
    ).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.keyDown(window, { key: '2' });
    expect(screen.getByRole('main', { name: 'Venue' })).toBeTruthy();
    fireEvent.keyDown(window, { key: '3' });
    expect(screen.getByRole('main', { name: 'Menu' })).toBeTruthy();
    fireEvent.keyDown(window, { key: '1' });
    expect(screen.getByRole('main', { name: 'Orders' })).toBeTruthy();
  });
});

describe('top bar', () => {
  it('names the venue once its name is known, and never by its id before', async () => {
    const bridge = createFakeBridge({
      status: makeStatus({ venueName: null }),
      venue: makeVenue({ name: null }),
    });
    renderApp(bridge);
    await screen.findByRole('button', { name: 'Venue' });
    const bar = document.querySelector('header.top-bar') as HTMLElement;
    await waitFor(() => expect(within(bar).getByText('Countertop')).toBeTruthy());
    expect(bar.textContent).not.toContain('demo-venue');
    act(() => bridge.emit('status:changed', makeStatus({ venueName: 'Demo Kitchen' })));
    await waitFor(() => expect(within(bar).getByText('Demo Kitchen')).toBeTruthy());
  });
});
