import { createRandom } from './random.js';
import { commonWords, contentWords, syllables } from './word-lists.js';

/** Words of the synthetic language at most once each. @default size 20,000 */
const DEFAULT_VOCABULARY_SIZE = 20_000;

/**
 * The vocabulary in Zipf rank order: common words first, then content words, then made-up
 * two- and three-syllable words (jargon, product names) for the long tail.
 */
export function buildVocabulary(size = DEFAULT_VOCABULARY_SIZE, seed = 1): readonly string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (word: string) => {
    if (out.length < size && !seen.has(word)) {
      seen.add(word);
      out.push(word);
    }
  };
  for (const word of commonWords) add(word);
  for (const word of contentWords) add(word);
  const random = createRandom(seed ^ 0x5eed);
  let attempts = 0;
  while (out.length < size && attempts < size * 50) {
    attempts++;
    const parts = random.int(2, 3);
    let word = '';
    for (let i = 0; i < parts; i++) word += random.pick(syllables);
    add(word);
  }
  return out;
}
