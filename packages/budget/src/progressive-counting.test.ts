import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { everyNth, readBenchmarkTools } from './test-benchmark-tools.js';
import { heldTail } from './test-held-tail.js';
import { definitionText } from './tool-definition.js';
import { boundCounter, loadWholeTable, upperBoundTokenizer } from './upper-bound-tokenizer.js';

vi.setConfig({ testTimeout: 60_000 });

const tools = everyNth(readBenchmarkTools('bfcl'), 300);
const texts = tools.map((tool) => definitionText(tool, 'openai-chat'));

/** Lets the counter's `then` on the whole table run. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe.each(['o200k_base', 'cl100k_base'] as const)('a progressive counter (%s)', (encoding) => {
  // These two first: nothing has loaded the encoding's whole table yet, so counters get the head.
  it('keeps counting with the head when the tail fails to load', async () => {
    const counter = await boundCounter(encoding, true, () => Promise.reject(new Error('offline')));
    await settle();
    expect(counter.generation).toBe(0);
    expect(counter.count('hello world')).toBeGreaterThan(0);
  });

  it('answers with the head before the tail arrives, never under the whole table, then counts as it', async () => {
    const tail = heldTail(encoding);
    const counter = await boundCounter(encoding, true, tail.load);
    const whole = await boundCounter(encoding, false);
    expect(counter.generation).toBe(0);
    expect(whole.generation).toBeUndefined();

    const headTotal = texts.reduce((sum, text) => sum + counter.count(text), 0);
    const wholeTotal = texts.reduce((sum, text) => sum + whole.count(text), 0);
    expect(texts.filter((text) => counter.count(text) < whole.count(text))).toEqual([]);
    // Looser with 10,000 ranks than with 40,000, by about a fifth on real definitions.
    expect(headTotal / wholeTotal).toBeGreaterThan(1.1);
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.base64String()),
        (text) => counter.count(text) >= whole.count(text),
      ),
      { numRuns: 300, seed: 38 },
    );

    tail.release();
    await vi.waitFor(() => expect(counter.generation).toBe(1));
    expect(texts.map((text) => counter.count(text))).toEqual(texts.map((t) => whole.count(t)));
  });

  it('starts from the whole table once it is loaded, with nothing left to upgrade', async () => {
    await loadWholeTable({ encoding });
    const counter = await boundCounter(encoding, true);
    const whole = await boundCounter(encoding, false);
    expect(texts.map((text) => counter.count(text))).toEqual(texts.map((t) => whole.count(t)));
  });
});

it('in Node the exported counter waits for the whole table: no generation, the same counts every run', async () => {
  const counter = await upperBoundTokenizer();
  const whole = await boundCounter('o200k_base', false);
  expect(counter.generation).toBeUndefined();
  expect(texts.map((text) => counter.count(text))).toEqual(texts.map((t) => whole.count(t)));
});
