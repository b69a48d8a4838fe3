import { describe, expect, it } from 'vitest';
import type { OrderActionKind, OrderStatus } from './domain';
import { ORDER_STATUSES } from './domain';
import type { OrderSituation } from './order-actions';
import { FULFILMENTS, ORDER_ACTION_KINDS, TIMINGS, refusalOf } from './order-actions';
import { orderRefusal, statusRefusal } from './order-refusal-text';
import { refusalText } from './refusals';

const statusRefusalText = (n: string, kind: OrderActionKind, status: OrderStatus): string =>
  refusalText(statusRefusal(n, kind, status), 'en');

const textFor = (kind: OrderActionKind, situation: OrderSituation): string | null => {
  const refusal = refusalOf(kind, situation);
  return refusal ? refusalText(orderRefusal('103', kind, situation, refusal), 'en') : null;
};
const takeaway = (status: OrderStatus): OrderSituation => ({
  fulfilment: 'takeaway',
  timing: 'instant',
  status,
});

describe('refused order actions in staff language', () => {
  it('says where the order is for each status an action cannot start from', () => {
    const expected: Array<[OrderActionKind, OrderStatus, string]> = [
      ['accept', 'PRODUCTION', 'Order #103 is already being prepared.'],
      ['accept', 'READY', 'Order #103 is already ready.'],
      ['accept', 'DELIVERED', 'Order #103 has already been handed over.'],
      ['accept', 'REJECTED', 'Order #103 has been rejected.'],
      ['accept', 'CANCELED', 'Order #103 was cancelled by the platform.'],
      ['reject', 'PRODUCTION', 'Order #103 is already being prepared.'],
      ['reject', 'CANCELED', 'Order #103 was cancelled by the platform.'],
      ['ready', 'CREATED', 'Order #103 has not been accepted yet.'],
      ['ready', 'READY', 'Order #103 is already ready.'],
      ['ready', 'DELIVERED', 'Order #103 has already been handed over.'],
      ['delivered', 'CREATED', 'Order #103 has not been accepted yet.'],
      ['delivered', 'PRODUCTION', 'Order #103 is still being prepared: mark it ready first.'],
      ['delivered', 'DELIVERED', 'Order #103 has already been handed over.'],
      ['delivered', 'REJECTED', 'Order #103 has been rejected.'],
    ];
    for (const [kind, status, text] of expected)
      expect({ kind, status, text: textFor(kind, takeaway(status)) }).toEqual({
        kind,
        status,
        text,
      });
    expect(
      textFor('confirm-preorder', {
        fulfilment: 'takeaway',
        timing: 'preorder-waiting',
        status: 'PRODUCTION',
      }),
    ).toBe('Order #103 is already being prepared.');
  });

  it('says what to do instead when the timing or the fulfilment is wrong', () => {
    expect(textFor('accept', { ...takeaway('CREATED'), timing: 'preorder-waiting' })).toBe(
      'Order #103 is a pre-order: confirm it instead.',
    );
    expect(textFor('accept', { ...takeaway('CREATED'), timing: 'preorder-confirmed' })).toBe(
      'Order #103 is a pre-order you have already confirmed.',
    );
    expect(textFor('confirm-preorder', takeaway('CREATED'))).toBe(
      'Order #103 is not a pre-order: accept it instead.',
    );
    expect(
      textFor('confirm-preorder', { ...takeaway('CREATED'), timing: 'preorder-confirmed' }),
    ).toBe('Order #103 is already confirmed.');
    expect(textFor('delivered', { ...takeaway('READY'), fulfilment: 'platform-courier' })).toBe(
      "Order #103 goes with the platform's courier, who marks it delivered.",
    );
  });

  it('words every refusal of the table without a status code or an internal name', () => {
    // Status codes as the platform writes them, or lower-cased as the old messages had them
    // ("is production; it cannot take \"Accept\""), and internal action names.
    const jargon = new RegExp(
      `\\b(${ORDER_STATUSES.join('|')})\\b|production|created|canceled|${ORDER_ACTION_KINDS.filter((k) => k.includes('-')).join('|')}|cannot take|"`,
    );
    let refusals = 0;
    for (const fulfilment of FULFILMENTS)
      for (const timing of TIMINGS)
        for (const status of ORDER_STATUSES)
          for (const kind of ORDER_ACTION_KINDS) {
            const text = textFor(kind, { fulfilment, timing, status });
            if (text === null) continue;
            refusals += 1;
            expect(text).toMatch(/^Order #103 [a-z].*\.$/);
            expect({ text, jargon: jargon.test(text) }).toEqual({ text, jargon: false });
          }
    expect(refusals).toBeGreaterThan(100);
  });

  it("words the platform's own refusal (a 409 with the order's status) the same way", () => {
    expect(statusRefusalText('103', 'accept', 'CANCELED')).toBe(
      'Order #103 was cancelled by the platform.',
    );
    expect(statusRefusalText('103', 'ready', 'CREATED')).toBe(
      'Order #103 has not been accepted yet.',
    );
  });
});
