import type { InferenceProviderOrPolicy } from '@huggingface/inference';

/** Sentence-embedding models with a known vector length; any other id works with `dimensions` set. */
export type HFEmbeddingModel =
  | 'sentence-transformers/all-MiniLM-L6-v2'
  | 'BAAI/bge-small-en-v1.5'
  | (string & {});

/** How per-token vectors become one vector per text, when the server returns them unpooled. */
export type HFPooling = 'mean' | 'cls';

/** Settings of `createHFEmbedder`; only `model` is required, plus `dimensions` for unknown models. */
export interface HFEmbedderOptions {
  /** Hub model id; with `endpointUrl` it only names the model (cache keys, errors). */
  readonly model: HFEmbeddingModel;
  /** Hugging Face token (or a provider key); read from `HF_TOKEN` on first use. Optional with `endpointUrl`. */
  readonly accessToken?: string;
  /** URL of a dedicated Inference Endpoint or a text-embeddings-inference server; takes precedence over `provider`. */
  readonly endpointUrl?: string;
  /** Inference provider when no `endpointUrl` is given. @default 'hf-inference' */
  readonly provider?: InferenceProviderOrPolicy;
  /** Vector length. @default the model's, for the models in `hfModelDimensions`; required otherwise */
  readonly dimensions?: number;
  /** Texts per request and per `doEmbed` call. @default 32 */
  readonly maxBatchSize?: number;
  /** `doEmbed` calls `embedMany` may run at once. @default 2 */
  readonly concurrency?: number;
  /** Pooling of per-token output. @default 'mean' */
  readonly pooling?: HFPooling;
  /** Scale every vector to unit length. @default true */
  readonly normalize?: boolean;
  /** Ask the server to truncate inputs longer than the model's limit (TEI and hf-inference honour it). @default not sent */
  readonly truncate?: boolean;
  /** Retries of 408, 429, 5xx (503 while a model loads), timeouts and connection errors. @default 4 */
  readonly maxRetries?: number;
  /** First backoff in milliseconds, doubled per retry up to 8 s, when the server sends no `retry-after`. @default 500 */
  readonly retryDelayMs?: number;
  /** Milliseconds one attempt may take before it is aborted (and retried). @default 60000 */
  readonly timeoutMs?: number;
  /** A `fetch` to use instead of the global one. */
  readonly fetch?: typeof fetch;
}
