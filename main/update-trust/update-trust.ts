// Which update the app may install (docs/operations.md, "Publishing an update"). The feed's metadata
// (latest.yml, latest-mac.yml, latest-linux.yml) is signed at `npm run dist` with the publisher's
// Ed25519 key, the way Sparkle signs appcasts with EdDSA: the signature covers the version and
// every file's name, sha512 and size, so an installer is tied to the publisher through the sha512
// the signature vouches for. The app carries the public keys (publisher-keys.ts: the current one
// and the next, for rotation), checks the signature before anything is downloaded, and checks the
// downloaded file's sha512 against the signed one before it is installed: on every OS, in addition
// to electron-updater's own checks. Plain Node, no Electron: main/app/updates.ts calls it.
import { createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** The yml field the signatures are written to (an array: one per signing key). */
export const SIGNATURES_FIELD = 'publisherSignatures';
/** Domain separation: these bytes can never be mistaken for another signed message. */
const CONTEXT = 'countertop-update-v1\n';

export type UpdateFile = { url: string; sha512: string; size?: number };
export type PublisherSignature = { keyId: string; signature: string };
/** What electron-updater parses from the feed's yml (the fields this module reads). */
export type FeedInfo = {
  version: string;
  files?: readonly UpdateFile[];
  path?: string;
  sha512?: string;
  releaseDate?: string;
  [SIGNATURES_FIELD]?: unknown;
};

export type UpdateVerdict =
  /** Signed by a trusted key and a sensible step up: download it, install only these sha512s. */
  | { verdict: 'install'; version: string; sha512s: readonly string[] }
  /** Signed, but more than one major version ahead: only staff may let it in. */
  | { verdict: 'hold'; version: string; sha512s: readonly string[]; reason: string }
  | { verdict: 'refuse'; version: string; reason: string };

/** A public key as the app carries it: the 32 raw bytes of an Ed25519 key, base64url. */
export const publicKeyObject = (raw: string): KeyObject =>
  createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw }, format: 'jwk' });

/** The first 16 hex digits of the raw key's SHA-256: which key signed, without trying each. */
export const keyIdOf = (raw: string): string =>
  createHash('sha256').update(Buffer.from(raw, 'base64url')).digest('hex').slice(0, 16);

/** The raw public key (base64url) of a private key in PEM. */
export const publicKeyOfPrivate = (privateKeyPem: string): string => {
  const jwk = createPublicKey(createPrivateKey(privateKeyPem)).export({ format: 'jwk' });
  if (jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string')
    throw new Error('The update signing key is not an Ed25519 key.');
  return jwk.x;
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The bytes signed: the version, the release date and every file the updater may fetch (the
 * files list and the legacy top-level path/sha512, which it falls back to), in a fixed order.
 * Rollout figures (stagingPercentage) and release notes are not security-relevant and stay
 * editable without a new signature.
 */
export const signedBytes = (info: FeedInfo): Buffer => {
  const files = (Array.isArray(info.files) ? info.files : []).map((file: UpdateFile) => [
    text(file?.url),
    text(file?.sha512),
    typeof file?.size === 'number' ? file.size : null,
  ]);
  return Buffer.from(
    CONTEXT +
      JSON.stringify([
        text(info.version),
        text(info.releaseDate),
        files,
        text(info.path),
        text(info.sha512),
      ]),
  );
};

/** Signs the feed's metadata with the publisher's private key (PEM, PKCS#8). */
export const signFeedInfo = (info: FeedInfo, privateKeyPem: string): PublisherSignature => ({
  keyId: keyIdOf(publicKeyOfPrivate(privateKeyPem)),
  signature: sign(null, signedBytes(info), createPrivateKey(privateKeyPem)).toString('base64'),
});

type Version = { major: number; minor: number; patch: number; pre: string | null };
// Numbers of at most 6 digits: "999999999999.0.0" is no version a publisher means.
const VERSION =
  /^(\d{1,6})\.(\d{1,6})\.(\d{1,6})(?:-([0-9A-Za-z.-]{1,40}))?(?:\+[0-9A-Za-z.-]{1,40})?$/;
export const parseVersion = (value: unknown): Version | null => {
  const match = typeof value === 'string' ? VERSION.exec(value) : null;
  if (!match) return null;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    pre: match[4] ?? null,
  };
};
/** Semver order (pre-releases before their release; their identifiers compared as text). */
const compare = (a: Version, b: Version): number =>
  a.major - b.major ||
  a.minor - b.minor ||
  a.patch - b.patch ||
  (a.pre === b.pre ? 0 : a.pre === null ? 1 : b.pre === null ? -1 : a.pre < b.pre ? -1 : 1);

const signaturesOf = (info: FeedInfo): PublisherSignature[] => {
  const value = info[SIGNATURES_FIELD];
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const e = entry as Record<string, unknown> | null;
    const keyId = text(e?.keyId);
    const signature = text(e?.signature);
    return keyId && signature ? [{ keyId, signature }] : [];
  });
};

/**
 * Whether the info carries a signature by one of `keys` over exactly its signed fields: 'valid',
 * 'unsigned', 'foreign' (only keys the app does not know) or 'mismatch' (a trusted key's
 * signature over other content: the metadata was changed after signing).
 */
export const checkSignature = (
  info: FeedInfo,
  keys: readonly string[],
): 'valid' | 'unsigned' | 'foreign' | 'mismatch' => {
  const signatures = signaturesOf(info);
  if (signatures.length === 0) return 'unsigned';
  const trusted = new Map(keys.map((key) => [keyIdOf(key), key]));
  const bytes = signedBytes(info);
  const valid = signatures.some((entry) => {
    const key = trusted.get(entry.keyId);
    if (!key) return false;
    try {
      return verify(null, bytes, publicKeyObject(key), Buffer.from(entry.signature, 'base64'));
    } catch {
      return false;
    }
  });
  if (valid) return 'valid';
  return signatures.some((entry) => trusted.has(entry.keyId)) ? 'mismatch' : 'foreign';
};

const SIGNATURE_REASON = {
  unsigned: 'the update is not signed by the publisher',
  foreign: "the update is signed by a key that is not the publisher's",
  mismatch: "the publisher's signature does not match the update",
} as const;

/**
 * Whether the feed's update may be installed by an app at `currentVersion` trusting `keys`
 * (raw Ed25519 public keys, base64url). Refused: no signature, none by a trusted key, one that
 * does not verify (the metadata was changed after signing), a version that is not newer (a
 * downgrade would also block every later update) or not a version at all. Held: more than one
 * major version ahead (a mistaken upload of 999.0.0 must not reach every counter).
 */
export const judgeUpdate = (
  info: FeedInfo,
  keys: readonly string[],
  currentVersion: string,
): UpdateVerdict => {
  const version = text(info?.version) ?? '?';
  const refuse = (reason: string): UpdateVerdict => ({ verdict: 'refuse', version, reason });
  const signature = checkSignature(info, keys);
  if (signature !== 'valid') return refuse(SIGNATURE_REASON[signature]);
  const next = parseVersion(info.version);
  const current = parseVersion(currentVersion);
  if (!next || !current) return refuse(`"${version}" is not a version number`);
  if (compare(next, current) <= 0)
    return refuse(`${version} is not newer than the installed ${currentVersion}`);
  const sha512s = [
    ...(Array.isArray(info.files) ? info.files.map((file) => text(file?.sha512)) : []),
    text(info.sha512),
  ].filter((hash): hash is string => hash !== null);
  if (sha512s.length === 0) return refuse('the update names no file checksum');
  if (next.major > current.major + 1)
    return {
      verdict: 'hold',
      version,
      sha512s,
      reason: `${version} is more than one major version ahead of ${currentVersion}`,
    };
  return { verdict: 'install', version, sha512s };
};

/** The file's sha512 (base64, as the feed writes it), read as a stream: installers are large. */
export const fileSha512 = (path: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha512');
    createReadStream(path)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('base64')));
  });
