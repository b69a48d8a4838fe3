// A refusal main sends as a code is shown in the screen's language, whatever its English message
// says, and a failed action's kept refusal too; text that is no refusal stays as it came.
import { afterEach, describe, expect, it } from 'vitest';
import { encodeRefusal, refusal, refusalText } from '../../shared/refusals';
import { errorWords, keptText, toBridgeError } from './bridge';
import { setLanguage } from './language';

afterEach(() => setLanguage('en'));

const answer = {
  code: 'conflict',
  message: 'Order #101 is already ready.',
  refusal: refusal('order-past', '101', 'READY', null),
};

describe("main's refusals on the screen", () => {
  it("words a refused call in the screen's language, and follows a switch", () => {
    setLanguage('fi');
    expect(toBridgeError(answer)).toMatchObject({
      code: 'conflict',
      message: 'Tilaus #101 on jo valmis.',
    });
    setLanguage('de');
    expect(toBridgeError(answer).message).toBe('Bestellung #101 ist schon fertig.');
    setLanguage('en');
    expect(toBridgeError(answer).message).toBe('Order #101 is already ready.');
  });

  it('shows the message as sent when the refusal is unknown or malformed', () => {
    setLanguage('fi');
    expect(toBridgeError({ ...answer, refusal: { key: 'nope', values: [] } }).message).toBe(
      'Order #101 is already ready.',
    );
    expect(toBridgeError({ code: 'failed', message: 'x', refusal: 'pin-wrong' }).message).toBe('x');
  });

  it("words a failed action's kept refusal in the screen's language", () => {
    const kept = encodeRefusal(refusal('order-not-yet', '5', 'PRODUCTION', 'platform'));
    setLanguage('sv');
    expect(keptText(kept)).toBe(
      refusalText(refusal('order-not-yet', '5', 'PRODUCTION', 'platform'), 'sv'),
    );
    expect(keptText(kept)).toMatch(/^Plattformen nekade: Beställning #5 tillagas fortfarande/);
    expect(keptText('Order was cancelled by the customer')).toBe(
      'Order was cancelled by the customer',
    );
  });

  it('words an answer it cannot read as the one unexpected refusal, by code, never raw', () => {
    setLanguage('fi');
    // The browser's own exception (a file that cannot be read, a refused download): its English
    // is no staff's.
    const thrown = toBridgeError(
      new Error('NotReadableError: The requested file could not be read'),
    );
    expect(thrown).toMatchObject({ code: 'failed', refusal: refusal('unexpected') });
    expect(thrown.message).toBe(refusalText(refusal('unexpected'), 'fi'));
    expect(toBridgeError(undefined).message).toBe(refusalText(refusal('unexpected'), 'fi'));
    // Kept as its code, it follows a switch of language when shown again.
    setLanguage('de');
    expect(errorWords(thrown)).toBe(refusalText(refusal('unexpected'), 'de'));
  });
});
