import { InvalidArgumentError, toTools } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown.js';
import { runBench } from './run-bench.js';

describe('runBench', () => {
  it('measures every asked ranker and the budget section, and renders them', async () => {
    const report = await runBench({
      sizes: [300],
      queries: 20,
      rankers: ['bm25', 'orama'],
      budgetSize: 300,
      tokenizerDefinitions: 40,
      vectorSizes: [300],
      vectorDimensions: [256],
      definitions: {
        source: 'two real tools',
        tools: toTools([
          { name: 'send_email', description: 'Send an email to a colleague.' },
          { name: 'get_weather', description: 'Current weather for a city.' },
        ]),
      },
    });
    expect(report.rankers.map((r) => [r.ranker, r.size, r.queries])).toEqual([
      ['bm25', 300, 20],
      ['orama', 300, 20],
    ]);
    for (const r of report.rankers) {
      expect(r.p50Us).toBeGreaterThan(0);
      expect(r.p99Us).toBeGreaterThanOrEqual(r.p50Us);
      expect(r.restoreMs).toBeGreaterThan(0);
      expect(r.restoreNote).toBeUndefined();
    }
    expect(report.ratios.map((ratio) => ratio.label)).toEqual([
      'orama p50 / bm25 p50 (bm25 speed-up)',
    ]);
    const tokenizers = report.budget!.tokenizers;
    expect(tokenizers.map((t) => [t.source, t.tokenizer, t.definitions, t.mismatches])).toEqual([
      ['two real tools', 'gpt-tokenizer', 2, 0],
      ['two real tools', 'tiktoken', 2, 0],
      ['synthetic', 'gpt-tokenizer', 40, 0],
      ['synthetic', 'tiktoken', 40, 0],
    ]);
    expect(report.budget!.packing!.queries).toBe(20);
    expect(report.vectors!.map((v) => [v.kind, v.size, v.dimensions, v.k, v.identical])).toEqual([
      ['semantic', 300, 256, 10, true],
      ['intent', 300, 256, 200, true],
    ]);
    expect(report.vectors![0]!.method).toBe('quantized');
    expect(report.vectors![0]!.rankP50Us).toBeGreaterThan(0);
    expect(report.vectors![0]!.bruteP50Us).toBeGreaterThan(0);
    expect(report.vectors![0]!.bytesPerVector).toBeGreaterThan(256 * 4);
    const markdown = renderMarkdown(report);
    expect(markdown).toContain('## Vector search');
    expect(markdown).toContain('PASS vector index returns the brute-force scan');
    expect(markdown).toContain('| bm25 ');
    expect(markdown).toContain('the same .pack(budget(2000))');
    expect(markdown).toContain('| 2 two real tools ');
    expect(markdown).toMatch(/- two real tools: gpt-tokenizer is [\d.]+× as fast as tiktoken/);
  }, 120_000);

  it('rejects unknown rankers and bad sizes with typed errors', async () => {
    await expect(runBench({ rankers: ['bm26'] })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(runBench({ sizes: [0] })).rejects.toThrow(/options\.sizes/);
    await expect(runBench({ queries: 1.5 })).rejects.toThrow(/options\.queries/);
  });
});
