import type { EmbedderV1 } from '../spec/embedder-v1.js';

type KeyedEmbedder = Pick<EmbedderV1, 'provider' | 'modelId' | 'dimensions'>;

/** JSON of an array is an unambiguous encoding: no two tuples give the same string. */
function identity(
  embedder: KeyedEmbedder,
  text: string,
  namespace: string,
  inputType: string | undefined,
): string {
  return JSON.stringify([
    namespace,
    embedder.provider,
    embedder.modelId,
    embedder.dimensions,
    text,
    // Queries and documents may embed differently; keys of untyped calls stay as they were.
    ...(inputType === undefined ? [] : [inputType]),
  ]);
}

interface NodeHash {
  update(data: string, encoding: 'utf8'): NodeHash;
  digest(encoding: 'base64url'): string;
}
type NodeCrypto = { createHash(algorithm: 'sha256'): NodeHash };

/**
 * Node's crypto where the runtime offers built-ins without an import (loaded on first use, so
 * processes that never cache start without it); undefined on edge runtimes and in browsers.
 */
function nodeCrypto(): NodeCrypto | undefined {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    return host?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
  } catch {
    return undefined;
  }
}

/** base64url without padding, as Node's `digest('base64url')` writes it. */
function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The same keys as `cacheKeys`, through Web Crypto (every edge runtime and secure browser page). */
export async function webCacheKeys(
  embedder: KeyedEmbedder,
  texts: readonly string[],
  namespace = '',
  inputType?: string,
): Promise<string[]> {
  const encoder = new TextEncoder();
  return Promise.all(
    texts.map(async (text) => {
      const data = encoder.encode(identity(embedder, text, namespace, inputType));
      return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', data)));
    }),
  );
}

/**
 * The store key of each text: base64url SHA-256 of the namespace, provider, model id, dimensions
 * and text (and input type, when given), so a change of model or dimension can never return
 * another model's vector. Node's hash where available, Web Crypto elsewhere; the same keys.
 */
export async function cacheKeys(
  embedder: KeyedEmbedder,
  texts: readonly string[],
  namespace = '',
  inputType?: string,
): Promise<string[]> {
  const node = nodeCrypto();
  if (!node) return webCacheKeys(embedder, texts, namespace, inputType);
  return texts.map((text) =>
    node
      .createHash('sha256')
      .update(identity(embedder, text, namespace, inputType), 'utf8')
      .digest('base64url'),
  );
}
