import type { ToolExample } from './learning/tool-example.js';
import { compareRanked } from './ranking/compare-ranked.js';
import type { FusionV1 } from './spec/fusion-v1.js';
import type { PackerV1 } from './spec/packer-v1.js';
import type { RankerIndexV1, RankerV1 } from './spec/ranker-v1.js';
import { defaultTokenizer } from './text/tokenizer.js';
import { toolText } from './text/tool-fields.js';
import type { Tool } from './tools/tool.js';

/**
 * A small real ranker for pipeline tests: scores a tool by how many query terms its text
 * contains. Records the limits and queries it was asked for; `incremental: false` leaves out
 * doAdd/doRemove.
 */
export function overlapRanker(options: { id?: string; incremental?: boolean } = {}) {
  const limits: number[] = [];
  const queries: string[] = [];
  let indexed = 0;
  const ranker: RankerV1 & { limits: number[]; queries: string[]; indexCalls: () => number } = {
    specificationVersion: 'v1',
    id: options.id ?? 'overlap',
    limits,
    queries,
    indexCalls: () => indexed,
    async doIndex(tools, callOptions) {
      callOptions?.signal?.throwIfAborted();
      indexed++;
      const terms = new Map<string, Set<string>>();
      const put = (list: readonly Tool[]) => {
        for (const tool of list) terms.set(tool.name, new Set(defaultTokenizer(toolText(tool))));
      };
      put(tools);
      const index: RankerIndexV1 = {
        get size() {
          return terms.size;
        },
        doRank(query, { limit, signal }) {
          signal?.throwIfAborted();
          limits.push(limit);
          queries.push(query);
          const words = defaultTokenizer(query);
          return [...terms]
            .map(([name, set]) => ({ name, score: words.filter((word) => set.has(word)).length }))
            .filter((entry) => entry.score > 0)
            .sort(compareRanked)
            .slice(0, limit);
        },
      };
      if (options.incremental !== false) {
        index.doAdd = async (added) => put(added);
        index.doRemove = async (names) => {
          for (const name of names) terms.delete(name);
        };
      }
      return index;
    },
  };
  return ranker;
}

/** Plain reciprocal rank fusion (k = 60), enough to exercise the pipeline. */
export const testFusion: FusionV1 = {
  specificationVersion: 'v1',
  id: 'test-rrf',
  doFuse(rankings, { limit }) {
    const fused = new Map<
      string,
      { score: number; sources: Record<string, { rank: number; score: number }> }
    >();
    for (const { rankerId, ranking } of rankings) {
      ranking.forEach((entry, i) => {
        const slot = fused.get(entry.name) ?? { score: 0, sources: {} };
        slot.score += 1 / (60 + i + 1);
        slot.sources[rankerId] = { rank: i + 1, score: entry.score };
        fused.set(entry.name, slot);
      });
    }
    return [...fused]
      .map(([name, slot]) => ({ name, ...slot }))
      .sort(compareRanked)
      .slice(0, limit);
  },
};

/** Packs by description length in characters as a stand-in cost: keeps what fits, in order. */
/** A ranker that ranks nothing and keeps what it is taught: a picker with it learns. */
export function recordingLearner(taught: ToolExample[] = []) {
  const ranker: RankerV1 & { taught: ToolExample[] } = {
    specificationVersion: 'v1',
    id: 'recorder',
    taught,
    async doIndex(tools) {
      return {
        size: tools.length,
        doRank: () => [],
        async doLearn(examples) {
          taught.push(...examples);
        },
      };
    },
  };
  return ranker;
}

export function lengthPacker(maxTokens: number) {
  const prepared: string[] = [];
  let disposed = false;
  const packer: PackerV1 & { prepared: string[]; disposed: () => boolean } = {
    specificationVersion: 'v1',
    id: 'length',
    maxTokens,
    prepared,
    disposed: () => disposed,
    async doPrepare(tools) {
      prepared.push(...tools.map((tool) => tool.name));
    },
    doPack(candidates, { limit }) {
      const kept: { name: string; tokens: number }[] = [];
      const dropped: { name: string; reason: 'over-budget' | 'over-limit'; tokens: number }[] = [];
      let total = 0;
      for (const { tool } of candidates) {
        const tokens = Math.max(1, tool.description.length);
        if (kept.length >= limit) dropped.push({ name: tool.name, reason: 'over-limit', tokens });
        else if (total + tokens > maxTokens)
          dropped.push({ name: tool.name, reason: 'over-budget', tokens });
        else {
          kept.push({ name: tool.name, tokens });
          total += tokens;
        }
      }
      return { kept, dropped, totalTokens: total };
    },
    doDispose() {
      disposed = true;
    },
  };
  return packer;
}
