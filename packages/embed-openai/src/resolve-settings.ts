import { InvalidArgumentError } from '@shortlist/core';
import { checkInteger } from '@shortlist/core/kit';
import { acceptsDimensions, openAIModelDimensions } from './model-dimensions.js';
import type { EmbedWarning, OpenAIEmbedderOptions } from './openai-embedder-options.js';

/** Options with defaults applied and checked; the key stays unresolved until first use. */
export interface OpenAISettings {
  readonly apiKey: string | undefined;
  readonly baseURL: string | undefined;
  readonly model: string;
  readonly dimensions: number;
  readonly sendDimensions: boolean;
  readonly maxRetries: number;
  readonly timeoutMs: number;
  readonly concurrency: number;
  readonly maxBatchSize: number;
  readonly maxTokensPerRequest: number;
  readonly maxInputTokens: number;
  readonly encodingFormat: 'base64' | 'float';
  readonly organization: string | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;
  readonly fetch: typeof fetch | undefined;
  readonly onWarning: (warning: EmbedWarning) => void;
}

const where = 'createOpenAIEmbedder';

function integer(name: string, value: number | undefined, fallback: number, min: number): number {
  return checkInteger(value, `${where}(options.${name})`, { min, fallback });
}

function defaultWarning(warning: EmbedWarning): void {
  console.warn(`@shortlist/embed-openai: ${warning.message}`);
}

/** Applies defaults and rejects unusable options with an error naming the option. */
export function resolveSettings(options: OpenAIEmbedderOptions): OpenAISettings {
  const model = options.model ?? 'text-embedding-3-small';
  if (typeof model !== 'string' || model.trim() === '') {
    throw new InvalidArgumentError({
      argument: `${where}(options.model)`,
      expected: 'a model id such as text-embedding-3-small',
      message: `${where}: model must be a non-empty model id such as 'text-embedding-3-small'`,
    });
  }
  const native = openAIModelDimensions[model];
  const dimensions = integer('dimensions', options.dimensions, native ?? 0, 1);
  if (dimensions === 0) {
    throw new InvalidArgumentError({
      argument: `${where}(options.dimensions)`,
      expected: 'the vector length the model returns',
      message: `${where}: unknown model '${model}'; set dimensions to the length of its vectors (e.g. 768 for nomic-embed-text)`,
    });
  }
  if (native !== undefined && dimensions > native) {
    throw new InvalidArgumentError({
      argument: `${where}(options.dimensions)`,
      expected: `at most ${native}`,
      message: `${where}: ${model} returns at most ${native} dimensions, got ${dimensions}`,
    });
  }
  if (native !== undefined && dimensions !== native && !acceptsDimensions(model)) {
    throw new InvalidArgumentError({
      argument: `${where}(options.dimensions)`,
      expected: String(native),
      message: `${where}: ${model} cannot shorten its vectors; omit dimensions or set it to ${native}`,
    });
  }
  const maxTokensPerRequest = integer(
    'maxTokensPerRequest',
    options.maxTokensPerRequest,
    280_000,
    1,
  );
  const maxInputTokens = integer(
    'maxInputTokens',
    options.maxInputTokens,
    Math.min(8192, maxTokensPerRequest),
    1,
  );
  if (maxInputTokens > maxTokensPerRequest) {
    throw new InvalidArgumentError({
      argument: `${where}(options.maxInputTokens)`,
      expected: `at most maxTokensPerRequest (${maxTokensPerRequest})`,
      message: `${where}: maxInputTokens (${maxInputTokens}) cannot exceed maxTokensPerRequest (${maxTokensPerRequest})`,
    });
  }
  const encodingFormat = options.encodingFormat ?? 'base64';
  if (encodingFormat !== 'base64' && encodingFormat !== 'float') {
    throw new InvalidArgumentError({
      argument: `${where}(options.encodingFormat)`,
      expected: "'base64' or 'float'",
      message: `${where}: encodingFormat must be 'base64' or 'float', got ${String(encodingFormat)}`,
    });
  }
  return {
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    model,
    dimensions,
    sendDimensions: options.dimensions !== undefined && acceptsDimensions(model),
    maxRetries: integer('maxRetries', options.maxRetries, 4, 0),
    timeoutMs: integer('timeoutMs', options.timeoutMs, 60_000, 1),
    concurrency: integer('concurrency', options.concurrency, 4, 1),
    maxBatchSize: integer('maxBatchSize', options.maxBatchSize, 2048, 1),
    maxTokensPerRequest,
    maxInputTokens,
    encodingFormat,
    organization: options.organization,
    headers: options.headers,
    fetch: options.fetch,
    onWarning: options.onWarning ?? defaultWarning,
  };
}
