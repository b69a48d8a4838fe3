import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from './redactor';

describe('the redactor', () => {
  it('replaces remembered values wherever they appear, also JSON-escaped', () => {
    const redactor = createRedactor();
    redactor.add('s3cr3t-token', null, undefined, 'ab');
    redactor.addPersonal('Ada "The" Lovelace');
    expect(redactor.scrub('Bearer s3cr3t-token for ab')).toBe(`Bearer ${REDACTED} for ab`);
    expect(redactor.scrub(JSON.stringify({ reason: 'call Ada "The" Lovelace' }))).toBe(
      `{"reason":"call ${REDACTED}"}`,
    );
  });

  it('prefers the longest match, so no part of a longer value is left', () => {
    const redactor = createRedactor();
    redactor.add('abcd', 'abcdefgh');
    expect(redactor.scrub('xabcdefghx')).toBe(`x${REDACTED}x`);
  });

  it('keeps only the newest customers’ values, but every secret', () => {
    const redactor = createRedactor();
    redactor.add('secret-0000');
    for (let i = 0; i < 1600; i += 1) redactor.addPersonal(`customer-${i}`);
    expect(redactor.scrub('customer-0 customer-1599 secret-0000')).toBe(
      `customer-0 ${REDACTED} ${REDACTED}`,
    );
  });
});
