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
  it('a restore loads no tokenizer and serialises no tool until a pack needs one; packs match the indexed picker', async () => {
    const indexed = await pipe(bm25())
      .pack(budget(600, { model: 'gpt-4o' }))
      .index(tools);
    const snapshots = indexed.snapshot();
    const counter = await tracked(() => upperBoundTokenizer());
    let serialised = 0;
    const format = (tool: Tool) => {
      serialised++;
      return definitionText(tool, 'openai-chat');
    };
    const restored = await pipe(bm25())
      .pack(budget(600, { tokenizer: counter, format }))
      .restore(tools, snapshots);
    expect([counter.calls, serialised]).toEqual([0, 0]);
    for (const query of ['calculate the area of a triangle', 'weather forecast for a city']) {
      const [want, got] = [await indexed.select(query), await restored.select(query)];
      expect(got.picks.map((p) => [p.name, p.tokens])).toEqual(
        want.picks.map((p) => [p.name, p.tokens]),
      );
      expect(got.totalTokens).toBeLessThanOrEqual(600);
    }
    expect(serialised).toBeGreaterThan(0);
    expect(serialised).toBeLessThan(tools.length / 5);
    indexed.dispose();
    restored.dispose();
  });

  it('a restored picker names a tool JSON cannot encode when a pack first reads it', async () => {
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    const fax = { name: 'fax_tool', description: 'Send a fax', parameters: cyclic };
    const plain = { name: 'fax_tool', description: 'Send a fax', parameters: { type: 'object' } };
    const snapshots = (
      await pipe(bm25())
        .pack(budget(600))
        .index([...tools, plain])
    ).snapshot();
    const restored = await pipe(bm25())
      .pack(budget(600))
      .restore([...tools, fax], snapshots);
    await expect(restored.select('send a fax')).rejects.toThrow(
      /tool "fax_tool" cannot be serialised/,
    );
    await expect(
      pipe(bm25())
        .pack(budget(600))
        .index([...tools, fax]),
    ).rejects.toThrow(/tool "fax_tool" cannot be serialised/);
  });
});
