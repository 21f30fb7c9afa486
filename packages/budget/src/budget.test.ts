import { InvalidArgumentError, type Tool, toTools } from '@shortlist/core';
import type { PackCandidate } from '@shortlist/core/kit';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { budget } from './budget.js';
import type { BudgetOptions } from './budget-options.js';
import { keptRelevance } from './costed-candidate.js';
import { gptTokenizer } from './gpt-tokenizer.js';
import { everyNth, readBenchmarkTools } from './test-benchmark-tools.js';
import { tiktokenTokenizer } from './tiktoken-tokenizer.js';
import type { TokenCounter } from './token-counter.js';
import { definitionText } from './tool-definition.js';
import { upperBoundTokenizer } from './upper-bound-tokenizer.js';

const bfcl = everyNth(readBenchmarkTools('bfcl'), 60);
const window = (tools: readonly Tool[]): PackCandidate[] =>
  tools.map((tool, i) => ({ name: tool.name, tool, score: tools.length - i, rank: i + 1 }));

/** A real tokenizer that records how many times it was asked to count, and whether it was disposed. */
async function countingTokenizer(
  make: () => Promise<TokenCounter> = () => gptTokenizer(),
): Promise<TokenCounter & { calls: number; disposed: boolean }> {
  const inner = await make();
  const wrapper = {
    encoding: inner.encoding,
    calls: 0,
    disposed: false,
    count(text: string) {
      wrapper.calls++;
      return inner.count(text);
    },
    dispose() {
      wrapper.disposed = true;
      inner.dispose?.();
    },
  };
  return wrapper;
}

const invalid = (make: () => unknown, message: string | RegExp): void => {
  let caught: unknown;
  try {
    make();
  } catch (error) {
    caught = error;
  }
  expect(InvalidArgumentError.isInstance(caught)).toBe(true);
  if (typeof message === 'string') expect((caught as Error).message).toBe(message);
  else expect((caught as Error).message).toMatch(message);
};

describe('budget() arguments', () => {
  it.each([
    [0, 'budget(0): maxTokens must be a positive integer, e.g. budget(4000)'],
    [-5, 'budget(-5): maxTokens must be a positive integer, e.g. budget(4000)'],
    [12.5, 'budget(12.5): maxTokens must be a positive integer, e.g. budget(4000)'],
    [Number.NaN, 'budget(NaN): maxTokens must be a positive integer, e.g. budget(4000)'],
    [
      Number.POSITIVE_INFINITY,
      'budget(Infinity): maxTokens must be a positive integer, e.g. budget(4000)',
    ],
    ['4000', 'budget("4000"): maxTokens must be a positive integer, e.g. budget(4000)'],
  ])('rejects maxTokens %s', (maxTokens, message) => {
    invalid(() => budget(maxTokens as number), message);
  });

  it('names the argument and what it expected', () => {
    try {
      budget(0);
    } catch (error) {
      expect(error).toMatchObject({
        argument: 'budget(maxTokens)',
        expected: 'a positive integer',
      });
    }
  });

  it.each<[BudgetOptions, RegExp]>([
    [{ strategy: 'best' as 'greedy' }, /options.strategy\) must be one of 'greedy', 'optimal'/],
    [
      { format: 'gemini' as 'mcp' },
      /options.format\) must be one of 'openai-chat', 'openai-responses', 'anthropic', 'mcp'/,
    ],
    [{ counting: 'approx' as 'exact' }, /options.counting\) must be one of 'exact', 'estimate'/],
    [{ counting: 'estimate', format: 'anthropic' }, /'estimate' .* needs format 'openai-chat'/],
    [
      { encoding: 'p50k_base' as 'o200k_base' },
      /options.encoding\) must be 'o200k_base' or 'cl100k_base'/,
    ],
    [
      { tokenizer: 'sentencepiece' as 'tiktoken' },
      /options.tokenizer\) must be one of 'upper-bound', 'gpt-tokenizer', 'tiktoken'/,
    ],
    [{ eager: 'yes' as unknown as boolean }, /options.eager\) must be true or false/],
    [{ id: '' }, /options.id\) must be a non-empty string/],
    [{ model: '' }, /options.model\) must be a model id/],
  ])('rejects bad options %o', (options, message) => {
    invalid(() => budget(1000, options), message);
  });

  it('rejects a tokenizer whose encoding contradicts the model', async () => {
    const counter = await gptTokenizer({ encoding: 'cl100k_base' });
    invalid(
      () => budget(1000, { model: 'gpt-4o', tokenizer: counter }),
      /counts with 'cl100k_base' but model "gpt-4o" needs 'o200k_base'/,
    );
  });

  it('rejects a pending tokenizer with the wrong encoding when it resolves', async () => {
    const packer = budget(1000, {
      encoding: 'o200k_base',
      tokenizer: gptTokenizer({ encoding: 'cl100k_base' }),
    });
    await expect(Promise.resolve(packer.doPack(window(bfcl), { limit: 3 }))).rejects.toSatisfy(
      InvalidArgumentError.isInstance,
    );
  });
});

describe('unknown models', () => {
  it('fall back to o200k_base with one warning', async () => {
    const warnings: string[] = [];
    const packer = budget(100_000, {
      model: 'mystery-model-9',
      onWarning: (m) => warnings.push(m),
    });
    expect(warnings).toEqual([
      'budget(): unknown model "mystery-model-9"; counting tokens with o200k_base. Pass { encoding } to choose one.',
    ]);
    const o200k = await upperBoundTokenizer({ encoding: 'o200k_base' });
    const result = await packer.doPack(window(bfcl.slice(0, 3)), { limit: 3 });
    expect(result.kept.map((k) => k.tokens)).toEqual(
      bfcl.slice(0, 3).map((tool) => o200k.count(definitionText(tool, 'openai-chat'))),
    );
  });

  it('warn on the console once per model id per process', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    budget(100, { model: 'console-model-x' });
    budget(100, { model: 'console-model-x' });
    budget(100, { model: 'gpt-4o' });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('do not warn when an encoding is given', () => {
    const warnings: string[] = [];
    budget(100, { model: 'mystery', encoding: 'cl100k_base', onWarning: (m) => warnings.push(m) });
    expect(warnings).toEqual([]);
  });
});

describe('token costs', () => {
  it('are by default an upper bound: never below the exact count, in every format', async () => {
    const [bound, exact] = [await upperBoundTokenizer(), await gptTokenizer()];
    for (const format of ['openai-chat', 'openai-responses', 'anthropic', 'mcp'] as const) {
      const result = await budget(1_000_000, { format }).doPack(window(bfcl), { limit: 100 });
      const texts = bfcl.map((tool) => definitionText(tool, format));
      expect(result.kept.map((k) => k.tokens)).toEqual(texts.map((text) => bound.count(text)));
      for (const [i, kept] of result.kept.entries()) {
        expect(kept.tokens).toBeGreaterThanOrEqual(exact.count(texts[i]!));
      }
    }
  });

  it("are the real token counts of the definition in the chosen format and model encoding with tokenizer: 'gpt-tokenizer'", async () => {
    const cl100k = await gptTokenizer({ encoding: 'cl100k_base' });
    for (const format of ['openai-chat', 'openai-responses', 'anthropic', 'mcp'] as const) {
      const packer = budget(1_000_000, { model: 'gpt-4', format, tokenizer: 'gpt-tokenizer' });
      const result = await packer.doPack(window(bfcl.slice(0, 5)), { limit: 5 });
      expect(result.kept).toEqual(
        bfcl.slice(0, 5).map((tool) => ({
          name: tool.name,
          tokens: cl100k.count(definitionText(tool, format)),
        })),
      );
    }
  });

  it('differ between formats by the wrapper each format adds', async () => {
    const [tool] = bfcl;
    const chat = await budget(10_000).doPack(window([tool!]), { limit: 1 });
    const anthropic = await budget(10_000, { format: 'anthropic' }).doPack(window([tool!]), {
      limit: 1,
    });
    expect(chat.kept[0]!.tokens).toBeGreaterThan(anthropic.kept[0]!.tokens);
  });

  it('use a format function: its string counted as is', async () => {
    const packer = budget(1000, {
      format: (tool) => `${tool.name}: ${tool.description}`,
      tokenizer: 'gpt-tokenizer',
    });
    const o200k = await gptTokenizer();
    const result = await packer.doPack(window(bfcl.slice(0, 2)), { limit: 2 });
    expect(result.kept.map((k) => k.tokens)).toEqual(
      bfcl.slice(0, 2).map((tool) => o200k.count(`${tool.name}: ${tool.description}`)),
    );
  });

  it("follow OpenAI's estimate with counting: 'estimate'", async () => {
    const exact = await budget(1_000_000).doPack(window(bfcl), { limit: 100 });
    const estimate = await budget(1_000_000, { counting: 'estimate' }).doPack(window(bfcl), {
      limit: 100,
    });
    expect(estimate.kept.map((k) => k.name)).toEqual(exact.kept.map((k) => k.name));
    expect(estimate.totalTokens).not.toBe(exact.totalTokens);
  });

  it('are counted at most once per tool, lazily, never per query', async () => {
    const counter = await countingTokenizer();
    const packer = budget(100_000, { tokenizer: counter });
    await packer.doPrepare?.(bfcl);
    expect(counter.calls).toBe(0);
    await packer.doPack(window(bfcl.slice(0, 10)), { limit: 10 });
    expect(counter.calls).toBe(10);
    await packer.doPack(window(bfcl.slice(0, 10)), { limit: 10 });
    await packer.doPack(window(bfcl.slice(5, 15)), { limit: 10 });
    expect(counter.calls).toBe(15);
  });

  it('greedy counts no candidate past the limit', async () => {
    const counter = await countingTokenizer();
    const packer = budget(100_000, { tokenizer: counter });
    const result = await packer.doPack(window(bfcl.slice(0, 10)), { limit: 3 });
    expect(counter.calls).toBe(3);
    expect(result.dropped).toHaveLength(7);
    expect(result.dropped.every((d) => d.reason === 'over-limit' && d.tokens === undefined)).toBe(
      true,
    );
  });

  it('are all counted up front with eager: true, reporting progress', async () => {
    const counter = await countingTokenizer();
    const packer = budget(2000, { tokenizer: counter, eager: true });
    const progress: number[] = [];
    await packer.doPrepare?.(bfcl, { onProgress: (p) => progress.push(p.done) });
    expect(counter.calls).toBe(bfcl.length);
    expect(progress.at(-1)).toBe(bfcl.length);
    await packer.doPack(window(bfcl.slice(0, 20)), { limit: 5 });
    expect(counter.calls).toBe(bfcl.length);
  });

  it('stop eager counting when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const packer = budget(2000, { eager: true });
    await expect(packer.doPrepare!(bfcl, { signal: controller.signal })).rejects.toThrow();
  });
});

describe('dispose', () => {
  it('frees the tokenizer once, and the budget refuses work afterwards', async () => {
    const counter = await countingTokenizer(() => tiktokenTokenizer());
    const packer = budget(2000, { tokenizer: counter });
    await packer.doPack(window(bfcl.slice(0, 3)), { limit: 3 });
    packer.doDispose?.();
    packer.doDispose?.();
    expect(counter.disposed).toBe(true);
    expect(() => counter.count('x')).toThrow(/disposed/);
    invalid(() => packer.doPack(window(bfcl), { limit: 3 }), /was disposed/);
  });

  it('loads tiktoken by name, counts like gpt-tokenizer, and frees it', async () => {
    const wasm = budget(5000, { tokenizer: 'tiktoken', model: 'gpt-4o' });
    const js = budget(5000, { model: 'gpt-4o', tokenizer: 'gpt-tokenizer' });
    await wasm.doPrepare?.(bfcl);
    const candidates = window(bfcl.slice(0, 30));
    expect(await wasm.doPack(candidates, { limit: 30 })).toEqual(
      await js.doPack(candidates, { limit: 30 }),
    );
    wasm.doDispose?.();
  });
});

describe('packing real tools', () => {
  it('drops a tool larger than the whole budget with that reason', async () => {
    const [huge] = toTools([{ name: 'huge', description: 'word '.repeat(500), parameters: {} }]);
    const result = await budget(200).doPack(window([huge!, bfcl[0]!]), { limit: 5 });
    expect(result.dropped).toEqual([
      { name: 'huge', reason: 'larger-than-budget', tokens: expect.any(Number) },
    ]);
    expect(result.dropped[0]!.tokens).toBeGreaterThan(200);
    expect(result.kept.map((k) => k.name)).toEqual([bfcl[0]!.name]);
  });

  it('sorts candidates given out of rank order', async () => {
    const candidates = window(bfcl.slice(0, 4)).reverse();
    const result = await budget(100_000).doPack(candidates, { limit: 4 });
    expect(result.kept.map((k) => k.name)).toEqual(bfcl.slice(0, 4).map((t) => t.name));
  });

  it('rejects when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(() =>
      budget(2000).doPack(window(bfcl), { limit: 3, signal: controller.signal }),
    ).toThrow();
  });

  it('never exceeds random budgets, and optimal keeps at least greedy relevance', async () => {
    const greedy = new Map<number, ReturnType<typeof budget>>();
    const optimal = new Map<number, ReturnType<typeof budget>>();
    const tools = readBenchmarkTools('sealtools').slice(0, 400);
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(tools, { minLength: 0, maxLength: 30 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 1, max: 12 }),
        async (picked, maxTokens, limit) => {
          if (!greedy.has(maxTokens)) {
            greedy.set(maxTokens, budget(maxTokens));
            optimal.set(maxTokens, budget(maxTokens, { strategy: 'optimal' }));
          }
          const candidates = window(picked);
          const rankOf = new Map(candidates.map((c) => [c.tool.name, c.rank]));
          const relevance = (kept: readonly { name: string }[]) =>
            keptRelevance(kept.map((k) => ({ rank: rankOf.get(k.name)! })));
          const g = await greedy.get(maxTokens)!.doPack(candidates, { limit });
          const o = await optimal.get(maxTokens)!.doPack(candidates, { limit });
          for (const result of [g, o]) {
            expect(result.totalTokens).toBeLessThanOrEqual(maxTokens);
            expect(result.kept.length).toBeLessThanOrEqual(limit);
          }
          expect(relevance(o.kept)).toBeGreaterThanOrEqual(relevance(g.kept) - 1e-9);
        },
      ),
      { numRuns: 150 },
    );
  });
});
