import { FNV_OFFSET, FNV_PRIME, fnv1a, lightStem, mixHash, splitWords } from '@shortlist/core/kit';

/** Settings that decide which features a text has. */
export interface FeatureSettings {
  readonly wordNgrams: readonly [number, number] | false;
  readonly charNgrams: readonly [number, number] | false;
  readonly stopwords: ReadonlySet<string>;
  readonly stem: boolean;
}

/** A text's features as 32-bit hashes with counts, split into word and character groups. */
export interface TextFeatures {
  readonly words: Map<number, number>;
  readonly chars: Map<number, number>;
}

const WORD_SEED = 0x9e3779b9;
const CHAR_SEED = 0x85ebca6b;

const count = (map: Map<number, number>, key: number): void => {
  map.set(key, (map.get(key) ?? 0) + 1);
};

const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 100_000;

function stemmed(word: string): string {
  let stem = stemCache.get(word);
  if (stem === undefined) {
    stem = lightStem(word);
    if (stemCache.size < STEM_CACHE_LIMIT) stemCache.set(word, stem);
  }
  return stem;
}

/**
 * Extracts hashed features: word n-grams over the (stemmed, stopword-free) words, and character
 * n-grams inside each word marked with boundaries (`<cat>`), so typos and inflections overlap.
 */
export function extractFeatures(text: string, settings: FeatureSettings): TextFeatures {
  const words = new Map<number, number>();
  const chars = new Map<number, number>();
  const kept = splitWords(text).filter((word) => !settings.stopwords.has(word));
  if (settings.wordNgrams) {
    const [shortest, longest] = settings.wordNgrams;
    const terms = settings.stem ? kept.map(stemmed) : kept;
    for (let i = 0; i < terms.length; i++) {
      let hash = (FNV_OFFSET ^ WORD_SEED) >>> 0;
      for (let n = 1; n <= longest && i + n <= terms.length; n++) {
        const term = terms[i + n - 1]!;
        // A space between words, then the word: FNV-1a continued over `' ' + term`.
        hash = fnv1a(term, Math.imul(hash ^ 0x20, FNV_PRIME));
        if (n >= shortest) count(words, mixHash(hash ^ n));
      }
    }
  }
  if (settings.charNgrams) {
    const [shortest, longest] = settings.charNgrams;
    for (const word of kept) {
      const marked = `<${word}>`;
      for (let start = 0; start < marked.length; start++) {
        let hash = (FNV_OFFSET ^ CHAR_SEED) >>> 0;
        for (let n = 1; n <= longest && start + n <= marked.length; n++) {
          // FNV-1a continued by one code unit, inline: this loop is the feature extraction's hottest.
          hash = Math.imul(hash ^ marked.charCodeAt(start + n - 1), FNV_PRIME);
          // A whole short word counts once even when shorter than the shortest n-gram.
          if (n >= shortest || (start === 0 && n === marked.length))
            count(chars, mixHash(hash ^ n));
        }
      }
    }
  }
  return { words, chars };
}
