/**
 * 32-bit FNV-1a over UTF-16 code units with a final avalanche (murmur3's fmix32), so nearby
 * strings land far apart. `seed` gives independent hash functions.
 */
function hashString(text: string, seed = 0): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** Eight hex digits of `hashString`, for ids and fingerprints. */
export function hashHex(text: string): string {
  return hashString(text).toString(16).padStart(8, '0');
}
