import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../kit/http';
import { createWebSession } from './session';

const requestWith = (headers: Record<string, string>, localPort = 4030) =>
  ({ headers, socket: { localPort } }) as unknown as IncomingMessage;

const statusOf = (action: () => void): number | 'ok' => {
  try {
    action();
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
};

describe('the web host session', () => {
  it('hands the token over in the fragment only, and accepts it only as a bearer header', () => {
    const session = createWebSession({ token: 'tok' });
    expect(session.uiUrl('http://127.0.0.1:4030')).toBe('http://127.0.0.1:4030/#session=tok');
    expect(statusOf(() => session.requireToken(requestWith({ authorization: 'Bearer tok' })))).toBe(
      'ok',
    );
    for (const authorization of ['Bearer to', 'Bearer tokk', 'tok', 'Basic tok', ''])
      expect(statusOf(() => session.requireToken(requestWith({ authorization })))).toBe(401);
    expect(createWebSession().token).toMatch(/^[\w-]{43}$/);
  });

  it('tickets open the stream once, and not after they expire', () => {
    let now = 1_000;
    const session = createWebSession({ ticketTtlMs: 30_000, now: () => now });
    const first = session.issueTicket().ticket;
    const second = session.issueTicket().ticket;
    expect(first).not.toBe(second);
    expect(statusOf(() => session.redeemTicket(first))).toBe('ok');
    expect(statusOf(() => session.redeemTicket(first))).toBe(401);
    now += 30_000;
    expect(statusOf(() => session.redeemTicket(second))).toBe(401);
    expect(statusOf(() => session.redeemTicket(null))).toBe(401);
    expect(statusOf(() => session.redeemTicket(session.token))).toBe(401);
  });

  it('refuses to hoard tickets: at most 64 open at once', () => {
    let now = 0;
    const session = createWebSession({ ticketTtlMs: 1_000, now: () => now });
    for (let i = 0; i < 64; i += 1) session.issueTicket();
    expect(statusOf(() => session.issueTicket())).toBe(429);
    now += 1_000;
    expect(statusOf(() => session.issueTicket())).toBe('ok');
  });

  it('knows its own names (127.0.0.1, localhost, [::1] on its port) as Host and Origin', () => {
    const session = createWebSession();
    const check = (headers: Record<string, string>, api = true) =>
      statusOf(() => session.checkSource(requestWith(headers), api));
    for (const host of ['127.0.0.1:4030', 'localhost:4030', 'LOCALHOST:4030', '[::1]:4030']) {
      expect(check({ host }), host).toBe('ok');
      expect(check({ host, origin: `http://${host.toLowerCase()}` }), host).toBe('ok');
    }
    expect(check({ host: 'countertop.example:4030' })).toBe(421);
    expect(check({ host: '127.0.0.1:4031' })).toBe(421);
    expect(
      statusOf(() => session.checkSource(requestWith({ host: '127.0.0.1:4031' }, 4031), true)),
    ).toBe('ok');
    expect(check({})).toBe(421);
    for (const origin of [
      'http://127.0.0.1:4031',
      'https://127.0.0.1:4030',
      'http://evil.example',
      'null',
    ])
      expect(check({ host: '127.0.0.1:4030', origin }), origin).toBe(403);
    expect(check({ host: 'localhost:4030', 'sec-fetch-site': 'same-site' })).toBe(403);
    expect(check({ host: 'localhost:4030', 'sec-fetch-site': 'same-origin' })).toBe('ok');
    // Typing the address (or a bookmark) is a navigation "none": fine for the page, not the API.
    expect(check({ host: 'localhost:4030', 'sec-fetch-site': 'none' }, false)).toBe('ok');
    expect(check({ host: 'localhost:4030', 'sec-fetch-site': 'none' })).toBe(403);
  });
});
