import { describe, expect, it } from 'vitest';
import { parseJsonBody } from './json-body';

describe('parseJsonBody', () => {
  it('reads a body that starts with a byte order mark (the relay serves the exact signed bytes)', () => {
    const body = '\uFEFF{"id":"n1","type":"order.notification"}';
    expect(parseJsonBody(body)).toEqual({ id: 'n1', type: 'order.notification' });
  });

  it('reads a plain body and still refuses what is not JSON', () => {
    expect(parseJsonBody('{"a":1}')).toEqual({ a: 1 });
    expect(() => parseJsonBody('\uFEFF')).toThrow(SyntaxError);
    expect(() => parseJsonBody('not json')).toThrow(SyntaxError);
  });
});
