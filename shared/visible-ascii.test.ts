import { expect, it } from 'vitest';
import { visibleAscii } from './visible-ascii';

it('takes visible ASCII within its bounds and refuses spaces, control and non-ASCII characters', () => {
  const schema = visibleAscii(3, 6);
  expect(schema.safeParse('a~!').success).toBe(true);
  expect(schema.safeParse('abcdef').success).toBe(true);
  for (const bad of ['ab', 'abcdefg', 'a b', 'ab\tc', 'ab\x1b[2J', 'abc\x7f', 'abcé', 'ab\u200bc'])
    expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
});

it('says its bounds, or the message it was given', () => {
  expect(visibleAscii(3, 6).safeParse('a b').error?.issues[0]?.message).toBe(
    'must be 3 to 6 visible ASCII characters',
  );
  expect(visibleAscii(1, 9, 'no spaces').safeParse('a b').error?.issues[0]?.message).toBe(
    'no spaces',
  );
});
