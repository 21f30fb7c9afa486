/**
 * A vector of a text's word trigrams hashed into `dimensions` buckets: texts sharing words point
 * the same way, so a semantic pick over a local server's vectors is the one the words suggest.
 */
export function wordTrigramVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      let hash = 2166136261;
      for (let j = i; j < i + 3; j++) hash = Math.imul(hash ^ padded.charCodeAt(j), 16777619);
      vector[(hash >>> 0) % dimensions]! += 1;
    }
  }
  return vector;
}
