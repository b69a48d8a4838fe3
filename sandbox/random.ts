// Deterministic pseudo-random numbers for the order generator (same seed, same orders), and
// unpredictable identifiers for everything a client must not guess.
import { randomBytes, randomUUID } from 'node:crypto';

export type Prng = {
  /** Uniform in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(values: readonly T[]): T;
  chance(probability: number): boolean;
};

/** mulberry32: tiny, fast and good enough for demo data. */
export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick<T>(values: readonly T[]): T {
      const value = values[Math.floor(next() * values.length)];
      if (value === undefined) throw new RangeError('pick from an empty list');
      return value;
    },
    chance: (probability) => next() < probability,
  };
}

/** A 24-hex identifier like the platform's order and integration ids. */
export const hexId = (): string => randomBytes(12).toString('hex');
export const uuid = (): string => randomUUID();
/** An opaque credential string with 256 bits of entropy. */
export const opaqueToken = (prefix: string): string =>
  `${prefix}${randomBytes(32).toString('base64url')}`;
