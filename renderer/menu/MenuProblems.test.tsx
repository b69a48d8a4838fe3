// What the menu screen says when the platform's menu cannot be read, or a pushed menu does not
// show: main's codes in the screen's language, never an error's text.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeRefusal, refusal } from '../../shared/refusals';
import { createFakeBridge, makeMenu } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';
import { setLanguage } from '../ui-kit/language';

afterEach(cleanup);

describe('the menu screen’s problems', () => {
  it('words a failed read and a push not shown in the screen’s language', async () => {
    const bridge = createFakeBridge({
      menu: makeMenu({
        readError: encodeRefusal(refusal('menu-live-unread', 'offline')),
        pushProblem: encodeRefusal(refusal('menu-push-not-shown')),
      }),
    });
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const alerts = async () => (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(await alerts()).toEqual(
      expect.arrayContaining([
        'The platform’s menu could not be read: The platform did not answer.',
        'The platform took the pushed menu but does not show it yet. Check the menu list below: it is what customers see.',
      ]),
    );
    try {
      act(() => setLanguage('fi'));
      expect(await alerts()).toEqual(
        expect.arrayContaining([
          'Alustan menua ei voitu lukea: Alusta ei vastannut.',
          expect.stringMatching(/^Alusta otti julkaistun menun vastaan/),
        ]),
      );
    } finally {
      act(() => setLanguage('en'));
    }
  });
});
