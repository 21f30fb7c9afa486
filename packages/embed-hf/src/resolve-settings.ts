import type { InferenceProviderOrPolicy } from '@huggingface/inference';
import { InvalidArgumentError } from '@shortlist/core';
import { checkInteger } from '@shortlist/core/kit';
import type { HFEmbedderOptions, HFPooling } from './hf-embedder-options.js';
import { hfModelDimensions } from './model-dimensions.js';

/** Options with defaults applied and checked; the token stays unresolved until first use. */
export interface HFSettings {
  readonly model: string;
  readonly accessToken: string | undefined;
  readonly endpointUrl: string | undefined;
  readonly provider: InferenceProviderOrPolicy | undefined;
  readonly dimensions: number;
  readonly maxBatchSize: number;
  readonly concurrency: number;
  readonly pooling: HFPooling;
  readonly normalize: boolean;
  readonly truncate: boolean | undefined;
  readonly maxRetries: number;
  readonly retryDelayMs: number;
  readonly timeoutMs: number;
  readonly fetch: typeof fetch | undefined;
}

const where = 'createHFEmbedder';

function invalid(name: string, expected: string, detail: string): InvalidArgumentError {
  return new InvalidArgumentError({
    argument: `${where}(options.${name})`,
    expected,
    message: `${where}: ${detail}`,
  });
}

function integer(name: string, value: number | undefined, fallback: number, min: number): number {
  return checkInteger(value, `${where}(options.${name})`, { min, fallback });
}

/** Applies defaults and rejects unusable options with an error naming the option. */
export function resolveSettings(options: HFEmbedderOptions): HFSettings {
  const model = options?.model;
  if (typeof model !== 'string' || model.trim() === '') {
    throw invalid(
      'model',
      'a Hub model id',
      "model is required: the Hub id, e.g. 'BAAI/bge-small-en-v1.5' (with endpointUrl it names the served model)",
    );
  }
  const dimensions = integer('dimensions', options.dimensions, hfModelDimensions[model] ?? 0, 1);
  if (dimensions === 0) {
    throw invalid(
      'dimensions',
      'the vector length the model returns',
      `unknown model '${model}'; set dimensions to the length of its vectors (e.g. 384 for BAAI/bge-small-en-v1.5)`,
    );
  }
  if (options.endpointUrl !== undefined && !/^https?:\/\//.test(options.endpointUrl)) {
    throw invalid(
      'endpointUrl',
      'an http(s) URL',
      `endpointUrl must be an http(s) URL, got ${options.endpointUrl}`,
    );
  }
  const pooling = options.pooling ?? 'mean';
  if (pooling !== 'mean' && pooling !== 'cls') {
    throw invalid(
      'pooling',
      "'mean' or 'cls'",
      `pooling must be 'mean' or 'cls', got ${String(pooling)}`,
    );
  }
  return {
    model,
    accessToken: options.accessToken,
    endpointUrl: options.endpointUrl,
    provider: options.endpointUrl === undefined ? (options.provider ?? 'hf-inference') : undefined,
    dimensions,
    maxBatchSize: integer('maxBatchSize', options.maxBatchSize, 32, 1),
    concurrency: integer('concurrency', options.concurrency, 2, 1),
    pooling,
    normalize: options.normalize ?? true,
    truncate: options.truncate,
    maxRetries: integer('maxRetries', options.maxRetries, 4, 0),
    retryDelayMs: integer('retryDelayMs', options.retryDelayMs, 500, 0),
    timeoutMs: integer('timeoutMs', options.timeoutMs, 60_000, 1),
    fetch: options.fetch,
  };
}
