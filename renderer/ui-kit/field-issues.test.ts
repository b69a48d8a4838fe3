// A schema's own checks (no message of ours) read in the screen's language, follow a switch, and
// never show zod's developer text; a check's own message still wins.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, wordFieldIssues } from './form';
import { setLanguage } from './language';

const schema = z.object({
  name: z.string().trim().min(1),
  note: z.string().max(5),
  port: z.number().int().min(1).max(65535),
  host: z.string().min(1, 'Enter the printer’s address'),
});

const errorsOf = (value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : fieldErrors(parsed.error.issues);
};

afterEach(() => setLanguage('en'));

describe('a schema’s own checks in the screen’s words', () => {
  it('words required, too long, out of range and not a number, and keeps a check’s own message', () => {
    wordFieldIssues();
    expect(errorsOf({ name: ' ', note: 'too long', port: 70000, host: '' })).toEqual({
      name: 'Fill this in',
      note: 'At most 5 characters',
      port: 'At most 65535',
      host: 'Enter the printer’s address',
    });
    expect(errorsOf({ name: 'x', note: '', port: 'x', host: 'y' })).toEqual({
      port: 'Enter a number',
    });
  });

  it('follows a switch of language, with no zod text left', () => {
    wordFieldIssues();
    setLanguage('fi');
    const finnish = errorsOf({ name: '', note: 'too long', port: 0, host: 'y' });
    expect(finnish).toEqual({
      name: 'Täytä tämä',
      note: 'Enintään 5 merkkiä',
      port: 'Vähintään 1',
    });
    setLanguage('de');
    expect(errorsOf({ name: '', note: '', port: 1, host: 'y' })).toEqual({
      name: 'Bitte ausfüllen',
    });
  });
});
