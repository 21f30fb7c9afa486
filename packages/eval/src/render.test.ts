import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compare } from './compare.js';
import { evaluate } from './evaluate.js';
import { loadDataset } from './load-dataset.js';
import { toJSON } from './to-json.js';
import { toMarkdown } from './to-markdown.js';

/** Collapses the padding that aligns columns, so rows compare by content. */
const squash = (text: string) => text.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---');

const tiny = fileURLToPath(new URL('./fixtures/tiny', import.meta.url));
const firstRelevant =
  (dataset: Awaited<ReturnType<typeof loadDataset>>) => async (query: string) => [
    dataset.queries.find((entry) => entry.query === query)!.relevant[0]!,
  ];

describe('toMarkdown', () => {
  it('renders reports side by side as percent with intervals', async () => {
    const dataset = await loadDataset(tiny);
    const perfect = await evaluate(firstRelevant(dataset), dataset, { name: 'perfect' });
    const empty = await evaluate(async () => [], dataset, { name: 'empty' });
    const markdown = toMarkdown([perfect, empty], { metrics: ['hit@1', 'complete@1'] });
    const widths = new Set(markdown.split('\n').map((line) => line.length));
    expect(widths.size).toBe(1); // padded so the columns line up
    const lines = squash(markdown).split('\n');
    expect(lines[0]).toBe(
      '| pipeline | dataset | queries | hit@1 | complete@1 | p50 ms | p99 ms |',
    );
    expect(lines[1]).toBe('| --- | --- | --- | --- | --- | --- | --- |');
    // complete@1 is 0 for the two multi-tool queries: 3/5.
    expect(lines[2]).toMatch(
      /^\| perfect \| tiny \| 5 \| 100\.0 \[100\.0, 100\.0\] \| 60\.0 \[\d+\.\d, \d+\.\d\] \|/,
    );
    expect(lines[3]).toMatch(
      /^\| empty \| tiny \| 5 \| 0\.0 \[0\.0, 0\.0\] \| 0\.0 \[0\.0, 0\.0\] \|/,
    );
  });

  it('adds per-group tables on request', async () => {
    const dataset = await loadDataset(tiny);
    const report = await evaluate(firstRelevant(dataset), dataset, { name: 'perfect' });
    const markdown = squash(toMarkdown(report, { metrics: ['complete@1'], groups: true }));
    expect(markdown).toContain('perfect on tiny, by group:');
    expect(markdown).toContain('| multi | 2 | 0.0 [0.0, 0.0] |');
    expect(markdown).toContain('| simple | 3 | 100.0 [100.0, 100.0] |');
  });

  it('renders a comparison as differences in points with the share of resamples ahead', async () => {
    const dataset = await loadDataset(tiny);
    const perfect = await evaluate(firstRelevant(dataset), dataset, { name: 'perfect' });
    const empty = await evaluate(async () => [], dataset, { name: 'empty' });
    const markdown = squash(toMarkdown(compare(perfect, empty), { metrics: ['hit@1'] }));
    expect(markdown.split('\n')).toEqual([
      '| metric | perfect | empty | perfect − empty | P(perfect ahead) |',
      '| --- | --- | --- | --- | --- |',
      '| hit@1 | 100.0 | 0.0 | +100.0 [+100.0, +100.0] | 100.0% |',
    ]);
  });
});

describe('toJSON', () => {
  it('leaves per-query values out unless asked, and round-trips the figures', async () => {
    const dataset = await loadDataset(tiny);
    const report = await evaluate(firstRelevant(dataset), dataset, { name: 'perfect' });
    const summary = JSON.parse(toJSON(report));
    expect(summary.perQuery).toBeUndefined();
    expect(summary.metrics['hit@1']).toEqual({ mean: 1, low: 1, high: 1 });
    expect(summary.groups).toHaveLength(2);
    const full = JSON.parse(toJSON([report], { perQuery: true }));
    expect(full[0].perQuery.ids).toHaveLength(5);
    expect(full[0].perQuery.values['complete@1']).toEqual([1, 1, 1, 0, 0]);
    const comparison = JSON.parse(toJSON(compare(report, report)));
    expect(comparison.metrics.mrr.difference.mean).toBe(0);
  });
});
