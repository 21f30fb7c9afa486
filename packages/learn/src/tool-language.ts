/**
 * The share of the neighbours' vote mass handed out again by how well each voted tool's words
 * explain the query: the middle of the flat best range (0.15–0.25) on MetaTool's train stream
 * (README, Design).
 */
const LANGUAGE_SHARE = 0.2;
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
  /** Sets (or replaces) a tool's description terms (`descriptionTerms`: distinct), by tool index. */
  describe(tool: number, terms: readonly string[]): void;
  /** Forgets a tool's description. */
  undescribe(tool: number): void;
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

export function createToolLanguage(): ToolLanguage {
  /** Per tool index: the distinct terms of its own words. */
  const descriptions: (ReadonlySet<string> | undefined)[] = [];
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
    const description = descriptions[entry.index];
    const prior = description && description.size > 0 ? DESCRIPTION_TERMS / description.size : 0;
    const seen = (totals[entry.index] ?? 0) + (prior > 0 ? DESCRIPTION_TERMS : 0);
    let sum = -queryWeight * Math.log(seen + SMOOTHING * vocabulary);
    for (let i = 0; i < query.length; i++) {
      const { id, term, weight } = query[i]!;
      let count = own?.get(id) ?? 0;
      if (prior > 0 && description!.has(term)) count += prior;
      if (count > 0) sum += weight * Math.log1p(count / SMOOTHING);
    }
    return sum;
  };
  return {
    describe(tool, terms) {
      descriptions[tool] = new Set(terms);
    },
    undescribe(tool) {
      descriptions[tool] = undefined;
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
