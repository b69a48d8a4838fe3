// The reconnect banner says why in the screen's language, from main's code: never the token
// service's error code or main's English detail.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../ui-kit/language';
import { createFakeBridge, makeStatus } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';

afterEach(() => {
  act(() => setLanguage('en'));
  cleanup();
});

const banner = () =>
  screen.findByText((_, element) => element?.matches('.banner-danger > span') ?? false);

describe('the reconnect banner', () => {
  it('says why in Finnish, and follows a switch to German', async () => {
    act(() => setLanguage('fi'));
    renderApp(
      createFakeBridge({
        status: makeStatus({ configured: true, needsReconnect: true, reconnectWhy: 'lost' }),
      }),
    );
    expect((await banner()).textContent).toBe(
      'Ravintola pitää yhdistää uudelleen: kirjautumisen uusimisen vastaus katosi, joten kirjautuminen ei ehkä enää toimi.',
    );
    act(() => setLanguage('de'));
    await waitFor(async () =>
      expect((await banner()).textContent).toBe(
        'Das Restaurant muss neu verbunden werden: Die Antwort beim Erneuern der Anmeldung ging verloren, die Anmeldung geht vielleicht nicht mehr.',
      ),
    );
  });

  it('says a sign-in missing from this computer in Swedish, with no detail in brackets', async () => {
    act(() => setLanguage('sv'));
    renderApp(
      createFakeBridge({
        status: makeStatus({ configured: true, needsReconnect: true, reconnectWhy: 'keychain' }),
      }),
    );
    const text = (await banner()).textContent;
    expect(text).toBe(
      'Restaurangen måste anslutas igen: dess inloggning saknas på den här datorn.',
    );
    expect(text).not.toMatch(/[()]|keychain|invalid_grant/);
  });
});
