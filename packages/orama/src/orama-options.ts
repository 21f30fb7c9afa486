import type { Tokenizer, ToolField } from '@shortlist/core/kit';

/** Orama's BM25 parameters; see https://docs.orama.com/docs/orama-js/search/bm25. */
export interface OramaRelevance {
  /** Term-frequency saturation. @default 1.2 */
  readonly k?: number;
  /** Field-length normalisation. @default 0.75 */
  readonly b?: number;
  /** Frequency normalisation lower bound. @default 0.5 */
  readonly d?: number;
}

export interface OramaOptions {
  /** Names this ranker in fused results and fusion weights. @default 'orama' */
  readonly id?: string;
  /**
   * Turns field text and queries into terms, replacing Orama's English splitter so identifiers
   * (`hris_list_employees`) and non-Latin scripts are searchable. @default defaultTokenizer (core)
   */
  readonly tokenizer?: Tokenizer;
  /** Multiplies each field's BM25 score (positive numbers). @default 1 for every field (Orama's default) */
  readonly boost?: Partial<Readonly<Record<ToolField, number>>>;
  /** Levenshtein distance a query term may be from an indexed term. @default 0 */
  readonly tolerance?: number;
  /** Orama's BM25 parameters. @default Orama's: { k: 1.2, b: 0.75, d: 0.5 } */
  readonly relevance?: OramaRelevance;
}
