import type { Tokenizer as OramaTokenizer } from '@orama/orama';
import type { Tokenizer } from '@shortlist/core/kit';

/**
 * Prefixed to every term handed to Orama. Orama keeps term statistics in plain objects, where a
 * term such as `constructor` would read an inherited property; no `Object.prototype` key starts
 * with this character, and prefix matching is unaffected because every term carries it.
 */
export const TERM_MARK = '\u00a7';

/**
 * Adapts a Shortlist tokenizer to Orama's tokenizer component. Terms are de-duplicated, as Orama's
 * own tokenizer does by default, so Orama's term frequencies mean what they do out of the box.
 */
export function toOramaTokenizer(tokenize: Tokenizer): OramaTokenizer {
  return {
    language: 'english',
    normalizationCache: new Map(),
    tokenize(raw) {
      if (typeof raw !== 'string') return [];
      const terms = new Set<string>();
      for (const term of tokenize(raw)) if (term !== '') terms.add(TERM_MARK + term);
      return [...terms];
    },
  };
}
