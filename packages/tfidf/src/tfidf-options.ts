import type { FieldWeights, Tokenizer, ToolField } from '@shortlist/core/kit';

/** Options of `tfidf()`. Defaults were chosen on ../shared/benchmarks (see the README). */
export interface TfidfOptions {
  /**
   * Names the ranker in fused results and snapshots.
   * @default 'tfidf'
   */
  readonly id?: string;
  /**
   * Damps repeated words: a weighted count c above 1 counts as 1 + ln(c).
   * @default true
   */
  readonly sublinearTf?: boolean;
  /**
   * Per-field multipliers of word counts; fields left out keep their default, 0 ignores a field.
   * @default defaultTfidfFieldWeights
   */
  readonly fieldWeights?: FieldWeights;
  /**
   * Words to drop, or `false` to keep every word. Ignored when `tokenizer` is given.
   * @default englishStopwords
   */
  readonly stopwords?: Iterable<string> | false;
  /**
   * Stems words so inflections match (`lightStem`); `false` keeps words as they are. A function
   * with an `analysis` string names its behaviour in snapshots. Ignored when `tokenizer` is given.
   * @default lightStem
   */
  readonly stem?: ((word: string) => string) | false;
  /**
   * Distinct query terms scored at most; past that, only the rarest in the catalogue count.
   * Lower it for tokenizers that make many terms a word (character n-grams) to bound query time.
   * @default MAX_QUERY_TERMS (256)
   */
  readonly maxQueryTerms?: number;
  /**
   * Replaces the whole analysis chain; must be deterministic and treat queries and tools alike.
   * An `analysis` string on it names its behaviour in snapshots (see `InterningTokenizer`).
   * @default createTokenizer({ stopwords, stem })
   */
  readonly tokenizer?: Tokenizer;
}

/** Field weights `tfidf()` uses unless told otherwise, measured on ../shared/benchmarks. */
export const defaultTfidfFieldWeights: Readonly<Record<ToolField, number>> = {
  name: 2,
  title: 2,
  description: 1,
  parameterNames: 1,
  parameterDescriptions: 0.5,
  enumValues: 0.5,
  tags: 1,
};
