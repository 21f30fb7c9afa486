import type { LearnerV1, Tool, ToolExample } from '@shortlist/core';
import type { FusedTool, LearnCallV1, LearnerIndexV1 } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.js';
import { sampleQueries, sampleTools } from './sample-tools.js';

export interface DescribeLearnerOptions {
  /** Returns a fresh learner over an empty store; called once per test. */
  readonly create: () => LearnerV1;
  /** The catalogue to index. @default sampleTools */
  readonly tools?: readonly Tool[];
  /** Queries to rerank. @default sampleQueries */
  readonly queries?: readonly string[];
  /** Examples naming catalogue tools in words they do not use; the first one is probed. */
  readonly examples: readonly ToolExample[];
}

/** A fixed fused ranking of the catalogue: every tool, in catalogue order, scores falling. */
const fusedOf = (tools: readonly Tool[]): FusedTool[] =>
  tools.map((tool, i) => ({
    name: tool.name,
    score: tools.length - i,
    sources: { base: { rank: i + 1, score: tools.length - i } },
  }));

const callOf = (
  query: string,
  limit: number,
  fused: readonly FusedTool[],
  extra: Partial<LearnCallV1> = {},
): LearnCallV1 => ({
  query,
  rankings: [{ rankerId: 'base', ranking: fused.map(({ name, score }) => ({ name, score })) }],
  limit,
  fuse: async (depth) => fused.slice(0, depth),
  ...extra,
});

const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);

/**
 * The contract every learner keeps: with nothing learnt it is the fused ranking exactly; it
 * returns at most `limit` catalogue tools, within a scope, and does not mutate what it is given;
 * what `doLearn` taught moves the taught tool up for that request, and `doForget` takes it back;
 * an aborted signal rejects.
 */
export function describeLearner(name: string, options: DescribeLearnerOptions): void {
  const tools = options.tools ?? sampleTools;
  const queries = options.queries ?? sampleQueries;
  const fused = deepFreeze(fusedOf(tools));
  const open = (): Promise<LearnerIndexV1> => options.create().doIndex(tools);
  const probe = options.examples[0]!;

  describe(`${name} (LearnerV1 conformance)`, () => {
    it('declares spec v1, a non-empty id and, when set, a positive minDepth', () => {
      const learner = options.create();
      expect(learner.specificationVersion).toBe('v1');
      expect(typeof learner.id).toBe('string');
      expect(learner.id.length).toBeGreaterThan(0);
      if (learner.minDepth !== undefined) expect(learner.minDepth).toBeGreaterThanOrEqual(1);
    });

    it('is the fused ranking exactly while nothing is learnt', async () => {
      const index = await open();
      for (const query of queries) {
        const { tools: got, vouches } = await index.doRerank(callOf(query, 5, fused));
        expect(got).toEqual(fused.slice(0, 5));
        expect(vouches).toBe(false);
      }
      index.doDispose?.();
    });

    it('moves a taught tool up for its request, within the limit, and forgets it again', async () => {
      const index = await open();
      const before = names((await index.doRerank(callOf(probe.query, 5, fused))).tools);
      await index.doLearn(options.examples);
      const after = await index.doRerank(callOf(probe.query, 5, fused));
      expect(after.tools.length).toBeLessThanOrEqual(5);
      for (const tool of after.tools) expect(tools.some((t) => t.name === tool.name)).toBe(true);
      const at = names(after.tools).indexOf(probe.tool);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(at).toBeLessThan(Math.max(0, before.indexOf(probe.tool)) || 5);
      expect(after.vouches).toBe(true);
      expect(await index.doForget({ all: true })).toBeGreaterThan(0);
      expect(names((await index.doRerank(callOf(probe.query, 5, fused))).tools)).toEqual(before);
      index.doDispose?.();
    });

    it('keeps to the scope and the limit it is given', async () => {
      const index = await open();
      await index.doLearn(options.examples);
      const scope = new Set(tools.filter((tool) => tool.name !== probe.tool).map((t) => t.name));
      const inScope = fused.filter((tool) => scope.has(tool.name));
      for (const limit of [1, 3]) {
        const { tools: got } = await index.doRerank(
          callOf(probe.query, limit, inScope, { only: scope }),
        );
        expect(got.length).toBeLessThanOrEqual(limit);
        for (const tool of got) expect(scope.has(tool.name)).toBe(true);
      }
      index.doDispose?.();
    });

    it('rejects when the signal is already aborted', async () => {
      const index = await open();
      const controller = new AbortController();
      controller.abort();
      await expect(
        index.doRerank(callOf(probe.query, 5, fused, { signal: controller.signal })),
      ).rejects.toThrow();
      index.doDispose?.();
    });
  });
}
