import type { FieldWeights, Tokenizer } from '@shortlist/core/kit';

/** Options of `bm25()`. Every option has a default chosen by measurement (see the README). */
export interface Bm25Options {
  /** Term-frequency saturation: higher lets repeated words count for longer. @default 1.2 */
  readonly k1?: number;
  /** Length normalisation, 0 (none) to 1 (full), applied per field. @default 0.75 */
  readonly b?: number;
  /**
   * Multiplies each field's term frequencies before saturation (BM25F).
   * @default { name: 2, title: 2, description: 1, parameterNames: 0.5, parameterDescriptions: 0.5, enumValues: 0.5, tags: 1 }
   */
  readonly fieldWeights?: FieldWeights;
  /**
   * Words dropped from tools and queries: your own list, or `false` to keep every word.
   * Ignored when `tokenizer` is given. @default englishStopwords from @shortlist/core
   */
  readonly stopwords?: Iterable<string> | false;
  /**
   * Turns text into terms, replacing the default chain (core's splitting and stopwords, no
   * stemming). @default createTokenizer({ stopwords, stem: false })
   */
  readonly tokenizer?: Tokenizer;
  /** Names this ranker in fused results. @default 'bm25' */
  readonly id?: string;
}
