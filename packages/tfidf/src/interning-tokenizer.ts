import type { Tokenizer } from '@shortlist/core/kit';

/**
 * Turns a text into term ids of one fresh build: the same terms, in the same order, as the
 * tokenizer's strings, each given by `intern` (which assigns ids). A build makes one per
 * tokenizer, so caches of what it has cut live as long as the build.
 */
export type TermIdReader = (text: string) => Int32Array;

/**
 * A tokenizer that can also read texts as term ids for a fresh build, so repeated terms (the
 * pieces of a word, the pair of two words) are looked up once per distinct word rather than once
 * per occurrence. `tfidf()` uses `termIds` when the tokenizer has it; queries use the strings.
 */
export interface InterningTokenizer extends Tokenizer {
  readonly termIds: (intern: (term: string) => number) => TermIdReader;
  /**
   * Names what the tokenizer does, as `analysisVersion` names core's chain: snapshots carry it, so
   * one taken before the tokenizer changed is refused instead of restored with other terms.
   */
  readonly analysis?: string;
}

/** Whether a tokenizer offers term ids for fresh builds. */
export const isInterning = (tokenizer: Tokenizer): tokenizer is InterningTokenizer =>
  typeof (tokenizer as Partial<InterningTokenizer>).termIds === 'function';
