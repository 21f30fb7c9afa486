import type { Tool } from '@shortlist/core';
import {
  type NameFilter,
  offerTop,
  placeByRanking,
  type RankedTool,
  type RankerIndexV1,
  type Ranking,
  type RankOptions,
  resetTop,
  takeRanking,
  topFloor,
  topSlots,
} from '@shortlist/core/kit';
import { type AnalysedNames, analyseNames } from './analysed-names.js';
import type { ExactSpellings } from './exact-spellings.js';
import { writeNameSnapshot } from './name-snapshot.js';
import { type NameAnalysis, nameWords } from './name-words.js';
import { phraseScore } from './phrase-score.js';
import { checkRankCall } from './rank-call.js';

/** Request words looked at; longer requests are cut, so a huge query cannot stall a search. */
const MAX_QUERY_WORDS = 256;

/**
 * An index of tool names (and titles) as word sequences: postings from word to tools, and an
 * idf per word over the catalogue. Built whole; the pipeline rebuilds it on add and remove.
 */
export function createNameIndex(
  tools: readonly Tool[],
  analysis: NameAnalysis,
  titles: boolean,
  minCoverage: number,
  fingerprint: () => string,
  exact?: ExactSpellings,
): RankerIndexV1 {
  return openNameIndex(
    analyseNames(tools, analysis, titles),
    analysis,
    minCoverage,
    fingerprint,
    exact,
  );
}

/**
 * The index over names already analysed (built, or read from a snapshot). With `exact`, tools
 * whose full name or title the request contains come first, longest first.
 */
export function openNameIndex(
  analysed: AnalysedNames,
  analysis: NameAnalysis,
  minCoverage: number,
  fingerprint: () => string,
  exact?: ExactSpellings,
): RankerIndexV1 {
  const { names, words, toolSpellings, spellingWords, wordIds } = analysed;
  const slots = names.length;
  const vocabulary = new Map<string, number>();
  for (let id = 0; id < words.length; id++) vocabulary.set(words[id]!, id);
  // Flat arrays throughout, with no object per tool, so a restore costs little more than a pass.
  // Tool slots by word id, once per occurrence in any spelling (so sums bound coverage), in slot
  // order: `postingSlots[postingStart[id]]` up to `postingSlots[postingStart[id + 1]]`.
  const postingStart = new Int32Array(words.length + 1);
  /** Tools whose name or title has the word, by word id. */
  const documentFrequency = new Int32Array(words.length);
  const lastSlot = new Int32Array(words.length).fill(-1);
  for (let slot = 0; slot < slots; slot++) {
    const end = spellingWords[toolSpellings[slot + 1]!]!;
    for (let p = spellingWords[toolSpellings[slot]!]!; p < end; p++) {
      const id = wordIds[p]!;
      postingStart[id + 1]!++;
      if (lastSlot[id] !== slot) {
        lastSlot[id] = slot;
        documentFrequency[id]!++;
      }
    }
  }
  for (let id = 0; id < words.length; id++) postingStart[id + 1]! += postingStart[id]!;
  const postingSlots = new Int32Array(postingStart[words.length]!);
  const fill = postingStart.slice(0, words.length);
  for (let slot = 0; slot < slots; slot++) {
    const end = spellingWords[toolSpellings[slot + 1]!]!;
    for (let p = spellingWords[toolSpellings[slot]!]!; p < end; p++) {
      postingSlots[fill[wordIds[p]!]!++] = slot;
    }
  }
  const idf = new Float64Array(words.length);
  for (let id = 0; id < words.length; id++) idf[id] = Math.log(1 + slots / documentFrequency[id]!);
  /** The idf total of spelling `s`. */
  const spellingTotal = (s: number): number => {
    let total = 0;
    for (let p = spellingWords[s]!; p < spellingWords[s + 1]!; p++) total += idf[wordIds[p]!]!;
    return total;
  };
  // The smallest idf total of a tool's spellings: a tool whose request words sum to less than
  // minCoverage of it cannot pass the gate in any spelling, so it is never scored.
  const floor = new Float64Array(slots);
  // No spelled-out score exceeds its name's idf total, so exact matches score above the largest.
  let ceiling = 0;
  for (let slot = 0; slot < slots; slot++) {
    let smallest = Number.POSITIVE_INFINITY;
    for (let s = toolSpellings[slot]!; s < toolSpellings[slot + 1]!; s++) {
      const total = spellingTotal(s);
      if (total < smallest) smallest = total;
      if (total > ceiling) ceiling = total;
    }
    floor[slot] = minCoverage * smallest * (1 - 1e-9);
  }
  const reach = new Float64Array(slots);
  const seen = new Uint8Array(slots);
  const inQuery = new Uint8Array(vocabulary.size);
  const row = new Float64Array(MAX_QUERY_WORDS + 1);
  /** Per word id, its first position in the request (−1: absent); `nextAt` chains the rest. */
  const firstAt = new Int32Array(vocabulary.size).fill(-1);
  const nextAt = new Int32Array(MAX_QUERY_WORDS);
  /** A candidate's name words' positions in the request, and the request words there. */
  const positions = new Int32Array(MAX_QUERY_WORDS);
  const relevant = new Int32Array(MAX_QUERY_WORDS);
  const best = topSlots(names);

  const rank = (query: string, limit: number, only: NameFilter | undefined): Ranking => {
    if (limit <= 0) return [];
    let found = exact ? exact.find(query) : [];
    if (only) found = found.filter((entry) => only.has(entry.name));
    if (found.length === 0) return rankSpelled(query, limit, only);
    const spelled = rankSpelled(query, limit + found.length, only);
    const first: RankedTool[] = found.map(({ name, length }) => ({
      name,
      score: ceiling + length,
    }));
    const taken = new Set(found.map((entry) => entry.name));
    for (const entry of spelled) if (!taken.has(entry.name)) first.push(entry);
    return first.length > limit ? first.slice(0, limit) : first;
  };

  /**
   * The request words at the positions where one of `spelling`'s words occurs, in request order,
   * into `relevant`: no other request word can extend the spelling's common subsequence, so its
   * phrase score over them equals the score over the whole request, at a cost bounded by the
   * name's words rather than the request's length.
   */
  const relevantWords = (spelling: Int32Array, ids: readonly number[]): Int32Array => {
    let count = 0;
    for (let w = 0; w < spelling.length; w++) {
      const id = spelling[w]!;
      let repeated = false;
      for (let v = 0; v < w; v++) if (spelling[v] === id) repeated = true;
      if (repeated) continue;
      for (let at = firstAt[id]!; at >= 0; at = nextAt[at]!) positions[count++] = at;
    }
    const sorted = positions.subarray(0, count).sort();
    for (let i = 0; i < count; i++) relevant[i] = ids[sorted[i]!]!;
    return relevant.subarray(0, count);
  };

  const rankSpelled = (query: string, limit: number, only: NameFilter | undefined): Ranking => {
    const queryWords = nameWords(query, analysis).slice(0, MAX_QUERY_WORDS);
    const ids: number[] = [];
    for (const word of queryWords) {
      const id = vocabulary.get(word);
      if (id !== undefined) ids.push(id);
    }
    if (ids.length === 0 || limit <= 0) return [];
    for (let j = ids.length - 1; j >= 0; j--) {
      nextAt[j] = firstAt[ids[j]!]!;
      firstAt[ids[j]!] = j;
    }
    const candidates: number[] = [];
    for (const id of ids) {
      if (inQuery[id] === 1) continue;
      inQuery[id] = 1;
      const weight = idf[id]!;
      for (let p = postingStart[id]!; p < postingStart[id + 1]!; p++) {
        const slot = postingSlots[p]!;
        if (seen[slot] === 0) {
          seen[slot] = 1;
          reach[slot] = 0;
          candidates.push(slot);
        }
        reach[slot]! += weight;
      }
    }
    resetTop(best, Math.min(limit, slots));
    for (const slot of candidates) {
      seen[slot] = 0;
      if (reach[slot]! < floor[slot]!) continue;
      if (only && !only.has(names[slot]!)) continue;
      let score = 0;
      for (let s = toolSpellings[slot]!; s < toolSpellings[slot + 1]!; s++) {
        const spelling = wordIds.subarray(spellingWords[s]!, spellingWords[s + 1]!);
        const words = relevantWords(spelling, ids);
        const spelled = phraseScore(spelling, words, idf, inQuery, row, minCoverage);
        if (spelled > score) score = spelled;
      }
      if (score > 0 && score >= topFloor(best)) offerTop(best, slot, score);
    }
    for (const id of ids) {
      inQuery[id] = 0;
      firstAt[id] = -1;
    }
    return takeRanking(best);
  };

  return {
    get size() {
      return slots;
    },
    doSnapshot: () => writeNameSnapshot(analysed, fingerprint()),
    doRank(query: string, options: RankOptions): Ranking {
      const limit = checkRankCall('nameMatch', query, options);
      return rank(query, limit, options.only);
    },
    doPlace(query, options) {
      return placeByRanking('nameMatch', this, query, options);
    },
  };
}
