import { bm25 } from '@shortlist/bm25';
import { pipe, type Tool } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { budget } from './budget.js';
import { gptTokenizer } from './gpt-tokenizer.js';
import { readBenchmarkTools } from './test-benchmark-tools.js';
import { tiktokenTokenizer } from './tiktoken-tokenizer.js';
import type { TokenCounter } from './token-counter.js';
import { definitionText } from './tool-definition.js';
import { upperBoundTokenizer } from './upper-bound-tokenizer.js';

const tools: Tool[] = readBenchmarkTools('bfcl').slice(0, 500);

async function tracked(make: () => Promise<TokenCounter>) {
  const inner = await make();
  const counter = {
    encoding: inner.encoding,
    calls: 0,
    disposed: false,
    count: (text: string) => {
      counter.calls++;
      return inner.count(text);
    },
    dispose: () => {
      counter.disposed = true;
      inner.dispose?.();
    },
  };
  return counter;
}

describe('budget() in a pipeline', () => {
  it('select() keeps picks within the budget, each costed by an upper bound of its real definition', async () => {
    const picker = await pipe(bm25())
      .pack(budget(600, { model: 'gpt-4o' }))
      .index(tools);
    const [bound, o200k] = [await upperBoundTokenizer(), await gptTokenizer()];
    const selection = await picker.select('calculate the area of a triangle', { limit: 5 });
    expect(selection.picks.length).toBeGreaterThan(0);
    expect(selection.totalTokens).toBeLessThanOrEqual(600);
    for (const pick of selection.picks) {
      const text = definitionText(pick.tool, 'openai-chat');
      expect(pick.tokens).toBe(bound.count(text));
      expect(pick.tokens).toBeGreaterThanOrEqual(o200k.count(text));
    }
    expect(selection.totalTokens).toBe(selection.picks.reduce((sum, p) => sum + p.tokens!, 0));
    picker.dispose();
  });

  it('measures lazily, caches across queries, and frees a WASM tokenizer on picker.dispose()', async () => {
    const counter = await tracked(() => tiktokenTokenizer());
    const picker = await pipe(bm25())
      .pack(budget(2000, { tokenizer: counter }))
      .index(tools);
    expect(counter.calls).toBe(0);
    await picker.select('weather forecast for a city', { limit: 5 });
    const afterFirst = counter.calls;
    expect(afterFirst).toBeGreaterThan(0);
    expect(afterFirst).toBeLessThanOrEqual(20);
    await picker.select('weather forecast for a city', { limit: 5 });
    expect(counter.calls).toBe(afterFirst);
    picker.dispose();
    expect(counter.disposed).toBe(true);
  });

  it('measures every tool at index time with eager: true, and added tools on add()', async () => {
    const counter = await tracked(() => gptTokenizer());
    const picker = await pipe(bm25())
      .pack(budget(2000, { tokenizer: counter, eager: true }))
      .index(tools.slice(0, 400));
    expect(counter.calls).toBe(400);
    await picker.add(tools.slice(400));
    expect(counter.calls).toBe(500);
    await picker.select('convert currency', { limit: 5 });
    expect(counter.calls).toBe(500);
    picker.dispose();
  });
});
