/** Small English retrieval models this package knows the size, pooling and prefixes of. */
export type TransformersEmbeddingModel =
  | 'Xenova/bge-small-en-v1.5'
  | 'Xenova/all-MiniLM-L6-v2'
  | 'Xenova/e5-small-v2'
  | 'Snowflake/snowflake-arctic-embed-xs'
  | 'nomic-ai/nomic-embed-text-v1.5'
  | (string & {});

/** How per-token vectors become one vector per text. */
export type TransformersPooling = 'mean' | 'cls';

/** Which ONNX weights to load: `fp32` reads `onnx/model.onnx`, `q8` `onnx/model_quantized.onnx`. */
export type TransformersDtype = 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4';

/** Settings of `createTransformersEmbedder`; every field has a default. */
export interface TransformersEmbedderOptions {
  /** A Hub model id (downloaded once into `cacheDir`) or a path to a local model folder. @default 'Xenova/bge-small-en-v1.5' */
  readonly model?: TransformersEmbeddingModel;
  /** Vector length. @default the known model's, or `hidden_size` from a local folder's config.json */
  readonly dimensions?: number;
  /** Pooling of the token vectors. @default the model card's (CLS for bge and arctic, mean otherwise) */
  readonly pooling?: TransformersPooling;
  /** Scale every vector to unit length. @default true */
  readonly normalize?: boolean;
  /** Put before every query. @default the model card's ('query: ' for e5, 'search_query: ' for nomic, an instruction for bge) */
  readonly queryPrefix?: string;
  /** Put before every document (tool text). @default the model card's ('passage: ' for e5, 'search_document: ' for nomic) */
  readonly documentPrefix?: string;
  /** Weights to load. @default 'fp32' */
  readonly dtype?: TransformersDtype;
  /** Texts per model run and per `doEmbed` call. @default 32 */
  readonly maxBatchSize?: number;
  /** Where Hub downloads are kept. @default transformers.js's own cache folder */
  readonly cacheDir?: string;
  /** Allow downloading a Hub model that is not in `cacheDir` yet; false means offline only. @default true */
  readonly allowDownload?: boolean;
}
