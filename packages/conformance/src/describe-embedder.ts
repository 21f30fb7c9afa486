import type { EmbedderV1 } from '@shortlist/core';
import { describe, expect, it } from 'vitest';

export interface DescribeEmbedderOptions {
  /** Returns a ready embedder; called once per test. */
  readonly create: () => EmbedderV1 | Promise<EmbedderV1>;
  /** Texts to embed. @default a few short English and non-English texts */
  readonly texts?: readonly string[];
  /** Largest difference allowed between a batched and a one-by-one vector component. @default 1e-5 */
  readonly tolerance?: number;
}

const defaultTexts = [
  'send an email to the team',
  'schedule a meeting tomorrow at ten',
  'refund the last payment',
  'Wetter in Berlin morgen',
  '明日の天気',
];

function expectClose(actual: Float32Array, expected: Float32Array, tolerance: number): void {
  expect(actual.length).toBe(expected.length);
  let worst = 0;
  for (let i = 0; i < actual.length; i++) {
    worst = Math.max(worst, Math.abs(actual[i]! - expected[i]!));
  }
  expect(worst).toBeLessThanOrEqual(tolerance);
}

/** Embeds `texts` in calls of at most `maxBatchSize` texts, as the pipeline does. */
async function embedInBatches(embedder: EmbedderV1, texts: readonly string[]) {
  const out: Float32Array[] = [];
  for (let at = 0; at < texts.length; at += embedder.maxBatchSize) {
    out.push(...(await embedder.doEmbed(texts.slice(at, at + embedder.maxBatchSize))).embeddings);
  }
  return out;
}

/**
 * The contract every embedder keeps: declared metadata, one Float32Array of the declared
 * dimension per text in input order, batches equal to one-by-one calls, and abort works. No
 * call sends more than the embedder's `maxBatchSize` texts.
 */
export function describeEmbedder(name: string, options: DescribeEmbedderOptions): void {
  const texts = options.texts ?? defaultTexts;
  const tolerance = options.tolerance ?? 1e-5;

  describe(`${name} (EmbedderV1 conformance)`, () => {
    it('declares spec v1, a provider, a model id, dimensions and a batch size', async () => {
      const embedder = await options.create();
      expect(embedder.specificationVersion).toBe('v1');
      expect(typeof embedder.provider).toBe('string');
      expect(embedder.provider.length).toBeGreaterThan(0);
      expect(typeof embedder.modelId).toBe('string');
      expect(embedder.modelId.length).toBeGreaterThan(0);
      expect(Number.isInteger(embedder.dimensions) && embedder.dimensions > 0).toBe(true);
      expect(Number.isInteger(embedder.maxBatchSize) && embedder.maxBatchSize > 0).toBe(true);
    });

    it('returns one finite Float32Array of the declared dimension per text', async () => {
      const embedder = await options.create();
      const batch = texts.slice(0, embedder.maxBatchSize);
      const { embeddings } = await embedder.doEmbed(batch);
      expect(embeddings).toHaveLength(batch.length);
      for (const vector of embeddings) {
        expect(vector).toBeInstanceOf(Float32Array);
        expect(vector.length).toBe(embedder.dimensions);
        expect(vector.every(Number.isFinite)).toBe(true);
      }
    });

    it('embeds a batch exactly as it embeds each text alone, in input order', async () => {
      const embedder = await options.create();
      const batch = texts.slice(0, embedder.maxBatchSize);
      const together = (await embedder.doEmbed(batch)).embeddings;
      for (let i = 0; i < batch.length; i++) {
        const alone = (await embedder.doEmbed([batch[i]!])).embeddings[0]!;
        expectClose(together[i]!, alone, tolerance);
      }
      const reversed = (await embedder.doEmbed([...batch].reverse())).embeddings.reverse();
      reversed.forEach((vector, i) => {
        expectClose(vector, together[i]!, tolerance);
      });
    });

    it('is deterministic and tells different texts apart', async () => {
      const embedder = await options.create();
      const [a, b, c] = await embedInBatches(embedder, [texts[0]!, texts[0]!, texts[1]!]);
      expectClose(a!, b!, tolerance);
      expect(Array.from(a!)).not.toEqual(Array.from(c!));
    });

    it('returns no vectors for no texts', async () => {
      const embedder = await options.create();
      expect((await embedder.doEmbed([])).embeddings).toEqual([]);
    });

    it('does not mutate the texts array', async () => {
      const embedder = await options.create();
      const batch = Object.freeze(texts.slice(0, embedder.maxBatchSize));
      await embedder.doEmbed(batch);
      expect(batch).toEqual(texts.slice(0, embedder.maxBatchSize));
    });

    it('rejects when the signal is already aborted', async () => {
      const embedder = await options.create();
      const controller = new AbortController();
      controller.abort();
      await expect(
        Promise.resolve().then(() =>
          embedder.doEmbed(texts.slice(0, 1), { signal: controller.signal }),
        ),
      ).rejects.toThrow();
    });
  });
}
