import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyDeliveryToken } from './event-token';

const secret = 'a-webhook-client-secret-of-32-bytes!';
const key = (s: string) => new TextEncoder().encode(s);
const payload = {
  dispatched_at: '2026-11-23T10:00:00.000Z',
  type: 'order.received',
  details: { id: 'evt-1', platform_order_reference_id: 'ref-1', venue_id: 'v' },
};
const at = new Date('2026-11-23T10:00:30.000Z');

const sign = (alg: string, s = secret, extra: (jwt: SignJWT) => SignJWT = (j) => j) =>
  extra(new SignJWT(payload).setProtectedHeader({ alg })).sign(key(s));

describe('verifyDeliveryToken (HS256 with the client_secret)', () => {
  it('accepts an HS256 token signed with the secret, from the relay body or bare', async () => {
    const token = await sign('HS256', secret, (j) =>
      j.setIssuedAt(at).setExpirationTime(new Date(at.getTime() + 3600_000)),
    );
    const fromBody = await verifyDeliveryToken(JSON.stringify({ token }), secret, at);
    expect(fromBody).toMatchObject({ ok: true, event: payload });
    expect((await verifyDeliveryToken(token, secret, at)).ok).toBe(true);
  });

  it('refuses a token signed with another secret', async () => {
    const token = await sign('HS256', 'another-secret-also-long-enough!!');
    expect(await verifyDeliveryToken(token, secret, at)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('refuses another algorithm even with the right secret (HS512)', async () => {
    const token = await sign('HS512');
    expect((await verifyDeliveryToken(token, secret, at)).ok).toBe(false);
  });

  it('refuses alg none', async () => {
    const token = new UnsecuredJWT(payload).encode();
    expect(token.split('.')[2]).toBe('');
    expect((await verifyDeliveryToken(token, secret, at)).ok).toBe(false);
    // The same with a forged signature part appended.
    expect((await verifyDeliveryToken(`${token}c2ln`, secret, at)).ok).toBe(false);
  });

  it('refuses an expired token (beyond 60 s of tolerance) and accepts it within', async () => {
    const token = await sign('HS256', secret, (j) =>
      j
        .setIssuedAt(new Date('2026-11-23T08:00:00Z'))
        .setExpirationTime(new Date('2026-11-23T09:00:00Z')),
    );
    expect(await verifyDeliveryToken(token, secret, at)).toEqual({ ok: false, reason: 'expired' });
    expect((await verifyDeliveryToken(token, secret, new Date('2026-11-23T09:00:30Z'))).ok).toBe(
      true,
    );
  });

  it('refuses garbage and a verified payload without the event fields', async () => {
    expect(await verifyDeliveryToken('{"token": 5}', secret, at)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(await verifyDeliveryToken('not.a.jwt', secret, at)).toMatchObject({ ok: false });
    const missing = await new SignJWT({ type: 'order.received', details: {} })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key(secret));
    expect(await verifyDeliveryToken(missing, secret, at)).toEqual({
      ok: false,
      reason: 'invalid-payload',
    });
  });

  it('accepts unknown event types and unknown keys', async () => {
    const token = await new SignJWT({ ...payload, type: 'order.teleported', extra: { x: 1 } })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key(secret));
    const check = await verifyDeliveryToken(token, secret, at);
    expect(check).toMatchObject({ ok: true, event: { type: 'order.teleported', extra: { x: 1 } } });
  });
});
