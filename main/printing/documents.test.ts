// Tickets print the platform's text shaped as the screen shows it (shared/platform-text.ts).
import { describe, expect, it } from 'vitest';
import { kitchenTicket, receipt, sampleOrder } from './documents';

const texts = (lines: ReturnType<typeof kitchenTicket>['lines']): string[] =>
  lines.map((line) =>
    line.kind === 'text' ? line.text : line.kind === 'columns' ? line.left : '',
  );

describe('tickets', () => {
  it('print a 3,000-character item name clamped, not a metre of paper', () => {
    const order = sampleOrder(new Date('2026-11-26T12:00:00Z'));
    const base = kitchenTicket(order, 80).lines.length;
    const long = {
      ...order,
      items: order.items.map((item, i) =>
        i === 0 ? { ...item, name: 'Pizza '.repeat(500) } : item,
      ),
    };
    const ticket = kitchenTicket(long, 80);
    // 120 characters at double size on 48 columns: a few rows, not 125.
    expect(ticket.lines.length - base).toBeLessThanOrEqual(6);
    expect(texts(ticket.lines).join(' ')).toMatch(/Pizza P?i?z?z?a?\.\.\./);
    expect(receipt(long, 80, 'Kitchen').lines.length).toBeLessThan(base + 10);
  });

  it('print no reversing or control characters as question marks', () => {
    const order = sampleOrder(new Date('2026-11-26T12:00:00Z'));
    const odd = {
      ...order,
      items: order.items.map((item, i) =>
        i === 0 ? { ...item, name: 'Pizza \u202Eazzip\u202C\u0007 XL' } : item,
      ),
    };
    const printed = texts(kitchenTicket(odd, 80).lines).join('\n');
    expect(printed).toContain('Pizza azzip XL');
    expect(printed).not.toContain('?');
  });
});
