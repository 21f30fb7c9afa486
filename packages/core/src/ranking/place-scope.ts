import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { PlaceOptions, RankedTool, RankerIndexV1, Ranking } from '../spec/ranker-v1.js';

/**
 * `doPlace`'s options checked for ranker `rankerId`: `head` as a whole number of tools, at most
 * `size`, and `only` a name test; anything else is an `InvalidArgumentError` naming the ranker.
 */
export function readPlaceOptions(
  rankerId: string,
  options: PlaceOptions,
  size: number,
): { head: number; only: PlaceOptions['only']; below: number } {
  const head = options?.head;
  if (typeof head !== 'number' || !Number.isInteger(head) || head < 0) {
    throw new InvalidArgumentError({
      argument: 'doPlace(options.head)',
      expected: 'an integer >= 0',
      message: `${rankerId}: doPlace(options.head) must be a whole number of tools, got ${String(head)}`,
    });
  }
  const only = options.only;
  if (typeof only?.has !== 'function') {
    throw new InvalidArgumentError({
      argument: 'doPlace(options.only)',
      expected: 'an object with has(name)',
      message: `${rankerId}: doPlace(options.only) must test names with has(name), such as a Set`,
    });
  }
  const below = options.below ?? Number.POSITIVE_INFINITY;
  if (
    typeof below !== 'number' ||
    !(below >= 0) ||
    (Number.isFinite(below) && !Number.isInteger(below))
  ) {
    throw new InvalidArgumentError({
      argument: 'doPlace(options.below)',
      expected: 'an integer >= 0, or nothing for all',
      message: `${rankerId}: doPlace(options.below) must be a whole number of tools, got ${String(below)}`,
    });
  }
  return { head: Math.min(head, size), only, below };
}

/**
 * `doPlace` from a whole ranking, for rankers whose whole ranking is cheap to make (the tools
 * sharing a word with the request's name words): its first `head` tools, then the first `below`
 * of the ones further down that `only` accepts, each with its `rank`.
 */
export function placeFromRanking(
  ranking: Ranking,
  head: number,
  only: PlaceOptions['only'],
  below = Number.POSITIVE_INFINITY,
): RankedTool[] {
  const placed = ranking.slice(0, head);
  const end = placed.length + below;
  for (let i = head; i < ranking.length && placed.length < end; i++) {
    const { name, score } = ranking[i]!;
    if (only.has(name)) placed.push({ name, score, rank: i + 1 });
  }
  return placed;
}

/**
 * `doPlace` for a ranker whose whole ranking is cheap to make (it ranks only the tools that
 * share something with the request): asks `index` for all of it, then places the scope in it.
 */
export function placeByRanking(
  rankerId: string,
  index: RankerIndexV1,
  query: string,
  options: PlaceOptions,
): Ranking | Promise<Ranking> {
  const { head, only, below } = readPlaceOptions(rankerId, options, index.size);
  const whole = index.doRank(query, { limit: index.size, signal: options.signal });
  return whole instanceof Promise
    ? whole.then((ranking) => placeFromRanking(ranking, head, only, below))
    : placeFromRanking(whole as Ranking, head, only, below);
}
