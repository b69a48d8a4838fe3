import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from './json-body';
import { verifyPlatformSignature } from './signature';

describe('parseJsonBody', () => {
  it('reads a body that starts with a byte order mark, whose signature covers the mark', () => {
    const body = '\uFEFF{"id":"n1","type":"order.notification"}';
    const signature = createHmac('sha256', 'secret-secret-secret').update(body).digest('hex');
    expect(verifyPlatformSignature(body, signature, 'secret-secret-secret')).toBe(true);
    expect(parseJsonBody(body)).toEqual({ id: 'n1', type: 'order.notification' });
  });

  it('reads a plain body and still refuses what is not JSON', () => {
    expect(parseJsonBody('{"a":1}')).toEqual({ a: 1 });
    expect(() => parseJsonBody('\uFEFF')).toThrow(SyntaxError);
    expect(() => parseJsonBody('not json')).toThrow(SyntaxError);
  });
});
