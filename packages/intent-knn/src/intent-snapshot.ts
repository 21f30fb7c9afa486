import { CorruptDataError, type EmbedderV1, InvalidArgumentError } from '@shortlist/core';
import { decodeSnapshot, encodeSnapshot } from '@shortlist/core/kit';

const KIND = 'intent-knn';
const FORMAT_VERSION = 1;

/** Serialises example vectors by example key, with the model they were made with. */
export function encodeIntentSnapshot(
  embedder: EmbedderV1,
  vectors: ReadonlyMap<string, Float32Array>,
): Uint8Array {
  const keys = [...vectors.keys()];
  const matrix = new Float32Array(keys.length * embedder.dimensions);
  keys.forEach((key, row) => {
    matrix.set(vectors.get(key)!, row * embedder.dimensions);
  });
  return encodeSnapshot({
    kind: KIND,
    formatVersion: FORMAT_VERSION,
    meta: { modelId: embedder.modelId, dimensions: embedder.dimensions, keys },
    arrays: [matrix],
  });
}

/**
 * Reads example vectors back; `CorruptDataError` for damaged bytes, `InvalidArgumentError` when
 * the snapshot was made with another model or dimension (re-index instead).
 */
export function decodeIntentSnapshot(
  embedder: EmbedderV1,
  snapshot: Uint8Array,
): Map<string, Float32Array> {
  const content = decodeSnapshot(snapshot, { kind: KIND, formatVersion: FORMAT_VERSION });
  const meta = (content.meta ?? {}) as { modelId?: unknown; dimensions?: unknown; keys?: unknown };
  if (meta.modelId !== embedder.modelId || meta.dimensions !== embedder.dimensions) {
    throw new InvalidArgumentError({
      argument: 'snapshot',
      expected: `an intent snapshot made with ${embedder.modelId} (${embedder.dimensions} dimensions)`,
      message: `intent snapshot was made with ${String(meta.modelId)} (${String(
        meta.dimensions,
      )} dimensions), not ${embedder.modelId} (${embedder.dimensions}); re-index with this embedder`,
    });
  }
  const matrix = content.arrays[0];
  const keys = meta.keys;
  if (
    !Array.isArray(keys) ||
    !keys.every((key) => typeof key === 'string') ||
    !(matrix instanceof Float32Array) ||
    matrix.length !== keys.length * embedder.dimensions
  ) {
    throw new CorruptDataError({
      source: `${KIND} snapshot`,
      message: `${KIND} snapshot cannot be restored: its example keys and vectors do not match; re-index the tools and take a new snapshot`,
    });
  }
  const vectors = new Map<string, Float32Array>();
  keys.forEach((key: string, row) => {
    vectors.set(key, matrix.slice(row * embedder.dimensions, (row + 1) * embedder.dimensions));
  });
  return vectors;
}
