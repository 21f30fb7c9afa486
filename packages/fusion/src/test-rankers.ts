import type { RankerV1, Tool } from '@shortlist/core';
import { type Ranking, seededRandom } from '@shortlist/core/kit';

/**
 * A ranker over synthetic queries "q<i>" whose answer is tool "t<i>": with `accuracy` of the
 * queries it ranks the answer first, otherwise somewhere in the top 8; the rest of the catalogue
 * follows in a seeded random order. `accuracy: 0` with `placeAnswer: false` is pure noise.
 */
export function syntheticRanker(
  id: string,
  seed: number,
  accuracy: number,
  placeAnswer = true,
): RankerV1 {
  return {
    specificationVersion: 'v1',
    id,
    async doIndex(tools: readonly Tool[]) {
      const names = tools.map((tool) => tool.name);
      return {
        size: names.length,
        doRank(query: string, { limit }: { limit: number }): Ranking {
          const index = Number(query.slice(1));
          const random = seededRandom(seed * 100_003 + index);
          const order = names.map((name) => ({ name, key: random() }));
          order.sort((a, b) => a.key - b.key);
          const ranked = order.map((entry) => entry.name);
          if (placeAnswer) {
            const answer = `t${index}`;
            ranked.splice(ranked.indexOf(answer), 1);
            const position = random() < accuracy ? 0 : 1 + Math.floor(random() * 7);
            ranked.splice(position, 0, answer);
          }
          return ranked
            .slice(0, limit)
            .map((name, i) => ({ name, score: 100 - i - random() * 0.5 }));
        },
      };
    },
  };
}

/** Tools t0..t(count − 1) in the plain format `toTools` accepts. */
export function syntheticTools(count: number): { name: string; description: string }[] {
  return Array.from({ length: count }, (_, i) => ({ name: `t${i}`, description: `tool ${i}` }));
}
