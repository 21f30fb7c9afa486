import type { FusionV1 } from '@shortlist/core';
import type { SourceRanking } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.js';

export interface DescribeFusionOptions {
  /** Returns the fusion under test; called once per test. */
  readonly create: () => FusionV1;
}

/** Three rankers that agree on some tools, disagree on others and each miss some. */
const rankings: readonly SourceRanking[] = [
  {
    rankerId: 'bm25',
    ranking: [
      { name: 'send_email', score: 12.5 },
      { name: 'search_email', score: 9.25 },
      { name: 'post_chat_message', score: 3 },
      { name: 'delete_file', score: 1 },
    ],
  },
  {
    rankerId: 'tfidf',
    ranking: [
      { name: 'post_chat_message', score: 0.81 },
      { name: 'send_email', score: 0.64 },
      { name: 'page_on_call_engineer', score: 0.2 },
    ],
  },
  {
    rankerId: 'semantic',
    ranking: [
      { name: 'page_on_call_engineer', score: 0.9 },
      { name: 'post_chat_message', score: 0.88 },
      { name: 'send_email', score: 0.5 },
      { name: 'create_support_ticket', score: 0.41 },
      { name: 'upload_file', score: 0.1 },
    ],
  },
];

/** Two rankings that tie every tool, so only the name can order them. */
const tied: readonly SourceRanking[] = [
  {
    rankerId: 'a',
    ranking: [
      { name: 'b_tool', score: 1 },
      { name: 'a_tool', score: 1 },
    ],
  },
  {
    rankerId: 'b',
    ranking: [
      { name: 'a_tool', score: 1 },
      { name: 'b_tool', score: 1 },
    ],
  },
];

/**
 * The contract every fusion keeps: well-formed output within the limit, only tools some source
 * returned, each source's rank and score kept, ties by name, and no dependence on input order.
 */
export function describeFusion(name: string, options: DescribeFusionOptions): void {
  describe(`${name} (FusionV1 conformance)`, () => {
    it('declares spec v1 and a non-empty id', () => {
      const fusion = options.create();
      expect(fusion.specificationVersion).toBe('v1');
      expect(typeof fusion.id).toBe('string');
      expect(fusion.id.length).toBeGreaterThan(0);
    });

    it('fuses into unique tools some source returned, best first, within the limit', async () => {
      const all = new Set(rankings.flatMap((source) => source.ranking.map((entry) => entry.name)));
      for (const limit of [1, 3, 100]) {
        const fused = await options.create().doFuse(rankings, { limit });
        expect(fused.length).toBe(Math.min(limit, all.size));
        const names = fused.map((entry) => entry.name);
        expect(new Set(names).size).toBe(names.length);
        for (let i = 0; i < fused.length; i++) {
          const entry = fused[i]!;
          expect(all.has(entry.name)).toBe(true);
          expect(Number.isFinite(entry.score)).toBe(true);
          if (i > 0) {
            const previous = fused[i - 1]!;
            expect(entry.score).toBeLessThanOrEqual(previous.score);
            if (entry.score === previous.score) expect(previous.name < entry.name).toBe(true);
          }
        }
      }
    });

    it("keeps each source's 1-based rank and raw score, and nothing for sources that missed", async () => {
      const fused = await options.create().doFuse(rankings, { limit: 100 });
      for (const entry of fused) {
        for (const source of rankings) {
          const position = source.ranking.findIndex((ranked) => ranked.name === entry.name);
          const placement = entry.sources[source.rankerId];
          if (position === -1) {
            expect(placement).toBeUndefined();
          } else {
            expect(placement).toEqual({
              rank: position + 1,
              score: source.ranking[position]!.score,
            });
          }
        }
      }
    });

    it('keeps, when told a scope (`only`), the order and scores of the tools in it', async () => {
      const all = await options.create().doFuse(rankings, { limit: 100 });
      for (const kept of [
        ['send_email'],
        ['upload_file', 'delete_file', 'page_on_call_engineer'],
      ]) {
        const only = new Set(kept);
        const scoped = await options.create().doFuse(rankings, { limit: 100, only });
        const inScope = (entry: { name: string }) => only.has(entry.name);
        // A fusion may ignore the scope; what it returns in scope must not change.
        expect(scoped.filter(inScope)).toEqual(all.filter(inScope));
      }
    });

    it('breaks ties by tool name', async () => {
      const fused = await options.create().doFuse(tied, { limit: 10 });
      expect(fused.map((entry) => entry.name)).toEqual(['a_tool', 'b_tool']);
    });

    it('does not depend on the order of the rankings', async () => {
      const forward = await options.create().doFuse(rankings, { limit: 100 });
      const backward = await options.create().doFuse([...rankings].reverse(), { limit: 100 });
      expect(backward.map((entry) => entry.name)).toEqual(forward.map((entry) => entry.name));
      backward.forEach((entry, i) => {
        expect(entry.score).toBeCloseTo(forward[i]!.score, 9);
      });
    });

    it('returns nothing when every ranking is empty or there are none', async () => {
      const fusion = options.create();
      expect(await fusion.doFuse([], { limit: 5 })).toEqual([]);
      expect(
        await fusion.doFuse(
          [
            { rankerId: 'a', ranking: [] },
            { rankerId: 'b', ranking: [] },
          ],
          { limit: 5 },
        ),
      ).toEqual([]);
    });

    it('does not mutate its input', async () => {
      const frozen = deepFreeze(structuredClone(rankings));
      await options.create().doFuse(frozen, { limit: 10 });
      expect(frozen).toEqual(rankings);
    });
  });
}
