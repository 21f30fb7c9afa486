import { splitWords } from '@shortlist/core/kit';
import { canonicalWord } from './action-verbs.js';

/** How names and requests are reduced to comparable words. */
export interface NameAnalysis {
  readonly stopwords: ReadonlySet<string>;
  /** Fold action-verb synonyms to one word. */
  readonly verbs: boolean;
}

/** A name, title or request as stemmed words in order, stopwords dropped, verbs folded. */
export function nameWords(text: string, analysis: NameAnalysis): string[] {
  const words: string[] = [];
  for (const word of splitWords(text)) {
    if (!analysis.stopwords.has(word)) words.push(canonicalWord(word, analysis.verbs));
  }
  return words;
}
