import {
  InvalidArgumentError,
  type RankedTool,
  type RankerIndexV1,
  type Ranking,
  type RankOptions,
  type Tool,
  throwIfAborted,
} from '@shortlist/core';
import { type NameAnalysis, nameWords } from './name-words.js';
import { phraseScore } from './phrase-score.js';

/** Request words looked at; longer requests are cut, so a huge query cannot stall a search. */
const MAX_QUERY_WORDS = 256;

interface Entry {
  readonly name: string;
  /** Word ids of the name, then of the title when there is one. */
  readonly spellings: readonly Int32Array[];
}

/**
 * An index of tool names (and titles) as word sequences: postings from word to tools, and an
 * idf per word over the catalogue. Built whole; the pipeline rebuilds it on add and remove.
 */
export function createNameIndex(
  tools: readonly Tool[],
  analysis: NameAnalysis,
  titles: boolean,
  minCoverage: number,
): RankerIndexV1 {
  const vocabulary = new Map<string, number>();
  const postings: number[][] = [];
  const entries: Entry[] = [];
  const idOf = (word: string): number => {
    let id = vocabulary.get(word);
    if (id === undefined) {
      id = vocabulary.size;
      vocabulary.set(word, id);
      postings.push([]);
    }
    return id;
  };
  for (const tool of tools) {
    const texts = titles && tool.title ? [tool.name, tool.title] : [tool.name];
    const spellings = texts.map((text) => Int32Array.from(nameWords(text, analysis), idOf));
    const slot = entries.length;
    for (const spelling of spellings) {
      for (const id of spelling) {
        const list = postings[id]!;
        if (list[list.length - 1] !== slot) list.push(slot);
      }
    }
    entries.push({ name: tool.name, spellings });
  }
  const idf = Float64Array.from(postings, (list) => Math.log(1 + entries.length / list.length));
  const seen = new Uint8Array(entries.length);
  const inQuery = new Uint8Array(vocabulary.size);
  const row = new Float64Array(MAX_QUERY_WORDS + 1);

  const rank = (query: string, limit: number): Ranking => {
    const words = nameWords(query, analysis).slice(0, MAX_QUERY_WORDS);
    const ids: number[] = [];
    for (const word of words) {
      const id = vocabulary.get(word);
      if (id !== undefined) ids.push(id);
    }
    if (ids.length === 0 || limit <= 0) return [];
    for (const id of ids) inQuery[id] = 1;
    const candidates: number[] = [];
    for (const id of ids) {
      for (const slot of postings[id]!) {
        if (seen[slot] === 0) {
          seen[slot] = 1;
          candidates.push(slot);
        }
      }
    }
    const scored: RankedTool[] = [];
    for (const slot of candidates) {
      seen[slot] = 0;
      const entry = entries[slot]!;
      let best = 0;
      for (const spelling of entry.spellings) {
        const score = phraseScore(spelling, ids, idf, inQuery, row, minCoverage);
        if (score > best) best = score;
      }
      if (best > 0) scored.push({ name: entry.name, score: best });
    }
    for (const id of ids) inQuery[id] = 0;
    scored.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return scored.length > limit ? scored.slice(0, limit) : scored;
  };

  return {
    get size() {
      return entries.length;
    },
    doRank(query: string, options: RankOptions): Ranking {
      throwIfAborted(options?.signal);
      if (typeof query !== 'string') {
        throw new InvalidArgumentError({
          argument: 'doRank(query)',
          expected: 'a string',
          message: `nameMatch: the query must be a string, got ${typeof query}`,
        });
      }
      const limit = options?.limit;
      if (typeof limit !== 'number' || Number.isNaN(limit)) {
        throw new InvalidArgumentError({
          argument: 'doRank(options.limit)',
          expected: 'a number',
          message: `nameMatch: limit must be a number of tools, got ${String(limit)}`,
        });
      }
      return rank(query, Math.floor(limit));
    },
  };
}
