// The terminal's words do not depend on the computer's locale: a process started with LANG and
// LC_ALL set to German words a Finnish screen's refusals (a clock time among them) exactly as a
// process with any other locale does.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { refusal, refusalText } from './refusals';

const run = promisify(execFile);

const SAMPLES = [
  refusal('prep-before-estimate', '103', 12, Date.UTC(2026, 0, 5, 11, 7)),
  refusal('order-past', '103', 'READY', 'platform'),
  refusal('actions-waiting', 3),
];

const SCRIPT = `
import { refusal, refusalText } from './shared/refusals.ts';
const samples = ${JSON.stringify(SAMPLES)};
console.log(JSON.stringify(samples.map((s) => refusalText(s, 'fi'))));
`;

describe("refusals whatever the machine's locale", () => {
  it('words a Finnish screen the same under LANG=de_DE.UTF-8 and LANG=en_US.UTF-8', async () => {
    const wordsUnder = async (lang: string): Promise<string[]> => {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', SCRIPT],
        { env: { ...process.env, LANG: lang, LC_ALL: lang, TZ: 'UTC' }, timeout: 60_000 },
      );
      return JSON.parse(stdout.trim()) as string[];
    };
    const german = await wordsUnder('de_DE.UTF-8');
    const english = await wordsUnder('en_US.UTF-8');
    expect(german).toEqual(english);
    expect(german[0]).toBe(
      'Tilaus #103: alustan arvioima noutoaika on 12 min päästä (11.07); valitse se tai myöhempi.',
    );
    expect(german[1]).toBe('Alusta kieltäytyi: Tilaus #103 on jo valmis.');
    expect(german[2]).toMatch(/^3 toimintoa ei ole vielä mennyt alustalle/);
    // And this process, whatever its own locale, agrees.
    expect(SAMPLES.map((s) => refusalText(s, 'fi')).slice(1)).toEqual(german.slice(1));
  }, 120_000);
});
