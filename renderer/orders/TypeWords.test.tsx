// The order's type on the tile and on its card is said in the screen's language, as every other
// word of the board: a Finnish counter reads "Nouto", never "Takeaway".
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_WORDS } from '../../shared/order-words';
import { LANGUAGES } from '../../shared/i18n';
import { createFakeBridge, makeOrder } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';
import { setLanguage } from '../ui-kit/language';
import { en } from './messages';

afterEach(() => {
  cleanup();
  setLanguage('en');
});

const orders = () => [
  makeOrder({ orderNumber: '201', deliveryType: 'takeaway' }),
  makeOrder({ orderNumber: '202', deliveryType: 'homedelivery' }),
  makeOrder({ orderNumber: '203', deliveryType: 'homedelivery', selfDelivery: true }),
  makeOrder({ orderNumber: '204', deliveryType: 'eatin' }),
];

/** The tile of an order, found by its number (its label is the screen's words too). */
const tileOf = (number: string): HTMLElement => {
  const tile = screen.getByText(`#${number}`).closest('article');
  if (!tile) throw new Error(`no tile for #${number}`);
  return tile;
};

describe("order type words in the screen's language", () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    'shows each type in %s on the tile and on its card',
    async (language) => {
      act(() => setLanguage(language));
      renderApp(createFakeBridge({ orders: orders() }));
      await screen.findByText('#204');
      const words = ORDER_WORDS[language].type;
      const expected: Array<[string, string]> = [
        ['201', words.takeaway],
        ['202', words.delivery],
        ['203', words.selfDelivery],
        ['204', words.eatin],
      ];
      for (const [number, word] of expected) {
        const tile = tileOf(number);
        expect({ number, tile: tile.textContent?.includes(word) }).toEqual({ number, tile: true });
        for (const english of Object.values(ORDER_WORDS.en.type))
          expect({ number, english, tile: tile.textContent?.includes(english) }).toEqual({
            number,
            english,
            tile: false,
          });
        fireEvent.click(tile);
        const detail = await screen.findByRole('article', { name: en.board.detailTitle(number) });
        expect(within(detail).getByText(word)).toBeTruthy();
      }
    },
  );
});
