// Signs the update feed's metadata after electron-builder wrote it (the last step of
// `npm run dist`): every release/latest*.yml gets a `publisherSignatures` entry, the publisher's
// Ed25519 signature over what main/update-trust/update-trust.ts checks (docs/operations.md, "Publishing an
// update"). The private key comes from the build machine's secret store through the environment
// (COUNTERTOP_UPDATE_KEY, PEM; or COUNTERTOP_UPDATE_KEY_FILE, a path), never from the repository.
// A key the app does not trust is refused here, not discovered on the counters; so is an app that
// still carries the repository's placeholder keys. `--check` runs the same refusals before
// electron-builder (the first step of `npm run dist`), so nothing is built that cannot ship.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseUpdateInfo } from 'electron-updater/out/providers/Provider';
import { PLACEHOLDER_KEYS, PUBLISHER_KEYS } from '../main/update-trust/publisher-keys';
import type { FeedInfo } from '../main/update-trust/update-trust';
import {
  SIGNATURES_FIELD,
  checkSignature,
  publicKeyOfPrivate,
  signFeedInfo,
} from '../main/update-trust/update-trust';

/** The feed's yml as electron-updater will parse it on the counters. */
const parse = (yml: string, file: string): FeedInfo =>
  parseUpdateInfo(yml, file, new URL(`https://feed.invalid/${file}`)) as unknown as FeedInfo;

/**
 * The refusals before anything is signed or built: the app must carry no placeholder key, and
 * the signing key must be one it carries. Returns the signing key's public half.
 */
export const checkSigningSetup = (
  privateKeyPem: string,
  trusted: readonly string[] = PUBLISHER_KEYS,
  placeholders: readonly string[] = PLACEHOLDER_KEYS,
): string => {
  if (trusted.some((key) => placeholders.includes(key)))
    throw new Error(
      "The app still carries the repository's placeholder update keys (main/update-trust/publisher-keys.ts), which no one can sign for: make your own pair with `npm run update-key`, put its public key in PUBLISHER_KEYS in place of the placeholders, and keep the private key in the build machine's secret store.",
    );
  const publicKey = publicKeyOfPrivate(privateKeyPem);
  if (!trusted.includes(publicKey))
    throw new Error(
      'This signing key is not one the app trusts (main/update-trust/publisher-keys.ts): counters would refuse the update.',
    );
  return publicKey;
};

/** Signs every latest*.yml in `dir`; returns the files signed. */
export const signRelease = (
  dir: string,
  privateKeyPem: string,
  trusted: readonly string[] = PUBLISHER_KEYS,
  placeholders: readonly string[] = PLACEHOLDER_KEYS,
): string[] => {
  const publicKey = checkSigningSetup(privateKeyPem, trusted, placeholders);
  const files = readdirSync(dir).filter((name) => /^latest.*\.yml$/.test(name));
  if (files.length === 0) throw new Error(`No latest*.yml in ${dir}: run electron-builder first.`);
  for (const file of files) {
    const yml = readFileSync(path.join(dir, file), 'utf8');
    const info = parse(yml, file);
    if (info[SIGNATURES_FIELD] !== undefined) throw new Error(`${file} is signed already.`);
    const { keyId, signature } = signFeedInfo(info, privateKeyPem);
    const signed = `${yml.endsWith('\n') ? yml : `${yml}\n`}${SIGNATURES_FIELD}:\n  - keyId: '${keyId}'\n    signature: '${signature}'\n`;
    // What the counters will read back must verify, or nothing is written.
    if (checkSignature(parse(signed, file), [publicKey]) !== 'valid')
      throw new Error(`${file}: the signature does not verify once written.`);
    writeFileSync(path.join(dir, file), signed);
  }
  return files;
};

const signingKey = (): string => {
  const inline = process.env.COUNTERTOP_UPDATE_KEY;
  if (inline) return inline;
  const file = process.env.COUNTERTOP_UPDATE_KEY_FILE;
  if (file) return readFileSync(file, 'utf8');
  throw new Error(
    "No update signing key: set COUNTERTOP_UPDATE_KEY (the publisher's Ed25519 private key, PEM) or COUNTERTOP_UPDATE_KEY_FILE from the build machine's secret store. An unsigned update would be refused by every counter.",
  );
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    if (process.argv[2] === '--check') {
      checkSigningSetup(signingKey());
      console.log('sign-update: the signing key is one the app trusts');
    } else {
      const dir = process.argv[2] ?? 'release';
      for (const file of signRelease(dir, signingKey()))
        console.log(`signed ${path.join(dir, file)}`);
    }
  } catch (error) {
    console.error(`sign-update: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
