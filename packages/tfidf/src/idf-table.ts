/**
 * A fitted idf by 32-bit feature hash, in typed arrays with open addressing: a `Map` boxes keys
 * above 2^30, and its lookups were about a tenth of an `intent()` query on MetaTool. Returns
 * `fallback` for a feature the corpus never had, as `map.get(key) ?? fallback` would.
 */
export function idfTable(
  idf: ReadonlyMap<number, number>,
): (key: number, fallback: number) => number {
  let capacity = 16;
  while (capacity < 2 * idf.size) capacity *= 2;
  const mask = capacity - 1;
  const keys = new Uint32Array(capacity);
  const values = new Float64Array(capacity);
  const used = new Uint8Array(capacity);
  // Keys are already avalanche-mixed hashes (fmix32), so their low bits pick the slot.
  for (const [key, value] of idf) {
    let slot = key & mask;
    while (used[slot] === 1 && keys[slot] !== key) slot = (slot + 1) & mask;
    used[slot] = 1;
    keys[slot] = key;
    values[slot] = value;
  }
  return (key, fallback) => {
    for (let slot = key & mask; used[slot] === 1; slot = (slot + 1) & mask) {
      if (keys[slot] === key) return values[slot]!;
    }
    return fallback;
  };
}
