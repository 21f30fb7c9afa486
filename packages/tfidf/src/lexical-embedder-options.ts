/** Options of `lexicalEmbedder()`; every one is part of the model id, so caches never mix settings. */
export interface LexicalEmbedderOptions {
  /**
   * Length of every vector; features are hashed into this many buckets.
   * @default 1024
   */
  readonly dimensions?: number;
  /**
   * Shortest and longest runs of consecutive words hashed as features; `false` for none.
   * @default [1, 2]
   */
  readonly wordNgrams?: readonly [number, number] | false;
  /**
   * Shortest and longest character n-grams taken inside each word (with its boundaries marked);
   * `false` for none.
   * @default [3, 5]
   */
  readonly charNgrams?: readonly [number, number] | false;
  /**
   * Share of the vector's length given to character n-grams, from 0 to 1; words get the rest.
   * @default 0.5
   */
  readonly charWeight?: number;
  /**
   * Words left out of word n-grams (character n-grams too), or `false` to keep all.
   * @default englishStopwords
   */
  readonly stopwords?: Iterable<string> | false;
  /**
   * Whether word n-grams use `lightStem`med words, so "schedules" meets "scheduling".
   * @default true
   */
  readonly stem?: boolean;
  /**
   * Texts to learn inverse document frequencies from (tool descriptions, example queries). Without
   * a corpus every feature weighs 1; with one, the model id carries a hash of the fitted counts.
   * @default undefined
   */
  readonly corpus?: readonly string[];
  /**
   * Most texts one `doEmbed` call accepts.
   * @default 1024
   */
  readonly maxBatchSize?: number;
}
