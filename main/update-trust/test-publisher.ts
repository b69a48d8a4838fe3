// Tests' publishers: a fresh Ed25519 key pair per publisher (never a key of the repository), and
// feed info signed the way scripts/sign-update.ts signs it at `npm run dist`.
import { generateKeyPairSync } from 'node:crypto';
import type { FeedInfo } from './update-trust';
import { SIGNATURES_FIELD, publicKeyOfPrivate, signFeedInfo } from './update-trust';

export type TestPublisher = {
  /** The raw public key (base64url), as the app carries it. */
  publicKey: string;
  privateKeyPem: string;
  /** The info with this publisher's signature in place of any other. */
  sign<T extends FeedInfo>(info: T): T;
};

export const createTestPublisher = (): TestPublisher => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const privateKeyPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  return {
    publicKey: publicKeyOfPrivate(privateKeyPem),
    privateKeyPem,
    sign: (info) => ({ ...info, [SIGNATURES_FIELD]: [signFeedInfo(info, privateKeyPem)] }),
  };
};
