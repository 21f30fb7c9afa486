/**
 * Experiment (not shipped): a ranker for questions. A request opening with who/what/which/when/
 * where/how, up to and including its first content word ("who is on call"), found word for word
 * in exactly one tool's description ("Show who is on call now ..."), ranks that tool.
 * Measured with dump-runs (id `question`) and demo-rules; see packages/lexical/README.md.
 */
import type { RankerV1 } from '@shortlist/core';
import { englishStopwords, splitWords } from '@shortlist/core/kit';

const questionWords = new Set(['who', 'what', 'which', 'when', 'where', 'how']);

function questionPhrase(query: string): string[] | undefined {
  const words = splitWords(query.slice(0, 200));
  if (!questionWords.has(words[0] ?? '')) return undefined;
  for (let i = 1; i < words.length; i++) {
    if (!englishStopwords.has(words[i]!)) return words.slice(0, i + 1);
  }
  return undefined;
}

const contains = (words: readonly string[], phrase: readonly string[]) => {
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
};

export function questionPhraseMatch(id = 'question'): RankerV1 {
  return {
    specificationVersion: 'v1',
    id,
    async doIndex(tools) {
      const described = tools.map((tool) => ({
        name: tool.name,
        words: splitWords(tool.description ?? ''),
      }));
      const postings = new Map<string, number[]>();
      described.forEach((tool, slot) => {
        for (const word of new Set(tool.words)) {
          const list = postings.get(word);
          if (list) list.push(slot);
          else postings.set(word, [slot]);
        }
      });
      return {
        size: tools.length,
        doRank(query, options) {
          const phrase = questionPhrase(query);
          if (!phrase || options.limit <= 0) return [];
          const found = (postings.get(phrase[phrase.length - 1]!) ?? []).filter((slot) =>
            contains(described[slot]!.words, phrase),
          );
          return found.length === 1 ? [{ name: described[found[0]!]!.name, score: 1 }] : [];
        },
      };
    },
  };
}
