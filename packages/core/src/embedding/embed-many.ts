import { PluginError } from '../errors/plugin-error.js';
import type { LongCallOptions } from '../spec/call-options.js';
import type { EmbedderV1, EmbedInputType } from '../spec/embedder-v1.js';
import { throwIfAborted } from '../util/abort.js';

export interface EmbedManyOptions extends LongCallOptions {
  /** Overrides the embedder's `maxConcurrency`. */
  readonly concurrency?: number;
  /** Names the work in progress reports. @default 'embed' */
  readonly phase?: string;
  /** Passed to every `doEmbed` call: queries or documents. */
  readonly inputType?: EmbedInputType;
}

/**
 * Embeds any number of texts in batches of the embedder's `maxBatchSize`, running up to
 * `maxConcurrency` batches at once, and checks every batch returns one vector of the declared
 * dimension per text, of finite numbers only, so a misbehaving embedder can never misalign
 * vectors and texts nor put a NaN or Infinity into a cache or an index.
 */
export async function embedMany(
  embedder: EmbedderV1,
  texts: readonly string[],
  options: EmbedManyOptions = {},
): Promise<Float32Array[]> {
  const { signal, onProgress, phase = 'embed', inputType } = options;
  const callOptions = inputType === undefined ? { signal } : { signal, inputType };
  throwIfAborted(signal);
  const batchSize = Math.max(1, Math.floor(embedder.maxBatchSize));
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? embedder.maxConcurrency ?? 1));
  const out: Float32Array[] = new Array(texts.length);
  const starts: number[] = [];
  for (let start = 0; start < texts.length; start += batchSize) starts.push(start);
  let next = 0;
  let done = 0;
  onProgress?.({ phase, done, total: texts.length });

  const worker = async (): Promise<void> => {
    while (next < starts.length) {
      throwIfAborted(signal);
      const start = starts[next++]!;
      const batch = texts.slice(start, start + batchSize);
      const { embeddings } = await embedder.doEmbed(batch, callOptions);
      checkBatch(embedder, batch.length, embeddings);
      for (let i = 0; i < embeddings.length; i++) out[start + i] = embeddings[i]!;
      done += batch.length;
      onProgress?.({ phase, done, total: texts.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, starts.length) }, worker));
  return out;
}

function checkBatch(embedder: EmbedderV1, expected: number, embeddings: unknown): void {
  const id = `${embedder.provider}:${embedder.modelId}`;
  if (!Array.isArray(embeddings) || embeddings.length !== expected) {
    throw new PluginError({
      pluginId: id,
      message: `embedder ${id} returned ${
        Array.isArray(embeddings) ? embeddings.length : 'no'
      } vectors for ${expected} texts; an embedder must return one vector per text, in order`,
    });
  }
  for (const vector of embeddings) {
    if (!(vector instanceof Float32Array) || vector.length !== embedder.dimensions) {
      throw new PluginError({
        pluginId: id,
        message: `embedder ${id} returned a vector of length ${
          (vector as { length?: number })?.length
        }, but declares ${embedder.dimensions} dimensions; return Float32Arrays of the declared length`,
      });
    }
    const at = nonFiniteAt(vector);
    if (at !== -1) {
      throw new PluginError({
        pluginId: id,
        message: `embedder ${id} returned a vector with ${vector[at]} at component ${at}; every component must be a finite number (a value beyond ±3.4e38 overflows float32)`,
      });
    }
  }
}

/** Index of the first NaN or ±Infinity in `vector`, or -1. */
export function nonFiniteAt(vector: Float32Array): number {
  for (let i = 0; i < vector.length; i++) {
    // x - x is 0 for finite x and NaN for NaN and ±Infinity: one comparison per component.
    const v = vector[i]!;
    if (v - v !== 0) return i;
  }
  return -1;
}

/**
 * Index of the first vector whose components are all zero, or -1. A remote model never embeds
 * real text as zeros, so its provider package rejects such a response rather than cache it;
 * local embedders (a hashed bag of words) may return zeros for text without features.
 */
export function zeroVectorAt(vectors: readonly Float32Array[]): number {
  for (let v = 0; v < vectors.length; v++) {
    const vector = vectors[v]!;
    let i = 0;
    while (i < vector.length && vector[i] === 0) i++;
    if (i === vector.length) return v;
  }
  return -1;
}
