import type { Tool } from '@shortlist/core';
import { type NameAnalysis, nameWords } from './name-words.js';

/**
 * A catalogue's names (and titles) as word ids, flat: what a name index is built from and what
 * its snapshot holds, so a restore skips splitting and stemming every name.
 */
export interface AnalysedNames {
  readonly names: readonly string[];
  /** Distinct words, by id. */
  readonly words: readonly string[];
  /** Tool i's spellings (name, then title) are spellings `[toolSpellings[i], toolSpellings[i + 1])`. */
  readonly toolSpellings: Int32Array;
  /** Spelling s is `wordIds[spellingWords[s]]` up to `wordIds[spellingWords[s + 1]]`. */
  readonly spellingWords: Int32Array;
  readonly wordIds: Int32Array;
}

/** Splits, stems and folds each tool's name (and title, when `titles`) into word ids. */
export function analyseNames(
  tools: readonly Tool[],
  analysis: NameAnalysis,
  titles: boolean,
): AnalysedNames {
  const ids = new Map<string, number>();
  const words: string[] = [];
  const toolSpellings = new Int32Array(tools.length + 1);
  const spellingWords: number[] = [0];
  const wordIds: number[] = [];
  tools.forEach((tool, i) => {
    const texts = titles && tool.title ? [tool.name, tool.title] : [tool.name];
    for (const text of texts) {
      for (const word of nameWords(text, analysis)) {
        let id = ids.get(word);
        if (id === undefined) {
          id = words.length;
          ids.set(word, id);
          words.push(word);
        }
        wordIds.push(id);
      }
      spellingWords.push(wordIds.length);
    }
    toolSpellings[i + 1] = spellingWords.length - 1;
  });
  return {
    names: tools.map((tool) => tool.name),
    words,
    toolSpellings,
    spellingWords: Int32Array.from(spellingWords),
    wordIds: Int32Array.from(wordIds),
  };
}
