import { englishStopwords, splitWords, type Tokenizer } from '@shortlist/core';

/**
 * A tokenizer of character n-grams: each word (stopwords dropped), marked `<word>`, cut into
 * its n-letter pieces, so "copywriting" meets `copywriter` and "air quality" meets
 * `airqualityforecast`, which whole-word rankers miss. Words of n − 2 letters or fewer stay whole.
 */
export function wordPieces(n = 4, stopwords: Iterable<string> = englishStopwords): Tokenizer {
  const skip = new Set(stopwords);
  return (text) => {
    const pieces: string[] = [];
    for (const word of splitWords(text)) {
      if (skip.has(word)) continue;
      const marked = `<${word}>`;
      if (marked.length <= n) pieces.push(marked);
      else for (let i = 0; i + n <= marked.length; i++) pieces.push(marked.slice(i, i + n));
    }
    return pieces;
  };
}
