import type { Tokenizer as OramaTokenizer } from '@orama/orama';
import type { Tokenizer } from '@shortlist/core/kit';

/**
 * Prefixed to every term handed to Orama. Orama keeps term statistics in plain objects, where a
 * term such as `constructor` would read an inherited property; no `Object.prototype` key starts
 * with this character, and prefix matching is unaffected because every term carries it.
 */
export const TERM_MARK = '\u00a7';

/**
 * Appended to every indexed term when typo tolerance is off, so a query term can ask for itself
 * alone: Orama matches every indexed term a query term is a prefix of, and `§x` begins thousands
 * of terms where `§x\u001f` begins only `x`'s own. No tokenizer emits this control character.
 */
export const END_MARK = '\u001f';

/**
 * Adapts a Shortlist tokenizer to Orama's tokenizer component. Field text (Orama passes the
 * field) becomes marked terms, de-duplicated as Orama's own tokenizer does by default, so Orama's
 * term frequencies mean what they do out of the box. A query (no field) arrives already as the
 * space-separated marked terms `oramaQuery()` chose, and is split, not analysed again.
 */
export function toOramaTokenizer(tokenize: Tokenizer, endMarks: boolean): OramaTokenizer {
  const end = endMarks ? END_MARK : '';
  return {
    language: 'english',
    normalizationCache: new Map(),
    tokenize(raw, _language, field) {
      if (typeof raw !== 'string') return [];
      if (field === undefined) return raw.split(' ').filter((term) => term !== '');
      const terms = new Set<string>();
      for (const term of tokenize(raw)) if (term !== '') terms.add(TERM_MARK + term + end);
      return [...terms];
    },
  };
}
