import { checkInteger, hashString } from '@shortlist/core/kit';

/**
 * Picks `count` items by a seeded hash of their id, keeping their original order. The pick is
 * stable across runs and nested: a sample of 500 is contained in the sample of 1000.
 */
export function sampleById<T extends { readonly id: string }>(
  items: readonly T[],
  count: number,
  seed = 0,
): T[] {
  checkInteger(count, 'sample', { hint: 'number of queries' });
  if (count >= items.length) return [...items];
  const keyed = items.map((item, index) => ({
    index,
    key: hashString(item.id, seed),
    id: item.id,
  }));
  keyed.sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const chosen = keyed
    .slice(0, count)
    .map((entry) => entry.index)
    .sort((a, b) => a - b);
  return chosen.map((index) => items[index]!);
}
