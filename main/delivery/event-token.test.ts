import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { readDeliveryToken } from './event-token';

const key = new TextEncoder().encode('the-merchant-secret-only-the-relay-holds');
const payload = {
  dispatched_at: '2026-11-23T10:00:00.000Z',
  type: 'order.received',
  details: { id: 'evt-1', platform_order_reference_id: 'ref-1', venue_id: 'v' },
};

const sign = (body: Record<string, unknown>, alg = 'HS256') =>
  new SignJWT(body).setProtectedHeader({ alg }).sign(key);

describe('readDeliveryToken (the relay verified it; the terminal holds no secret)', () => {
  it("reads the spec's payload from the relay's body or bare", async () => {
    const token = await sign(payload);
    expect(readDeliveryToken(JSON.stringify({ token }), 'v')).toMatchObject({
      ok: true,
      event: payload,
    });
    expect(readDeliveryToken(token, 'v').ok).toBe(true);
  });

  it('refuses an event that names another venue', async () => {
    expect(readDeliveryToken(await sign(payload), 'w')).toEqual({
      ok: false,
      reason: 'other-venue',
    });
  });

  it('reads venue-less payloads (courier location, PIN) routed to this venue by the relay', async () => {
    const token = await sign({
      dispatched_at: payload.dispatched_at,
      type: 'order.handshake_delivery',
      details: { id: 'evt-2', platform_order_reference_id: 'ref-1', pin_code: '1234' },
    });
    expect(readDeliveryToken(token, 'v')).toMatchObject({ ok: true });
  });

  it('refuses another algorithm and alg none', async () => {
    expect(readDeliveryToken(await sign(payload, 'HS512'), 'v').ok).toBe(false);
    expect(readDeliveryToken(new UnsecuredJWT(payload).encode(), 'v').ok).toBe(false);
  });

  it('refuses garbage and a payload without the event fields', async () => {
    expect(readDeliveryToken('{"token": 5}', 'v')).toEqual({ ok: false, reason: 'malformed' });
    expect(readDeliveryToken('not.a.jwt', 'v')).toMatchObject({ ok: false });
    expect(readDeliveryToken(await sign({ type: 'order.received', details: {} }), 'v')).toEqual({
      ok: false,
      reason: 'invalid-payload',
    });
  });

  it('accepts unknown event types and unknown keys', async () => {
    const token = await sign({ ...payload, type: 'order.teleported', extra: { x: 1 } });
    expect(readDeliveryToken(token, 'v')).toMatchObject({
      ok: true,
      event: { type: 'order.teleported', extra: { x: 1 } },
    });
  });
});
