import type { Tool } from '@shortlist/core';
import { createRandom } from './random.js';
import { buildVocabulary } from './vocabulary.js';
import { zipfSampler } from './zipf.js';

export interface QueryOptions {
  /** Number of queries. @default 1000 */
  readonly count?: number;
  /** Same seed and tools, same queries. @default 1 */
  readonly seed?: number;
  /** Must match the catalogue's so queries speak its language. @default 20000 */
  readonly vocabularySize?: number;
  /** @default 1 */
  readonly zipfExponent?: number;
}

/** A query and the tool it was written for. */
export interface SyntheticQuery {
  readonly query: string;
  readonly target: string;
}

/**
 * Queries of 3–10 words: one to three taken from a target tool's name and description, the rest
 * drawn from the catalogue's Zipfian vocabulary, shuffled. Realistic work for a lexical ranker:
 * a few selective words among common ones.
 */
export function generateQueries(
  tools: readonly Tool[],
  options: QueryOptions = {},
): SyntheticQuery[] {
  const { count = 1000, seed = 1, vocabularySize, zipfExponent = 1 } = options;
  if (tools.length === 0) return [];
  const vocabulary = buildVocabulary(vocabularySize, seed);
  const zipf = zipfSampler(vocabulary.length, zipfExponent);
  const random = createRandom((seed * 0x9e3779b1) ^ 0x51);
  const out: SyntheticQuery[] = [];
  for (let i = 0; i < count; i++) {
    const tool = random.pick(tools);
    const own = [
      ...tool.name.split('_'),
      ...tool.description
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean),
    ];
    const length = random.int(3, 10);
    const fromTarget = random.int(1, 3);
    const words: string[] = [];
    for (let j = 0; j < length; j++) {
      words.push(j < fromTarget ? random.pick(own) : vocabulary[zipf(random)]!);
    }
    for (let j = words.length - 1; j > 0; j--) {
      const k = random.int(0, j);
      [words[j], words[k]] = [words[k]!, words[j]!];
    }
    out.push({ query: words.join(' '), target: tool.name });
  }
  return out;
}
