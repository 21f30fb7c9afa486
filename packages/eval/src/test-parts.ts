import type { PackerV1, RankerV1 } from '@shortlist/core';
import { compareRanked, defaultTokenizer, toolText } from '@shortlist/core/kit';

/** A word-overlap ranker for tests: score = shared distinct words; ties by name. */
export const overlapRanker = (): RankerV1 => ({
  specificationVersion: 'v1',
  id: 'overlap',
  async doIndex(tools) {
    const words = tools.map((tool) => ({
      name: tool.name,
      words: new Set(defaultTokenizer(toolText(tool))),
    }));
    return {
      size: tools.length,
      doRank(query, { limit }) {
        const terms = new Set(defaultTokenizer(query));
        return words
          .map(({ name, words: bag }) => ({
            name,
            score: [...terms].filter((term) => bag.has(term)).length,
          }))
          .filter((entry) => entry.score > 0)
          .sort(compareRanked)
          .slice(0, limit);
      },
    };
  },
});

/** A packer for tests that charges each tool its description length and keeps `limit`. */
export const lengthPacker = (): PackerV1 => ({
  specificationVersion: 'v1',
  id: 'length',
  maxTokens: 1_000_000,
  doPack(candidates, { limit }) {
    const kept = candidates
      .slice(0, limit)
      .map(({ tool }) => ({ name: tool.name, tokens: tool.description.length }));
    return {
      kept,
      dropped: [],
      totalTokens: kept.reduce((sum, entry) => sum + entry.tokens, 0),
    };
  },
});
