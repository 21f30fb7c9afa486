import { InvalidArgumentError } from '@shortlist/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gptTokenizer } from './gpt-tokenizer.js';
import { everyNth, readBenchmarkTools } from './test-benchmark-tools.js';
import { tiktokenTokenizer } from './tiktoken-tokenizer.js';
import type { TokenCounter, TokenEncoding } from './token-counter.js';
import { definitionText } from './tool-definition.js';

/** Counts published in OpenAI's cookbook for cl100k_base, and o200k_base counts from tiktoken. */
const known: Record<TokenEncoding, [string, number][]> = {
  cl100k_base: [
    ['tiktoken is great!', 6],
    ['antidisestablishmentarianism', 6],
    ['お誕生日おめでとう', 9],
  ],
  o200k_base: [
    ['tiktoken is great!', 6],
    ['antidisestablishmentarianism', 6],
    ['お誕生日おめでとう', 8],
  ],
};

describe.each(['o200k_base', 'cl100k_base'] as const)('tokenizers with %s', (encoding) => {
  let gpt: TokenCounter;
  let wasm: TokenCounter;
  beforeAll(async () => {
    gpt = await gptTokenizer({ encoding });
    wasm = await tiktokenTokenizer({ encoding });
  });
  afterAll(() => wasm.dispose?.());

  it('report the encoding they count with', () => {
    expect(gpt.encoding).toBe(encoding);
    expect(wasm.encoding).toBe(encoding);
  });

  it('give the known counts of fixed strings', () => {
    for (const [text, tokens] of known[encoding]) {
      expect(gpt.count(text)).toBe(tokens);
      expect(wasm.count(text)).toBe(tokens);
    }
    expect(gpt.count('')).toBe(0);
  });

  it('count special-token text as ordinary text instead of throwing', () => {
    const text = 'Stop at <|endoftext|> or <|im_start|>.';
    expect(gpt.count(text)).toBe(wasm.count(text));
    expect(gpt.count(text)).toBeGreaterThan(5);
  });

  it('agree on every sampled real tool definition from bfcl', () => {
    const tools = everyNth(readBenchmarkTools('bfcl'), 300);
    const mismatches = tools.filter((tool) => {
      const text = definitionText(tool, 'openai-chat');
      return gpt.count(text) !== wasm.count(text);
    });
    expect(mismatches.map((tool) => tool.name)).toEqual([]);
  });
});

describe('tokenizer factories', () => {
  it('default to o200k_base', async () => {
    expect((await gptTokenizer()).encoding).toBe('o200k_base');
    const wasm = await tiktokenTokenizer();
    expect(wasm.encoding).toBe('o200k_base');
    wasm.dispose?.();
  });

  it('reject an unknown encoding with a typed error naming the choices', async () => {
    const bad = { encoding: 'p50k_base' as TokenEncoding };
    await expect(gptTokenizer(bad)).rejects.toSatisfy(
      (error) =>
        InvalidArgumentError.isInstance(error) &&
        error.message.includes("'o200k_base' or 'cl100k_base'"),
    );
    await expect(tiktokenTokenizer(bad)).rejects.toSatisfy(InvalidArgumentError.isInstance);
  });

  it('frees the tiktoken encoder on dispose; counting afterwards is a typed error', async () => {
    const wasm = await tiktokenTokenizer();
    expect(wasm.count('hello world')).toBe(2);
    wasm.dispose?.();
    wasm.dispose?.();
    let caught: unknown;
    try {
      wasm.count('hello world');
    } catch (error) {
      caught = error;
    }
    expect(InvalidArgumentError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toMatch(/disposed/);
  });
});
