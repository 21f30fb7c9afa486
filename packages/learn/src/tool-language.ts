import type { Tool } from '@shortlist/core';
import { exampleTerms } from './example-terms.js';

/**
 * The share of the neighbours' vote mass handed out again by how well each voted tool's words
 * explain the query: 0.15 added 1.1 to 2.3 hit@1 at MetaTool requests 2,000–3,000 (train and
 * test streams, and with 20–30% wrong feedback) and left bfcl and Seal-Tools as they were.
 */
const LANGUAGE_SHARE = 0.15;
/** Weight of a tool's own name and description, in terms, against the words of its examples. */
const DESCRIPTION_TERMS = 10;
/** Add-α smoothing of every term's count, so one unseen word never rules a tool out. */
const SMOOTHING = 0.1;

/** One query term as the example memory knows it. */
export interface QueryTerm {
  readonly id: number;
  readonly term: string;
  /** Its inverse-tool-frequency weight: a common word says little about the tool. */
  readonly weight: number;
}

/** A voted tool: its index in the memory's tool list, its name and its (positive) vote. */
export interface ToolVoteEntry {
  readonly index: number;
  readonly tool: string;
  vote: number;
}

/**
 * Each tool's words, for re-weighing the nearest examples' votes: the terms of the requests it
 * served, smoothed toward the terms of its own name and description (naive Bayes with a
 * Dirichlet prior). Neighbours see single examples; this sees all of a tool's examples at once.
 */
export interface ToolLanguage {
  /** Sets (or replaces) the descriptions of these tools. */
  describe(tools: readonly Tool[]): void;
  /** Forgets the descriptions of these tools. */
  undescribe(names: Iterable<string>): void;
  /** Counts a helpful example's terms for its tool. */
  add(tool: number, terms: Int32Array): void;
  /** Uncounts them. */
  remove(tool: number, terms: Int32Array): void;
  /** Uncounts every example (descriptions stay). */
  clear(): void;
  /**
   * Hands `LANGUAGE_SHARE` of the votes' mass out again in proportion to each voted tool's
   * posterior over the voted tools; the mass itself is unchanged.
   */
  reweigh(votes: readonly ToolVoteEntry[], query: readonly QueryTerm[], vocabulary: number): void;
}

interface Description {
  readonly counts: ReadonlyMap<string, number>;
  readonly total: number;
}

const describeTool = (tool: Tool): Description => {
  const counts = new Map<string, number>();
  const terms = exampleTerms(`${tool.name} ${tool.title ?? ''} ${tool.description}`);
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { counts, total: terms.length };
};

export function createToolLanguage(): ToolLanguage {
  const descriptions = new Map<string, Description>();
  /** Per tool index: how many of its helpful examples hold each term id, and their sum. */
  const counts: Map<number, number>[] = [];
  const totals: number[] = [];
  /**
   * Log-likelihood of the query under one tool's words, up to a constant shared by every tool:
   * a term neither its examples nor its description hold adds only the denominator's share.
   */
  const logLikelihood = (
    entry: ToolVoteEntry,
    query: readonly QueryTerm[],
    queryWeight: number,
    vocabulary: number,
  ): number => {
    const own = counts[entry.index];
    const description = descriptions.get(entry.tool);
    const prior = description && description.total > 0 ? DESCRIPTION_TERMS / description.total : 0;
    const seen = (totals[entry.index] ?? 0) + (prior > 0 ? DESCRIPTION_TERMS : 0);
    let sum = -queryWeight * Math.log(seen + SMOOTHING * vocabulary);
    for (const { id, term, weight } of query) {
      const count = (own?.get(id) ?? 0) + prior * (description?.counts.get(term) ?? 0);
      if (count > 0) sum += weight * Math.log1p(count / SMOOTHING);
    }
    return sum;
  };
  return {
    describe(tools) {
      for (const tool of tools) descriptions.set(tool.name, describeTool(tool));
    },
    undescribe(names) {
      for (const name of names) descriptions.delete(name);
    },
    add(tool, terms) {
      let own = counts[tool];
      if (!own) {
        own = new Map();
        counts[tool] = own;
        totals[tool] = 0;
      }
      for (const id of terms) own.set(id, (own.get(id) ?? 0) + 1);
      totals[tool] = (totals[tool] ?? 0) + terms.length;
    },
    remove(tool, terms) {
      const own = counts[tool];
      if (!own) return;
      for (const id of terms) {
        const count = (own.get(id) ?? 0) - 1;
        if (count > 0) own.set(id, count);
        else own.delete(id);
      }
      totals[tool] = Math.max(0, (totals[tool] ?? 0) - terms.length);
    },
    clear() {
      counts.length = 0;
      totals.length = 0;
    },
    reweigh(votes, query, vocabulary) {
      if (votes.length < 2 || query.length === 0) return;
      let mass = 0;
      let queryWeight = 0;
      for (const { weight } of query) queryWeight += weight;
      let best = Number.NEGATIVE_INFINITY;
      const scores = votes.map((entry) => {
        mass += entry.vote;
        const score = logLikelihood(entry, query, queryWeight, vocabulary);
        if (score > best) best = score;
        return score;
      });
      let total = 0;
      for (let i = 0; i < scores.length; i++) {
        scores[i] = Math.exp(scores[i]! - best);
        total += scores[i]!;
      }
      votes.forEach((entry, i) => {
        entry.vote =
          (1 - LANGUAGE_SHARE) * entry.vote + (LANGUAGE_SHARE * mass * scores[i]!) / total;
      });
    },
  };
}
