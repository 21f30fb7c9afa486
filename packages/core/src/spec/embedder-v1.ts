import type { LongCallOptions } from './call-options.js';

/** Whether texts are queries (requests) or documents (tool texts); some models embed them differently. */
export type EmbedInputType = 'query' | 'document';

/** Options of `doEmbed`. */
export interface EmbedOptions extends LongCallOptions {
  /** What the texts are, so models with query and document prefixes (e5, bge, nomic) can apply them. Absent: unknown. */
  readonly inputType?: EmbedInputType;
}

export interface EmbedResult {
  /** One vector per input text, in input order, each of length `dimensions`. */
  readonly embeddings: Float32Array[];
  /** Tokens the provider billed, when it says. */
  readonly usage?: { readonly tokens: number };
}

/** Turns text into vectors. Implement this to plug a model into `semantic()` or `intent()`. */
export interface EmbedderV1 {
  readonly specificationVersion: 'v1';
  /** Who serves the model: `openai`, `huggingface`, `lexical`. */
  readonly provider: string;
  /** The model's id; part of every cache key, so a model change never returns stale vectors. */
  readonly modelId: string;
  /** Length of every vector this embedder returns. */
  readonly dimensions: number;
  /** Most texts one `doEmbed` call accepts. */
  readonly maxBatchSize: number;
  /**
   * How many `doEmbed` calls may run at once; `embedMany` honours it.
   * @default 1
   */
  readonly maxConcurrency?: number;
  /** Embeds at most `maxBatchSize` texts. */
  doEmbed(texts: readonly string[], options?: EmbedOptions): Promise<EmbedResult>;
}
