import { describe, expect, it } from 'vitest';
import { compareRanked } from '../ranking/compare-ranked.js';
import type { FusedTool, FusionV1 } from '../spec/fusion-v1.js';
import type { RankerV1 } from '../spec/ranker-v1.js';
import { overlapRanker } from '../test-plugins.js';
import { pipe } from './pipe.js';
import type { ToolScope } from './tool-scope.js';

const words = ['email', 'send', 'search', 'file', 'read', 'write', 'issue', 'branch', 'user'];
const tools = Array.from({ length: 300 }, (_, i) => ({
  name: `tool_${String(i).padStart(3, '0')}`,
  description: words.filter((_, w) => (i * 7 + w * 13) % (w + 2) === 0).join(' ') || 'nothing',
}));

/** Scores a tool by the query words its description holds, each weighed by the tool; honours `only`. */
const weightedWords: RankerV1 = {
  specificationVersion: 'v1',
  id: 'b',
  async doIndex(list) {
    return {
      size: list.length,
      doRank(query, { limit, only }) {
        const asked = query.split(' ');
        return list
          .map((tool, i) => ({
            name: tool.name,
            score: asked.filter((word) => tool.description.includes(word)).length * (1 + (i % 11)),
          }))
          .filter((entry) => !only || only.has(entry.name))
          .filter((entry) => entry.score > 0)
          .sort(compareRanked)
          .slice(0, limit);
      },
    };
  },
};

/** Σ weight × score over the ranking's best, ties by name: a complete fusion. */
const overBest: FusionV1 = {
  specificationVersion: 'v1',
  id: 'over-best',
  complete: true,
  doFuse(rankings, { limit }) {
    const fused = new Map<string, FusedTool & { score: number }>();
    for (const { rankerId, ranking } of rankings) {
      const best = Math.max(...ranking.map((entry) => entry.score));
      ranking.forEach((entry, i) => {
        const tool = fused.get(entry.name) ?? { name: entry.name, score: 0, sources: {} };
        tool.score += (rankerId === 'a' ? 2 : 1) * (entry.score / best);
        (tool.sources as Record<string, unknown>)[rankerId] = { rank: i + 1, score: entry.score };
        fused.set(entry.name, tool);
      });
    }
    return [...fused.values()].sort(compareRanked).slice(0, limit);
  },
};

const names = (selection: { picks: readonly { name: string }[] }) =>
  selection.picks.map((pick) => pick.name);

describe('a complete fusion', () => {
  it('picks the best of the whole catalogue at any limit: a larger limit only appends', async () => {
    const picker = await pipe(overlapRanker({ id: 'a' }), weightedWords)
      .fuse(overBest)
      .index(tools);
    for (const query of ['send email', 'read file user', 'search issue branch write']) {
      const full = names(await picker.select(query, { limit: tools.length }));
      // The fusion over every tool's full scores, computed here from both rankings in full.
      const sources = await picker.rankings(query, { limit: tools.length });
      const expected = overBest.doFuse(sources, { limit: tools.length }) as FusedTool[];
      expect(full).toEqual(expected.map((tool) => tool.name));
      for (const limit of [1, 2, 5, 13, 40]) {
        expect(names(await picker.select(query, { limit }))).toEqual(full.slice(0, limit));
      }
    }
  });

  it('ranks a scope as the full ranking filtered, whether a ranker honours only or not', async () => {
    const picker = await pipe(overlapRanker({ id: 'a' }), weightedWords)
      .fuse(overBest)
      .index(tools);
    const every17 = tools.filter((_, i) => i % 17 === 0).map((tool) => tool.name);
    const scopes: [ToolScope, (name: string) => boolean][] = [
      [every17, (name) => every17.includes(name)],
      ['tool_1*', (name) => name.startsWith('tool_1')],
      [(tool) => /[24]$/.test(tool.name), (name) => /[24]$/.test(name)],
    ];
    for (const query of ['send email', 'read file user']) {
      const full = names(await picker.select(query, { limit: tools.length }));
      for (const [only, test] of scopes) {
        const expected = full.filter(test);
        expect(expected.length).toBeGreaterThan(0);
        for (const limit of [1, 3, 10]) {
          expect(names(await picker.select(query, { limit, only }))).toEqual(
            expected.slice(0, limit),
          );
        }
      }
    }
  });

  it('cannot also set minDepth', async () => {
    expect(() =>
      pipe(overlapRanker({ id: 'a' }), weightedWords).fuse({ ...overBest, minDepth: 5 }),
    ).toThrow(/both complete and minDepth/);
  });
});
