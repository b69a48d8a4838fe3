import { describe, expect, it } from 'vitest';
import { decodeRefusal, storedText } from './refusals';
import {
  deliveryAreaCheckSchema,
  deliveryBookSchema,
  deliveryQuoteSchema,
  scheduleProblem,
} from './delivery-booking';

const BOOKING = {
  promiseId: 'sp_1',
  recipient: { name: 'Walk-in', phone: '+358 40 123 4567' },
  parcels: [{ description: 'Pastries', count: 1 }],
};

/** Words of a validator, never of a counter. */
const VALIDATOR_WORDS = /expected|too small|too big|invalid|received|NaN|>=|<=/i;

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success
    ? []
    : (result.error?.issues.map((issue) => storedText(issue.message, 'en')) ?? []);

describe('the booking form’s rules', () => {
  it('takes a booking without an order number, blank or left out', () => {
    expect(deliveryBookSchema.safeParse(BOOKING).success).toBe(true);
    expect(deliveryBookSchema.safeParse({ ...BOOKING, orderNumber: '  ' }).success).toBe(true);
  });

  it('says every problem in staff words, on its field', () => {
    const result = deliveryBookSchema.safeParse({
      ...BOOKING,
      recipient: { name: ' ', phone: 'call me', email: 'aino@' },
      parcels: [{ description: '', count: Number.NaN }],
      orderNumber: 'X'.repeat(21),
      tip: -1,
      bagCount: 2.5,
      smsReceived: 'x'.repeat(161),
    });
    expect(result.success).toBe(false);
    // The form shows the first message of each field.
    const byField: Record<string, string> = {};
    const finnish: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) {
      // Each one kept as its code, worded in the screen's language.
      expect(decodeRefusal(issue.message)).not.toBeNull();
      byField[issue.path.join('.')] ??= storedText(issue.message, 'en');
      finnish[issue.path.join('.')] ??= storedText(issue.message, 'fi');
    }
    expect(finnish).toMatchObject({
      'recipient.name': 'Anna asiakkaan nimi',
      'parcels.0.count': 'Anna määrä numerona',
      orderNumber: 'Enintään 20 merkkiä',
      tip: 'Anna tippi nollaa suurempana, tai jätä tyhjäksi',
    });
    expect(byField).toMatchObject({
      'recipient.name': 'Enter the customer’s name',
      'recipient.phone': 'Use digits, spaces and + only',
      'recipient.email': 'This is not an email address',
      'parcels.0.description': 'Say what is in the parcel (the courier sees it)',
      'parcels.0.count': 'Enter how many as a number',
      orderNumber: 'At most 20 characters',
      tip: 'Enter the tip above zero, or leave it empty',
      bagCount: 'Enter a whole number',
      smsReceived: 'At most 160 characters',
    });
    for (const message of messages(result)) expect(message).not.toMatch(VALIDATOR_WORDS);
  });

  it('“ready in” is 1 to 60 minutes', () => {
    const address = { street: 'Bulevardi 5', postCode: '00120', city: 'Helsinki' };
    expect(deliveryQuoteSchema.safeParse({ ...address, minPreparationMinutes: 60 }).success).toBe(
      true,
    );
    for (const minutes of [0, 61, 12.5, Number.NaN]) {
      const result = deliveryQuoteSchema.safeParse({ ...address, minPreparationMinutes: minutes });
      expect(result.success).toBe(false);
      for (const message of messages(result)) expect(message).not.toMatch(VALIDATOR_WORDS);
    }
  });

  it('no PIN and no ID check when the order is left at the door', () => {
    const result = deliveryBookSchema.safeParse({
      ...BOOKING,
      noContact: true,
      parcels: [{ description: 'Wine', count: 1, idCheck: true }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['noContact']);
  });

  it('a scheduled drop-off only more than an hour ahead', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(scheduleProblem('2026-11-26T12:59:00Z', now)?.key).toBe('courier-time-too-soon');
    expect(scheduleProblem('2026-11-26T13:00:00Z', now)?.key).toBe('courier-time-too-soon');
    expect(scheduleProblem('2026-11-26T13:01:00Z', now)).toBeNull();
    expect(scheduleProblem('not a time', now)?.key).toBe('courier-pick-time');
  });

  it('the area check needs some address', () => {
    const result = deliveryAreaCheckSchema.safeParse({ street: '', postCode: '', city: '' });
    // Kept as a refusal: the form words it in the screen's language.
    expect(result.error?.issues.map((issue) => decodeRefusal(issue.message)?.key)).toEqual([
      'courier-address-needed',
    ]);
    expect(
      deliveryAreaCheckSchema.safeParse({ street: '', postCode: '00120', city: '' }).success,
    ).toBe(true);
  });
});
