/**
 * A bag-of-words vector: texts sharing words point the same way, so a README's promised pick
 * (the tool sharing the query's words) is what a local server's vectors give too: the `vector`
 * of the shared embeddings server in these runs.
 */
export function bagOfWords(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (word === '') continue;
    let hash = 2166136261;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
    vector[(hash >>> 0) % dimensions]! += 1;
  }
  return vector;
}

/**
 * A module to preload with `node --import`: every `fetch` to anything but 127.0.0.1 throws, so a
 * README run proves it reached no remote service and downloaded nothing.
 */
export const loopbackOnly = `const real = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== '127.0.0.1') throw new Error(\`network access to \${url.href} in a README run\`);
  return real(input, init);
};
`;
