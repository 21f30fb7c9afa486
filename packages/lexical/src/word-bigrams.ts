import { createTokenizer, type Tokenizer } from '@shortlist/core/kit';

/**
 * Core's default words (stopwords dropped, light stemming) plus each pair of adjacent words,
 * so "send email" counts more for a tool that says "send an email" than for one with the two
 * words apart. The pairs cross field boundaries only where the tool text itself runs on.
 */
export function wordBigrams(): Tokenizer {
  const words = createTokenizer();
  return (text) => {
    const terms = words(text);
    const count = terms.length;
    for (let i = 1; i < count; i++) terms.push(`${terms[i - 1]}_${terms[i]}`);
    return terms;
  };
}
