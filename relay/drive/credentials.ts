// The merchant's delivery credentials at rest (docs/security.md): the merchant key and the
// merchant's webhook secrets are sealed with AES-256-GCM under a key the relay takes from its
// deployment's secret store (RELAY_CREDENTIALS_KEY, or a file such as a systemd credential), never
// from the database. Each box is bound to its row (merchant and purpose, as associated data), so a
// box copied into another merchant's row, or a webhook secret passed off as a key, does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type CredentialPurpose = 'merchant-key' | 'webhook-secret';

export type CredentialBox = {
  seal(merchantId: string, purpose: CredentialPurpose, secret: string): string;
  /** Throws when the box was not sealed with this key for this merchant and purpose. */
  open(merchantId: string, purpose: CredentialPurpose, box: string): string;
};

/** The key as the deployment gives it: 32 bytes, base64 or base64url (44 or 43 characters). */
export function parseCredentialsKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : null;
  if (key === null || key.length !== 32) {
    throw new Error(
      'The credentials key must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`).',
    );
  }
  return key;
}

const aad = (merchantId: string, purpose: CredentialPurpose): Buffer =>
  Buffer.from(JSON.stringify([purpose, merchantId]));

export function createCredentialBox(key: Buffer): CredentialBox {
  if (key.length !== 32) throw new Error('The credentials key must be 32 bytes.');
  return {
    seal(merchantId, purpose, secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(merchantId, purpose));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
    },
    open(merchantId, purpose, box) {
      const [version, body] = box.split('.');
      if (version !== VERSION || body === undefined)
        throw new Error('A stored credential is not in a format this relay reads.');
      const bytes = Buffer.from(body, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('A stored credential is truncated.');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(aad(merchantId, purpose));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new Error(
          'A stored credential does not open with this relay credentials key (another key, or a box moved between rows).',
        );
      }
    },
  };
}
