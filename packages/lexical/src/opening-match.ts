import { InvalidArgumentError, type RankerV1, type Tool } from '@shortlist/core';
import {
  type RankerIndexV1,
  type Ranking,
  type RankOptions,
  throwIfAborted,
} from '@shortlist/core/kit';
import { checkRankCall } from './exact-names.js';
import { descriptionOpening, requestOpening } from './opening-words.js';

/**
 * The tool whose description opens the way the request does (the same verb and object: "schedule
 * a meeting with Tom" and "Schedule a meeting or event on a calendar"), when exactly one tool's
 * does; an opening several tools share says little. bm25 and tfidf weigh those two words like
 * any others; `lexicalFusion()` weighs this ranker so it decides between close tools.
 */
export function openingMatch(options: { readonly id?: string } = {}): RankerV1 {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError({
      argument: 'openingMatch(options)',
      expected: 'an object',
      message: `openingMatch(): options must be an object, got ${String(options)}`,
    });
  }
  const { id = 'opening' } = options;
  if (typeof id !== 'string' || id.trim() === '') {
    throw new InvalidArgumentError({
      argument: 'openingMatch(id)',
      expected: 'a non-empty string',
      message: `openingMatch(): id must be a non-empty string, got ${JSON.stringify(id)}`,
    });
  }
  return {
    specificationVersion: 'v1',
    id,
    async doIndex(tools, callOptions) {
      throwIfAborted(callOptions?.signal);
      return openingIndex(tools);
    },
  };
}

function openingIndex(tools: readonly Tool[]): RankerIndexV1 {
  /** Opening to the one tool that has it; null once a second tool has it too. */
  const owner = new Map<string, string | null>();
  for (const tool of tools) {
    const opening = descriptionOpening(tool.description);
    if (opening === undefined) continue;
    owner.set(opening, owner.has(opening) ? null : tool.name);
  }
  return {
    size: tools.length,
    doRank(query: string, options: RankOptions): Ranking {
      const limit = checkRankCall('openingMatch', query, options);
      const opening = limit > 0 ? requestOpening(query) : undefined;
      const name = opening === undefined ? undefined : owner.get(opening);
      if (!name || (options.only && !options.only.has(name))) return [];
      return [{ name, score: 1 }];
    },
  };
}
