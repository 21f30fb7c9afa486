import { fileURLToPath } from 'node:url';
import { type FusionV1, pipe } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { abstentionRequests } from './abstention-requests.js';
import type { Dataset } from './dataset.js';
import { evaluateAbstention } from './evaluate-abstention.js';
import { loadDataset } from './load-dataset.js';
import { overlapRanker } from './test-parts.js';

const tiny = fileURLToPath(new URL('./fixtures/tiny', import.meta.url));

/** Sums the two overlap rankings; confident in proportion to the words the first pick shares. */
const sharedWords: FusionV1 = {
  specificationVersion: 'v1',
  id: 'shared-words',
  abstainBelow: 0.6,
  doConfidence: ({ fused }) => {
    const first = fused[0]!.score / 2;
    return { first: first / (1 + first), top5: first / (1 + first) };
  },
  doFuse(rankings, { limit }) {
    const scores = new Map<string, number>();
    for (const { ranking } of rankings)
      for (const entry of ranking)
        scores.set(entry.name, (scores.get(entry.name) ?? 0) + entry.score);
    return [...scores]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([name, score]) => ({ name, score, sources: {} }));
  },
};

describe('evaluateAbstention', () => {
  it('abstains through the real picker, and restores the tools a leave-out request removed', async () => {
    const catalogue = await loadDataset(tiny);
    const other: Dataset = {
      name: 'other',
      tools: [],
      queries: [{ id: 'o1', query: 'integrate x squared', relevant: ['integral'], split: 'test' }],
    };
    const picker = await pipe(overlapRanker(), { ...overlapRanker(), id: 'again' })
      .fuse(sharedWords)
      .index(catalogue.tools);
    const requests = abstentionRequests(catalogue, [other], 'test');
    const report = await evaluateAbstention(picker, catalogue, requests, { resamples: 200 });
    const outcome = (id: string) => report.outcomes.find((o) => o.request.id === id)!;
    // "weather" alone: one shared word, confidence 1/2 under the bar of 0.6.
    expect(outcome('simple_0').abstained).toMatch(/no tool fits/);
    expect(outcome('simple_0').firstRight).toBe(true);
    // "translate" and "text": two words, confidence 2/3, answered.
    expect(outcome('simple_2').abstained).toBeUndefined();
    expect(outcome('simple_2').ndcg).toBe(1);
    expect(outcome('other:o1').abstained).toBe('no tool matched');
    // translate_text out: nothing shares a word, so nothing is offered.
    expect(outcome('leave-out:simple_2').abstained).toBe('no tool matched');
    expect(report.counts).toEqual({ own: 2, foreign: 1, leaveOut: 1, leaveOutSibling: 1 });
    expect(report.falseAbstention.mean).toBe(0.5);
    expect(report.ndcg.mean).toBe(1);
    expect(report.ndcgAbstaining.mean).toBe(0.5);
    expect(report.foreignAbstained.mean).toBe(1);
    expect(report.calibration?.ece).toBeCloseTo((0.5 + 1 / 3) / 2, 12);
    expect(picker.size).toBe(catalogue.tools.length);
    expect((await picker.select('translate text')).picks[0]?.name).toBe('translate_text');
    picker.dispose();
  });
});
