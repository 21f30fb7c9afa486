/**
 * A word in more than this share of the catalogue's descriptions ("returns", "data") tells no
 * description from another: it weighs 0 there, which also bounds a query's walk on large
 * catalogues. Only from `COMMON_FROM_DESCRIPTIONS` descriptions on.
 */
const COMMON_SHARE = 0.1;
const COMMON_FROM_DESCRIPTIONS = 20;

/** A query term and its weight, as the example memory weighs it. */
export interface WeightedTerm {
  readonly term: string;
  readonly weight: number;
}

/** A description near a query: its tool's index in the memory's tool list, and the cosine. */
interface NearDescription {
  readonly tool: number;
  readonly similarity: number;
}

/**
 * Each catalogue tool's own words (name, title, description) as one more example of it,
 * weighed like the examples' words, so a request near a description competes with the
 * requests near examples for the nearest places (README, Design).
 */
export interface DescriptionIndex {
  /** Indexes (or re-indexes) a tool's description terms (`descriptionTerms`), by its tool index. */
  describe(tool: number, terms: readonly string[]): void;
  /** Drops a tool's description. */
  undescribe(tool: number): void;
  /** Recomputes every description's norm: call after describing, and when term weights changed. */
  renorm(): void;
  /** The tools whose own words have this term. */
  describing(term: string): ReadonlySet<number> | undefined;
  /** How many distinct terms a tool's own words have (0: not described). */
  termCount(tool: number): number;
  /** Descriptions whose cosine with the query is at least `floor`, of tools `known` accepts. */
  near(
    query: readonly WeightedTerm[],
    queryNorm: number,
    floor: number,
    known: (tool: number) => boolean,
  ): NearDescription[];
}

export function createDescriptionIndex(weightOf: (term: string) => number): DescriptionIndex {
  const terms: (readonly string[] | undefined)[] = [];
  /** Per term, the tools whose description has it (a set, so a tool leaves it in O(1)). */
  const postings = new Map<string, Set<number>>();
  let norms = new Float64Array(64);
  let described = 0;
  let scratch = new Float64Array(64);
  const touched: number[] = [];

  const common = (term: string): boolean =>
    described >= COMMON_FROM_DESCRIPTIONS &&
    (postings.get(term)?.size ?? 0) > COMMON_SHARE * described;
  const weight = (term: string): number => (common(term) ? 0 : weightOf(term));
  const normOf = (tool: number): number => {
    let sum = 0;
    for (const term of terms[tool] ?? []) sum += weight(term) ** 2;
    return Math.sqrt(sum);
  };
  const grow = (array: Float64Array<ArrayBuffer>, size: number): Float64Array<ArrayBuffer> => {
    if (size <= array.length) return array;
    const bigger = new Float64Array(Math.max(size, array.length * 2));
    bigger.set(array);
    return bigger;
  };
  const drop = (tool: number): void => {
    const old = terms[tool];
    if (!old) return;
    for (const term of old) {
      const tools = postings.get(term)!;
      tools.delete(tool);
      if (tools.size === 0) postings.delete(term);
    }
    terms[tool] = undefined;
    described--;
  };

  return {
    describing: (term) => postings.get(term),
    termCount: (tool) => terms[tool]?.length ?? 0,
    describe(tool, own) {
      drop(tool);
      terms[tool] = own;
      described++;
      for (const term of own) {
        const tools = postings.get(term);
        if (tools) tools.add(tool);
        else postings.set(term, new Set([tool]));
      }
      norms = grow(norms, tool + 1);
      scratch = grow(scratch, tool + 1);
    },
    undescribe(tool) {
      drop(tool);
    },
    renorm() {
      for (let tool = 0; tool < terms.length; tool++) norms[tool] = terms[tool] ? normOf(tool) : 0;
    },
    near(query, queryNorm, floor, known) {
      if (described === 0 || queryNorm === 0) return [];
      for (const { term, weight: queryWeight } of query) {
        const tools = postings.get(term);
        if (!tools || queryWeight === 0 || common(term)) continue;
        const square = queryWeight * queryWeight;
        for (const tool of tools) {
          if (scratch[tool] === 0) touched.push(tool);
          scratch[tool]! += square;
        }
      }
      const near: NearDescription[] = [];
      for (const tool of touched) {
        const dot = scratch[tool]!;
        scratch[tool] = 0;
        // Norms lag weights until the next renorm: a stale one never makes a cosine above 1.
        const norm = norms[tool]!;
        const similarity = norm > 0 ? Math.min(1, dot / (queryNorm * norm)) : 0;
        if (similarity >= floor && known(tool)) near.push({ tool, similarity });
      }
      touched.length = 0;
      return near;
    },
  };
}
