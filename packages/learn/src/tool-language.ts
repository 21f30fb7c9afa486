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

/** Where a tool's own words are found: the description index. */
export interface OwnWords {
  describing(term: string): ReadonlySet<number> | undefined;
  termCount(tool: number): number;
}

export function createToolLanguage(own: OwnWords): ToolLanguage {
  /** Per term id: how many of each tool's helpful examples hold it. */
  const counts: (Map<number, number> | undefined)[] = [];
  /** Per tool index: the terms of all its helpful examples. */
  const totals: number[] = [];
  /** Per voted tool, for one reweigh: its log-likelihood so far, and its description's weight. */
  let sums = new Float64Array(16);
  let priors = new Float64Array(16);
  return {
    add(tool, terms) {
      for (const id of terms) {
        let tools = counts[id];
        if (!tools) {
          tools = new Map();
          counts[id] = tools;
        }
        tools.set(tool, (tools.get(tool) ?? 0) + 1);
      }
      totals[tool] = (totals[tool] ?? 0) + terms.length;
    },
    remove(tool, terms) {
      for (const id of terms) {
        const tools = counts[id];
        const count = (tools?.get(tool) ?? 0) - 1;
        if (count > 0) tools!.set(tool, count);
        else tools?.delete(tool);
      }
      totals[tool] = Math.max(0, (totals[tool] ?? 0) - terms.length);
    },
    clear() {
      counts.length = 0;
      totals.length = 0;
    },
    reweigh(votes, query, vocabulary) {
      const size = votes.length;
      if (size < 2 || query.length === 0) return;
      if (sums.length < size) {
        sums = new Float64Array(size * 2);
        priors = new Float64Array(size * 2);
      }
      // Log-likelihood of the query under each voted tool's words, up to a constant shared by
      // every tool: a term neither its examples nor its own words hold adds only its share of
      // the denominator. Term by term, so each term's counts are looked up once.
      let queryWeight = 0;
      for (let i = 0; i < query.length; i++) queryWeight += query[i]!.weight;
      let mass = 0;
      for (let v = 0; v < size; v++) {
        const tool = votes[v]!.index;
        mass += votes[v]!.vote;
        const words = own.termCount(tool);
        priors[v] = words > 0 ? DESCRIPTION_TERMS / words : 0;
        const seen = (totals[tool] ?? 0) + (words > 0 ? DESCRIPTION_TERMS : 0);
        sums[v] = -queryWeight * Math.log(seen + SMOOTHING * vocabulary);
      }
      for (let i = 0; i < query.length; i++) {
        const { id, term, weight } = query[i]!;
        const examples = counts[id];
        const describing = own.describing(term);
        if (!examples && !describing) continue;
        for (let v = 0; v < size; v++) {
          const tool = votes[v]!.index;
          let count = examples?.get(tool) ?? 0;
          if (describing?.has(tool)) count += priors[v]!;
          if (count > 0) sums[v]! += weight * Math.log1p(count / SMOOTHING);
        }
      }
      let best = Number.NEGATIVE_INFINITY;
      for (let v = 0; v < size; v++) if (sums[v]! > best) best = sums[v]!;
      let total = 0;
      for (let v = 0; v < size; v++) {
        sums[v] = Math.exp(sums[v]! - best);
        total += sums[v]!;
      }
      for (let v = 0; v < size; v++) {
        const entry = votes[v]!;
        entry.vote = (1 - LANGUAGE_SHARE) * entry.vote + (LANGUAGE_SHARE * mass * sums[v]!) / total;
      }
    },
  };
}
