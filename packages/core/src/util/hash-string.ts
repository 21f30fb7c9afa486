import { FNV_OFFSET, fnv1a } from './fnv1a.js';

/**
 * murmur3's final mix (fmix32): spreads a 32-bit state so that nearby inputs land far apart.
 * For hashes built up piece by piece (FNV-1a over n-grams) and finished here.
 */
export function mixHash(state: number): number {
  let hash = state;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/**
 * A 32-bit hash of a string, the same on every run and platform: FNV-1a over UTF-16 code units,
 * finished with `mixHash`. A different `seed` gives an independent hash function. Not for
 * security: for ids, fingerprints, sampling and feature hashing.
 * @default seed 0
 */
export function hashString(text: string, seed = 0): number {
  return mixHash(fnv1a(text, (FNV_OFFSET ^ seed) >>> 0));
}

/** Eight hex digits of `hashString(text)`, for ids and fingerprints. */
export function hashHex(text: string): string {
  return hashString(text).toString(16).padStart(8, '0');
}
