import type { Tokenizer } from '@shortlist/core/kit';

/**
 * Turns a text into term ids of one fresh build: the same terms, in the same order, as the
 * tokenizer's strings, each given by `intern` (which assigns ids). A build makes one per
 * tokenizer, so caches of what it has cut live as long as the build. The build reads the ids
 * before it reads the next text, so a reader may hand back the same array each time.
 */
export type TermIdReader = (text: string) => Int32Array;

/**
 * A tokenizer that can also read texts as term ids for a fresh build, so repeated terms (the
 * pieces of a word, the pair of two words) are looked up once per distinct word rather than once
 * per occurrence. `tfidf()` uses `termIds` when the tokenizer has it; queries use the strings.
 */
export interface InterningTokenizer extends Tokenizer {
  /** `later`, when the store offers it, gives ids to terms spelled only when asked (word pairs). */
  readonly termIds: (intern: (term: string) => number, later?: LaterTerms) => TermIdReader;
  /**
   * Names what the tokenizer does, as `analysisVersion` names core's chain: snapshots carry it, so
   * one taken before the tokenizer changed is refused instead of restored with other terms.
   */
  readonly analysis?: string;
}

/**
 * Terms an interning tokenizer gave ids to without spelling them: a build of word pairs makes
 * hundreds of thousands, most never asked for, so their text is made only for a snapshot or a change.
 */
export interface DeferredTerms {
  /** The text of a term this gave an id through `LaterTerms.reserve`, or `undefined` for any other id. */
  spell(id: number): string | undefined;
  /** The id of one of its terms given as text (a query's), or `undefined`; `known` finds spelled terms. */
  find(term: string, known: (term: string) => number | undefined): number | undefined;
}

/** What a store offers an interning tokenizer for terms it spells later. */
export interface LaterTerms {
  /** Says who spells and finds the reserved terms; once, before the first `reserve`. */
  register(terms: DeferredTerms): void;
  /** An id for a new term that the registered `DeferredTerms` spells. */
  reserve(): number;
}

/** Whether a tokenizer offers term ids for fresh builds. */
export const isInterning = (tokenizer: Tokenizer): tokenizer is InterningTokenizer =>
  typeof (tokenizer as Partial<InterningTokenizer>).termIds === 'function';
