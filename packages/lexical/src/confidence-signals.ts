import type { Tool } from '@shortlist/core';
import type { ConfidenceInput, FusedTool } from '@shortlist/core/kit';
import { defaultTokenizer, toolText } from '@shortlist/core/kit';
import { lexicalFusionHead } from './lexical-fusion.js';
import { onlyAsks, toolActs } from './request-intent.js';

/** The signals the confidence model reads, in the order of its coefficients. */
export const confidenceSignalNames = [
  'tfidf',
  'pieces',
  'bigrams',
  'bm25',
  'name',
  'opening',
  'agreement',
  'margin',
  'fused',
  'spread',
  'coverage',
  'rarity',
  'words',
  'reach',
  'asksActs',
  'asksReads',
] as const;

const lexicalRankers = ['bm25', 'tfidf', 'bigrams', 'pieces'] as const;

/** Words of each tool read so far: the first picks of a catalogue repeat, and tools are frozen. */
const wordsOfTool = new WeakMap<Tool, ReadonlySet<string>>();

function toolWords(tool: Tool): ReadonlySet<string> {
  let words = wordsOfTool.get(tool);
  if (words === undefined) {
    words = new Set(defaultTokenizer(toolText(tool)));
    wordsOfTool.set(tool, words);
  }
  return words;
}

/** Tools whose words together show how much of the request the catalogue's best can speak to. */
const REACH = 10;

/**
 * A ranker's score for a tool within the fusion's head, else 0: placements below it come only
 * when a select fetches deeper (a larger limit, a scope), and the signals must not depend on that.
 */
const scoreOf = (tool: FusedTool, ranker: string) => {
  const placed = tool.sources[ranker];
  return placed !== undefined && placed.rank <= lexicalFusionHead ? placed.score : 0;
};

/**
 * What `lexical()` knows of its first pick, as numbers: each ranker's score for it, whether the
 * rankers agree it is first, its margin over the next tools, how much of the request its text
 * covers and how rare the request's words are for it, and whether a question met a tool that acts.
 */
export function confidenceSignals(input: ConfidenceInput): number[] {
  const { fused, query } = input;
  const first = fused[0]!;
  const second = fused[1];
  const fifth = fused[Math.min(4, fused.length - 1)]!;
  let agree = 0;
  for (const ranker of lexicalRankers) if (first.sources[ranker]?.rank === 1) agree++;
  const words = [...new Set(defaultTokenizer(query))];
  const tool = input.tool(first.name);
  let covered = 0;
  if (tool && words.length > 0) {
    const own = toolWords(tool);
    for (const word of words) if (own.has(word)) covered++;
  }
  // Request words that none of the best tools has: words of a domain the catalogue lacks.
  const heads = fused.slice(0, REACH).flatMap((entry) => {
    const found = input.tool(entry.name);
    return found ? [toolWords(found)] : [];
  });
  let reached = 0;
  for (const word of words) if (heads.some((set) => set.has(word))) reached++;
  const bm25 = scoreOf(first, 'bm25');
  const asks = onlyAsks(query);
  const acts = tool ? toolActs(tool) : 0;
  return [
    scoreOf(first, 'tfidf'),
    scoreOf(first, 'pieces'),
    scoreOf(first, 'bigrams'),
    Math.log1p(bm25),
    scoreOf(first, 'name'),
    (first.sources.opening?.rank ?? Number.POSITIVE_INFINITY) <= lexicalFusionHead ? 1 : 0,
    agree / lexicalRankers.length,
    second ? first.score - second.score : 1,
    first.score,
    first.score - fifth.score,
    words.length ? covered / words.length : 0,
    Math.log1p(bm25 / Math.max(1, covered)),
    Math.log1p(words.length),
    words.length ? reached / words.length : 0,
    asks && acts > 0 ? 1 : 0,
    asks && acts < 0 ? 1 : 0,
  ];
}
