import { describeRanker } from '@shortlist/conformance';
import type { RankerV1 } from '@shortlist/core';
import { splitWords, toolText } from '@shortlist/core/kit';

/** Scores a tool by how many distinct query words its text contains. */
export function keywordRanker(): RankerV1 {
  return {
    specificationVersion: 'v1',
    id: 'keyword',
    async doIndex(tools, options) {
      options?.signal?.throwIfAborted();
      const words = new Map(tools.map((tool) => [tool.name, new Set(splitWords(toolText(tool)))]));
      return {
        size: words.size,
        doRank(query, { limit, signal }) {
          signal?.throwIfAborted();
          const terms = new Set(splitWords(query));
          return [...words]
            .map(([name, set]) => ({ name, score: [...terms].filter((t) => set.has(t)).length }))
            .filter((entry) => entry.score > 0)
            .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1))
            .slice(0, limit);
        },
      };
    },
  };
}

describeRanker('keyword ranker', { create: keywordRanker });
