// "Sign in with the platform" on the setup screen over a fake bridge: the tab is opened by the tap
// itself, sent to the page main hands over (and to nothing that is not http(s)), the screen waits
// in staff words with a way out, a refusal is said in the terminal's words, and the pasted code
// stays the fallback.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SetupSignInRequest } from '../../shared/ipc/contract';
import { refusal } from '../../shared/refusals';
import { createFakeBridge } from '../testing/fake-bridge';
import { setLanguage } from '../ui-kit/language';
import { renderApp } from '../testing/render-app';
import { openSignInTab } from './sign-in-tab';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ONBOARDING = 'https://platform.example/onboarding?client_id=demo-client';
const PAGE = `${ONBOARDING}&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcb&state=s`;

const values: SetupSignInRequest = {
  authUrl: 'http://127.0.0.1:4010/auth',
  posUrl: 'http://127.0.0.1:4010/pos',
  clientId: 'demo-client',
  clientSecret: 's3cret',
  onboardingUrl: ONBOARDING,
  relayUrl: 'http://127.0.0.1:4020',
  terminalKey: 'key',
};

/** A stand-in for the browser tab window.open gives: where it was sent, whether it closed. */
const fakeTab = () => {
  const tab = {
    opener: {} as unknown,
    closed: false,
    sentTo: [] as string[],
    document: { title: '', body: { textContent: '' } },
    location: { replace: (url: string) => tab.sentTo.push(url) },
    close: () => {
      tab.closed = true;
    },
  };
  return tab;
};

const fill = (name: string, value: string) =>
  fireEvent.change(document.querySelector(`input[name="${name}"]`)!, { target: { value } });

/** The screen of a terminal not connected yet, the onboarding page known from before. */
const start = () => {
  const bridge = createFakeBridge({ setup: { configured: false, onboardingUrl: ONBOARDING } });
  const tab = fakeTab();
  const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
  let answer: { resolve(): void; reject(error: unknown): void } = {
    resolve: () => undefined,
    reject: () => undefined,
  };
  bridge.handle(
    'setup:signIn',
    () =>
      new Promise((resolve, reject) => {
        answer = { resolve: () => resolve({ venueId: 'demo-venue' }), reject };
      }),
  );
  renderApp(bridge);
  return { bridge, tab, open, answer: () => answer };
};

const fillAll = () => {
  for (const [name, value] of Object.entries(values)) {
    if (name !== 'onboardingUrl') fill(name, value);
  }
};

describe('sign in with the platform', () => {
  it('opens the platform’s page in a tab from the tap, waits, and connects with no code typed', async () => {
    const { bridge, tab, open, answer } = start();
    const form = await screen.findByRole('form', { name: 'Connect this terminal to your venue' });
    // Prefilled from what main keeps: the onboarding page of the last sign-in.
    expect(document.querySelector<HTMLInputElement>('input[name="onboardingUrl"]')!.value).toBe(
      ONBOARDING,
    );
    fillAll();
    fireEvent.click(within(form).getByRole('button', { name: 'Sign in with the platform' }));
    // The tab exists before anything was awaited: the tap still counts as staff's.
    expect(open).toHaveBeenCalledTimes(1);
    expect(tab.opener).toBeNull();
    expect(bridge.callsTo('setup:signIn')).toEqual([values]);
    expect(bridge.callsTo('setup:connect')).toEqual([]);
    expect(within(form).getByRole('status').textContent).toContain(
      'Checking the relay and the platform',
    );
    expect(within(form).getByRole('button', { name: 'Sign in with the platform' })).toHaveProperty(
      'disabled',
      true,
    );

    act(() => bridge.emit('setup:signInPage', { pageUrl: PAGE }));
    expect(tab.sentTo).toEqual([PAGE]);
    expect(within(form).getByRole('status').textContent).toContain('Waiting for the platform');
    // The tab opened: no link to open it again.
    expect(within(form).queryByRole('link')).toBeNull();

    bridge.handle('setup:get', async () => ({
      configured: true,
      venueId: 'demo-venue',
      authUrl: values.authUrl,
      posUrl: values.posUrl,
      relayUrl: values.relayUrl,
      clientId: values.clientId,
      redirectUri: 'http://127.0.0.1:5000/cb',
      onboardingUrl: ONBOARDING,
      venues: [{ venueId: 'demo-venue', name: null, first: true }],
    }));
    act(() => answer().resolve());
    expect(await screen.findByRole('region', { name: 'New' })).toBeTruthy();
    // Staff close the platform's tab themselves: it was not closed under them.
    expect(tab.closed).toBe(false);
  });

  it('opens nothing but an http(s) page, and ends that sign-in', async () => {
    const { bridge, tab } = start();
    const form = await screen.findByRole('form');
    fillAll();
    fireEvent.click(within(form).getByRole('button', { name: 'Sign in with the platform' }));
    act(() => bridge.emit('setup:signInPage', { pageUrl: 'javascript:alert(1)' }));
    expect(tab.sentTo).toEqual([]);
    await waitFor(() => expect(bridge.callsTo('setup:cancelSignIn')).toHaveLength(1));
    expect(openSignInTab('…', { open: () => null } as unknown as Window)).toBeNull();
  });

  it('offers the page as a link when the browser blocked the tab', async () => {
    const { bridge, open } = start();
    open.mockImplementation(() => null);
    const form = await screen.findByRole('form');
    fillAll();
    fireEvent.click(within(form).getByRole('button', { name: 'Sign in with the platform' }));
    act(() => bridge.emit('setup:signInPage', { pageUrl: PAGE }));
    const link = within(form).getByRole('link', { name: 'Open the platform’s sign-in page' });
    expect(link.getAttribute('href')).toBe(PAGE);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says a refusal in staff words, closes the blank tab, and says nothing when staff cancel', async () => {
    const { bridge, tab, answer } = start();
    const form = await screen.findByRole('form');
    fillAll();
    fireEvent.click(within(form).getByRole('button', { name: 'Sign in with the platform' }));
    act(() =>
      answer().reject({
        code: 'invalid-request',
        // Main's English is for its log: the screen words the code.
        message: 'The sign-in ended without a code: timeout',
        refusal: refusal('sign-in-timeout'),
      }),
    );
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'The platform did not answer in time. Sign in again.',
    );
    expect(tab.closed).toBe(true);
    expect(within(form).queryByRole('status')).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Sign in with the platform' }));
    act(() => bridge.emit('setup:signInPage', { pageUrl: PAGE }));
    bridge.handle('setup:cancelSignIn', async () => {
      answer().reject({
        code: 'invalid-request',
        message: 'The sign-in was cancelled.',
        refusal: refusal('sign-in-cancelled'),
      });
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel sign-in' }));
    await waitFor(() => expect(within(form).queryByRole('status')).toBeNull());
    await waitFor(() =>
      expect(
        within(form).getByRole('button', { name: 'Sign in with the platform' }),
      ).toHaveProperty('disabled', false),
    );
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('names the fields a sign-in needs and opens no tab until they are right', async () => {
    const { bridge, open } = start();
    const form = await screen.findByRole('form');
    fill('onboardingUrl', '');
    fireEvent.click(within(form).getByRole('button', { name: 'Sign in with the platform' }));
    expect(within(form).getByRole('alert').textContent).toContain('Check the highlighted fields.');
    for (const name of ['onboardingUrl', 'clientSecret', 'terminalKey'])
      expect(document.querySelector(`input[name="${name}"]`)!.getAttribute('aria-invalid')).toBe(
        'true',
      );
    // The code is the fallback's, not the sign-in's.
    expect(document.querySelector('input[name="code"]')!.getAttribute('aria-invalid')).toBe(
      'false',
    );
    expect(open).not.toHaveBeenCalled();
    expect(bridge.callsTo('setup:signIn')).toEqual([]);
  });

  it('says under every field where its value comes from, with an example', async () => {
    start();
    const form = await screen.findByRole('form');
    const inputs = [...form.querySelectorAll('input')];
    expect(inputs.length).toBeGreaterThanOrEqual(9);
    for (const input of inputs) {
      const hint = document.getElementById(`${input.name}-hint`)?.textContent ?? '';
      expect(hint, input.name).toMatch(/for example|starts with/);
    }
  });

  it('keeps pasting a code as the fallback: Enter in the code connects with it', async () => {
    const { bridge, open } = start();
    await screen.findByRole('form');
    fillAll();
    fill('code', 'abc');
    fill('redirectUri', 'http://127.0.0.1/cb');
    fireEvent.keyDown(document.querySelector('input[name="code"]')!, { key: 'Enter' });
    await waitFor(() => expect(bridge.callsTo('setup:connect')).toHaveLength(1));
    expect(bridge.callsTo('setup:connect')[0]).toMatchObject({ code: 'abc' });
    expect(open).not.toHaveBeenCalled();
  });
});

describe('the set-up screen’s language', () => {
  it('labels its fields in the language staff switch to', async () => {
    start();
    const label = () => document.querySelector('input[name="authUrl"]')!.closest('label')!;
    await waitFor(() => expect(label().textContent).toContain('Auth URL'));
    try {
      act(() => setLanguage('fi'));
      // The labels were read once, at load: they stayed English on a Finnish screen.
      await waitFor(() => expect(label().textContent).toContain('Kirjautumisen URL'));
    } finally {
      act(() => setLanguage('en'));
    }
  });
});
