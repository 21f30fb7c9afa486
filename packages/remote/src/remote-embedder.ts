import type { EmbedderV1 } from '@shortlist/core';
import { type EmbedResult, type LongCallOptions, throwIfAborted } from '@shortlist/core/kit';
import { checkTexts } from './check-texts.js';

/** What a remote embedder declares, and the call that embeds a checked, non-empty batch. */
export interface RemoteEmbedderParts {
  readonly provider: string;
  readonly modelId: string;
  readonly dimensions: number;
  readonly maxBatchSize: number;
  readonly maxConcurrency: number;
  /** What refuses empty texts, for the error, e.g. 'the OpenAI API'. */
  readonly service: string;
  /** Embeds `texts` (non-empty strings, at least one); the signal was not aborted at the call. */
  embed(texts: readonly string[], options: LongCallOptions): Promise<EmbedResult>;
}

/**
 * An `EmbedderV1` around a provider's call, with what every remote embedder does first: an
 * aborted signal rejects before anything is sent, an empty batch answers at once, and an empty
 * or non-string text is a typed error naming it.
 */
export function remoteEmbedder(parts: RemoteEmbedderParts): EmbedderV1 {
  const { embed, service, ...declared } = parts;
  return {
    specificationVersion: 'v1',
    ...declared,
    async doEmbed(texts: readonly string[], options: LongCallOptions = {}): Promise<EmbedResult> {
      throwIfAborted(options.signal);
      if (texts.length === 0) return { embeddings: [] };
      checkTexts(texts, service);
      return embed(texts, options);
    },
  };
}
