import type { PackerV1, Tool } from '@shortlist/core';
import type { PackCandidate } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { sampleTools } from './sample-tools.js';

export interface DescribePackerOptions {
  /** Returns the packer under test; called once per test. Its `maxTokens` is the budget checked. */
  readonly create: () => PackerV1;
  /** Tools to offer as candidates. @default sampleTools */
  readonly tools?: readonly Tool[];
}

const candidatesOf = (tools: readonly Tool[]): PackCandidate[] =>
  tools.map((tool, i) => ({ name: tool.name, tool, score: tools.length - i, rank: i + 1 }));

/** Seeded subsets in rank order, so the budget is checked against many candidate windows. */
function windows(tools: readonly Tool[], count: number): PackCandidate[][] {
  const out: PackCandidate[][] = [];
  let state = 7;
  for (let w = 0; w < count; w++) {
    const picked = tools.filter(() => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return (state >>> 16) % 3 !== 0;
    });
    out.push(candidatesOf(picked));
  }
  return out;
}

/**
 * The contract every packer keeps: never over budget, every candidate either kept (in rank
 * order, with its token cost) or dropped with a reason, `limit` respected, abort works.
 */
export function describePacker(name: string, options: DescribePackerOptions): void {
  const tools = options.tools ?? sampleTools;

  describe(`${name} (PackerV1 conformance)`, () => {
    it('declares spec v1, an id and a positive integer budget', () => {
      const packer = options.create();
      expect(packer.specificationVersion).toBe('v1');
      expect(typeof packer.id).toBe('string');
      expect(packer.id.length).toBeGreaterThan(0);
      expect(Number.isInteger(packer.maxTokens) && packer.maxTokens > 0).toBe(true);
    });

    it('never exceeds the budget and accounts for every candidate exactly once', async () => {
      const packer = options.create();
      for (const candidates of windows(tools, 12)) {
        for (const limit of [1, 3, candidates.length + 1]) {
          const result = await packer.doPack(candidates, { limit });
          const kept = result.kept.map((entry) => entry.name);
          const dropped = result.dropped.map((entry) => entry.name);
          expect(result.kept.length).toBeLessThanOrEqual(limit);
          expect([...kept, ...dropped].sort()).toEqual(
            candidates.map((candidate) => candidate.tool.name).sort(),
          );
          const total = result.kept.reduce((sum, entry) => sum + entry.tokens, 0);
          expect(total).toBe(result.totalTokens);
          expect(total).toBeLessThanOrEqual(packer.maxTokens);
          for (const entry of result.kept) {
            expect(Number.isInteger(entry.tokens) && entry.tokens > 0).toBe(true);
          }
          const rankOf = new Map(candidates.map((c) => [c.tool.name, c.rank]));
          const ranks = kept.map((keptName) => rankOf.get(keptName)!);
          expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
          for (const entry of result.dropped) {
            expect(['over-budget', 'larger-than-budget', 'over-limit']).toContain(entry.reason);
          }
        }
      }
    });

    it('keeps nothing from no candidates', async () => {
      const result = await options.create().doPack([], { limit: 5 });
      expect(result.kept).toEqual([]);
      expect(result.dropped).toEqual([]);
      expect(result.totalTokens).toBe(0);
    });

    it('gives the same answer every time for the same candidates', async () => {
      const packer = options.create();
      const candidates = candidatesOf(tools);
      const first = await packer.doPack(candidates, { limit: 5 });
      const second = await packer.doPack(candidates, { limit: 5 });
      expect(second).toEqual(first);
    });

    it('rejects when the signal is already aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      await expect(
        Promise.resolve().then(() =>
          options.create().doPack(candidatesOf(tools), { limit: 5, signal: controller.signal }),
        ),
      ).rejects.toThrow();
    });
  });
}
