import { sendJson } from '../send-json.js';
import { vectorOf } from '../vector-of.js';
import type { EmbeddingsWire, WireItem } from './embeddings-wire.js';

/** A feature-extraction request, as `@huggingface/inference` sends it. */
export interface HFEmbeddingsBody {
  inputs: string[] | string;
  [key: string]: unknown;
}

/** How the server lays out vectors, covering what feature-extraction servers return. */
export type OutputShape =
  | 'pooled' // number[][]: one vector per input
  | 'tokens' // number[][][]: per-token vectors per input
  | 'single' // number[]: one input, no batch level
  | 'tokens-single' // number[][]: one input's per-token vectors, no batch level
  | 'nested'; // number[][][][]: per-token vectors under a batch of one per input

/** Feature extraction's wire, with the output layout and the Hub lookups a test can set and see. */
export interface HFEmbeddingsWire extends EmbeddingsWire<HFEmbeddingsBody> {
  /** Layout of answers. @default 'pooled' */
  shape: OutputShape;
  /** Provider-mapping lookups the SDK made on the Hub API (`GET /api/models/...`). */
  readonly hubRequests: string[];
}

/** Three token vectors whose mean is the vector given and whose first is distinct (for cls). */
function tokensAround(vector: readonly unknown[]): unknown[][] {
  const v = vector.map(Number);
  const shift = (sign: number) => v.map((x, i) => x + sign * 0.25 * ((i % 3) - 1));
  return [shift(1), [...vector], shift(-1)];
}

/** The three token vectors the server sends for `text` when its shape is per-token. */
export function tokensOf(text: string, dimensions: number): number[][] {
  return tokensAround(Array.from(vectorOf(text, dimensions))) as number[][];
}

/**
 * Hugging Face feature extraction as the SDK calls it (`POST <endpointUrl>`, or a router path the
 * test's `fetch` sends here), a JSON array of vectors back in any layout servers use, plus the
 * Hub's provider mapping.
 */
export function hfEmbeddingsWire(): HFEmbeddingsWire {
  const hubRequests: string[] = [];
  const wire: HFEmbeddingsWire = {
    shape: 'pooled',
    hubRequests,
    url: (origin) => `${origin}/embed`,
    texts: (body) => (Array.isArray(body.inputs) ? body.inputs : [body.inputs]),
    model: () => undefined,
    dimensions: () => undefined,
    encode(items: readonly WireItem[]) {
      const vectors = items.map((item) => item.embedding);
      if (wire.shape === 'single' && vectors.length === 1) return vectors[0];
      if (wire.shape === 'tokens-single' && vectors.length === 1) return tokensAround(vectors[0]!);
      if (wire.shape === 'tokens') return vectors.map(tokensAround);
      if (wire.shape === 'nested') return vectors.map((v) => [tokensAround(v)]);
      return vectors;
    },
    error: (message) => ({ error: message }),
    brokenBody: '[[0.1, 0.2, <html>',
    route(request, res) {
      const hub = /^\/api\/models\/(.+)\?expand\[\]=inferenceProviderMapping$/.exec(
        decodeURIComponent(request.url),
      );
      if (request.method !== 'GET' || !hub) return false;
      // The Hub's answer to "which providers serve this model", as the SDK asks before routing.
      hubRequests.push(request.url);
      const mapping = { providerId: hub[1], status: 'live', task: 'feature-extraction' };
      sendJson(res, 200, { inferenceProviderMapping: { 'hf-inference': mapping } });
      return true;
    },
    reset() {
      hubRequests.length = 0;
      wire.shape = 'pooled';
    },
  };
  return wire;
}
