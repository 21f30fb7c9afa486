import { InvalidArgumentError, pipe } from '@shortlist/core';
import type { Progress } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { fitFusion } from './fit-fusion.js';
import { fusionFromJSON } from './fusion-from-json.js';
import { syntheticRanker, syntheticTools } from './test-rankers.js';

const tools = syntheticTools(80);
const queries = Array.from({ length: 80 }, (_, i) => ({ query: `q${i}`, relevant: [`t${i}`] }));

describe('fitFusion', () => {
  it('weights a pure-noise ranker down and beats uniform RRF', async () => {
    const picker = await pipe(
      syntheticRanker('signal', 1, 0.5),
      syntheticRanker('noise', 2, 0, false),
    )
      .fuse(fusionFromJSON({ method: 'rrf', k: 60, weights: {} }))
      .index(tools);
    const fit = await fitFusion(picker, queries, { depth: 20 });
    const { weights } = fit.config;
    expect(weights.noise ?? 1).toBeLessThan(weights.signal ?? 1);
    expect(weights.noise).toBeLessThanOrEqual(0.2);
    expect(fit.score).toBeGreaterThan(fit.baselines.rrf + 0.1);
    expect(fit.score).toBeGreaterThanOrEqual(fit.baselines.rankers.signal! - 0.002);
    expect(fit.baselines.rankers.noise).toBeLessThan(0.2);
    expect(fit.fusion.config).toEqual(fit.config);
    expect(fit.trials[0]).toEqual({
      config: { method: 'rrf', k: 60, weights: {} },
      score: fit.baselines.rrf,
    });
  });

  it('fuses two complementary rankers better than either alone', async () => {
    const picker = await pipe(syntheticRanker('a', 3, 0.45), syntheticRanker('b', 4, 0.45))
      .fuse(fusionFromJSON({ method: 'rrf', k: 60, weights: {} }))
      .index(tools);
    const fit = await fitFusion(picker, queries, { metric: 'hit@1', depth: 20 });
    expect(fit.score).toBeGreaterThan(Math.max(fit.baselines.rankers.a!, fit.baselines.rankers.b!));
  });

  it('ranks each query once, reports progress, and cross-validates when asked', async () => {
    const counted = syntheticRanker('signal', 1, 0.5);
    let calls = 0;
    const counting = {
      ...counted,
      async doIndex(...args: Parameters<typeof counted.doIndex>) {
        const index = await counted.doIndex(...args);
        return {
          ...index,
          doRank: (q: string, o: { limit: number }) => {
            calls++;
            return index.doRank(q, o);
          },
        };
      },
    };
    const picker = await pipe(counting, syntheticRanker('noise', 2, 0, false))
      .fuse(fusionFromJSON({ method: 'rrf', k: 60, weights: {} }))
      .index(tools);
    const progress: Progress[] = [];
    const fit = await fitFusion(picker, queries, {
      depth: 20,
      folds: 4,
      ks: [60],
      normalizations: ['minmax'],
      weightStep: 0.25,
      onProgress: (p) => progress.push(p),
    });
    expect(calls).toBe(queries.length);
    expect(fit.trials.length).toBe(2 + 4 * 2);
    expect(progress.filter((p) => p.phase === 'rank').length).toBe(queries.length);
    expect(progress.at(-1)).toEqual({ phase: 'search', done: 10, total: 10 });
    expect(fit.crossValidation?.folds).toBe(4);
    expect(fit.crossValidation!.score).toBeGreaterThan(fit.crossValidation!.baseline);
  });

  it('prefers the simpler config when scores are within the tolerance', async () => {
    const picker = await pipe(syntheticRanker('a', 5, 0.6), syntheticRanker('b', 6, 0.6))
      .fuse(fusionFromJSON({ method: 'rrf', k: 60, weights: {} }))
      .index(tools);
    const fit = await fitFusion(picker, queries, { depth: 20, tolerance: 1 });
    expect(fit.config).toEqual({ method: 'rrf', k: 60, weights: {} });
  });

  it('rejects bad input and stops when aborted', async () => {
    const picker = await pipe(syntheticRanker('a', 1, 0.5), syntheticRanker('b', 2, 0.5))
      .fuse(fusionFromJSON({ method: 'rrf', k: 60, weights: {} }))
      .index(tools);
    await expect(fitFusion(picker, [])).rejects.toThrow(InvalidArgumentError);
    await expect(fitFusion(picker, [{ query: 'q1', relevant: [] }])).rejects.toThrow(
      /at least one relevant tool name/,
    );
    await expect(fitFusion(picker, queries, { metric: 'map@5' as never })).rejects.toThrow(
      /'ndcg@k', 'hit@k', 'recall@k'/,
    );
    await expect(fitFusion(picker, queries, { weightStep: 0.3 })).rejects.toThrow(/divide 1/);
    await expect(fitFusion(picker, queries, { depth: 0 })).rejects.toThrow(/depth/);
    const single = await pipe(syntheticRanker('a', 1, 0.5)).index(tools);
    await expect(fitFusion(single, queries)).rejects.toThrow(/at least two rankers/);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(fitFusion(picker, queries, { signal: controller.signal })).rejects.toThrow('stop');
  });
});
