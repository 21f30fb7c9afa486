import { fileURLToPath } from 'node:url';
import { InvalidArgumentError, pipe } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { compare } from './compare.js';
import type { Dataset } from './dataset.js';
import { evaluate } from './evaluate.js';
import { loadDataset } from './load-dataset.js';
import { lengthPacker, overlapRanker } from './test-parts.js';

const tiny = fileURLToPath(new URL('./fixtures/tiny', import.meta.url));

/** Fixed answers per query, so every mean below is computed by hand. */
const answers: Record<string, string[]> = {
  'what is the weather in Paris': ['get_weather~2', 'get_weather'], // rr 1/2
  'email my boss': ['send_email'], // rr 1
  'translate this text to French': ['book_meeting'], // miss
  'bill the customer and email them the invoice': ['send_email', 'book_meeting', 'create_invoice'], // 2 of 2 by 3
  'book a meeting and check the weather': ['book_meeting'], // 1 of 2
};
const fixed = async (query: string) => answers[query] ?? [];

describe('evaluate', () => {
  it('averages every metric over the queries, matching hand computation', async () => {
    const report = await evaluate(fixed, await loadDataset(tiny), { name: 'fixed' });
    expect(report.name).toBe('fixed');
    expect(report.queries).toBe(5);
    const mean = (metric: keyof typeof report.metrics) => report.metrics[metric].mean;
    // hit@1: email, bill (send_email), book => 3/5
    expect(mean('hit@1')).toBeCloseTo(3 / 5, 12);
    // recall@1: 0, 1, 0, 1/2, 1/2 => 2/5
    expect(mean('recall@1')).toBeCloseTo(2 / 5, 12);
    // recall@3: 1, 1, 0, 1, 1/2 => 3.5/5
    expect(mean('recall@3')).toBeCloseTo(3.5 / 5, 12);
    // mrr: 1/2, 1, 0, 1, 1 => 3.5/5
    expect(mean('mrr')).toBeCloseTo(3.5 / 5, 12);
    // complete@3: 1, 1, 0, 1, 0 => 3/5; complete@1: 0, 1, 0, 0, 0
    expect(mean('complete@3')).toBeCloseTo(3 / 5, 12);
    expect(mean('complete@1')).toBeCloseTo(1 / 5, 12);
    // ndcg@10: 1/log2(3), 1, 0, (1 + 1/log2(4)) / (1 + 1/log2(3)), 1 / (1 + 1/log2(3))
    const l3 = 1 / Math.log2(3);
    const expected = (l3 + 1 + 0 + 1.5 / (1 + l3) + 1 / (1 + l3)) / 5;
    expect(mean('ndcg@10')).toBeCloseTo(expected, 12);
    for (const metric of Object.values(report.metrics)) {
      expect(metric.low).toBeLessThanOrEqual(metric.mean);
      expect(metric.high).toBeGreaterThanOrEqual(metric.mean);
    }
    expect(report.tokens).toBeUndefined();
    expect(report.latencyMs.p99).toBeGreaterThanOrEqual(report.latencyMs.p50);
  });

  it('breaks figures down by group and keeps per-query values in dataset order', async () => {
    const report = await evaluate(fixed, await loadDataset(tiny));
    expect(report.groups.map((group) => [group.group, group.queries])).toEqual([
      ['multi', 2],
      ['simple', 3],
    ]);
    expect(report.groups[0]!.metrics['complete@3'].mean).toBe(0.5);
    expect(report.groups[1]!.metrics.mrr.mean).toBeCloseTo(1.5 / 3, 12);
    expect(report.perQuery.ids).toEqual(['simple_0', 'simple_1', 'simple_2', 'multi_0', 'multi_1']);
    expect(Array.from(report.perQuery.values['hit@1'])).toEqual([0, 1, 0, 1, 1]);
  });

  it('scores the lenient relevance and a single split when asked', async () => {
    const dataset = await loadDataset(tiny);
    const lenient = await evaluate(fixed, dataset, { relevance: 'any-variant' });
    expect(lenient.perQuery.values['hit@1'][0]).toBe(1);
    const test = await evaluate(fixed, dataset, { split: 'test' });
    expect(test.split).toBe('test');
    expect(test.perQuery.ids).toEqual(['simple_0', 'simple_2']);
    await expect(evaluate(fixed, dataset, { split: 'dev' })).rejects.toThrow(/no query in split/);
  });

  it('runs a real picker, asks for `limit` tools and reports the token cost it packed', async () => {
    const dataset = await loadDataset(tiny);
    const picker = await pipe(overlapRanker()).pack(lengthPacker()).index(dataset.tools);
    const report = await evaluate(picker, dataset, { limit: 1 });
    expect(report.limit).toBe(1);
    // With limit 1 recall@3 can be no more than recall@1.
    expect(report.metrics['recall@3'].mean).toBe(report.metrics['recall@1'].mean);
    const tokens = Array.from(report.perQuery.tokens!);
    expect(tokens).toHaveLength(5);
    expect(report.tokens!.mean).toBeCloseTo(tokens.reduce((a, b) => a + b, 0) / 5, 12);
    // "email my boss" overlaps only send_email, whose description is 38 characters long.
    expect(tokens[1]).toBe('Send an email message to a recipient.'.length);
    expect(report.perQuery.values['hit@1'][1]).toBe(1);
  });

  it('judges tied scores in the Ranking order (ascending name)', async () => {
    const tools = [
      { name: 'beta', description: 'weather' },
      { name: 'alpha', description: 'weather' },
    ];
    const dataset: Dataset = {
      name: 'ties',
      tools: [],
      queries: [{ id: 'q', query: 'weather', relevant: ['beta'] }],
    };
    const picker = await pipe(overlapRanker()).index(tools);
    const report = await evaluate(picker, dataset);
    expect(report.metrics['hit@1'].mean).toBe(0);
    expect(report.metrics.mrr.mean).toBe(0.5);
  });

  it('keeps at most `concurrency` queries in flight and reports progress', async () => {
    const dataset = await loadDataset(tiny);
    let inFlight = 0;
    let most = 0;
    const slow = async (query: string) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return answers[query] ?? [];
    };
    const progress: number[] = [];
    await evaluate(slow, dataset, {
      concurrency: 2,
      onProgress: ({ done, total }) => progress.push(done / total),
    });
    expect(most).toBe(2);
    expect(progress).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('stops on an aborted signal and passes picker errors through', async () => {
    const dataset = await loadDataset(tiny);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(evaluate(fixed, dataset, { signal: controller.signal })).rejects.toThrow('stop');
    const failing = async () => {
      throw new InvalidArgumentError({ argument: 'x', expected: 'y', message: 'broken picker' });
    };
    await expect(evaluate(failing, dataset)).rejects.toThrow('broken picker');
    await expect(evaluate({} as never, dataset)).rejects.toThrow(/needs a picker with select/);
    await expect(evaluate(fixed, dataset, { limit: 0 })).rejects.toThrow(InvalidArgumentError);
  });
});

describe('compare', () => {
  it('pairs two reports by query id and states the difference with its interval', async () => {
    const dataset = await loadDataset(tiny);
    const better = await evaluate(fixed, dataset, { name: 'fixed' });
    const worse = await evaluate(async () => ['translate_text'], dataset, { name: 'constant' });
    const comparison = compare(better, worse);
    expect(comparison.a).toBe('fixed');
    expect(comparison.b).toBe('constant');
    const hit = comparison.metrics['hit@1'];
    // fixed hits 3/5; constant hits only simple_2 (which fixed misses) => 1/5.
    expect(hit.a).toBeCloseTo(0.6, 12);
    expect(hit.b).toBeCloseTo(0.2, 12);
    expect(hit.difference.mean).toBeCloseTo(0.4, 12);
    expect(hit.difference.low).toBeLessThanOrEqual(0.4);
    expect(hit.difference.shareAGreater).toBeGreaterThan(0.5);
  });

  it('refuses reports on different queries', async () => {
    const dataset = await loadDataset(tiny);
    const all = await evaluate(fixed, dataset);
    const test = await evaluate(fixed, dataset, { split: 'test' });
    expect(() => compare(all, test)).toThrow(/same queries/);
  });
});
