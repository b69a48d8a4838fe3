import { createHmac, timingSafeEqual } from 'node:crypto';

/** PLATFORM-SIGNATURE: hex HMAC-SHA256 of the body bytes (docs/platform.md#notification-signature). */
export const verifyPlatformSignature = (
  body: string,
  signature: string | null,
  secret: string,
): boolean => {
  if (!signature || !/^[0-9a-fA-F]+$/.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(body, 'utf8').digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};
