import { z } from 'zod';

// Strings that are kept, put in paths or headers and printed by the operator's commands (merchant
// ids and keys, webhook secrets, order ids in claims): one line of visible ASCII, so the same
// bytes mean the same to every party and nobody can plant escape sequences for a screen or a log.
const VISIBLE_ASCII = /^[\x21-\x7e]*$/;

/** A string of `min` to `max` visible ASCII characters (no spaces, no control characters). */
export const visibleAscii = (
  min: number,
  max: number,
  message = `must be ${min} to ${max} visible ASCII characters`,
) => z.string().min(min, message).max(max, message).regex(VISIBLE_ASCII, message);
