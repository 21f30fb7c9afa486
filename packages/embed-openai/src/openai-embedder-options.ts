/** Embedding models the OpenAI API serves; any other id works with `dimensions` set. */
export type OpenAIEmbeddingModel =
  | 'text-embedding-3-small'
  | 'text-embedding-3-large'
  | 'text-embedding-ada-002'
  | (string & {});

/** Something the embedder did that the caller should know about, such as truncating an input. */
export interface EmbedWarning {
  readonly type: 'input-truncated';
  readonly message: string;
  /** Position of the text in the `doEmbed` batch. */
  readonly index: number;
  /**
   * The text's length in cl100k_base tokens before truncation. A text over 8 characters per
   * allowed token is only read as far as needed: then this is the tokens read, a lower bound.
   */
  readonly tokens: number;
}

/** Settings of `createOpenAIEmbedder`; every field is optional. */
export interface OpenAIEmbedderOptions {
  /** API key; read from `OPENAI_API_KEY` on first use when absent. Never printed in errors. */
  readonly apiKey?: string;
  /** Base URL of an OpenAI-compatible API (Ollama, vLLM, LM Studio, TEI). @default the SDK's: `OPENAI_BASE_URL` or https://api.openai.com/v1 */
  readonly baseURL?: string;
  /** Model id. @default 'text-embedding-3-small' */
  readonly model?: OpenAIEmbeddingModel;
  /**
   * Vector length. Sent to the API for `text-embedding-3-*` models (which shorten vectors on
   * request); for other models it declares the length the server returns. Required for models
   * this package does not know. @default the model's native length (3-small 1536, 3-large 3072, ada-002 1536)
   */
  readonly dimensions?: number;
  /** Retries of a request on 408, 409, 429, 5xx, timeouts and connection errors, with the SDK's backoff and `retry-after` (at most 60 s; a longer one ends the retries). @default 4 */
  readonly maxRetries?: number;
  /** Milliseconds one attempt may take, body included, before it is aborted (and retried). @default 60000 */
  readonly timeoutMs?: number;
  /** `doEmbed` calls `embedMany` may run at once. @default 4 */
  readonly concurrency?: number;
  /** Most texts one `doEmbed` call, and one request, carries (the API's limit is 2048). @default 2048 */
  readonly maxBatchSize?: number;
  /** Most tokens one request carries, summed over its inputs (the API's limit is 300,000). @default 280000 */
  readonly maxTokensPerRequest?: number;
  /** Longest input in tokens; longer inputs are truncated with a warning. @default 8192 (or maxTokensPerRequest if lower) */
  readonly maxInputTokens?: number;
  /** Wire format of vectors; base64 is about four times smaller. @default 'base64' */
  readonly encodingFormat?: 'base64' | 'float';
  /** OpenAI organization id. @default the SDK's: `OPENAI_ORG_ID` */
  readonly organization?: string;
  /** Extra headers sent with every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** A `fetch` to use instead of the global one (proxies, instrumentation). */
  readonly fetch?: typeof fetch;
  /** Receives warnings such as truncated inputs. @default console.warn */
  readonly onWarning?: (warning: EmbedWarning) => void;
}
