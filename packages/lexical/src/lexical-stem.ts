import { lightStem } from '@shortlist/core/kit';

const VOWELS: ReadonlySet<string> = new Set(['a', 'e', 'i', 'o', 'u']);

/** Porter's measure of a stem: how many vowel-then-consonant runs it has ("remind" 2, "ord" 1). */
function measure(stem: string): number {
  let runs = 0;
  let vowel = false;
  for (let i = 0; i < stem.length; i++) {
    // a, e, i, o, u, and y after a consonant ("rhythm" has one vowel).
    const isVowel = VOWELS.has(stem[i]!) || (stem[i] === 'y' && i > 0 && !VOWELS.has(stem[i - 1]!));
    if (isVowel) vowel = true;
    else if (vowel) {
      runs++;
      vowel = false;
    }
  }
  return runs;
}

/**
 * Core's `lightStem`, then Porter's "-er" rule: "-er" goes when what is left has a measure above
 * 1, so "reminder" meets "remind", "scheduler" "schedule" and "provider" "provide", while "order",
 * "user", "folder" and "server" stay whole. `lexical()`'s tfidf and word pairs stem with it
 * (README, Stemming); `analysis` names it in their snapshots.
 */
export const lexicalStem: ((word: string) => string) & { readonly analysis: string } =
  Object.assign(
    (word: string): string => {
      const stem = lightStem(word);
      // "interfere" loses its "e" to lightStem; its "-er" is not a suffix.
      if (
        stem.length < 5 ||
        !stem.endsWith('er') ||
        word.endsWith('ere') ||
        word.endsWith('eres')
      ) {
        return stem;
      }
      return measure(stem.slice(0, -2)) > 1 ? stem.slice(0, -2) : stem;
    },
    { analysis: 'lexical-stem-1' },
  );
