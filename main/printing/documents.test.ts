// Tickets print the platform's text shaped as the screen shows it (shared/platform-text.ts).
import { describe, expect, it } from 'vitest';
import { printable } from './code-page';
import { kitchenTicket, receipt, sampleOrder } from './documents';
import { encodeDocument } from './escpos';
import { ticketTranslations, ticketWords } from './ticket-words';
import { placeholdersOf } from '../../shared/i18n';
import { formatDate, formatTime } from '../../shared/local-format';

const texts = (lines: ReturnType<typeof kitchenTicket>['lines']): string[] =>
  lines.map((line) =>
    line.kind === 'text' ? line.text : line.kind === 'columns' ? line.left : '',
  );

describe('tickets', () => {
  it("name the order's venue on every ticket, for a kitchen cooking for several", () => {
    const order = sampleOrder(new Date('2026-11-26T12:00:00Z'));
    const branded = { ...order, venueName: 'Night Noodles' };
    for (const ticket of [kitchenTicket(branded, 58), receipt(branded, 80, 'Kitchen')]) {
      const printed = texts(ticket.lines);
      const mark = printed.findIndex((line) => line.includes('Night Noodles'));
      expect(mark).toBeGreaterThan(-1);
      // Right under the title, before the number staff call out.
      expect(mark).toBeLessThan(
        printed.findIndex((line) => line.includes(`#${order.orderNumber}`)),
      );
    }
    expect(texts(kitchenTicket({ ...order, venueName: null }, 80).lines).join('\n')).not.toContain(
      'Night Noodles',
    );
  });

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

  it('print characters the code page lacks as their nearest equivalent, never "?"', () => {
    expect(printable('Fish – chips — “best” ‘ever’ … • ½ ﬁne ő Łódź')).toBe(
      'Fish - chips - "best" \'ever\' ... * ½ fine o Lódz',
    );
    expect(printable('Пельмени Ελληνική 🍕pizza')).toBe('Pelmeni Elliniki pizza');
    // What the code page holds stays as it is.
    expect(printable('Crème brûlée 4,50 € – Größe')).toBe('Crème brûlée 4,50 € - Größe');

    const order = sampleOrder(new Date('2026-11-26T12:00:00Z'));
    const dashed = {
      ...order,
      consumerComment: 'Ring twice – the “blue” door…',
      items: order.items.map((item, i) => (i === 0 ? { ...item, name: 'Tofu – ‘hot’' } : item)),
    };
    const ticket = kitchenTicket(dashed, 80);
    const printed = texts(ticket.lines).join('\n');
    expect(printed).toContain("Tofu - 'hot'");
    expect(printed).toContain('Ring twice - the "blue" door...');
    // The bytes sent to the printer carry no "?" either.
    expect(Buffer.from(encodeDocument(ticket)).includes('?')).toBe(false);
  });

  it('print the time staff chose, marked asked until the platform confirms it', () => {
    const at = new Date('2026-11-26T12:00:00Z');
    const order = sampleOrder(at);
    const clock = (iso: string) =>
      new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    // Accepted here ("ready in 30 minutes"), the accept not yet taken by the platform.
    const asked = {
      ...order,
      platformStatus: 'CREATED' as const,
      preparationMinutes: 30,
      pending: {
        actionId: 'a1',
        kind: 'accept' as const,
        state: 'pending' as const,
        error: null,
        attempts: 0,
        createdAt: at.toISOString(),
      },
    };
    const chosen = new Date(at.getTime() + 30 * 60_000).toISOString();
    expect(texts(kitchenTicket(asked, 80).lines)).toContain(`Pickup ${clock(chosen)} (asked)`);
    // Confirmed: the platform's order reads the time the accept set.
    const confirmed = { ...order, pickupEta: chosen };
    expect(texts(kitchenTicket(confirmed, 80).lines)).toContain(`Pickup ${clock(chosen)}`);
    expect(texts(kitchenTicket(confirmed, 80).lines).join('\n')).not.toContain('asked');
  });

  it('print zero-width and C1 characters as nothing, and a 500-character name clamped like the card', () => {
    const order = sampleOrder(new Date('2026-11-26T12:00:00Z'));
    const odd = {
      ...order,
      consumerName: `\u202DAda\u200B\u0085 Lovelace${'e'.repeat(500)}`,
      items: order.items.map((item, i) =>
        i === 0 ? { ...item, name: 'Co\u200Bla\u2060 \u009BZero\uFEFF' } : item,
      ),
    };
    const printed = texts(kitchenTicket(odd, 80).lines).join('\n');
    expect(printed).toContain('Cola Zero');
    expect(printed).not.toContain('?');
    // Wrapped over a few rows at double size, nothing between the two words but the wrap.
    expect(printed.replace(/\s/g, '')).toContain('AdaLovelaceeee');
    expect(printed).toContain('...');
    expect(
      printed
        .replace(/\s/g, '')
        .match(/e+/g)
        ?.some((run) => run.length >= 500),
    ).toBe(false);
  });
});

describe('ticket dates', () => {
  it('write the day received through the shared date formatter, not a hand-set pattern', () => {
    const order = sampleOrder(new Date('2026-11-26T12:00:00Z'));
    const received = texts(kitchenTicket(order, 80).lines).find((l) => l.startsWith('Received'));
    expect(received).toBe(`Received ${formatDate(order.createdAt)} ${formatTime(order.createdAt)}`);
    // The en-GB medium date names the month: no day/month order to misread on paper.
    expect(received).toMatch(/Received 26 Nov 2026 \d\d:\d\d/);
  });
});

describe('kitchen ticket words', () => {
  const leaves = (tree: unknown, at = ''): [string, string][] =>
    typeof tree === 'string'
      ? [[at, tree]]
      : typeof tree === 'object' && tree !== null && 'icu' in tree
        ? [[at, (tree as { icu: string }).icu]]
        : Object.entries(tree as object).flatMap(([k, v]) => leaves(v, at ? `${at}.${k}` : k));
  const english = new Map(leaves(ticketWords));

  it('every language has every key of English and no other, with the same placeholders', () => {
    for (const [language, words] of Object.entries(ticketTranslations)) {
      const translated = new Map(leaves(words));
      expect([...translated.keys()].sort(), language).toEqual([...english.keys()].sort());
      for (const [key, icu] of english)
        expect([...placeholdersOf(translated.get(key)!)].sort(), `${language} ${key}`).toEqual(
          [...placeholdersOf(icu)].sort(),
        );
    }
  });

  it("write the ticket in the kitchen's language, its times the local way", () => {
    const order = sampleOrder(new Date('2026-11-26T12:00:00Z'));
    const fi = texts(kitchenTicket(order, 80, 'fi').lines).map((l) => l.trim());
    expect(fi[0]).toBe('KEITTIÖ');
    expect(fi).toContain('NOUTO');
    expect(fi).toContain(`Nouto ${formatTime(order.pickupEta!, 'fi-FI')}`);
    expect(fi).toContain('!! ALLERGIA !!');
    expect(fi).toContain('3 tuotetta');
    const en = texts(kitchenTicket(order, 80).lines).map((l) => l.trim());
    expect(en[0]).toBe('KITCHEN');
    expect(en).toContain('3 items');
  });
});
