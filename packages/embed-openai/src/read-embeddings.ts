import { ApiCallError } from '@shortlist/core';
import { zeroVectorAt } from '@shortlist/core/kit';
import { decodeEmbedding } from './decode-embedding.js';

function invalid(message: string): ApiCallError {
  return new ApiCallError({
    provider: 'openai',
    reason: 'invalid-response',
    retryable: false,
    message: `OpenAI embeddings response ${message}; no vectors were returned rather than risk misaligning them`,
  });
}

/**
 * Checks an embeddings response and returns its vectors in input order, placed by each item's
 * `index`: exactly one vector per input, each of `dimensions` finite numbers, or a typed error.
 */
export function readEmbeddings(
  response: unknown,
  count: number,
  dimensions: number,
): { embeddings: Float32Array[]; tokens: number | undefined } {
  const data = (response as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw invalid('has no data array');
  if (data.length !== count) {
    throw invalid(`has ${data.length} embeddings for ${count} inputs`);
  }
  const out: Float32Array[] = new Array(count);
  for (const item of data as Array<{ index?: unknown; embedding?: unknown }>) {
    const index = item?.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count) {
      throw invalid(`has an item with index ${JSON.stringify(index)}, not 0..${count - 1}`);
    }
    if (out[index] !== undefined) throw invalid(`has two items with index ${index}`);
    const vector = decodeEmbedding(item.embedding);
    if (typeof vector === 'string') throw invalid(`has ${vector} at index ${index}`);
    if (vector.length !== dimensions) {
      throw invalid(
        `has a vector of ${vector.length} dimensions at index ${index}, expected ${dimensions} (is the dimensions option right for this model?)`,
      );
    }
    if (!vector.every(Number.isFinite)) throw invalid(`has a non-finite number at index ${index}`);
    out[index] = vector;
  }
  const zero = zeroVectorAt(out);
  if (zero !== -1) throw invalid(`has a vector of zeros only at index ${zero}`);
  const usage = (response as { usage?: { total_tokens?: unknown; prompt_tokens?: unknown } }).usage;
  const tokens = usage?.total_tokens ?? usage?.prompt_tokens;
  return { embeddings: out, tokens: typeof tokens === 'number' ? tokens : undefined };
}
