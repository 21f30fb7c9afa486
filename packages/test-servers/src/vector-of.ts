/** Deterministic vector of a text: a hash-seeded pseudo-random sequence, so tests can check results. */
export function vectorOf(text: string, dimensions: number): Float32Array {
  let seed = 2166136261;
  for (let i = 0; i < text.length; i++) seed = Math.imul(seed ^ text.charCodeAt(i), 16777619);
  const out = new Float32Array(dimensions);
  for (let i = 0; i < dimensions; i++) {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out[i] = ((t ^ (t >>> 14)) >>> 0) / 2147483648 - 1;
  }
  return out;
}
