import type { EmbedderV1 } from '../spec/embedder-v1.js';

/**
 * The store key of one text: base64url SHA-256 of the namespace, provider, model id, dimensions
 * and text (and input type, when given), so a change of model or dimension can never return another model's vector.
 */
export function cacheKey(
  embedder: Pick<EmbedderV1, 'provider' | 'modelId' | 'dimensions'>,
  text: string,
  namespace = '',
  inputType?: string,
): string {
  // JSON of an array is an unambiguous encoding: no two tuples give the same string.
  const identity = JSON.stringify([
    namespace,
    embedder.provider,
    embedder.modelId,
    embedder.dimensions,
    text,
    // Queries and documents may embed differently; keys of untyped calls stay as they were.
    ...(inputType === undefined ? [] : [inputType]),
  ]);
  // Loaded on first use rather than at import, so processes that never cache start without crypto.
  return process
    .getBuiltinModule('node:crypto')
    .createHash('sha256')
    .update(identity, 'utf8')
    .digest('base64url');
}
