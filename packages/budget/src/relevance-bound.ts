/**
 * Upper bounds on the relevance the candidates after a position can still add, for pruning the
 * exact search: the `slots` best-ranked of them (the count bound) and the fractional knapsack of
 * them by relevance per token (the budget bound). Both are valid, so their minimum is.
 */
export interface RelevanceBound {
  /** Most relevance candidates `from`… can add within `capacity` tokens and `slots` more tools. */
  after(from: number, capacity: number, slots: number): number;
}

/** Precomputes the bounds for candidates in rank order with these relevances and token costs. */
export function createRelevanceBound(
  values: readonly number[],
  tokens: readonly number[],
): RelevanceBound {
  const n = values.length;
  // Values fall with rank, so the first `slots` remaining candidates are the most valuable ones.
  const prefix = [0];
  for (let i = 0; i < n; i++) prefix.push(prefix[i]! + values[i]!);
  const byDensity: number[][] = [];
  for (let from = 0; from <= n; from++) {
    const rest = Array.from({ length: n - from }, (_, k) => from + k);
    byDensity.push(rest.sort((a, b) => values[b]! / tokens[b]! - values[a]! / tokens[a]!));
  }
  return {
    after(from, capacity, slots) {
      const countBound = prefix[Math.min(n, from + slots)]! - prefix[from]!;
      let budgetBound = 0;
      let left = capacity;
      for (const i of byDensity[from]!) {
        if (tokens[i]! <= left) {
          budgetBound += values[i]!;
          left -= tokens[i]!;
        } else {
          budgetBound += (values[i]! * left) / tokens[i]!;
          break;
        }
        if (budgetBound >= countBound) break;
      }
      return Math.min(countBound, budgetBound);
    },
  };
}
