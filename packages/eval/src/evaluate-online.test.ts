import {
  type FusionV1,
  InvalidArgumentError,
  pipe,
  type RankerV1,
  type ToolExample,
  toTools,
} from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import type { Dataset } from './dataset.js';
import { evaluateOnline, shuffledQueries } from './evaluate-online.js';
import { onlineMarkdown } from './online-markdown.js';
import { overlapRanker } from './test-parts.js';

/** Ranks the tools taught for exactly this query first: learning at its simplest. */
const memorizer = (): RankerV1 => ({
  specificationVersion: 'v1',
  id: 'memo',
  async doIndex(tools) {
    const taught = new Map<string, string[]>();
    return {
      size: tools.length,
      doRank: (query) => (taught.get(query) ?? []).map((name, i) => ({ name, score: 100 - i })),
      async doLearn(examples: readonly ToolExample[]) {
        for (const { query, tool } of examples)
          taught.set(query, [tool, ...(taught.get(query) ?? [])]);
      },
    };
  },
});
const sum: FusionV1 = {
  specificationVersion: 'v1',
  id: 'sum',
  doFuse(rankings, { limit }) {
    const scores = new Map<string, number>();
    for (const { ranking } of rankings)
      for (const t of ranking) scores.set(t.name, (scores.get(t.name) ?? 0) + t.score);
    return [...scores]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([name, score]) => ({ name, score, sources: {} }));
  },
};

const tools = toTools(
  ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'].map((name) => ({
    name,
    description: `the ${name} tool`,
  })),
);
/** Ten requests asked ten times each, in words no tool has: only learning can answer them. */
const dataset: Dataset = {
  name: 'repeats',
  tools,
  queries: Array.from({ length: 100 }, (_, i) => ({
    id: `q${i}`,
    query: `request number ${i % 10}`,
    relevant: [tools[(i % 10) % 6]!.name],
  })),
};

describe('evaluateOnline', () => {
  it('scores each request before teaching it, so repeats gain and first asks do not', async () => {
    const learner = await pipe(overlapRanker(), memorizer()).fuse(sum).index(tools);
    const baseline = await pipe(overlapRanker()).index(tools);
    const report = await evaluateOnline(learner, baseline, dataset, {
      windows: [0, 10, 100],
      limit: 5,
    });
    expect(report.requests).toBe(100);
    expect(report.windows.map((w) => [w.from, w.to])).toEqual([
      [0, 10],
      [10, 100],
    ]);
    expect(report.windows[1]!.learner['hit@1']).toBeGreaterThan(0.8);
    expect(report.windows[1]!.baseline['hit@1']).toBe(0);
    expect(report.windows[1]!.difference['hit@1'].low).toBeGreaterThan(0.5);
    expect(onlineMarkdown(report, { baseline: 'plain' })).toMatch(/\| 10–100 +\| 0\.0 +\|/);
  });

  it('with all feedback wrong, learns nothing right', async () => {
    const learner = await pipe(overlapRanker(), memorizer()).fuse(sum).index(tools);
    const baseline = await pipe(overlapRanker()).index(tools);
    const report = await evaluateOnline(learner, baseline, dataset, { feedbackNoise: 1, limit: 5 });
    expect(report.windows.every((w) => w.learner['hit@1'] === 0)).toBe(true);
  });

  it('streams in the same order for the same seed, another for another', () => {
    const ids = (seed: number) => shuffledQueries(dataset.queries, seed).map((q) => q.id);
    expect(ids(1)).toEqual(ids(1));
    expect(ids(2)).not.toEqual(ids(1));
    expect([...ids(2)].sort()).toEqual(dataset.queries.map((q) => q.id).sort());
  });

  it('refuses a learner that cannot learn and options that make no sense', async () => {
    const plain = await pipe(overlapRanker()).index(tools);
    await expect(evaluateOnline(plain, plain, dataset)).rejects.toThrow(/must learn from examples/);
    const learner = await pipe(overlapRanker(), memorizer()).fuse(sum).index(tools);
    for (const options of [
      { feedbackNoise: 2 },
      { limit: 3 },
      { windows: [5, 10] },
      { requests: 0 },
    ]) {
      await expect(evaluateOnline(learner, plain, dataset, options)).rejects.toThrow(
        InvalidArgumentError,
      );
    }
  });
});
