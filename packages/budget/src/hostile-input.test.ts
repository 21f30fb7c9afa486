import { bm25 } from '@shortlist/bm25';
import { InvalidArgumentError, pipe, type Tool, toTools } from '@shortlist/core';
import { MAX_TOKEN_RUN, type PackCandidate } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { budget } from './budget.js';
import { gptTokenizer } from './gpt-tokenizer.js';
import type { TokenCounter } from './token-counter.js';
import { definitionText } from './tool-definition.js';

const window = (tools: readonly Tool[]): PackCandidate[] =>
  tools.map((tool, i) => ({ name: tool.name, tool, score: tools.length - i, rank: i + 1 }));

const longestRun = (text: string): number => {
  let longest = 0;
  for (const match of text.matchAll(/[\p{L}\p{M}]+|[^\s\p{L}\p{M}\p{N}]+|\s+/gu)) {
    longest = Math.max(longest, match[0].length);
  }
  return longest;
};

/** A real counter that records the longest run of one character class it was given. */
async function watchedCounter(): Promise<TokenCounter & { longest: number; calls: number }> {
  const inner = await gptTokenizer();
  const counter = {
    encoding: inner.encoding,
    longest: 0,
    calls: 0,
    count(text: string) {
      counter.calls++;
      counter.longest = Math.max(counter.longest, longestRun(text));
      return inner.count(text);
    },
  };
  return counter;
}

describe('budget() under hostile tools', () => {
  it('never hands the tokenizer a run longer than MAX_TOKEN_RUN, and never under-counts', async () => {
    const counter = await watchedCounter();
    const tools = toTools([
      { name: 'blob', description: 'x'.repeat(80_000) },
      { name: 'cjk', description: '的一是不了人我在有他这'.repeat(2_000) },
      { name: 'word', description: 'internationalization'.repeat(300) },
    ]);
    const packer = budget(1_000_000, { tokenizer: counter });
    const result = await packer.doPack(window(tools), { limit: 5 });
    expect(counter.longest).toBeLessThanOrEqual(MAX_TOKEN_RUN);
    expect(result.kept).toHaveLength(3);
    // The exact count of a 6,000-letter word is still affordable to compute here.
    const exact = (await gptTokenizer()).count(definitionText(tools[2]!, 'openai-chat'));
    expect(result.kept[2]!.tokens).toBeGreaterThanOrEqual(exact);
    expect(result.kept[2]!.tokens).toBeLessThan(exact * 1.15);
  });

  it('lets the event loop turn while it measures a huge definition', async () => {
    const tools = toTools([{ name: 'huge', description: 'search the archive '.repeat(40_000) }]);
    // A budget it fits, so it must be measured, not skipped by its lower bound.
    const packer = budget(1_000_000);
    await packer.doPrepare!([], {});
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    try {
      const result = await packer.doPack(window(tools), { limit: 5 });
      expect(result.kept[0]!.name).toBe('huge');
      expect(result.kept[0]!.tokens).toBeGreaterThan(120_000);
    } finally {
      clearInterval(ticking);
    }
    expect(turns).toBeGreaterThan(0);
  });

  it('drops a tool whose bytes alone prove it over the budget without tokenizing it', async () => {
    const counter = await watchedCounter();
    const tools = toTools([
      { name: 'send_email', description: 'Send an email' },
      { name: 'huge', description: 'the archive '.repeat(60_000) },
    ]);
    const result = await budget(4000, { tokenizer: counter }).doPack(window(tools), { limit: 5 });
    expect(result.kept.map((tool) => tool.name)).toEqual(['send_email']);
    expect(result.dropped).toEqual([{ name: 'huge', reason: 'larger-than-budget' }]);
    expect(counter.calls).toBe(1);
  });

  it('rejects a counter that answers NaN or a fraction with a typed error', async () => {
    for (const answer of [Number.NaN, 1.5, -1, Number.POSITIVE_INFINITY]) {
      const packer = budget(100, { tokenizer: { encoding: 'o200k_base', count: () => answer } });
      const error = await Promise.resolve()
        .then(() => packer.doPack(window(toTools([{ name: 'a', description: 'b' }])), { limit: 5 }))
        .catch((caught: unknown) => caught);
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain(`returned ${String(answer)}`);
    }
  });

  it('names a tool whose schema JSON cannot encode when the catalogue is indexed', async () => {
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 10_000; i++) deep = { type: 'object', properties: { x: deep } };
    const schemas = [cyclic, { type: 'object', properties: { n: { default: 10n } } }, deep];
    for (const parameters of schemas) {
      const tools = [
        { name: 'fine', description: 'Send an email', parameters: { type: 'object' } },
        { name: 'broken_tool', description: 'Send a fax', parameters },
      ];
      const error = await pipe(bm25())
        .pack(budget(4000))
        .index(tools)
        .catch((caught: unknown) => caught);
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('"broken_tool"');
    }
  });
});
