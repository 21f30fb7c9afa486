import { englishStopwords, splitWords } from '@shortlist/core/kit';
import { canonicalWord } from './action-verbs.js';

/** Characters of a request looked at for its opening; its first words are all the rule reads. */
export const OPENING_CHARS = 200;

/**
 * The first two content words of `words` (stopwords dropped, stemmed, action verbs folded, a
 * word equal to the one before dropped: "create a new file" opens `create file`), joined by a
 * space; undefined when there are fewer than two.
 */
function firstTwo(words: readonly string[]): string | undefined {
  let first: string | undefined;
  for (const word of words) {
    if (englishStopwords.has(word)) continue;
    const folded = canonicalWord(word, true);
    if (first === undefined) first = folded;
    else if (folded !== first) return `${first} ${folded}`;
  }
  return undefined;
}

/**
 * How a request opens when it opens with a verb, as in "schedule a meeting with Tom"
 * (`schedule meeting`), after an optional "please"; undefined when its first word is a stopword
 * ("I", "can", "who") or not a plain word, so only imperative requests have an opening.
 */
export function requestOpening(query: string): string | undefined {
  const words = splitWords(query.slice(0, OPENING_CHARS));
  const start = words[0] === 'please' ? 1 : 0;
  const head = words[start];
  if (head === undefined || englishStopwords.has(head) || !/^[a-z]+$/.test(head)) return undefined;
  return firstTwo(words.slice(start));
}

/**
 * How a tool's description opens: the first two content words of its first sentence, usually
 * its verb and object ("Schedule a meeting or event ..." opens `schedule meeting`).
 */
export function descriptionOpening(description: string | undefined): string | undefined {
  if (!description) return undefined;
  const sentence = description.slice(0, OPENING_CHARS).split(/[.!?\n]/, 1)[0]!;
  return firstTwo(splitWords(sentence));
}
