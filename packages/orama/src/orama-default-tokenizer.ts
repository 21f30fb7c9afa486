import { components } from '@orama/orama';
import type { Tokenizer } from '@shortlist/core/kit';

/**
 * Orama's own English analysis as it ships (lowercase, split on non-word characters, keep
 * stopwords, no stemming), as a Shortlist tokenizer: `orama({ tokenizer: oramaDefaultTokenizer() })`
 * measures Orama as a user who installs it gets it, e.g. as the benchmark baseline.
 */
export function oramaDefaultTokenizer(): Tokenizer {
  const stock = components.tokenizer.createTokenizer();
  return (text) => stock.tokenize(text, 'english') as string[];
}
