import { InvalidArgumentError } from '../errors/index.js';
import { checkInteger } from '../util/check-integer.js';

/**
 * Ranking metrics over tool names, best first, against a set of relevant names. Relevance is
 * binary; a name repeated in a ranking counts once, at its first position.
 */

function checkK(k: number, metric: string): void {
  checkInteger(k, `${metric}(k)`);
}

function checkRelevant(relevant: ReadonlySet<string>, metric: string): void {
  if (relevant.size === 0) {
    throw new InvalidArgumentError({
      argument: `${metric}(relevant)`,
      expected: 'at least one relevant name',
      message: `${metric}(relevant) is empty; a query needs at least one relevant tool to be scored`,
    });
  }
}

/** Calls `visit(name, position)` for the first `k` distinct names (0-based position); stops early when it returns true. */
function eachDistinct(
  ranked: readonly string[],
  k: number,
  visit: (name: string, position: number) => boolean | undefined,
): void {
  let position = 0;
  let seen: Set<string> | undefined;
  for (let i = 0; i < ranked.length && position < k; i++) {
    const name = ranked[i]!;
    if (i > 0) {
      seen ??= new Set(ranked.slice(0, i));
      if (seen.has(name)) continue;
      seen.add(name);
    }
    if (visit(name, position)) return;
    position++;
  }
}

/** How many relevant names are among the first `k` distinct names. */
function foundAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  let found = 0;
  eachDistinct(ranked, k, (name) => {
    if (relevant.has(name)) found++;
    return found === relevant.size;
  });
  return found;
}

/** 1 when a relevant name is among the first `k`, else 0 (hit@1 is P@1). */
export function hitAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  checkK(k, 'hitAt');
  checkRelevant(relevant, 'hitAt');
  let hit = 0;
  eachDistinct(ranked, k, (name) => {
    if (relevant.has(name)) hit = 1;
    return hit === 1;
  });
  return hit;
}

/** Share of the relevant names found among the first `k`: |relevant ∩ top k| / |relevant|. */
export function recallAt(
  ranked: readonly string[],
  relevant: ReadonlySet<string>,
  k: number,
): number {
  checkK(k, 'recallAt');
  checkRelevant(relevant, 'recallAt');
  return foundAt(ranked, relevant, k) / relevant.size;
}

/** 1 when every relevant name is among the first `k`, else 0. */
export function completeAt(
  ranked: readonly string[],
  relevant: ReadonlySet<string>,
  k: number,
): number {
  checkK(k, 'completeAt');
  checkRelevant(relevant, 'completeAt');
  return foundAt(ranked, relevant, k) === relevant.size ? 1 : 0;
}

/**
 * Normalised discounted cumulative gain at `k` with binary gains and a log2 discount: the sum
 * of 1 / log2(position + 1) over relevant names in the top `k`, divided by the same sum for
 * min(|relevant|, k) relevant names at the top.
 */
export function ndcgAt(
  ranked: readonly string[],
  relevant: ReadonlySet<string>,
  k: number,
): number {
  checkK(k, 'ndcgAt');
  checkRelevant(relevant, 'ndcgAt');
  let dcg = 0;
  eachDistinct(ranked, k, (name, position) => {
    if (relevant.has(name)) dcg += 1 / Math.log2(position + 2);
    return undefined;
  });
  let ideal = 0;
  const top = Math.min(relevant.size, k);
  for (let position = 0; position < top; position++) ideal += 1 / Math.log2(position + 2);
  return dcg / ideal;
}

/** 1 / the position of the first relevant name over the whole ranking given, 0 when none is. */
export function reciprocalRank(ranked: readonly string[], relevant: ReadonlySet<string>): number {
  checkRelevant(relevant, 'reciprocalRank');
  let rank = 0;
  eachDistinct(ranked, Number.POSITIVE_INFINITY, (name, position) => {
    if (relevant.has(name)) rank = position + 1;
    return rank > 0;
  });
  return rank === 0 ? 0 : 1 / rank;
}
